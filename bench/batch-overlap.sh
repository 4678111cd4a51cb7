#!/usr/bin/env bash
# How much of a merge batch the simplest exact "beside the stream" rule could hide, and what splits cost at their
# present clocks, from the hardware-exact model (org.rapgen.experiments.BatchOverlap): the first 1 M lackey
# instructions of `ls -la`, the shared IP traces, and 1 M distinct keys (a tree kept full).
# Usage: bench/batch-overlap.sh [BatchOverlap options, e.g. --nodes 4096 --split-clocks 11]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
source "$ROOT/bench/rap-traces.sh"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
rap_traces "$WORK"
python3 -c "
for i in range(1000000): print('%x' % (((i * 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF) >> 32))" > "$WORK/distinct-1m.txt"
[ -f hdl-gen/target/rapgen.jar ] || mvn -B -q -o -pl hdl-gen package -DskipTests
java -cp hdl-gen/target/rapgen.jar org.rapgen.experiments.BatchOverlap "$@" \
  "$WORK/ls-1m.txt" "$WORK/ipdst-181k.txt" "$WORK/ipsrc-181k.txt" "$WORK/distinct-1m.txt"
