#!/usr/bin/env bash
# The trie lookup's growth with N: Yosys cell counts on ECP5 and Xilinx for N = 256, 1024, 4096 and 16384 (or the Ns
# given), LUT + FF against N = 256, and the tree's block-RAM bits against the least its state needs. Cached by
# ./rapgen synth's cache; a cold run synthesizes eight engines (about 15 minutes on two cores).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
./rapgen --version >/dev/null   # builds the jar if needed
exec java -cp hdl-gen/target/rapgen.jar org.rapgen.bench.TrieScaling "$@"
