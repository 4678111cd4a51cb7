#!/usr/bin/env bash
# Mysore et al. (TACO 2008) §5.2-§5.3 with the golden RAP models on the lackey traces of bench/make-traces.sh
# (made first if missing): tree size in nodes (maximum and average over the run) and hot-range accuracy at eps = 10%
# and 1%, for instruction and load/store addresses. Writes docs/results/rap-paper.{csv,md} (the generated block) and
# docs/results/rap-paper-nodes.svg. Options (see org.rapgen.experiments.RapPaper): --names --nodes --hot --warmup
# --sample-every --threads --traces --out.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
bash bench/make-traces.sh >/dev/null   # keeps traces that exist
./rapgen --version >/dev/null          # builds the jar if needed
exec java -Xmx2g -cp hdl-gen/target/rapgen.jar org.rapgen.experiments.RapPaper "$@"
