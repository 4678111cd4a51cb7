#!/usr/bin/env bash
# Runs every test: the Maven build (JUnit: DSL, golden models, lint/synthesis of rtl-out, Verilator co-simulation)
# and the cocotb testbenches, each on Icarus and on Verilator (conftest.py runs both). Installs what it needs first
# (idempotent).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
bash scripts/bootstrap.sh
mvn -B -ntp verify
if [ -d testbench/cocotb ]; then
  .venv/bin/pytest -q -p no:cacheprovider testbench/cocotb
fi
