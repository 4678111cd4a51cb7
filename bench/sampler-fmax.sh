#!/usr/bin/env bash
# Area and Fmax of sampler engines on an iCE40 HX8K (yosys synth_ice40 + nextpnr-ice40), each engine inside the
# FmaxHarness register harness (inputs from a shift chain, outputs registered and XOR-folded), best of SEEDS
# placements. Usage: bench/sampler-fmax.sh [SEEDS=2] [CONFIG...]  (default: configs/sampler_*.yaml)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SEEDS="${1:-2}"; shift || true
cd "$ROOT"
CONFIGS=("$@"); [ ${#CONFIGS[@]} -gt 0 ] || CONFIGS=(configs/sampler_*.yaml)
./rapgen --version >/dev/null   # builds the jar if needed
WORK="$(mktemp -d)"
mapfile -t DESIGNS < <(java -cp hdl-gen/target/rapgen.jar org.rapgen.bench.SamplerFmax "$WORK" "${CONFIGS[@]}")
for line in "${DESIGNS[@]}"; do
  read -r name top <<<"$line"
  dir="$WORK/$name"
  (cd "$dir" && yosys -p "read_verilog *.v; synth_ice40 -top $top -json d.json" >synth.log 2>&1) \
    || { echo "bench: yosys failed for $name; see $dir/synth.log" >&2; exit 2; }
  best=0; util=""
  for seed in $(seq 1 "$SEEDS"); do
    log="$dir/pnr$seed.log"
    nextpnr-ice40 --hx8k --package ct256 --json "$dir/d.json" --freq 200 --timing-allow-fail --seed "$seed" >"$log" 2>&1 </dev/null || true
    f=$(grep -o "Max frequency for clock[^:]*: [0-9.]* MHz" "$log" | tail -1 | grep -o "[0-9.]* MHz" | cut -d' ' -f1 || true)
    util=$(grep -o "ICESTORM_LC: *[0-9]*/ *[0-9]* *[0-9]*%" "$log" | tail -1 || true)
    best=$(python3 -c "print(max($best, ${f:-0}))")
  done
  fmax=$(python3 -c "print('%6.1f MHz' % $best if $best > 0 else 'no placement')")
  cells() { grep -E "^ +$1 +[0-9]+$" "$dir/synth.log" | tail -1 | awk '{print $NF}' || true; }
  printf '%-26s Fmax %s (best of %s)  SB_LUT4 %5s  SB_DFF* %5s  SB_RAM40_4K %2s  SB_CARRY %4s  %s (harness included)\n' \
    "$name" "$fmax" "$SEEDS" "$(cells SB_LUT4)" \
    "$(grep -E '^ +SB_DFF[A-Z]* +[0-9]+$' "$dir/synth.log" | awk '{s+=$NF} END {print s}')" "$(cells SB_RAM40_4K)" "$(cells SB_CARRY)" "$util"
done
rm -rf "$WORK"
