#!/usr/bin/env bash
# Co-simulation speed benchmark (not a test): raw Verilator C++ loop vs JNI per cycle vs
# JNI batched, on the bring-up counter, in one run. Usage: testbench/bench/cosim-speed.sh [cycles]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"
mvn -B -q -pl testbench -am test-compile
exec java -cp "testbench/target/test-classes:testbench/target/classes" \
  org.rapgen.cosim.CosimSpeed "$ROOT/testbench/bench/raw_counter.cpp" "${1:-20000000}"
