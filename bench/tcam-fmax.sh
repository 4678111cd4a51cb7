#!/usr/bin/env bash
# Fmax, logic cells and block RAMs of the register Tcam against the block-RAM BramTcam at several chunk widths, on an
# iCE40 HX8K (yosys synth_ice40 + nextpnr-ice40), each inside the same register harness, measured in one run.
# Usage: bench/tcam-fmax.sh [N=32] [K=32] [SEEDS=2] [CHUNK_BITS...=4 6 8]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
N="${1:-32}"; K="${2:-32}"; SEEDS="${3:-2}"
shift $(( $# < 3 ? $# : 3 ))
CHUNKS=("$@"); [ ${#CHUNKS[@]} -gt 0 ] || CHUNKS=(4 6 8)
cd "$ROOT"
source bench/ice40-fmax.sh
./rapgen --version >/dev/null   # builds the jar if needed
WORK="$(mktemp -d)"
java -cp hdl-gen/target/rapgen.jar org.rapgen.bench.TcamFmax "$WORK" "$N" "$K" "${CHUNKS[@]}"
for kind in reg $(printf 'bram%s ' "${CHUNKS[@]}"); do
  read -r best luts carry ffs < <(ice40_fmax "$WORK/$kind" "FmaxHarness_dut$kind" "$SEEDS")
  brams=$(grep -E '^ +SB_RAM40_4K +[0-9]+$' "$WORK/$kind/synth.log" | tail -1 | awk '{print $NF}' | grep . || echo 0)
  lcs=$(cd "$WORK/$kind" && nextpnr-ice40 --hx8k --package ct256 --json design.json --pack-only 2>&1 \
        | grep -o "ICESTORM_LC: *[0-9]*" | tail -1 | grep -o "[0-9]*$")
  printf '%-6s N=%-4s K=%-3s best Fmax over %s seeds: %6.1f MHz   ICESTORM_LC: %5s  SB_RAM40_4K: %2s  SB_LUT4: %s  SB_DFF*: %s (harness included)\n' \
    "$kind" "$N" "$K" "$SEEDS" "$best" "$lcs" "$brams" "$luts" "$ffs"
done
rm -rf "$WORK"
