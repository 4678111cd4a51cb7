#!/usr/bin/env bash
# The full Dhrystone run on the PicoRV32 system, with rap_n32_k32 and with rap_n4096_k32 (trie lookup): zero stalls,
# RTL identical to the golden models, hot ranges that name Dhrystone's functions against an independent count
# (DhrystoneProfileTest, tagged soak so the default suite leaves it out). Prints both runs' ./rapgen cpu output.
# Two Verilator builds of the system: about 5 minutes on an idle 2-core machine, cached afterwards.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
mvn -B -ntp -q -pl hdl-gen,testbench test -Drapgen.excludedGroups=none -Dgroups=cpu-dhrystone -Dtest=DhrystoneProfileTest \
  -Dsurefire.failIfNoSpecifiedTests=false
cat testbench/target/surefire-reports/org.rapgen.cosim.cpu.DhrystoneProfileTest-output.txt
