#!/usr/bin/env bash
# Co-simulation speed benchmark (not a test): raw Verilator C++ loop vs JNI per cycle vs JNI batched vs cocotb on
# Icarus, on one DSL design (the 32 x 1024 Fifo, random push/pop), same stimulus, in one run.
# Usage: testbench/bench/cosim-speed.sh [cycles (default 10M; per-cycle and builder run a quarter)] [cocotb cycles (40k)]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
mvn -B -q -pl hdl-gen,testbench -am test-compile
./rapgen --version >/dev/null   # the shaded jar: the DSL and its dependencies, to elaborate the FIFO
exec java -cp "testbench/target/test-classes:testbench/target/classes:hdl-gen/target/rapgen.jar" org.rapgen.cosim.CosimSpeed "$ROOT/testbench/bench/raw_fifo.cpp" "$ROOT/testbench/bench/cocotb_speed.py" \
  "$ROOT/.venv/bin/python" "${1:-10000000}" "${2:-40000}"
