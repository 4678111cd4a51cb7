#!/usr/bin/env bash
# Runs every test: the Maven build (JUnit: DSL, golden models, lint/synthesis of rtl-out, Verilator co-simulation)
# the cocotb testbenches, each on Icarus and on Verilator (conftest.py runs both), and the formal checks: the proofs
# that take seconds, and for the blocks whose proofs take many minutes (scripts/formal.sh runs those in full) that
# each planted bug still fails. Installs what it needs first (idempotent).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
bash scripts/bootstrap.sh
mvn -B -ntp verify
if [ -d testbench/cocotb ]; then
  .venv/bin/pytest -q -p no:cacheprovider testbench/cocotb
fi
scripts/formal.sh fifo fifo_output_register arbiter rmw_memory lfsr skid_buffer
scripts/formal.sh --mutants tcam_prefix_selector rmw_memory_register_read rmw_memory_composable rmw_memory_snoop
