#!/usr/bin/env bash
# Writes docs/performance.md: for every default design (configs/*.yaml) its area and Fmax on every synth target
# (./rapgen synth; cached, so a rerun only measures what changed) beside a naive baseline and the paper's Stratix
# figures, and the engines' events per clock, co-simulation cycles/s and golden-model events/s beside theirs.
# Usage: bench/performance.sh [OUT=docs/performance.md]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="${1:-$ROOT/docs/performance.md}"
cd "$ROOT"
./rapgen --version >/dev/null   # builds the jar if needed
exec java -Drapgen.root="$ROOT" -cp hdl-gen/target/rapgen.jar org.rapgen.bench.PerformanceReport "$ROOT" "$OUT"
