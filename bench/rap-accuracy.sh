#!/usr/bin/env bash
# The dump agrees with the independent check: a 1M-event instruction trace made here with valgrind lackey,
# co-simulated at eps = 10% on an engine large enough not to overflow (N = 512, b = 4, K = 32); the cosim dump must
# satisfy the SPEC §4 guarantee against the trace and match the unbounded golden model's hot-range accuracy within
# one point. Usage: bench/rap-accuracy.sh [EVENTS=1000000] [NODES=512]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
EVENTS="${1:-1000000}"; NODES="${2:-512}"
cd "$ROOT"
command -v valgrind >/dev/null || { echo "bench: valgrind not found; run scripts/bootstrap.sh or apt-get install valgrind" >&2; exit 2; }
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
valgrind --tool=lackey --trace-mem=yes --log-file="$WORK/ls.lackey" ls -la /usr/lib /usr/share/doc >/dev/null 2>&1
# awk stops reading itself: 'grep | head' ends grep with SIGPIPE, which pipefail turns into a silent exit 141.
awk -v max="$EVENTS" '/^I/ { split($2, a, ","); print a[1]; if (++n == max) exit }' "$WORK/ls.lackey" > "$WORK/trace.txt"
echo "trace: $(wc -l < "$WORK/trace.txt") instruction addresses of 'ls -la /usr/lib /usr/share/doc'"
cat > "$WORK/engine.yaml" <<YAML
design: rap
params: {key_bits: 32, branching: 4, nodes: $NODES, eps_fx: 6553, weight_bits: 1, weight_field: false}
YAML
./rapgen cosim --trace "$WORK/trace.txt" --config "$WORK/engine.yaml" --dump "$WORK/tree.txt"
java -cp hdl-gen/target/rapgen.jar org.rapgen.bench.RapDumpCheck "$WORK/tree.txt" "$WORK/trace.txt"
