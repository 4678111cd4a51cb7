#!/usr/bin/env bash
# JMH throughput of the RAP golden models on one core, in events/s, on a lackey trace pre-loaded into a long[]
# (bench/make-traces.sh makes it if missing): unbounded and hardware-exact (N = 4096), each with and without the
# combining queue, beside Apache DataSketches' LongsSketch on the same keys in the same run. Prints each result as a
# ratio to that baseline. Extra arguments go to JMH, e.g. bench/jmh.sh -p trace=python3 -p profile=instr -f 2.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
TARGET=20000000   # events/s for unbounded RAP with the combining queue

bash bench/make-traces.sh >/dev/null   # keeps traces that exist
log="$(mktemp)"
if ! mvn -B -ntp -q -pl benchmarks -am package -DskipTests >"$log" 2>&1; then
  echo "jmh: build failed; see $log" >&2
  exit 2
fi
rm -f "$log"
OUT="$ROOT/benchmarks/target/jmh-result.csv"
java -jar benchmarks/target/benchmarks.jar ProfileThroughput -rf csv -rff "$OUT" "$@"

# Rows "ProfileThroughput.<name>:events" carry events/s; the parameters (all columns after Unit) identify the
# configuration, and each result is divided by dataSketchesBaseline:events with the same parameters.
echo
echo "events/s per benchmark (one core), as a ratio to DataSketches LongsSketch in the same run:"
awk -F',' -v target="$TARGET" '
  function unq(s) { gsub(/"/, "", s); return s }
  NR == 1 { for (i = 8; i <= NF; i++) head = head " " unq($i); next }
  {
    name = unq($1)
    if (name !~ /:events$/) next
    sub(/^.*ProfileThroughput\./, "", name); sub(/:events$/, "", name)
    params = ""
    for (i = 8; i <= NF; i++) params = params " " unq($i)
    score[name, params] = unq($5); err[name, params] = unq($6)
    if (!(params in seen)) { seen[params] = 1; order[++np] = params }
    if (!(name in known)) { known[name] = 1; names[++nn] = name }
  }
  END {
    for (p = 1; p <= np; p++) {
      params = order[p]
      printf "\nparameters:%s =%s\n", head, params
      base = score["dataSketchesBaseline", params]
      for (n = 1; n <= nn; n++) {
        name = names[n]
        if (!((name, params) in score)) continue
        s = score[name, params]
        printf "  %-24s %8.2f M events/s  (+- %.2f)  %5.2fx DataSketches\n", name, s / 1e6, err[name, params] / 1e6, s / base
        if (name == "rapUnboundedCombining") {
          verdict = s >= target ? "met" : "MISSED"
          printf "  target >= %d M events/s for rapUnboundedCombining: %s\n", target / 1e6, verdict
        }
      }
    }
  }' "$OUT"
