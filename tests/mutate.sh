#!/usr/bin/env bash
# tests/mutate.sh — how many realistic bugs the suite notices. Each mutant in tests/mutants.txt is
# one small edit of the library's source (a bound one step off, a check dropped, a wake-up lost);
# the script applies it to a scratch copy of the tree, rebuilds the test library and the tools
# (the compile server, the replay tool), relinks the tests and runs them until one fails. A mutant
# some test notices is killed; one the whole plain suite passes survived, and is a test missing.
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
# scratch directory, default build/mutate), JOBS.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
list=${OFFLOAD_MUTANTS:-$root/tests/mutants.txt}
work=${OFFLOAD_MUTATE_DIR:-$root/build/mutate}
src=$work/src
pristine=$work/pristine   # the tree as it was when the run started: each mutant starts from it
build=$work/build
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

# --- the scratch tree and its baseline build --------------------------------------------------
prepare() {
  echo "== scratch copy in $src"
  rm -rf "$src" "$pristine" && mkdir -p "$src" "$pristine"
  (cd "$root" && git ls-files -z --cached --others --exclude-standard | xargs -0 cp --parents -t "$pristine")
  cp -a "$pristine/." "$src/"
  echo "== baseline build (plain variant)"
  (cd "$src" && OFFLOAD_DEPS=no OFFLOAD_BUILD_DIR="$build" ./build.sh build > "$work/baseline-build.log" 2>&1) ||
    { tail -n 30 "$work/baseline-build.log"; echo "baseline build failed" >&2; exit 1; }
  mapfile -t flags < "$build/compile_flags"
  read -r -a link < "$build/link_flags"
  read -r -a llvm_link < "$build/llvm_flags" || true
}

# test_properties NAME: the properties tests/tests.list gives the test NAME (the baseline build,
# build.sh, has already refused a malformed file; its header says what each property means).
test_properties() {
  sed -nE "s/#.*//; s/^$1[[:space:]]+//p" "$src/tests/tests.list"
}

# The tests a mutant can fail: tests/test_*.c, less the static one.
candidate_tests() {
  local t
  for t in "$src"/tests/test_*.c; do
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

# run_test NAME: 0 when the test passes (exit 0 and "N passed, 0 failed"); its log beside it.
run_test() {
  local exe="$build/tests/$1" log="$build/tests/$1.log" rc=0
  timeout "$(test_timeout "$1")" "$exe" > "$log" 2>&1 || rc=$?
  [ $rc = 0 ] && grep -qE '^[0-9]+ passed, 0 failed' "$log"
}

# link_test NAME: (re)builds one test against the current test library.
link_test() {
  local s="$src/tests/$1.c" exe="$build/tests/$1" own=()
  [[ " $(test_properties "$1") " == *" llvm "* ]] && own=("${llvm_link[@]}")
  if grep -qE '#include "../offload_impl.c"|#define OFFLOAD_IMPLEMENTATION' "$s"; then
    $CC "${flags[@]}" "$s" -o "$exe" "${own[@]}" "${link[@]}"
  else
    $CC "${flags[@]}" "$s" "$build/liboffload-test.a" -o "$exe" "${own[@]}" "${link[@]}"
  fi
}

# rebuild: the test library and the tools from the (mutated) tree, its IR files' strings first (the
# compile flags have $build/gen on the include path); 1 when it does not compile.
rebuild() {
  bash "$src/tools/ir.sh" generate "$build/gen" "$src" || return 1
  (cd "$src" && $CC "${flags[@]}" -DOFFLOAD_TEST_HOOKS -c tests/hooks_unit.c -o "$build/offload_impl-test.o") || return 1
  rm -f "$build/liboffload-test.a" && ar rcs "$build/liboffload-test.a" "$build/offload_impl-test.o"
  local tool pids=() failed=0
  for tool in "$src"/tools/*.c; do
    $CC "${flags[@]}" "$tool" "$build/offload_impl-test.o" -o "$build/tools/$(basename "${tool%.c}")" "${link[@]}" & pids+=($!)
  done
  for p in "${pids[@]}"; do wait "$p" || failed=1; done
  return $failed
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
mkdir -p "$work"
prepare

echo "== baseline run"
mapfile -t tests < <(candidate_tests)
runnable=()
declare -A seconds=()
for t in "${tests[@]}"; do
  [ -x "$build/tests/$t" ] || { echo "  $t: not built, left out"; continue; }
  start=$SECONDS
  if run_test "$t"; then runnable+=("$t"); seconds[$t]=$((SECONDS - start)); else echo "  $t fails unmutated, left out (see $build/tests/$t.log)"; fi
done
# Fastest first, so that a killed mutant costs little.
mapfile -t runnable < <(for t in "${runnable[@]}"; do echo "${seconds[$t]} $t"; done | sort -n | cut -d' ' -f2)
echo "  ${#runnable[@]} tests, $(( $(IFS=+; echo "${seconds[*]}") )) s in all"

report=$work/report.txt
: > "$report"
killed=0 survived=0 invalid=0
for i in "${selected[@]}"; do
  name=${names[$i]} file=${files[$i]}
  cp "$pristine/$file" "$src/$file"
  if ! why=$(apply "$src/$file" "${olds[$i]}" "${news[$i]}"); then
    line="INVALID  $name: the text to replace $why"; invalid=$((invalid + 1))
  elif ! rebuild > "$work/$name.build.log" 2>&1; then
    line="INVALID  $name: does not compile (see $work/$name.build.log)"; invalid=$((invalid + 1))
  else
    order=()
    for t in ${hints[$i]}; do [[ " ${runnable[*]} " == *" $t "* ]] && order+=("$t"); done
    for t in "${runnable[@]}"; do [[ " ${order[*]} " == *" $t "* ]] || order+=("$t"); done
    by=""
    start=$SECONDS
    for t in "${order[@]}"; do
      link_test "$t" >> "$work/$name.build.log" 2>&1 || { by="$t (does not link)"; break; }
      run_test "$t" || { by=$t; cp "$build/tests/$t.log" "$work/$name.$t.log"; break; }
    done
    if [ -n "$by" ]; then
      line="killed   $name by $by ($((SECONDS - start)) s)"; killed=$((killed + 1))
    else
      line="SURVIVED $name ($((SECONDS - start)) s)"; survived=$((survived + 1))
    fi
  fi
  cp "$pristine/$file" "$src/$file"
  echo "$line" | tee -a "$report"
done

# Leave the scratch build unmutated: the tools and tests were linked against the last mutant.
rebuild > /dev/null 2>&1 || true
total=$((killed + survived))
if [ $total -gt 0 ]; then
  echo "score: $killed of $total killed ($((killed * 100 / total)) %)$([ $invalid -gt 0 ] && echo ", $invalid invalid")" | tee -a "$report"
fi
[ $invalid = 0 ]
