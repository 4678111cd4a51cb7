#!/usr/bin/env bash
# Makes `valgrind --tool=lackey --trace-mem=yes` traces of five programs installed here, each running a small
# deterministic workload, for the RAP paper experiments (bench/rap-paper.sh) and the JMH benchmarks (bench/jmh.sh).
#
# The mix stands in for the paper's (gcc, gzip, vpr, applu, mpeg2; SPEC for §5): two compressors (gzip -9, xz),
# a string sort, an interpreter with a large code footprint running a floating-point loop (python3), and
# arbitrary-precision arithmetic (bc computing pi). Each trace is 15-45 M events (instruction + data lines).
#
# Traces are a cache, never committed: $RAPGEN_TRACE_DIR, default ~/.cache/rapgen/traces/<name>.lackey.gz.
# An existing trace is kept unless --force is given. Inputs are made by an integer LCG in awk, and programs run
# under `env -i` with LC_ALL=C, so the same machine makes the same instruction traces (the manifest records their sha256).
#
# Usage: bench/make-traces.sh [--force] [name ...]      names: gzip xz sort python3 bc (default: all)
set -euo pipefail

DIR="${RAPGEN_TRACE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/rapgen/traces}"
FORCE=0
if [ "${1:-}" = "--force" ]; then FORCE=1; shift; fi
NAMES=("$@")
[ ${#NAMES[@]} -eq 0 ] && NAMES=(gzip xz sort python3 bc)

for tool in valgrind gzip xz sort bc awk sha256sum; do
  command -v "$tool" >/dev/null 2>&1 || {
    echo "make-traces: '$tool' not found; install it (apt-get install valgrind gzip xz-utils coreutils bc gawk)" >&2
    exit 2
  }
done
PY=/usr/bin/python3
[ -x "$PY" ] || { echo "make-traces: $PY not found; install it (apt-get install python3)" >&2; exit 2; }

mkdir -p "$DIR/inputs"
IN="$DIR/inputs"

# A deterministic English-like text: a 3000-word vocabulary, lines of 3-12 words (Park-Miller LCG, exact in doubles).
make_text() {
  awk -v bytes="$1" 'function rnd(m) { x = (x * 16807) % 2147483647; return x % m }
    BEGIN {
      x = 12345; letters = "etaoinshrdlucmfwypvbgkqjxz"
      for (v = 0; v < 3000; v++) {
        w = ""; len = 2 + rnd(8); alpha = 5 + rnd(22)
        for (c = 0; c < len; c++) w = w substr(letters, 1 + rnd(alpha), 1)
        vocab[v] = w
      }
      out = 0
      while (out < bytes) {
        line = vocab[rnd(3000)]; words = 2 + rnd(10)
        for (i = 0; i < words; i++) line = line " " vocab[rnd(3000)]
        print line; out += length(line) + 1
      }
    }'
}

[ -f "$IN/text100k.txt" ] || make_text 100000 >"$IN/text100k.txt"
[ -f "$IN/text50k.txt" ] || make_text 50000 >"$IN/text50k.txt"
[ -f "$IN/text300k.txt" ] || make_text 300000 >"$IN/text300k.txt"
cat >"$IN/loop.py" <<'EOF'
import math
acc = 0.0
d = {}
for i in range(1000):
    x = math.sin(i * 0.001) * 1000.0
    acc += x * x
    d[i % 97] = d.get(i % 97, 0) + int(x)
print(int(acc), len(d))
EOF
echo 'scale=150; 4*a(1)' >"$IN/pi.bc"

command_for() {
  case "$1" in
    gzip) echo "/usr/bin/gzip -9 -c $IN/text100k.txt" ;;
    xz) echo "/usr/bin/xz -3 -T1 -c $IN/text50k.txt" ;;
    sort) echo "/usr/bin/sort --parallel=1 $IN/text300k.txt" ;;
    python3) echo "$PY -S -E $IN/loop.py" ;;
    bc) echo "/usr/bin/bc -lq $IN/pi.bc" ;;
    *) echo "make-traces: unknown trace name '$1' (known: gzip xz sort python3 bc)" >&2; exit 2 ;;
  esac
}

for name in "${NAMES[@]}"; do
  cmd="$(command_for "$name")"
  out="$DIR/$name.lackey.gz"
  if [ -f "$out" ] && [ "$FORCE" = 0 ]; then
    echo "$name: kept $out"
    continue
  fi
  start=$SECONDS
  # Lackey writes the trace to fd 3 (a pipe into gzip); the program's own output and valgrind's stderr are dropped.
  # shellcheck disable=SC2086
  (cd "$IN" && env -i PATH=/usr/bin:/bin LC_ALL=C valgrind --tool=lackey --trace-mem=yes --log-fd=3 \
      $cmd 3>&1 1>/dev/null 2>/dev/null </dev/null) | gzip -1 >"$out.tmp"
  mv "$out.tmp" "$out"
  counts="$(gzip -dc "$out" | awk '$1 == "I" { i++ } $1 ~ /^[LSM]$/ { d++ } END { printf "%d %d", i, d }')"
  read -r instr data <<<"$counts"
  # Only the instruction lines are hashed: lackey's own lines (==pid== ...) carry the process id, and a few data
  # addresses (3 loads in sort's 3 M data events) differ between runs, presumably from the per-process random bytes
  # the kernel puts on the stack (AT_RANDOM). The instruction stream is identical from run to run.
  sum="$(gzip -dc "$out" | grep '^I' | sha256sum | cut -d' ' -f1)"
  printf '%s: %s instruction + %s data events, %d s -> %s\n' "$name" "$instr" "$data" $((SECONDS - start)) "$out"
  # manifest: name, events, sha256 of the instruction lines, command (one line per trace, newest wins)
  touch "$DIR/MANIFEST"
  grep -v "^$name " "$DIR/MANIFEST" >"$DIR/MANIFEST.tmp" || true
  printf '%s instr=%s data=%s instr_sha256=%s cmd=%s\n' "$name" "$instr" "$data" "$sum" "$cmd" >>"$DIR/MANIFEST.tmp"
  sort "$DIR/MANIFEST.tmp" >"$DIR/MANIFEST"
  rm -f "$DIR/MANIFEST.tmp"
done
