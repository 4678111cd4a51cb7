#!/usr/bin/env bash
# RAP engine area and Fmax. Usage: bench/rap-fmax.sh [SEEDS=3]
#  1. configs/rap_n32_k32.yaml inside FmaxHarness on an iCE40 HX8K: yosys synth_ice40 + nextpnr-ice40, each of SEEDS
#     placement seeds, with their median and best, and (bench/sdf-wall.py on nextpnr's SDF) how many register
#     endpoints miss 100 MHz on each seed, grouped by register on seed 1.
#  2. configs/rap_n128_k32.yaml alone: yosys cell counts with synth_xilinx -flatten and synth_intel_alm, to set beside
#     the paper's prototype TCAM (128 x 64: 10,969 logic elements at 51 MHz on a Stratix EP1S25).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SEEDS="${1:-3}"
cd "$ROOT"
./rapgen --version >/dev/null   # builds the jar if needed
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
JAVA="java -cp hdl-gen/target/rapgen.jar"

$JAVA org.rapgen.bench.RapFmax "$WORK/n32" configs/rap_n32_k32.yaml
top="FmaxHarness_dutrapn32k32"
(cd "$WORK/n32/harness" && yosys -p "read_verilog *.v; synth_ice40 -top $top -json n32.json; tee -o stat.txt stat" >synth.log 2>&1) \
  || { echo "bench: yosys failed; see $WORK/n32/harness/synth.log" >&2; exit 2; }
echo "== iCE40 HX8K, rap_n32_k32 inside the register harness (synth_ice40)"
grep -E "SB_LUT4|SB_DFF|SB_CARRY|SB_RAM40" "$WORK/n32/harness/stat.txt" | awk '{printf "  %-14s %s\n", $1, $2}'
# Placement noise is several MHz from seed to seed at this occupancy, so every seed is printed with the median. The
# seeds are placed side by side, as many at once as there are cores (RAPGEN_JOBS overrides): each is one process, and
# at 98% of the cells one can take an hour to route.
place() {
  local seed="$1" h="$WORK/n32/harness" rc=0
  nextpnr-ice40 --hx8k --package ct256 --json "$h/n32.json" --freq 100 --timing-allow-fail --seed "$seed" \
    --sdf "$h/pnr-$seed.sdf" >"$h/pnr-$seed.log" 2>&1 || rc=$?
  echo "$rc" >"$h/pnr-$seed.rc"
}
jobs_max="${RAPGEN_JOBS:-$(nproc 2>/dev/null || echo 1)}"
for seed in $(seq 1 "$SEEDS"); do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs_max" ]; do wait -n || true; done
  place "$seed" &
done
wait
fmaxes=()
for seed in $(seq 1 "$SEEDS"); do
  log="$WORK/n32/harness/pnr-$seed.log"
  sdf="$WORK/n32/harness/pnr-$seed.sdf"
  if [ "$(cat "$WORK/n32/harness/pnr-$seed.rc")" = 0 ]; then
    f=$(grep -o "Max frequency for clock[^:]*: [0-9.]* MHz" "$log" | tail -1 | grep -o "[0-9.]* MHz" | cut -d' ' -f1)
    fmaxes+=("${f:-0}")
    # The wall behind the worst path: how many register endpoints miss 100 MHz, and (seed 1) in which groups, with
    # the worst three groups' paths hop by hop.
    if [ "$seed" = 1 ]; then python3 bench/sdf-wall.py "$sdf" 10 15 3 | sed 's/^/  seed 1: /'
    else python3 bench/sdf-wall.py "$sdf" 10 0 | sed -n "1s/^/  seed $seed: /p"; fi
  else
    echo "  nextpnr seed $seed: $(grep -m1 -E "ERROR|error" "$log" || echo failed)"
  fi
done
grep -E "ICESTORM_LC:|ICESTORM_RAM:" "$WORK/n32/harness/pnr-1.log" | head -2 | sed 's/^Info: */  /'
python3 - "${fmaxes[@]}" <<'PY'
import statistics, sys
f = [float(x) for x in sys.argv[1:]] or [0.0]
print("  Fmax by seed: " + ", ".join(f"{x:.1f}" for x in f) + f" MHz; median {statistics.median(f):.1f}, best {max(f):.1f}"
      " (target 100; 0 = did not place)")
PY

# Each pipeline block of the same configuration alone in the harness (one seed): the engine's clock is bounded by
# the slowest of these (the block boundaries are registered), even where the whole engine does not fit the part.
echo "== iCE40 HX8K, rap_n32_k32 blocks alone (seed 1)"
for b in tcam selector counters threshold window queue controller; do
  d="$WORK/n32/blocks/$b"
  btop=$(cd "$d" && ls FmaxHarness_dut*.v | sed 's/\.v$//')
  (cd "$d" && yosys -q -p "read_verilog *.v; synth_ice40 -top $btop -json b.json" >synth.log 2>&1) || { echo "  $b: yosys failed"; continue; }
  nextpnr-ice40 --hx8k --package ct256 --json "$d/b.json" --freq 100 --timing-allow-fail --seed 1 >"$d/pnr.log" 2>&1 || true
  f=$(grep -o "Max frequency for clock[^:]*: [0-9.]* MHz" "$d/pnr.log" | tail -1 | grep -o "[0-9.]* MHz" || true)
  lc=$(grep -m1 "ICESTORM_LC:" "$d/pnr.log" | sed 's/.*ICESTORM_LC: *//')
  printf '  %-11s %-12s LCs %s\n' "$b" "${f:-no fit}" "$lc"
done

$JAVA org.rapgen.bench.RapFmax "$WORK/n128" configs/rap_n128_k32.yaml
top128=$(cd "$WORK/n128/bare" && ls RapEngine_*.v | sed 's/\.v$//')
echo "== rap_n128_k32 (the engine alone, $top128)"
for flow in "synth_xilinx -flatten" "synth_intel_alm"; do
  name=${flow%% *}
  (cd "$WORK/n128/bare" && yosys -p "read_verilog *.v; $flow -top $top128; tee -o $name.txt stat" >$name.log 2>&1) \
    || { echo "  $flow failed; see $WORK/n128/bare/$name.log" >&2; continue; }
  echo "  $flow:"
  sed -n '/Number of cells/,/^$/p' "$WORK/n128/bare/$name.txt" | tail -n +2 | awk 'NF==2 {printf "    %-28s %s\n", $1, $2}'
done
echo "  paper (§4.2): TCAM alone, 128 x 64 bits, Stratix EP1S25: 10,969 logic elements, 16,384 memory bits, 51 MHz"
