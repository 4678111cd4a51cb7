#!/usr/bin/env bash
# Fmax and cell counts of the TCAM + longest-prefix selector (LongestPrefixCam: Tcam -> PrefixSelector) against the
# same TCAM feeding a flat priority loop, on an iCE40 HX8K (yosys synth_ice40 + nextpnr-ice40), both inside the same
# register harness, measured in one run. Usage: bench/cam-fmax.sh [N=32] [K=32] [LEVELS_PER_STAGE=2] [SEEDS=2]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
N="${1:-32}"; K="${2:-32}"; S="${3:-2}"; SEEDS="${4:-2}"
cd "$ROOT"
./rapgen --version >/dev/null   # builds the jar if needed
WORK="$(mktemp -d)"
java -cp hdl-gen/target/rapgen.jar org.rapgen.bench.CamFmax "$WORK" "$N" "$K" "$S"
for kind in tree flat; do
  top="FmaxHarness_dut$kind"
  (cd "$WORK/$kind" && yosys -p "read_verilog *.v; synth_ice40 -top $top -json $kind.json" >synth.log 2>&1) || { echo "bench: yosys failed for $kind; see $WORK/$kind/synth.log" >&2; exit 2; }
  best=0
  for seed in $(seq 1 "$SEEDS"); do
    f=$(cd "$WORK/$kind" && nextpnr-ice40 --hx8k --package ct256 --json $kind.json --freq 200 --timing-allow-fail --seed "$seed" 2>&1 \
        | grep -o "Max frequency for clock[^:]*: [0-9.]* MHz" | tail -1 | grep -o "[0-9.]* MHz" | cut -d' ' -f1)
    best=$(python3 -c "print(max($best, ${f:-0}))")
  done
  luts=$(grep -E "SB_LUT4" "$WORK/$kind/synth.log" | tail -1 | awk '{print $NF}')
  carry=$(grep -E "SB_CARRY" "$WORK/$kind/synth.log" | tail -1 | awk '{print $NF}')
  ffs=$(grep -E "SB_DFF" "$WORK/$kind/synth.log" | awk '{s+=$NF} END {print s}')
  printf '%-5s N=%-4s K=%-3s best Fmax over %s seeds: %6.1f MHz   SB_LUT4: %s  SB_CARRY: %s  SB_DFF*: %s (harness included)\n' \
    "$kind" "$N" "$K" "$SEEDS" "$best" "$luts" "${carry:-0}" "$ffs"
  eval "fmax_$kind=$best"
done
python3 -c "print(f'tree (levels per stage $S) / flat Fmax ratio: {$fmax_tree/$fmax_flat:.2f}x')"
rm -rf "$WORK"
