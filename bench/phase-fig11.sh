#!/usr/bin/env bash
# Nagpurkar et al.'s Fig. 11 protocol with the phase gate's golden model: profile error against the share of
# intervals sampled for phase-aware, periodic and random sampling on lackey instruction traces, and the share each
# needs for at most 5 % error. Needs the traces of bench/make-traces.sh (gzip xz sort bc). Writes the generated block
# of docs/results/phase-gate.md. Options (see org.rapgen.experiments.PhaseFig11): --traces --len --random-seeds --out.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
./rapgen --version >/dev/null   # builds the jar if needed
exec java -Xmx8g -cp hdl-gen/target/rapgen.jar org.rapgen.experiments.PhaseFig11 "$@"
