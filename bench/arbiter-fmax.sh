#!/usr/bin/env bash
# Fmax of the N-input tree arbiter vs a flat priority for-loop, on an iCE40 HX8K (yosys synth_ice40 + nextpnr-ice40),
# both inside the same register harness, measured in one run. Usage: bench/arbiter-fmax.sh [N=64] [SEEDS=3]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
N="${1:-64}"; SEEDS="${2:-3}"
cd "$ROOT"
source bench/ice40-fmax.sh
./rapgen --version >/dev/null   # builds the jar if needed
WORK="$(mktemp -d)"
java -cp hdl-gen/target/rapgen.jar org.rapgen.bench.ArbiterFmax "$WORK" "$N"
for kind in tree flat; do
  read -r best luts _ _ < <(ice40_fmax "$WORK/$kind" "FmaxHarness_dut$kind" "$SEEDS")
  printf '%-5s N=%-4s best Fmax over %s seeds: %6.1f MHz   SB_LUT4: %s (harness included)\n' "$kind" "$N" "$SEEDS" "$best" "$luts"
  eval "fmax_$kind=$best"
done
python3 -c "print(f'tree/flat Fmax ratio: {$fmax_tree/$fmax_flat:.2f}x')"
rm -rf "$WORK"
