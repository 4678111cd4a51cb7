#!/usr/bin/env bash
# Read-modify-write memories with and without the read register (RmwMemory registerRead), and the RAP selector at
# one and two tree levels per stage, each alone inside FmaxHarness on an iCE40 HX8K (yosys synth_ice40 +
# nextpnr-ice40), all in one run: the RAP configuration's CounterSram and PrefixSelector, and each sampler
# configuration's counter table. Usage: bench/sram-fmax.sh [SEEDS=2] [RAP_CONFIG] [SAMPLER_CONFIG...]
# (defaults: configs/rap_n32_k32.yaml, configs/sampler_hp256_2048.yaml configs/sampler_tagged_t2w2_2048.yaml).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SEEDS="${1:-2}"; RAP="${2:-configs/rap_n32_k32.yaml}"; shift 2 || shift $#
cd "$ROOT"
SAMPLERS=("$@"); [ ${#SAMPLERS[@]} -gt 0 ] || SAMPLERS=(configs/sampler_hp256_2048.yaml configs/sampler_tagged_t2w2_2048.yaml)
source bench/ice40-fmax.sh
./rapgen --version >/dev/null   # builds the jar if needed
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
mapfile -t DESIGNS < <(java -cp hdl-gen/target/rapgen.jar org.rapgen.bench.SramFmax "$WORK" "$RAP" "${SAMPLERS[@]}")
printf 'iCE40 HX8K, each alone in FmaxHarness (harness included in the LCs), best of %s seeds\n' "$SEEDS"
for line in "${DESIGNS[@]}"; do
  read -r name top <<<"$line"
  read -r best lcs < <(ice40_place "$WORK/$name" "$top" "$SEEDS")
  dut=$(cd "$WORK/$name" && ls *.v | grep -v '^FmaxHarness' | sed 's/\.v$//' | grep -E '^(CounterSram|PrefixSelector|RmwMemory)' | sort | head -1)
  printf '  %-34s %-40s Fmax %6.1f MHz  LCs %s\n' "$name" "$dut" "$best" "$lcs"
done
