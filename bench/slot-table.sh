#!/usr/bin/env bash
# Zilles and Sohi's comparison on lackey traces: the weighted RMS error of per-pc invariance against the overhead in
# messages, for the host loop over the slot table Z_k and for R_r and H[P_r]256A16 at the same message counts, and
# the slot table's messages per tenth of the trace. (pc, load address) tuples: address invariance stands for value
# invariance. Needs the traces of bench/make-traces.sh (gzip xz sort bc). Writes the generated block of
# docs/results/slot-table.md. Options (see org.rapgen.experiments.SlotTableOverhead): --traces --tuples --slots --seeds
# --seed --hashed --threads --out.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
./rapgen --version >/dev/null   # builds the jar if needed
exec java -Xmx6g -cp hdl-gen/target/rapgen.jar org.rapgen.experiments.SlotTableOverhead "$@"
