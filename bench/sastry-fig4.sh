#!/usr/bin/env bash
# Sastry et al. (ISCA 2001) Fig. 4 reproduced with the golden sampler models: r = 10, t = 0.3N, N = 1,000..20,000,
# 2,500 experiments per point, on all cores. Writes docs/results/sastry-fig4.{csv,svg} and the generated block of
# docs/results/sastry-fig4.md; prints the run time and the N at which each sampler reaches 4% mean error.
# Options (see org.rapgen.experiments.SastryFig4): --trials --from --to --step --rate --strata --sweep --seed
# --threads --out. The results depend only on the options, not on the number of threads.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
./rapgen --version >/dev/null   # builds the jar if needed
exec java -cp hdl-gen/target/rapgen.jar org.rapgen.experiments.SastryFig4 "$@"
