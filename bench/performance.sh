#!/usr/bin/env bash
# Writes docs/performance.md: for every default design (configs/*.yaml) its area and Fmax on every synth target
# (./rapgen synth; cached, so a rerun only measures what changed) beside a naive baseline and the paper's Stratix
# figures, and the engines' events per clock and co-simulation cycles/s (./rapgen cosim) and golden-model events/s
# (JMH, module benchmarks/) beside theirs.
# Usage: bench/performance.sh [--quick] [OUT=docs/performance.md]
#   --quick  skips ECP5 place-and-route for designs not in the synthesis cache that map to more than 8000 LUT4
#            (nextpnr-ecp5 took 42 minutes on rap_n128_k32); the table says which. The default is the full run.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
QUICK=()
if [ "${1:-}" = --quick ]; then QUICK=(--quick); shift; fi
OUT="${1:-$ROOT/docs/performance.md}"
cd "$ROOT"
./rapgen --version >/dev/null        # builds the CLI jar if needed
./rapgen cosim --help >/dev/null     # and the testbench, which adds cosim
log="$(mktemp)"
if ! mvn -B -ntp -q -pl benchmarks -am package -DskipTests >"$log" 2>&1; then
  echo "performance: building the JMH benchmarks failed; see $log" >&2
  exit 2
fi
rm -f "$log"
exec java -Drapgen.root="$ROOT" -cp hdl-gen/target/rapgen.jar:benchmarks/target/benchmarks.jar org.rapgen.bench.PerformanceReport \
  "$ROOT" "$OUT" ${QUICK[@]+"${QUICK[@]}"}
