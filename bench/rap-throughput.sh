#!/usr/bin/env bash
# RAP engine throughput in clocks, measured by ./rapgen cosim on real traces with a source that never runs dry,
# with the stall breakdown; and the check that each cosim dump equals ./rapgen profile's.
# Usage: bench/rap-throughput.sh [CONFIG...]   (default: configs/rap_n32_k32.yaml configs/rap_n128_k32.yaml)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
CONFIGS=("$@"); [ ${#CONFIGS[@]} -gt 0 ] || CONFIGS=(configs/rap_n32_k32.yaml configs/rap_n128_k32.yaml)
source "$ROOT/bench/rap-traces.sh"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
rap_traces "$WORK"
for cfg in "${CONFIGS[@]}"; do
  nodes=$(grep -E '^\s*nodes:' "$cfg" | awk '{print $2}')
  eps=$(grep -E '^\s*eps_fx:' "$cfg" | awk '{print $2}'); eps=${eps:-655}
  cbits=$(grep -E '^\s*counter_bits:' "$cfg" | awk '{print $2}'); cbits=${cbits:-32}
  for t in ls-1m ipsrc-181k ipdst-181k; do
    echo "== $(basename "$cfg" .yaml) on $t"
    ./rapgen cosim --trace "$WORK/$t.txt" --config "$cfg" --dump "$WORK/cosim.txt" | grep -vE '^cosim '
    ./rapgen profile --trace "$WORK/$t.txt" --eps "$(python3 -c "print($eps / 65536)")" --nodes "$nodes" --counter-bits "$cbits" --dump "$WORK/profile.txt" >/dev/null
    cmp -s "$WORK/cosim.txt" "$WORK/profile.txt" && echo "dump        identical to profile --nodes $nodes --counter-bits $cbits --dump" || { echo "dump        DIFFERS from profile's"; exit 1; }
  done
done
