#!/usr/bin/env bash
# Time for the generator to elaborate and emit a 4096-input arbiter and a 4096-deep FIFO, after JVM start.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
./rapgen --version >/dev/null   # builds the jar if needed
exec java -cp hdl-gen/target/rapgen.jar org.rapgen.bench.GenerateTime "${1:-5}"
