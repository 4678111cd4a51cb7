# Sourced by the benchmarks that co-simulate the shared real traces (../shared/traces, beside the clone): sets SHARED,
# checks that the traces and xz (two of them are xz-compressed) are there, exiting 2 with what is missing, and builds
# the jars `./rapgen cosim` runs. Needs ROOT; $1 names the caller in messages.
shared_traces() {
  SHARED="$ROOT/../shared/traces"
  command -v xz >/dev/null 2>&1 || { echo "$1: 'xz' not found; apt-get install xz-utils" >&2; exit 2; }
  [ -d "$SHARED" ] || { echo "$1: $SHARED not found (the shared traces sit beside the clone)" >&2; exit 2; }
  (cd "$ROOT" && ./rapgen cosim --help >/dev/null)   # builds both jars
}
