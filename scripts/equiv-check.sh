#!/usr/bin/env bash
# Proves one generated module unchanged in logic between two generations (a refactor of a timing-tuned block, say):
# Yosys pairs the two netlists' registers and named wires (equiv_make), with the generator's numbered temporaries
# (_and_12, ...) hidden so that only Java-named signals pair up, then proves them equal by induction
# (equiv_simple, equiv_induct). Submodules are read from OLD_DIR and flattened into both; memories stay as cells.
# Exit 0 and "EQUIVALENT", or exit 1 with the unproven signals and the Yosys log.
#
# Usage: scripts/equiv-check.sh OLD_DIR NEW_DIR MODULE_PREFIX
#   e.g. ./rapgen generate --config configs/rap_n32_k32.yaml --out /tmp/new   (and the same from the old commit)
#        scripts/equiv-check.sh /tmp/old/rap_n32_k32 /tmp/new/rap_n32_k32 RapController
set -euo pipefail
[ $# -eq 3 ] || { echo "usage: scripts/equiv-check.sh OLD_DIR NEW_DIR MODULE_PREFIX" >&2; exit 2; }
command -v yosys >/dev/null 2>&1 || { echo "equiv-check: yosys not found; apt-get install yosys" >&2; exit 2; }
old=$(ls "$1/$3"*.v 2>/dev/null | head -1)
new=$(ls "$2/$3"*.v 2>/dev/null | head -1)
[ -n "$old" ] && [ -n "$new" ] || { echo "equiv-check: no $3*.v in $1 or $2" >&2; exit 2; }
top=$(basename "$old" .v)
[ "$(basename "$new" .v)" = "$top" ] || { echo "equiv-check: $old and $new name different modules" >&2; exit 2; }
work=$(mktemp -d)
subs=()
for f in "$1"/*.v; do [ "$f" != "$old" ] && subs+=("read_verilog -DSYNTHESIS $f"); done
{
  printf '%s\n' "${subs[@]}"
  echo "read_verilog -DSYNTHESIS $old"
  echo "rename $top gold"
  echo "read_verilog -DSYNTHESIS $new"
  echo "rename $top gate"
  echo "proc; opt_clean"
  echo "rename -hide w:_*"
  echo "flatten"
  echo "memory -nomap"
  echo "opt -fast"
  echo "equiv_make gold gate equiv"
  echo "hierarchy -top equiv"
  echo "equiv_simple -seq 3"
  echo "equiv_induct -seq 3"
  echo "equiv_status -assert"
} >"$work/check.ys"
if yosys -q -l "$work/yosys.log" "$work/check.ys" >/dev/null 2>&1; then
  echo EQUIVALENT
  rm -rf "$work"
else
  grep -h "Unproven \$equiv" "$work/yosys.log" | head -20 >&2 || true
  echo "NOT EQUIVALENT (log: $work/yosys.log)"
  exit 1
fi
