#!/usr/bin/env bash
# Fmax and cell counts of the TCAM + longest-prefix selector (LongestPrefixCam: Tcam -> PrefixSelector) against the
# same TCAM feeding a flat priority loop, on an iCE40 HX8K (yosys synth_ice40 + nextpnr-ice40), both inside the same
# register harness, measured in one run. Usage: bench/cam-fmax.sh [N=32] [K=32] [LEVELS_PER_STAGE=2] [SEEDS=2]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
N="${1:-32}"; K="${2:-32}"; S="${3:-2}"; SEEDS="${4:-2}"
cd "$ROOT"
source bench/ice40-fmax.sh
./rapgen --version >/dev/null   # builds the jar if needed
WORK="$(mktemp -d)"
java -cp hdl-gen/target/rapgen.jar org.rapgen.bench.CamFmax "$WORK" "$N" "$K" "$S"
for kind in tree flat; do
  read -r best luts carry ffs < <(ice40_fmax "$WORK/$kind" "FmaxHarness_dut$kind" "$SEEDS")
  printf '%-5s N=%-4s K=%-3s best Fmax over %s seeds: %6.1f MHz   SB_LUT4: %s  SB_CARRY: %s  SB_DFF*: %s (harness included)\n' \
    "$kind" "$N" "$K" "$SEEDS" "$best" "$luts" "$carry" "$ffs"
  eval "fmax_$kind=$best"
done
python3 -c "print(f'tree (levels per stage $S) / flat Fmax ratio: {$fmax_tree/$fmax_flat:.2f}x')"
rm -rf "$WORK"
