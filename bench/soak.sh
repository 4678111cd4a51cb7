#!/usr/bin/env bash
# The soak: at least 10^8 events through the RAP engine with each lookup (rap_n128_k32, TCAM; rap_n4096_k32, trie) and
# 10^8 tuples through a sampler (sampler_hp256_2048), each co-simulated against its golden model in lockstep with
# random stream gaps, random output backpressure (the sampler's message stream) and CSR reads and snapshots while the
# stream flows (`cosim --stress`). The traces are the shared real traces (IPv4 sources and destinations, three packet
# captures) replayed and concatenated with random streams (org.rapgen.cosim.soak.SoakTraces). A benchmark, not a test:
# it takes about an hour on two cores.
#
# Prints each run's report, then one line per design: records, mismatches, lost records (trace records that no
# AXI-Stream beat took), wall time and simulated cycles/s.
#
# Usage: bench/soak.sh [RECORDS] [SEED]     (default 100000000 records, stress seed 1)
# The traces (about 3 GB) are kept in $RAPGEN_SOAK_DIR, default ~/.cache/rapgen/soak, and remade when RECORDS changes.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
RECORDS="${1:-100000000}"
SEED="${2:-1}"
SHARED="$ROOT/../shared/traces"
DIR="${RAPGEN_SOAK_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/rapgen/soak}"
cd "$ROOT"
command -v xz >/dev/null 2>&1 || { echo "soak: 'xz' not found; apt-get install xz-utils" >&2; exit 2; }
[ -d "$SHARED" ] || { echo "soak: $SHARED not found (the shared traces sit beside the clone)" >&2; exit 2; }
./rapgen cosim --help >/dev/null   # builds both jars
mkdir -p "$DIR"
if [ "$(cat "$DIR/records" 2>/dev/null)" != "$RECORDS" ]; then
  xz -dc "$SHARED/ipsrc-181k.txt.xz" >"$DIR/ipsrc.txt"
  xz -dc "$SHARED/ipdst-181k.txt.xz" >"$DIR/ipdst.txt"
  java -cp hdl-gen/target/rapgen.jar:testbench/target/testbench-0.1.0.jar org.rapgen.cosim.soak.SoakTraces "$RECORDS" \
    "$DIR/events.bin" "$DIR/tuples.bin" "$DIR/ipsrc.txt" "$DIR/ipdst.txt" \
    "$SHARED/pkt.TCP.synflood.spoofed.pcap" "$SHARED/amp.UDP.bacnet.IOT.37810.pcapng" "$SHARED/1kxun.pcap"
  echo "$RECORDS" >"$DIR/records"
fi

summary=()
run() {  # config, trace, record size
  local cfg="$1" trace="$2" size="$3" report status
  local records=$(( ($(stat -c %s "$trace") - 8) / size ))
  report="$(mktemp)"
  set +e
  ./rapgen cosim --stress "$SEED" --trace "$trace" --config "configs/$cfg.yaml" | tee "$report"
  status=${PIPESTATUS[0]}
  set -e
  local beats mismatches wall cps
  beats=$(awk '/^events/ {print $2; exit} /^tuples/ {print $2; exit}' "$report")
  mismatches=$(awk '/^mismatches/ {print $2}' "$report")
  wall=$(awk '/^wall time/ {print $3}' "$report")
  cps=$(awk '/^cycles\/s/ {print $2}' "$report")
  summary+=("$(printf '%-22s %11d records  %s mismatches  %d lost  %s s  %s cycles/s  exit %d' \
    "$cfg" "$records" "${mismatches:-?}" "$(( records - ${beats:-0} ))" "${wall:-?}" "${cps:-?}" "$status")")
  rm -f "$report"
}
run rap_n128_k32 "$DIR/events.bin" 12
run rap_n4096_k32 "$DIR/events.bin" 12
run sampler_hp256_2048 "$DIR/tuples.bin" 16
echo
echo "soak ($RECORDS records, stress seed $SEED):"
printf '  %s\n' "${summary[@]}"
