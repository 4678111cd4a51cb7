#!/usr/bin/env bash
# Burrows et al.'s value hotlist checked on a trace made here: over many LFSR seeds, the mean of count/p against the
# exact count for the hottest (pc, load address) tuples, pcs and the whole stream, and the per-pc top-1 agreement.
# Needs the gzip lackey trace (bench/make-traces.sh gzip). Writes the generated block of docs/results/hotlist.md.
# Options (see org.rapgen.experiments.HotlistBias): --trace --tuples --seeds --spec --tracked --min-loads --threads
# --out.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
./rapgen --version >/dev/null   # builds the jar if needed
exec java -cp hdl-gen/target/rapgen.jar org.rapgen.experiments.HotlistBias "$@"
