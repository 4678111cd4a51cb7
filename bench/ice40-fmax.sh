# Sourced by the *-fmax.sh benchmarks. ice40_fmax DIR TOP SEEDS: synthesises DIR/*.v (yosys synth_ice40, top TOP),
# places and routes it on an iCE40 HX8K (ct256) with SEEDS placement seeds, and prints
# "<best Fmax MHz> <SB_LUT4> <SB_CARRY> <SB_DFF* total>". Exits 2 if yosys fails.
ice40_fmax() {
  local dir="$1" top="$2" seeds="$3" best=0 seed f
  (cd "$dir" && yosys -p "read_verilog *.v; synth_ice40 -top $top -json design.json" >synth.log 2>&1) \
    || { echo "bench: yosys failed for $top; see $dir/synth.log" >&2; exit 2; }
  for seed in $(seq 1 "$seeds"); do
    f=$(cd "$dir" && nextpnr-ice40 --hx8k --package ct256 --json design.json --freq 300 --timing-allow-fail --seed "$seed" 2>&1 \
        | grep -o "Max frequency for clock[^:]*: [0-9.]* MHz" | tail -1 | grep -o "[0-9.]* MHz" | cut -d' ' -f1)
    best=$(python3 -c "print(max($best, ${f:-0}))")
  done
  echo "$best $(grep -E 'SB_LUT4' "$dir/synth.log" | tail -1 | awk '{print $NF}') \
$(grep -E 'SB_CARRY' "$dir/synth.log" | tail -1 | awk '{print $NF}' | grep . || echo 0) \
$(grep -E 'SB_DFF' "$dir/synth.log" | awk '{s+=$NF} END {print s}')"
}

# ice40_place DIR TOP SEEDS: like ice40_fmax, but prints "<best Fmax MHz> <ICESTORM_LC used>" (after packing, so a
# flip-flop that shares a cell with its LUT counts once).
ice40_place() {
  local dir="$1" top="$2" seeds="$3" best=0 lcs="" seed log f
  (cd "$dir" && yosys -p "read_verilog *.v; synth_ice40 -top $top -json design.json" >synth.log 2>&1) \
    || { echo "bench: yosys failed for $top; see $dir/synth.log" >&2; exit 2; }
  for seed in $(seq 1 "$seeds"); do
    log="$dir/pnr-$seed.log"
    nextpnr-ice40 --hx8k --package ct256 --json "$dir/design.json" --freq 300 --timing-allow-fail --seed "$seed" >"$log" 2>&1 </dev/null || true
    f=$(grep -o "Max frequency for clock[^:]*: [0-9.]* MHz" "$log" | tail -1 | grep -o "[0-9.]* MHz" | cut -d' ' -f1 || true)
    best=$(python3 -c "print(max($best, ${f:-0}))")
    lcs=$(grep -m1 -o "ICESTORM_LC: *[0-9]*" "$log" | grep -o "[0-9]*$" || true)
  done
  echo "$best ${lcs:-?}"
}
