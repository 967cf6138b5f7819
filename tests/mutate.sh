#!/usr/bin/env bash
# tests/mutate.sh — how many realistic bugs the suite notices. Each mutant in tests/mutants.txt is
# one small edit of the library's source (a bound one step off, a check dropped, a wake-up lost);
# the script applies it to a scratch copy of the tree, rebuilds the test library and the tools
# (the compile server, the replay tool), relinks the tests and runs them until one fails. A mutant
# some test notices is killed; one the whole plain suite passes survived, and is a test missing.
# JOBS workers (default: the number of CPUs) take the mutants one at a time, each in a copy of the
# tree and a build of its own; the whole list (about 340 mutants) takes about 45 minutes on two
# cores (five mutants make a test hang until its time limit: 2 to 5 minutes each).
#
#   tests/mutate.sh [NAME...]     every mutant, or the named ones
#   tests/mutate.sh --check       only checks that every mutant applies (its text occurs once)
#
# A development tool (`./build.sh mutate`), not part of `./build.sh test`. Prints one line per
# mutant and ends with "score: K of N killed (P %)"; the report is also in $work/report.txt.
#
# Which tests can kill a mutant: every tests/test_*.c program (the ones that link the test library,
# relinked per mutant, and the ones that compile the implementation in, recompiled), in the plain
# build. Not run: the statically linked test (no JIT), the compatibility layers' tests (their
# libraries are built by compat/*.sh from the shipped object), the sanitizer variants. A test
# that fails before any mutation is left out, and the script says so.
#
# The list's format: blocks separated by blank lines, '#' lines are comments.
#   = NAME: the bug, in words
#   file: PATH (relative to the repository root)
#   - text the edit replaces (must occur exactly once; several '-' lines are joined by newlines)
#   + its replacement (several '+' lines likewise; a lone '+' deletes)
#   tests: test_a test_b     (optional: run first, as the likeliest to notice)
#
# Environment: OFFLOAD_MUTANTS (the list, default tests/mutants.txt), OFFLOAD_MUTATE_DIR (the
# scratch directory, default build/mutate), JOBS, OFFLOAD_MUTATE_OPT (the optimisation level of
# what a mutant rebuilds, default -O0).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
list=${OFFLOAD_MUTANTS:-$root/tests/mutants.txt}
work=${OFFLOAD_MUTATE_DIR:-$root/build/mutate}
CC=${CC:-cc}

# --- the list ---------------------------------------------------------------------------------
names=() files=() olds=() news=() hints=()
parse_list() {
  local line text name="" file="" old="" new="" hint="" has_old=0 has_new=0
  flush() {
    [ -n "$name" ] || return 0
    [ -n "$file" ] && [ $has_old = 1 ] && [ $has_new = 1 ] || { echo "mutants: '$name' needs file, '-' and '+' lines" >&2; exit 2; }
    names+=("$name"); files+=("$file"); olds+=("$old"); news+=("$new"); hints+=("$hint")
    name="" file="" old="" new="" hint="" has_old=0 has_new=0
  }
  while IFS= read -r line || [ -n "$line" ]; do
    case "$line" in
      '#'*) ;;
      '') flush ;;
      '= '*) flush; name=${line#= }; name=${name%%:*} ;;
      'file: '*) file=${line#file: } ;;
      'tests: '*) hint=${line#tests: } ;;
      '-'|'- '*) [ $has_old = 1 ] && old+=$'\n'; text=${line#-}; old+=${text# }; has_old=1 ;;
      '+'|'+ '*) [ $has_new = 1 ] && new+=$'\n'; text=${line#+}; new+=${text# }; has_new=1 ;;
      *) echo "mutants: cannot read the line: $line" >&2; exit 2 ;;
    esac
  done < "$list"
  flush
}

# apply PATH OLD NEW: replaces the one occurrence of OLD in PATH; fails when OLD occurs 0 or 2+ times.
apply() {
  local path=$1 old=$2 new=$3 text rest
  text=$(cat "$path"; echo x); text=${text%x}   # keeps trailing newlines
  rest=${text//"$old"/}
  local count=$(( (${#text} - ${#rest}) / ${#old} ))
  [ "$count" = 1 ] || { echo "occurs $count times in $path"; return 1; }
  printf '%s' "${text/"$old"/"$new"}" > "$path"
}

# --- the workers' scratch trees and their builds ----------------------------------------------
# Each worker applies mutants to a tree of its own ($work/N/src, copied from $pristine, the tree
# as it was when the run started) and builds them in a build of its own ($work/N/build): the
# plain variant of ./build.sh build (the tests, tools, simulated drivers and the programs of the
# compatibility layers), then its test library and tools again at $opt, as each mutant rebuilds
# them. The library's optimisation level does not change what a test checks (kernels are compiled
# by the JIT at its own level), and at -O0 a mutant's rebuild takes seconds instead of a minute.
workers=${JOBS:-$(nproc)}
opt=${OFFLOAD_MUTATE_OPT:--O0}
pristine=$work/pristine

# worker_paths N: src, build, flags, link and llvm_link of worker N (flags once it is built).
worker_paths() {
  src=$work/$1/src build=$work/$1/build
  flags=() link=() llvm_link=()
  [ -f "$build/compile_flags" ] || return 0
  local f
  while IFS= read -r f; do
    [[ $f == -O[0-9s] ]] && f=$opt
    flags+=("$f")
  done < "$build/compile_flags"
  read -r -a link < "$build/link_flags"
  read -r -a llvm_link < "$build/llvm_flags" || true
}

# prepare_worker N: worker N's tree and build, its library and tools rebuilt at $opt.
prepare_worker() {
  worker_paths "$1"
  rm -rf "$work/$1" && mkdir -p "$src"
  cp -a "$pristine/." "$src/"
  (cd "$src" && OFFLOAD_DEPS=no OFFLOAD_BUILD_DIR="$build" ./build.sh build) > "$work/$1/build.log" 2>&1 ||
    { tail -n 30 "$work/$1/build.log"; echo "the build of worker $1 failed" >&2; return 1; }
  worker_paths "$1"
  rebuild > "$work/$1/rebuild.log" 2>&1 || { tail -n 30 "$work/$1/rebuild.log"; echo "worker $1: the $opt rebuild failed" >&2; return 1; }
}

# test_properties NAME: the properties tests/tests.list gives the test NAME (the baseline build,
# build.sh, has already refused a malformed file; its header says what each property means).
test_properties() {
  sed -nE "s/#.*//; s/^$1[[:space:]]+//p" "$pristine/tests/tests.list"
}

# The tests a mutant can fail: tests/test_*.c, less the static one.
candidate_tests() {
  local t
  for t in "$pristine"/tests/test_*.c; do
    t=$(basename "${t%.c}")
    [[ " $(test_properties "$t") " == *" static "* ]] && continue
    echo "$t"
  done
}

# test_timeout NAME: its timeout= in tests/tests.list, else 120 s (as build.sh reads it).
test_timeout() {
  local t
  t=$(test_properties "$1" | sed -nE 's/.*timeout=([0-9]+).*/\1/p')
  echo "${t:-120}"
}

# --- the workers share the machine as the suite does --------------------------------------------
# A test tests/tests.list marks serial or lane runs with nothing else of the run beside it (it
# bounds a wait, compares CPU with wall time or needs a second CPU free; build.sh runs a lane one
# beside an idle-class pool, which this script does not have): it holds suite.lock exclusively,
# every other test, link and rebuild holds it shared. gate.lock keeps a waiting exclusive holder
# from being starved: a shared holder passes through it, an exclusive one keeps it while it waits.
locked() {
  local mode=$1; shift
  (
    flock 8
    flock "$mode" 9
    [ "$mode" = -s ] && flock -u 8
    "$@"
  ) 8>"$work/gate.lock" 9>"$work/suite.lock"
}

# run_test NAME: 0 when the test passes (exit 0 and "N passed, 0 failed"); its log beside it.
run_test() {
  local mode=-s
  case " $(test_properties "$1") " in *" serial "* | *" lane "*) mode=-x ;; esac
  locked "$mode" run_test_now "$1"
}
run_test_now() {
  local exe="$build/tests/$1" log="$build/tests/$1.log" rc=0
  timeout "$(test_timeout "$1")" "$exe" > "$log" 2>&1 || rc=$?
  [ $rc = 0 ] && grep -qE '^[0-9]+ passed, 0 failed' "$log"
}

# link_test NAME: (re)builds one test against the current test library.
link_test() {
  local s="$src/tests/$1.c" exe="$build/tests/$1" own=()
  [[ " $(test_properties "$1") " == *" llvm "* ]] && own=("${llvm_link[@]}")
  if grep -qE '#include "../offload_impl.c"|#define OFFLOAD_IMPLEMENTATION' "$s"; then
    locked -s $CC "${flags[@]}" "$s" -o "$exe" "${own[@]}" "${link[@]}"
  else
    locked -s $CC "${flags[@]}" "$s" "$build/liboffload-test.a" -o "$exe" "${own[@]}" "${link[@]}"
  fi
}

# rebuild: the test library and the tools from the (mutated) tree, its IR files' strings first (the
# compile flags have $build/gen on the include path); 1 when it does not compile.
rebuild() {
  bash "$src/tools/ir.sh" generate "$build/gen" "$src" || return 1
  (cd "$src" && locked -s $CC "${flags[@]}" -DOFFLOAD_TEST_HOOKS -c tests/hooks_unit.c -o "$build/offload_impl-test.o") || return 1
  rm -f "$build/liboffload-test.a" && ar rcs "$build/liboffload-test.a" "$build/offload_impl-test.o"
  local tool failed=0
  for tool in "$src"/tools/*.c; do
    locked -s $CC "${flags[@]}" "$tool" "$build/offload_impl-test.o" -o "$build/tools/$(basename "${tool%.c}")" "${link[@]}" || failed=1
  done
  return $failed
}

# next_mutant: the next index into selected no worker has taken yet.
next_mutant() {
  (
    flock 7
    local n; n=$(cat "$work/next")
    echo $((n + 1)) > "$work/next"
    echo "$n"
  ) 7>"$work/next.lock"
}

# try_mutant K: applies the K-th selected mutant to this worker's tree, rebuilds and runs its hinted
# tests first, then the others fastest first, until one fails; its line goes to $work/results/K.
try_mutant() {
  local i=${selected[$1]} line
  local name=${names[$i]} file=${files[$i]}
  cp "$pristine/$file" "$src/$file"
  if ! why=$(apply "$src/$file" "${olds[$i]}" "${news[$i]}"); then
    line="INVALID  $name: the text to replace $why"
  elif ! rebuild > "$work/$name.build.log" 2>&1; then
    line="INVALID  $name: does not compile (see $work/$name.build.log)"
  else
    local order=() t by="" start=$SECONDS
    for t in ${hints[$i]}; do [[ " ${runnable[*]} " == *" $t "* ]] && order+=("$t"); done
    for t in "${runnable[@]}"; do [[ " ${order[*]} " == *" $t "* ]] || order+=("$t"); done
    for t in "${order[@]}"; do
      link_test "$t" >> "$work/$name.build.log" 2>&1 || { by="$t (does not link)"; break; }
      run_test "$t" || { by=$t; cp "$build/tests/$t.log" "$work/$name.$t.log"; break; }
    done
    if [ -n "$by" ]; then
      line="killed   $name by $by ($((SECONDS - start)) s)"
    else
      line="SURVIVED $name ($((SECONDS - start)) s)"
    fi
  fi
  cp "$pristine/$file" "$src/$file"
  echo "$line" > "$work/results/$1"
  echo "$line"
}

# worker N: takes mutants until none is left.
worker() {
  worker_paths "$1"
  local i
  while i=$(next_mutant) && [ "$i" -lt ${#selected[@]} ]; do try_mutant "$i"; done
  # Leave the scratch build unmutated: the tools and tests were linked against the last mutant.
  rebuild > /dev/null 2>&1 || true
}

parse_list
if [ "${1:-}" = --check ]; then
  scratch=$(mktemp -d); trap 'rm -rf "$scratch"' EXIT
  bad=0
  for i in "${!names[@]}"; do
    cp "$root/${files[$i]}" "$scratch/file"
    why=$(apply "$scratch/file" "${olds[$i]}" "${news[$i]}") || { echo "INVALID  ${names[$i]}: the text to replace $why"; bad=1; }
  done
  echo "${#names[@]} mutants$([ $bad = 0 ] && echo ", each applies once")"
  exit $bad
fi
selected=()
if [ $# -gt 0 ]; then
  for want in "$@"; do
    found=0
    for i in "${!names[@]}"; do [ "${names[$i]}" = "$want" ] && { selected+=("$i"); found=1; }; done
    [ $found = 1 ] || { echo "no mutant named $want in $list" >&2; exit 2; }
  done
else
  selected=("${!names[@]}")
fi
[ "$workers" -le ${#selected[@]} ] || workers=${#selected[@]}

echo "== $workers workers in $work, each with a copy of the tree built ($opt for what a mutant rebuilds)"
rm -rf "$pristine" "$work/results" && mkdir -p "$pristine" "$work/results"
(cd "$root" && git ls-files -z --cached --others --exclude-standard | xargs -0 cp --parents -t "$pristine")
pids=()
for ((w = 0; w < workers; w++)); do prepare_worker "$w" & pids+=($!); done
for p in "${pids[@]}"; do wait "$p" || exit 1; done

echo "== baseline run (worker 0's build, unmutated)"
worker_paths 0
mapfile -t tests < <(candidate_tests)
pids=() built=()
for t in "${tests[@]}"; do
  [ -x "$build/tests/$t" ] || { echo "  $t: not built, left out"; continue; }
  built+=("$t")
  link_test "$t" > "$build/tests/$t.link.log" 2>&1 & pids+=($!)
  while [ "$(jobs -rp | wc -l)" -ge "$workers" ]; do wait -n || true; done
done
for p in "${pids[@]}"; do wait "$p" || { echo "a test does not link unmutated (see $build/tests/*.link.log)" >&2; exit 1; }; done
# baseline NAME: the test's exit and seconds, unmutated, into NAME.baseline.
baseline() {
  local start=$SECONDS rc=0
  run_test "$1" || rc=1
  echo "$rc $((SECONDS - start))" > "$build/tests/$1.baseline"
}
for t in "${built[@]}"; do
  baseline "$t" &
  while [ "$(jobs -rp | wc -l)" -ge "$workers" ]; do wait -n || true; done
done
wait
runnable=() total_seconds=0
declare -A seconds=()
for t in "${built[@]}"; do
  read -r rc s < "$build/tests/$t.baseline"
  if [ "$rc" = 0 ]; then runnable+=("$t"); seconds[$t]=$s; total_seconds=$((total_seconds + s))
  else echo "  $t fails unmutated, left out (see $build/tests/$t.log)"; fi
done
# Fastest first, so that a killed mutant costs little.
mapfile -t runnable < <(for t in "${runnable[@]}"; do echo "${seconds[$t]} $t"; done | sort -n | cut -d' ' -f2)
echo "  ${#runnable[@]} tests, $total_seconds s in all"

echo "== ${#selected[@]} mutants"
echo 0 > "$work/next"
pids=()
for ((w = 0; w < workers; w++)); do worker "$w" & pids+=($!); done
for p in "${pids[@]}"; do wait "$p"; done

report=$work/report.txt
: > "$report"
killed=0 survived=0 invalid=0
for ((i = 0; i < ${#selected[@]}; i++)); do
  line=$(cat "$work/results/$i" 2>/dev/null || echo "INVALID  ${names[${selected[$i]}]}: no result (a worker stopped)")
  echo "$line" >> "$report"
  case "$line" in
    killed*) killed=$((killed + 1)) ;;
    SURVIVED*) survived=$((survived + 1)) ;;
    *) invalid=$((invalid + 1)) ;;
  esac
done
total=$((killed + survived))
if [ $total -gt 0 ]; then
  echo "score: $killed of $total killed ($((killed * 100 / total)) %)$([ $invalid -gt 0 ] && echo ", $invalid invalid")" | tee -a "$report"
fi
[ $invalid = 0 ]
