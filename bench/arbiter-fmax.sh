#!/usr/bin/env bash
# Fmax of the N-input tree arbiter vs a flat priority for-loop, on an iCE40 HX8K (yosys synth_ice40 + nextpnr-ice40),
# both inside the same register harness, measured in one run. Usage: bench/arbiter-fmax.sh [N=64] [SEEDS=3]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
N="${1:-64}"; SEEDS="${2:-3}"
cd "$ROOT"
./rapgen --version >/dev/null   # builds the jar if needed
WORK="$(mktemp -d)"
java -cp hdl-gen/target/rapgen.jar org.rapgen.bench.ArbiterFmax "$WORK" "$N"
for kind in tree flat; do
  top="FmaxHarness_dut$kind"
  (cd "$WORK/$kind" && yosys -p "read_verilog *.v; synth_ice40 -top $top -json $kind.json" >synth.log 2>&1) || { echo "bench: yosys failed for $kind; see $WORK/$kind/synth.log" >&2; exit 2; }
  best=0
  for seed in $(seq 1 "$SEEDS"); do
    f=$(cd "$WORK/$kind" && nextpnr-ice40 --hx8k --package ct256 --json $kind.json --freq 300 --timing-allow-fail --seed "$seed" 2>&1 \
        | grep -o "Max frequency for clock[^:]*: [0-9.]* MHz" | tail -1 | grep -o "[0-9.]* MHz" | cut -d' ' -f1)
    best=$(python3 -c "print(max($best, ${f:-0}))")
  done
  luts=$(grep -E "SB_LUT4" "$WORK/$kind/synth.log" | tail -1 | awk '{print $NF}')
  printf '%-5s N=%-4s best Fmax over %s seeds: %6.1f MHz   SB_LUT4: %s (harness included)\n' "$kind" "$N" "$SEEDS" "$best" "$luts"
  eval "fmax_$kind=$best"
done
python3 -c "print(f'tree/flat Fmax ratio: {$fmax_tree/$fmax_flat:.2f}x')"
rm -rf "$WORK"
