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
# The sampler co-simulation keeps its tuples in memory (at most 20 M a run), so its trace runs in chunks of 20 M
# tuples, each from reset; the RAP engines take the whole trace in one run.
#
# Usage: bench/soak.sh [RECORDS] [SEED] [DESIGN...]     (default 100000000 records, stress seed 1, all three designs)
# The traces (about 3 GB) are kept in $RAPGEN_SOAK_DIR, default ~/.cache/rapgen/soak, and remade when RECORDS changes.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
RECORDS="${1:-100000000}"
SEED="${2:-1}"
shift $(( $# < 2 ? $# : 2 ))
DESIGNS=("$@")
[ ${#DESIGNS[@]} -eq 0 ] && DESIGNS=(rap_n128_k32 rap_n4096_k32 sampler_hp256_2048)
CHUNK=20000000
DIR="${RAPGEN_SOAK_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/rapgen/soak}"
cd "$ROOT"
source bench/shared-traces.sh
shared_traces soak
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
run() {  # config, trace, record size: the trace in chunks of at most CHUNK records (all of it for the RAP engines)
  local cfg="$1" trace="$2" size="$3" chunk="$4"
  local records=$(( ($(stat -c %s "$trace") - 8) / size ))
  local taken=0 mismatches=0 wall=0 clocks=0 loop=0 status=0 first=0 part report
  report="$(mktemp)"
  while [ "$first" -lt "$records" ]; do
    part="$trace"
    if [ "$chunk" -lt "$records" ]; then
      part="$DIR/chunk.bin"
      { head -c 8 "$trace"
        dd if="$trace" bs=1M iflag=skip_bytes,count_bytes skip=$(( 8 + first * size )) count=$(( chunk * size )) status=none
      } >"$part"
    fi
    set +e
    ./rapgen cosim --stress "$SEED" --trace "$part" --config "configs/$cfg.yaml" | tee "$report"
    [ "${PIPESTATUS[0]}" -ne 0 ] && status=1
    set -e
    taken=$(( taken + $(awk '/^events|^tuples / {print $2; exit}' "$report") ))
    mismatches=$(( mismatches + $(awk '/^mismatches/ {print $2}' "$report") ))
    wall=$(awk -v a="$wall" '/^wall time/ {print a + $3}' "$report")
    clocks=$(( clocks + $(awk '/^cycles\/s/ {gsub(/\(/, "", $3); print $3}' "$report") ))
    loop=$(awk -v a="$loop" '/^cycles\/s/ {print a + $6}' "$report")
    first=$(( first + chunk ))
  done
  rm -f "$report" "$DIR/chunk.bin"
  summary+=("$(printf '%-20s %11d records  %d mismatches  %d lost  %.0f s  %.0f cycles/s  %s' "$cfg" "$records" \
    "$mismatches" "$(( records - taken ))" "$wall" "$(awk -v c="$clocks" -v l="$loop" 'BEGIN {print c / l}')" \
    "$([ "$status" -eq 0 ] && echo ok || echo FAILED)")")
}
for d in "${DESIGNS[@]}"; do
  case "$d" in
    rap_*) run "$d" "$DIR/events.bin" 12 $(( 1 << 62 )) ;;
    sampler_*) run "$d" "$DIR/tuples.bin" 16 "$CHUNK" ;;
    *) echo "soak: unknown design '$d' (rap_... or sampler_...)" >&2; exit 2 ;;
  esac
done
echo
echo "soak ($RECORDS records, stress seed $SEED):"
printf '  %s\n' "${summary[@]}"
