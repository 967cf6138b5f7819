#!/usr/bin/env bash
# build.sh — the one build entry point.
#
#   ./build.sh            build the libraries, tools, simulated drivers and tests into build/
#   ./build.sh test       build, run the whole suite, then again under ASan+UBSan (and the
#                         concurrency tests under TSan); ends with one line "N passed, N failed"
#   ./build.sh demo       build and run the main job: JIT a portable kernel, run it on every device
#   ./build.sh bench      build and run the benchmarks (side by side with the peers)
#   ./build.sh dist       write the single-file distribution: build/dist/offload.h and
#                         build/dist/offload_impl.c, every .inc and .ll inlined (tools/dist.sh)
#   ./build.sh format     format the C sources with .clang-format (tools/format.sh; `test` checks it)
#   ./build.sh fuzz       libFuzzer runs of every target over the corpora in tests/fuzz/ (a minute each)
#   ./build.sh mutate [NAME...]
#                         how many of the bugs in tests/mutants.txt the suite notices (tests/mutate.sh;
#                         a development tool, not part of `test`)
#   ./build.sh deps [CMD] install the Debian packages CMD needs (default test), say which LLVM the
#                         JIT would use, and stop
#   ./build.sh test-variant NAME
#                         build, then run the test programs of one variant of `test` (plain, nojit,
#                         asan, ...: variant_table below) as `test` runs them; ends with its line
#                         "N passed, N failed, N skipped" (JOBS=1 runs them one at a time)
#   ./build.sh test-llvm LLVM_CONFIG
#                         the second LLVM: builds against that llvm-config into build/llvm<major>/ and
#                         runs the JIT, RPC-client and record-replay tests there
#
# Every command first installs the Debian packages it needs (tools/deps.sh: dpkg -s, then apt-get
# as root or through sudo), and only then looks for LLVM, so that a first run on a bare machine
# builds the JIT on the LLVM it has just installed. When what a command needs cannot be
# installed, it stops with the exact command to run. `build` needs only a C compiler; `demo` also
# asks for what its JIT needs (llvm-22-dev, lld-22) and, when that cannot be installed, says so
# and runs without the JIT (unless another LLVM is there).
#
# Environment: CC (default cc), LLVM_CONFIG (default: the newest llvm-config-N on PATH, then
# llvm-config; the JIT is left out with a note when none is found), OFFLOAD_NO_JIT=1 forces it out,
# JOBS (default nproc), OFFLOAD_BUILD_DIR (default build/),
# OFFLOAD_DEPS=no skips the package check (a machine set up otherwise), OFFLOAD_DEPS_PRETEND_MISSING
# ="pkg ..." is a dry run: those packages count as missing and the install command is printed, not run.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cd "$root"
build=${OFFLOAD_BUILD_DIR:-$root/build}

# The Debian packages of each command and their installation: install_deps, unpack_packages.
# shellcheck source=tools/deps.sh
source "$root/tools/deps.sh"

CC=${CC:-cc}

warnings=(-Wall -Wextra -Wpedantic -Werror)
# build/gen holds the runtime's LLVM IR files (*.ll) as C string literals, which the tree's
# implementation includes (tools/ir.sh; build_all writes them first); the dist has them inlined.
base_flags=(-std=gnu11 -g -fPIC -pthread "${warnings[@]}" -I"$root" -I"$build/gen")

# --- The variants `test` builds and runs ------------------------------------------------------
# One row each, in the order they are built and run (a row ending in \ goes on on the next line):
#   name      build/NAME (plain: build/ itself, which build_all makes for every command)
#   label     the first column of its tests' lines
#   tests     all; left-out: $left_out_tests; tsan: those tests/tests.list marks tsan
#   JIT       on: as detect_llvm found it; off: compiled with OFFLOAD_NO_JIT, so that a build
#             without LLVM cannot break unnoticed (only when the build has the JIT: without it,
#             plain is that variant already)
#   left out  its object must hold no internal symbol offload__<one of these> (check_left_out)
#   heading   the line printed before it is built
#   flags     the compiler flags; a sanitized variant builds the compatibility layers with them
#   run with  the environment its tests run in (TSan needs the address space layout it expects:
#             ASLR can break it on newer kernels)
# norecord and norpc (OFFLOAD_NO_RECORD, OFFLOAD_NO_RPC) build a few tests: the core, what the
# left-out feature answers (test_features), and the feature's own tests, which must report a skip,
# at -O0: none of it depends on the optimiser, and -O0 keeps every function that is still compiled
# in for check_left_out to find, where -O2 would inline it away (the compile took 10.5 s at -O2, 2 s).
# nojit builds its test library at -O0 too: the plain build compiles the same implementation
# without the JIT at -O2 with the same warnings (offload_impl-nojit.o, which offload-info-static and
# liboffload's library without the JIT link), and what its tests check does not depend on the
# optimiser (6.5 s at -O2, 1.4 s).
variant_table='
plain    |plain|all     |on |                       |                          |-O2
nojit    |nojit|all     |off|                       |no JIT                    |-O0
norecord |norec|left-out|on |rr recorder replay json|no record & replay; no RPC|-O0 -DOFFLOAD_NO_RECORD
norpc    |norpc|left-out|on |rpc_                   |                          |-O0 -DOFFLOAD_NO_RPC
asan     |asan |all     |on |                       |ASan+UBSan                |-O1 -fsanitize=address,undefined \
          -fno-omit-frame-pointer -fno-sanitize-recover=undefined \
          |ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1
tsan     |tsan |tsan    |on |                       |TSan, concurrency tests   |-O1 -fsanitize=thread \
          |TSAN_OPTIONS=halt_on_error=1
'
left_out_tests="test_core test_features test_rr test_rr_sim test_rr_writer test_rpc test_rpc_concurrent"
# The tests whose behaviour depends on the LLVM version: the second LLVM's leg (test-llvm) builds
# and runs these (and liboffload's test_ol_api and test_ol_device_info, compat/liboffload.sh).
llvm_leg_tests="test_jit test_jit_keys test_jit_math test_jit_split test_jit_threads test_rpc_targets test_warp_targets test_workgroup \
                test_loop_kernels test_guards test_wg_random test_nvvm_host test_amdgpu_link test_cuda_host test_host_checks \
                test_rpc test_rr test_rr_sim test_gdb test_llvm_loading"
variant_rows=()
# shellcheck disable=SC2162 # read without -r: a backslash at the end of a line joins the next one
while read row; do [ -z "$row" ] || variant_rows+=("$row"); done <<< "$variant_table"

# variant_fields ROW: sets v_name, v_label, v_tests, v_jit, v_heading (words) and v_left_out,
# v_flags, v_env (arrays) from one row of the table.
variant_fields() {
  local name label tests jit left_out heading flags env
  IFS='|' read -r name label tests jit left_out heading flags env <<< "$1"
  read -r v_name <<< "$name"; read -r v_label <<< "$label"; read -r v_tests <<< "$tests"
  read -r v_jit <<< "$jit"; read -r v_heading <<< "$heading"
  read -ra v_left_out <<< "$left_out"; read -ra v_flags <<< "$flags"; read -ra v_env <<< "$env"
}

# variant_sanitized: whether the variant v_* describes is built with a sanitizer.
variant_sanitized() {
  [[ " ${v_flags[*]} " == *" -fsanitize="* ]]
}

# variant NAME: variant_fields of the row named NAME.
variant() {
  local row
  for row in "${variant_rows[@]}"; do
    variant_fields "$row"
    [ "$v_name" = "$1" ] && return 0
  done
  echo "no variant $1 in build.sh's table" >&2; exit 1
}

# --- Test metadata: tests/tests.list ---------------------------------------------------------
# What the build needs to know about a test program beyond its source (tsan, static, dist, llvm,
# serial, lane, alone=TESTS, timeout=SECONDS; the file's header says what each means), in one
# table rather than in marker comments spread over the sources. load_tests_list reads it into
# test_properties_of (NAME -> its properties), refusing a malformed file: a typo must not quietly
# drop a test from a variant.
tests_list=$root/tests/tests.list
declare -A test_properties_of=()
tests_list_properties="tsan static dist llvm serial lane alone=TESTS timeout=SECONDS"

# tests_list_problems FILE: one line per problem of FILE, none when it is good: a name that is no
# tests/test_*.c program, a name listed twice, a line without properties, an unknown or repeated
# property, a timeout that is no positive number of seconds.
tests_list_problems() {
  local file=$1 line number=0 name property
  local -a properties
  local -A line_of=() seen
  while IFS= read -r line || [ -n "$line" ]; do
    number=$((number + 1))
    read -r name line <<< "${line%%#*}"
    [ -n "$name" ] || continue
    read -ra properties <<< "$line"
    local at="$file:$number: $name"
    if [[ $name != test_* ]] || ! test_program_exists "$name"; then
      echo "$at: no such test program tests/$name.c (nor one a compat/*.sh script writes)"
    fi
    [ -z "${line_of[$name]:-}" ] || echo "$at: listed twice (line ${line_of[$name]} too)"
    line_of[$name]=$number
    [ ${#properties[@]} -gt 0 ] || echo "$at: no property (a program with none is not listed)"
    seen=()
    for property in "${properties[@]}"; do
      case "$property" in
        tsan|static|dist|llvm|serial|lane) ;;
        timeout=*) [[ ${property#timeout=} =~ ^[1-9][0-9]*$ ]] || echo "$at: $property is no number of seconds" ;;
        alone=*) [[ ${property#alone=} =~ ^test_[a-z0-9_]+(,test_[a-z0-9_]+)*$ ]] || echo "$at: $property names no tests (alone=test_a,test_b)" ;;
        *) echo "$at: unknown property $property (known: $tests_list_properties)" ;;
      esac
      [ -z "${seen[${property%%=*}]:-}" ] || echo "$at: $property given twice"
      seen[${property%%=*}]=1
    done
    [ -z "${seen[serial]:-}" ] || [ -z "${seen[lane]:-}" ] || echo "$at: serial and lane (a program runs one way)"
    [ -z "${seen[alone]:-}" ] || [ -n "${seen[lane]:-}" ] || echo "$at: alone= is for a lane program"
  done < "$file"
}

# test_program_exists NAME: whether NAME is a test program: tests/NAME.c, or one a compatibility
# layer's script writes into a build's tests/ folder (compat/omptarget.sh's test_omp).
test_program_exists() {
  [ -f "$root/tests/$1.c" ] || grep -qF "tests/$1\"" "$root"/compat/*.sh
}

# load_tests_list: fills test_properties_of from tests/tests.list; stops the build on a problem.
load_tests_list() {
  local problems line name
  problems=$(tests_list_problems "$tests_list")
  [ -z "$problems" ] || { echo "$problems" >&2; echo "tests/tests.list has the problems above" >&2; exit 1; }
  while IFS= read -r line || [ -n "$line" ]; do
    read -r name line <<< "${line%%#*}"
    [ -z "$name" ] || test_properties_of[$name]=$line
  done < "$tests_list"
}

# test_has PROPERTY NAME: whether tests/tests.list gives the test program NAME that property.
test_has() {
  [[ " ${test_properties_of[$2]:-} " == *" $1 "* ]]
}

# test_alone NAME: the tests of the lane program NAME that run alone (its alone=, commas made
# spaces), none when it has none.
test_alone() {
  local property
  for property in ${test_properties_of[$1]:-}; do
    if [[ $property == alone=* ]]; then echo "${property#alone=}" | tr ',' ' '; return 0; fi
  done
}

# test_timeout NAME: seconds a test program may run before it counts as hung: its timeout= in
# tests/tests.list (for the few whose work is long under the sanitizers), else
# OFFLOAD_TEST_TIMEOUT, else 120. A hang fails in minutes, not at the 600 s limit.
test_timeout() {
  local property
  for property in ${test_properties_of[$1]:-}; do
    if [[ $property == timeout=* ]]; then echo "${property#timeout=}"; return 0; fi
  done
  echo "${OFFLOAD_TEST_TIMEOUT:-120}"
}

# check_tests_list: tests/tests.list has no problem, and a name or property mistyped in it is
# one (the checker itself is checked, on one-line files each holding such a typo).
check_tests_list() (
  problems=$(tests_list_problems "$tests_list")
  [ -z "$problems" ] || { echo "$problems"; exit 1; }
  echo "$tests_list: no problem"
  tmp=$(mktemp -d)
  # shellcheck disable=SC2064 # $tmp is known now
  trap "rm -rf '$tmp'" EXIT
  rc=0
  for typo in "test_rpc tsna" "test_rcp tsan" "test_rpc timeout=3OO" "test_rpc tsan tsan" "test_rpc serial lane" \
    "test_rpc serial alone=test_a" "test_rpc lane alone=a" "test_opm lane"; do
    echo "$typo" > "$tmp/tests.list"
    problems=$(tests_list_problems "$tmp/tests.list")
    if [ -n "$problems" ]; then echo "a file holding '$typo': $problems"; else echo "a file holding '$typo': no problem found"; rc=1; fi
  done
  check_alone_parts || rc=1
  exit $rc
)

# check_alone_parts: for each lane program with tests that run alone (alone=), the plain build's
# program lists exactly those tests when given their names, and the others when given them with
# '-' (tests/test.h), so that its two runs cover each of its tests once.
check_alone_parts() {
  local name alone all rest only rc=0
  for name in "${!test_properties_of[@]}"; do
    alone=$(test_alone "$name")
    [ -n "$alone" ] || continue
    local exe=$build/tests/$name
    # shellcheck disable=SC2086 # the names, one argument each
    all=$("$exe" --list | sort) rest=$("$exe" --list $(printf -- '-%s ' $alone) | sort) only=$("$exe" --list $alone | sort)
    if [ "$only" != "$(printf '%s\n' $alone | sort)" ]; then
      echo "$name: alone=$alone lists '$only'"; rc=1
    elif [ "$(printf '%s\n%s\n' "$rest" "$only" | sort)" != "$all" ] || [ -z "$rest" ]; then
      echo "$name: its tests without the alone ones and the alone ones are not all of them once"; rc=1
    else
      echo "$name: $(wc -l <<< "$all") tests, alone: $alone"
    fi
  done
  return $rc
}

# --- LLVM (JIT) detection -----------------------------------------------------------------
# detect_llvm: sets jit_cflags, jit_libs and jit_status from LLVM_CONFIG or the newest installed
# llvm-config-N. Called after the package check, so that a first run on a bare machine finds the
# LLVM it has just installed. The runtime does not link libLLVM: it opens the library named by
# OFFLOAD_LLVM_LIBRARY (the one found here) on first use. jit_libs is what a program that calls
# LLVM's C API itself links (tests marked llvm, bench_jit_load).
jit_cflags=()
jit_libs=()
jit_status="JIT: off"
detect_llvm() {
  if [ "${OFFLOAD_NO_JIT:-0}" != 1 ]; then
    llvm_config=${LLVM_CONFIG:-}
    if [ -z "$llvm_config" ]; then
      # The newest versioned llvm-config on PATH (llvm-config-22 before llvm-config-14).
      llvm_config=$(compgen -c llvm-config- | grep -E '^llvm-config-[0-9]+$' | sort -t- -k3 -n -u | tail -n 1 || true)
      [ -z "$llvm_config" ] && command -v llvm-config >/dev/null 2>&1 && llvm_config=llvm-config
    fi
    if [ -n "$llvm_config" ] && [ -f "$($llvm_config --includedir)/llvm-c/Core.h" ]; then
      # The file behind the development link, as the runtime package ships it; without one, the
      # runtime's default (the soname of the headers' version) stands.
      local libllvm
      libllvm=$(readlink -e "$($llvm_config --libdir)/libLLVM-$($llvm_config --version | cut -d. -f1).so" || true)
      jit_cflags=(-isystem "$($llvm_config --includedir)")
      [ -n "$libllvm" ] && jit_cflags+=("-DOFFLOAD_LLVM_LIBRARY=\"$libllvm\"")
      jit_libs=(-L"$($llvm_config --libdir)" -Wl,-rpath,"$($llvm_config --libdir)" -lLLVM-"$($llvm_config --version | cut -d. -f1)")
      jit_status="JIT: LLVM $($llvm_config --version) ($llvm_config)"
    else
      jit_status="JIT: off (no llvm-config with LLVM-C headers found)"
    fi
  fi
  [ ${#jit_cflags[@]} -eq 0 ] && jit_cflags=(-DOFFLOAD_NO_JIT)
  return 0
}
libs=(-ldl -lpthread -lm)

# compile_variant NAME EXTRA_FLAGS...: builds the library, tools and tests of one variant into
# build/NAME (the plain variant is build/ itself).
compile_variant() {
  local name=$1; shift
  local extra=("$@")
  local out="$build"
  [ "$name" != plain ] && out="$build/$name"
  mkdir -p "$out/tests" "$out/tools"
  local flags=("${base_flags[@]}" "${extra[@]}" "${jit_cflags[@]}"
               -DOFFLOAD_TEST_ROOT="\"$root\"" -DOFFLOAD_TEST_BUILD="\"$out\"")

  # The implementation is compiled once per variant (twice in the plain one). Tests link
  # liboffload-test.a: the single-file distribution (build/dist, which build_all writes first),
  # so that the suite runs on what an embedder copies, with the few internals tests reach
  # (tests/hooks_unit.c adds tests/hooks.inc to its unit). The plain variant's shipped liboffload.a/.so come from
  # offload_impl.o, without them, and that object is the one checked for global state; the other
  # variants exist for tests only, so their one object (instrumented ones get another name:
  # sanitizers add constructors of their own) carries the hooks and also serves the tools.
  local object="$out/offload_impl.o" test_object="$out/offload_impl-test.o"
  [ "$name" != plain ] && object="$out/liboffload-$name.o" test_object=$object
  : > "$out/tests/skipped"
  # Statically linked programs (offload-info here, tests tests/tests.list marks static) are
  # built without the JIT (LLVM's shared library cannot be linked into them) and without
  # sanitizers (those need a dynamic executable), so only the plain variant builds them: the
  # variant without the JIT would build the same programs, and the left-out ones run none. glibc's
  # linker notes about dlopen in a static program go to a log. offload-info-static links the
  # implementation compiled without the JIT, offload_impl-nojit.o, which liboffload's library
  # without the JIT (compat/liboffload.sh) takes too.
  local static=0
  [ "$name" = plain ] && static=1
  # First the compiles that need nothing of the variant's: the implementation's, the longest,
  # start at once, and what compiles it again (tests that include it) or needs no object (the
  # simulated drivers) keeps the other cores busy meanwhile.
  local objects=() pids=()
  $CC "${flags[@]}" -DOFFLOAD_TEST_HOOKS -DOFFLOAD_TEST_IMPLEMENTATION="\"$build/dist/offload_impl.c\"" \
    -c tests/hooks_unit.c -o "$test_object" & objects+=($!)
  if [ "$name" = plain ]; then
    $CC "${flags[@]}" -c offload_impl.c -o "$object" & objects+=($!)
    $CC "${flags[@]}" -DOFFLOAD_NO_JIT -c offload_impl.c -o "$out/offload_impl-nojit.o" & objects+=($!)
  fi
  compile_variant_tests own
  # The simulated drivers read none of the variants' macros: a variant that sets variant_sims to
  # the plain build's (build_variant) links to them instead of compiling them again.
  if [ -n "${variant_sims:-}" ]; then
    rm -rf "$out/sim" && ln -s "$variant_sims" "$out/sim"
  else
    rm -f "$out/sim" 2>/dev/null || true  # a link another build left
    mkdir -p "$out/sim"
    for src in tests/sim/*.c; do
      [ -e "$src" ] || continue
      local lib="$out/sim/$(basename "${src%.c}").so"
      $CC "${flags[@]}" -shared "$src" -o "$lib" "${libs[@]}" & pids+=($!)
      throttle
    done
  fi

  # Then what links the variant's object.
  wait_all "${objects[@]}" || { echo "build of variant $name failed" >&2; exit 1; }
  if [ $static = 1 ]; then
    compile_static "$out/tools/offload-info-static" tools/offload-info.c "$out/offload_impl-nojit.o" & pids+=($!)
    throttle
  fi
  rm -f "$out/liboffload-test.a"
  ar rcs "$out/liboffload-test.a" "$test_object"
  # What a program linking the variant's object needs besides libc (the benchmarks and the
  # compatibility layers read it), what one that also calls LLVM itself adds (empty without the
  # JIT), and the compile flags, one per line, for tools that rebuild the test library
  # (tests/mutate.sh).
  echo "${libs[*]}" > "$out/link_flags"
  echo "${jit_libs[*]}" > "$out/llvm_flags"
  printf '%s\n' "${flags[@]}" > "$out/compile_flags"
  if [ "$name" = plain ]; then
    rm -f "$out/liboffload.a"
    ar rcs "$out/liboffload.a" "$out/offload_impl.o"
    $CC -shared -o "$out/liboffload.so" "$out/offload_impl.o" "${libs[@]}"
  fi
  for src in tools/*.c; do
    [ -e "$src" ] || continue
    $CC "${flags[@]}" "$src" "$object" -o "$out/tools/$(basename "${src%.c}")" "${libs[@]}" & pids+=($!)
    throttle
  done
  compile_variant_tests library
  wait_all "${pids[@]}" || { echo "build of variant $name failed" >&2; exit 1; }
}

# compile_variant_tests own|library: compile_variant's tests, in the background (pids, throttle):
# own, those that need nothing of the variant's (static ones, those that include the
# implementation themselves); library, those that link its test library.
compile_variant_tests() {
  local pass=$1 src test_name
  for src in tests/test_*.c; do
    [ -e "$src" ] || continue
    test_name=$(basename "${src%.c}")
    # A variant may build only some tests: those tests/tests.list gives the property
    # $variant_property, or those named in variant_tests (space separated).
    if [ -n "${variant_property:-}" ] && ! test_has "$variant_property" "$test_name"; then continue; fi
    if [ -n "${variant_tests:-}" ] && [[ " $variant_tests " != *" $test_name "* ]]; then continue; fi
    # Tests link the variant's test library. One that includes the implementation itself (to
    # embed it the single-file way, or not converted yet) is a unity build of its own, as is a
    # static one.
    local linkage=library
    if test_has static "$test_name" ||
       grep -qE '#include "(\.\./)?offload_impl.c"|#define OFFLOAD_IMPLEMENTATION' "$src"; then
      linkage=own
    fi
    [ "$linkage" = "$pass" ] || continue
    local exe="$out/tests/$test_name"
    # A test marked dist embeds the single-file distribution, as a user of it does: build/dist/
    # takes the tree's place on the include path, and build/gen leaves it, so that the dist, not
    # the tree, is what it compiles (build_all writes the dist first).
    local f flags_of_test=("${flags[@]}")
    if test_has dist "$test_name"; then
      flags_of_test=()
      for f in "${flags[@]}"; do
        [ "$f" = "-I$build/gen" ] && continue
        [ "$f" = "-I$root" ] && f="-I$build/dist"
        flags_of_test+=("$f")
      done
    fi
    # The plain build's test programs compile optimised, as its library does: the warnings only
    # the optimiser finds in them are found there. Every other build's compile at -O0: what a
    # variant changes is its library (left-out features, the sanitizers, the other LLVM), compiled
    # as its row says, and a test program's code is the same text in every build (a sanitizer
    # checks it at -O0 as well as at -O1; the ASan build's programs that link its library took
    # 36 s to compile at -O1, 19 s at -O0). In the plain build, one that includes the
    # implementation only to reach its internals (not to embed it: not marked dist) compiles it at
    # -O0 too: what it tests does not depend on the optimiser, and the test library is the same
    # code optimised, with the same warnings; -O2 made test_remote's compile as long as the
    # library's. So does the static one: it compiles the implementation without the JIT, which
    # the plain build's offload_impl-nojit.o compiles at -O2 with the same warnings (5.9 s, 1.4 at
    # -O0). test_embed stays optimised: the only compile of the single-file way with
    # OFFLOAD_STATIC, as an embedder builds it.
    if [ "$name" != plain ] || { [ "$linkage" = own ] && { ! test_has dist "$test_name" || test_has static "$test_name"; }; }; then
      flags_of_test+=(-O0)
    fi
    if test_has static "$test_name"; then
      if [ $static = 1 ]; then
        ( flags=("${flags_of_test[@]}"); compile_static "$exe" "$src" ) & pids+=($!)
        throttle
      else
        rm -f "$exe"
        echo "$(basename "$exe"): a static program is built in the plain variant only (without the JIT and the sanitizers)" >> "$out/tests/skipped"
      fi
      continue
    fi
    # Only a test marked llvm, which calls LLVM's C API itself, links libLLVM.
    local llvm_of_test=()
    test_has llvm "$test_name" && llvm_of_test=("${jit_libs[@]}")
    if [ "$linkage" = own ]; then
      $CC "${flags_of_test[@]}" "$src" -o "$exe" "${llvm_of_test[@]}" "${libs[@]}" & pids+=($!)
    else
      $CC "${flags_of_test[@]}" "$src" "$out/liboffload-test.a" -o "$exe" "${llvm_of_test[@]}" "${libs[@]}" & pids+=($!)
    fi
    throttle
  done
}

# compile_static EXE SOURCE...: a statically linked program without the JIT, with the flags of
# the variant being built (compile_variant's `flags`).
compile_static() {
  local exe=$1; shift
  $CC "${flags[@]}" -DOFFLOAD_NO_JIT -static "$@" -o "$exe" "${libs[@]}" >"$exe.link.log" 2>&1 || {
    cat "$exe.link.log" >&2; return 1
  }
}

# throttle and wait_all: background jobs JOBS at a time.
# shellcheck source=tools/jobs.sh
source "$root/tools/jobs.sh"

build_all() {
  echo "== build ($jit_status, CC=$CC)"
  load_tests_list
  # The IR files' strings and the single-file distribution first: the implementation includes
  # the strings, and the tests tests/tests.list marks dist compile the dist.
  bash tools/ir.sh generate "$build/gen"
  bash tools/dist.sh "$build/dist"
  variant plain
  compile_variant plain "${v_flags[@]}"
  # The compatibility layers, side by side: each is a few compiles one after another.
  local pids=()
  OFFLOAD_NOJIT_OBJECT=$build/offload_impl-nojit.o bash compat/liboffload.sh build "$build" & pids+=($!)
  bash compat/omptarget.sh build "$build" & pids+=($!)   # libomptarget plugin, build/tests/test_omp, build/omp/
  bash compat/cudart.sh build "$build" & pids+=($!)      # CUDA runtime layer, offload-cuda, build/tests/cudart/
  wait_all "${pids[@]}" || { echo "build of the compatibility layers failed" >&2; exit 1; }
}

# A suite is the test programs of one build, written "DIR|LABEL|ENV": they are DIR/tests/test_*,
# LABEL is the first column of their lines and ENV the environment they run in (words).
# Every program runs with its output in its log, NAME.log; the results are printed in name order
# once all have ended (count_suites). Each keeps its files in a temporary folder of its own and
# listens on no fixed port, so programs of several builds run side by side as well as one
# build's do.
total_passed=0; total_failed=0; total_skipped=0
skips=()
failures=()

# run_suite SUITE: runs and counts one suite (start_lane, start_suites, finish_lane, then
# count_suites).
run_suite() {
  local suite=$1
  start_lane "$suite"
  start_suites "$suite"
  wait_all "${suite_pids[@]}" || true
  finish_lane "$suite"
  count_suites "$suite"
}

# The pool, the lane and the serial programs. The programs tests/tests.list marks lane bound
# their waits in wall time: they run one at a time, at normal priority, beside the pool, whose
# programs and checks then run in the idle class (SCHED_IDLE). The kernel gives an idle-class
# task a CPU only when no other task wants it, and preempts it as soon as a normal one wakes
# there, so a wait of a lane program ends as promptly as on an empty machine, while the pool
# takes the time its waits leave. What the idle class does not hide (a spinning thread that
# yields hands its CPU to an idle-class task for a slice; a CPU running one counts as idle to
# the scheduler) is why the programs marked serial still run alone, after the pool and
# the lane. Where the idle class cannot be set (chrt missing or refused), the lane's programs
# run alone too.
pool_priority=normal
if command -v chrt >/dev/null 2>&1 && chrt --idle 0 true 2>/dev/null; then pool_priority=idle; fi

# in_pool: puts the calling subshell (a pool program's or check's) in the idle class.
in_pool() {
  [ "$pool_priority" = idle ] && chrt --idle -p 0 "$BASHPID" >/dev/null
  return 0
}

# start_lane SUITE...: starts the lane (run_marked_suites lane) in the background, beside the
# pool (lane_pids; throttle does not count it); nothing without the idle class.
lane_pids=()
start_lane() {
  lane_pids=()
  [ "$pool_priority" = idle ] || return 0
  run_marked_suites lane "$@" & lane_pids+=($!)
  throttle_aside=$!
}

# finish_lane SUITE...: after the pool: waits for the lane (or runs its programs now, without the
# idle class), then runs the serial programs.
finish_lane() {
  if [ "$pool_priority" = idle ]; then
    wait_all "${lane_pids[@]}" || true
  else
    run_marked_suites lane "$@"
  fi
  throttle_aside=""
  run_marked_suites serial "$@"
  run_alone_parts "$@"
}

# start_suites SUITE...: starts the programs of the suites that tests/tests.list does not mark
# serial, in one pool, JOBS at a time (throttle: the set-up checks start_check has started share
# it), the longest first whichever build they belong to (the seconds each took last time, else
# its timeout= for those known to be long; ties in the order of the suites), so that no core
# waits for the end of one build's longest program. suite_pids gets their pids.
suite_pids=()
start_suites() {
  local suites=("$@") index exe dir label env words
  suite_pids=()
  while read -r _ index exe; do
    IFS='|' read -r dir label env <<< "${suites[$index]}"
    read -ra words <<< "$env"
    ( in_pool; run_test "$exe" "${words[@]}" ) & suite_pids+=($!)
    throttle
  done < <(
    for index in "${!suites[@]}"; do
      IFS='|' read -r dir label env <<< "${suites[$index]}"
      for exe in "$dir"/tests/test_*; do
        { [ -f "$exe" ] && [ -x "$exe" ]; } || continue
        test_has serial "$(basename "$exe")" && continue
        test_has lane "$(basename "$exe")" && continue
        echo "$(expected_seconds "$exe") $index $exe"
      done
    done | sort -k1,1nr -k2,2n -k3,3
  )
}

# run_marked_suites PROPERTY SUITE...: the programs tests/tests.list marks PROPERTY (serial or
# lane), one at a time (the pool, above).
run_marked_suites() {
  local property=$1 suite dir label env words exe test
  shift
  for suite in "$@"; do
    IFS='|' read -r dir label env <<< "$suite"
    read -ra words <<< "$env"
    for exe in "$dir"/tests/test_*; do
      { [ -f "$exe" ] && [ -x "$exe" ]; } || continue
      test_has "$property" "$(basename "$exe")" || continue
      local run_args=()
      for test in $(test_alone "$(basename "$exe")"); do run_args+=("-$test"); done
      run_test "$exe" "${words[@]}"
    done
  done
  return 0
}

# run_alone_parts SUITE...: the tests of lane programs that run alone (alone= in tests/tests.list),
# each program's in one run, its output in EXE.alone.log.
run_alone_parts() {
  local suite dir label env words exe
  for suite in "$@"; do
    IFS='|' read -r dir label env <<< "$suite"
    read -ra words <<< "$env"
    for exe in "$dir"/tests/test_*; do
      { [ -f "$exe" ] && [ -x "$exe" ]; } || continue
      local run_part=alone run_args
      read -ra run_args <<< "$(test_alone "$(basename "$exe")")"
      [ ${#run_args[@]} -gt 0 ] && run_test "$exe" "${words[@]}"
    done
  done
  return 0
}

# count_suites SUITE...: prints each suite's listed skips and its programs' lines (count_test),
# suite by suite, and adds them up.
count_suites() {
  local suite dir label env exe skip
  for suite in "$@"; do
    IFS='|' read -r dir label env <<< "$suite"
    while IFS= read -r skip; do
      skips+=("$label/$skip"); total_skipped=$((total_skipped + 1))
      printf '  %-6s %-28s %s\n' "$label" "${skip%%:*}" "skipped"
    done < <(cat "$dir/tests/skipped" 2>/dev/null || true)
    for exe in "$dir"/tests/test_*; do
      { [ -f "$exe" ] && [ -x "$exe" ]; } || continue
      count_test "$exe" "$label"
    done
  done
}

# run_test EXE [ENV...]: runs one test program within its time limit, its output into EXE.log;
# EXE.result gets its exit status and the seconds it took. Its input is /dev/null: the pool's
# list of programs comes on the standard input of start_suites's loop, and a program that reads
# its own (mpirun forwards its input to rank 0) would take the rest of the list.
run_test() {
  local exe=$1; shift
  local rc=0 limit start base=$exe${run_part:+.$run_part}
  rm -f "$base.result"
  limit=$(test_timeout "$(basename "$exe")")
  start=$(date +%s)
  env "$@" timeout "$limit" "$exe" "${run_args[@]}" >"$base.log" 2>&1 </dev/null || rc=$?
  echo "$rc $(($(date +%s) - start))" > "$base.result"
}
run_part="" run_args=()

# expected_seconds EXE: the seconds the test program took last time (EXE.result), else its
# timeout= for one known to be long, else 0.
expected_seconds() {
  local rc seconds=0 property
  if [ -f "$1.result" ]; then read -r rc seconds < "$1.result"; echo "$seconds"; return 0; fi
  for property in ${test_properties_of[$(basename "$1")]:-}; do
    [[ $property == timeout=* ]] && seconds=${property#timeout=}
  done
  echo "$seconds"
}

# count_test EXE LABEL: adds up the closing line of a test program that has run (run_test) and
# prints it, with the end of its log when it failed. A lane program with tests that run alone
# (tests/tests.list's alone=) ran in two parts, EXE and EXE.alone: their lines are added up.
count_test() {
  local exe=$1 label=$2 name part base rc seconds line
  name=$(basename "$exe")
  local parts=("")
  [ -z "$(test_alone "$name")" ] || parts+=(alone)
  local p f s passed=0 failed=0 skipped=0 total_seconds=0
  for part in "${parts[@]}"; do
    base=$exe${part:+.$part}
    rc="?" seconds="?"
    [ -f "$base.result" ] && read -r rc seconds < "$base.result"
    [ "$rc" = 124 ] && echo "  $label/$name${part:+ ($part)}: killed after $(test_timeout "$name") s (a hang; see $base.log)"
    line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$base.log" | tail -n 1 || true)
    if [ -z "$line" ]; then
      echo "  $label/$name${part:+ ($part)}: no result line (exit $rc)"; tail -n 20 "$base.log" | sed 's/^/    /'
      total_failed=$((total_failed + 1)); failures+=("$label/$name${part:+ ($part)} (crashed, exit $rc)")
      continue
    fi
    s=0
    [[ $line =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed ]] && p=${BASH_REMATCH[1]} f=${BASH_REMATCH[2]}
    [[ $line =~ ,\ ([0-9]+)\ skipped ]] && s=${BASH_REMATCH[1]}
    if [ "$rc" != 0 ] && [ "$f" = 0 ]; then
      f=1; failures+=("$label/$name${part:+ ($part)} (exit $rc after its tests)"); tail -n 20 "$base.log" | sed 's/^/    /'
    fi
    [ "$f" != 0 ] && failures+=("$label/$name${part:+ ($part)}")
    [[ $seconds =~ ^[0-9]+$ ]] || seconds=0
    passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s)) total_seconds=$((total_seconds + seconds))
  done
  total_passed=$((total_passed + passed)); total_failed=$((total_failed + failed)); total_skipped=$((total_skipped + skipped))
  line="$passed passed, $failed failed, $skipped skipped"
  printf '  %-6s %-28s %-36s %4s s\n' "$label" "$name" "$line" "$total_seconds"
  for part in "${parts[@]}"; do
    base=$exe${part:+.$part}
    [ -f "$base.log" ] || continue
    [ "$failed" != 0 ] && grep -E '^  FAIL|^FAILED' "$base.log" | head -n 20 | sed 's/^/    /'
    while IFS= read -r skip; do skips+=("$label/$name:${skip#  SKIP}"); done < <(grep -E '^  SKIP' "$base.log" || true)
  done
  return 0
}

# start_check NAME COMMAND...: runs a check that is not a test program (a shell script, a build)
# as one test result, in the background, JOBS at a time (throttle): passed when it exits 0; its
# output goes to build/checks/NAME.log. The set-up checks are independent of each other, and
# each writes only below its own folder or a temporary one; finish_checks waits for them. A
# check runs in the pool's idle class, unless check_priority=normal is set for the call (one that
# bounds a wait, as the lane's programs do).
started_checks=()
started_check_pids=()
start_check() {
  local name=$1; shift
  mkdir -p "$build/checks"
  rm -f "$build/checks/$name.result"
  (
    [ "${check_priority:-pool}" = normal ] || in_pool
    rc=0; "$@" >"$build/checks/$name.log" 2>&1 || rc=$?; echo "$rc" > "$build/checks/$name.result"
  ) &
  started_check_pids+=($!); started_checks+=("$name")
  throttle
}

# finish_checks: waits for the checks start_check started, then counts and prints each, in the
# order they were started.
finish_checks() {
  local name rc log
  wait_all "${started_check_pids[@]}" || true
  for name in "${started_checks[@]}"; do
    log="$build/checks/$name.log"
    rc=$(cat "$build/checks/$name.result" 2>/dev/null || echo "no result")
    if [ "$rc" = 0 ]; then
      total_passed=$((total_passed + 1))
      printf '  %-6s %-28s %s\n' check "$name" "passed"
    else
      total_failed=$((total_failed + 1)); failures+=("check/$name (see $log)")
      printf '  %-6s %-28s %s\n' check "$name" "FAILED"
      tail -n 20 "$log" | sed 's/^/    /'
    fi
  done
  started_checks=(); started_check_pids=()
}

# build_variant: builds the variant v_* describes (variant_fields), the compatibility layers
# with it when it is sanitized.
build_variant() {
  if [ "$v_jit" = off ] && [ ${#jit_libs[@]} -eq 0 ]; then return 0; fi
  if [ -n "$v_heading" ]; then echo "== build ($v_heading)"; fi
  (
    if [ "$v_jit" = off ]; then jit_cflags=(-DOFFLOAD_NO_JIT); jit_libs=(); fi
    case "$v_tests" in
      left-out) variant_tests=$left_out_tests ;;
      tsan) variant_property=tsan ;;
    esac
    # A sanitized variant's simulated drivers are instrumented with it; the others' are the plain
    # build's.
    variant_sanitized || variant_sims=$build/sim
    compile_variant "$v_name" "${v_flags[@]}"
  )
  if variant_sanitized; then
    local object="$build/$v_name/liboffload-$v_name.o"
    bash compat/liboffload.sh build "$build/$v_name" "$object" "${v_flags[@]}"
    bash compat/omptarget.sh build-sanitized "$build" "$v_name" "$object" "${v_flags[@]}"
    # The CUDA runtime layer, instrumented, for test_cudart's programs (the plain build's, one
    # way: the headers are its to test)
    CUDART_PROGRAMS_FROM=$build bash compat/cudart.sh build "$build/$v_name" "$object" "${v_flags[@]}"
  fi
}

# variant_suite: the suite (start_suites) of the variant v_* describes; nothing when it is not
# built (the variant without the JIT of a build that has none).
variant_suite() {
  local dir="$build/$v_name"
  [ "$v_name" = plain ] && dir=$build
  if [ "$v_jit" = off ] && { [ ! -d "$dir" ] || [ ${#jit_libs[@]} -eq 0 ]; }; then return 0; fi
  echo "$dir|$v_label|${v_env[*]}"
}

# start_left_out_check: for a variant that leaves a feature out, the check that its object holds
# none of it (check_left_out), started with start_check.
start_left_out_check() {
  [ ${#v_left_out[@]} -gt 0 ] || return 0
  start_check "no-${v_name#no}-symbols" check_left_out "$v_name" "offload__($(IFS='|'; echo "${v_left_out[*]}"))"
}

# run_variant: runs the tests of the variant v_* describes, then checks what it leaves out.
run_variant() {
  local suite; suite=$(variant_suite)
  [ -n "$suite" ] || return 0
  run_suite "$suite"
  start_left_out_check
  finish_checks
}

# check_left_out VARIANT PATTERN: the variant's object holds no function of the feature: none of
# its internal symbols (PATTERN, an extended regular expression) and no thread entry of its own.
check_left_out() {
  local object="$build/$1/liboffload-$1.o" found
  [ -f "$object" ] || { echo "$object is not built"; return 1; }
  found=$(nm "$object" | grep -E "$2" || true)
  [ -z "$found" ] || { echo "$object still holds:"; echo "$found"; return 1; }
  echo "$object: nothing matches $2"
}

# check_dist: build/dist/ is what tools/dist.sh makes of the tree now, and it compiles alone, in
# a folder holding only its two files, both ways README's Embedding section gives (one C file
# defining OFFLOAD_IMPLEMENTATION before it includes offload.h; offload_impl.c added to a build),
# with the flags of the build: its JIT flags, OFFLOAD_NO_JIT when those are LLVM's, and the test
# hooks (the test library can be built from the dist too). The compiles stop after the front end,
# which is what tells them apart (a file not found from that folder, a declaration missing under
# one of the macros, any warning it makes, with -Werror). Code is generated for the same text
# elsewhere, at -O2 with the same warnings: the dist with the hooks in every variant
# (tests/hooks_unit.c, the test library), the tree's offload_impl.c, whose text the dist is, in
# the plain one, without the JIT in the nojit variant, and the dist alone in the CMake consumer's
# dist mode.
check_dist() (
  tmp=$(mktemp -d)
  # shellcheck disable=SC2064 # $tmp is known now
  trap "rm -rf '$tmp'" EXIT
  rc=0
  bash tools/dist.sh "$tmp/fresh" || exit 1
  for f in offload.h offload_impl.c; do
    cmp "$build/dist/$f" "$tmp/fresh/$f" || { echo "$build/dist/$f is not what the tree makes now"; rc=1; }
  done
  mkdir "$tmp/alone"
  cp "$build/dist/offload.h" "$build/dist/offload_impl.c" "$tmp/alone/"
  dist_flags=()
  for f in "${base_flags[@]}"; do [ "$f" = "-I$root" ] || [ "$f" = "-I$build/gen" ] || dist_flags+=("$f"); done
  cd "$tmp/alone" || exit 1
  compile_alone "${jit_cflags[@]}" || rc=1
  if [ ${#jit_libs[@]} -gt 0 ]; then compile_alone -DOFFLOAD_NO_JIT || rc=1; fi
  compile_alone "${jit_cflags[@]}" -DOFFLOAD_TEST_HOOKS || rc=1
  [ "$(ls -A)" = "$(printf 'offload.h\noffload_impl.c')" ] || { echo "the compiles wrote into the dist's folder"; rc=1; }
  exit $rc
)

# check_call_graph: the implementation's files call each other only downwards, in floors (README,
# Design): GCC's call graph of offload_impl.c, compiled with the plain build's flags, has no cycle
# between files (tools/call_graph.sh).
check_call_graph() {
  local flags
  mapfile -t flags < "$build/compile_flags"
  bash tools/call_graph.sh check "$root" offload_impl.c "${flags[@]}"
}

# compile_alone FLAGS...: check_dist's two compiles of the dist in the current folder, through
# the front end only (-fsyntax-only), with dist_flags, -O2 (as the tree's plain build) and FLAGS:
# the one-file way, then offload_impl.c.
compile_alone() {
  echo "== front end: $*"
  printf '#define OFFLOAD_IMPLEMENTATION\n#include "offload.h"\n' |
    $CC "${dist_flags[@]}" -O2 "$@" -I. -fsyntax-only -x c - &&
  $CC "${dist_flags[@]}" -O2 "$@" -fsyntax-only offload_impl.c
}

# ir_assemblers: every llvm-as-N on PATH, oldest first (LLVM 14 and 22 with the packages of
# `test`: the oldest and the newest LLVM the JIT takes).
ir_assemblers() {
  compgen -c llvm-as- | grep -E '^llvm-as-[0-9]+$' | sort -t- -k3 -n -u || true
}

# The second LLVM's leg: the JIT, RPC-client and record-replay tests (llvm_leg_tests) built
# against the other installed LLVM (LLVM 14 when the build uses a newer one), in
# build/llvm<major>/leg, and run as a suite labelled llvm<major> beside the variants.
# llvm_leg_find: sets leg_config (that LLVM's llvm-config) and leg_dir, or counts one listed
# skip and leaves leg_config empty when there is none or the build has no JIT.
leg_config="" leg_dir=""
llvm_leg_find() {
  leg_config=""
  if [ ${#jit_libs[@]} -eq 0 ]; then
    total_skipped=$((total_skipped + 1)); skips+=("llvm-leg: no second LLVM run ($jit_status)")
    return 0
  fi
  local major other=""
  major=$("$llvm_config" --version | cut -d. -f1)
  if [ "$major" != 14 ]; then
    command -v llvm-config-14 >/dev/null 2>&1 && other=llvm-config-14
  else
    other=$(compgen -c llvm-config- | grep -E '^llvm-config-[0-9]+$' | grep -v '^llvm-config-14$' | sort -t- -k3 -n -u | tail -n 1 || true)
  fi
  if [ -z "$other" ] || [ ! -f "$("$other" --includedir)/llvm-c/Core.h" ]; then
    total_skipped=$((total_skipped + 1)); skips+=("llvm-leg: no second LLVM with its C API installed")
    return 0
  fi
  leg_config=$other
  leg_dir="$build/llvm$("$other" --version | cut -d. -f1)"
}

# llvm_leg_build [NOJIT_OBJECT]: builds the leg (./build.sh llvm-leg-build against leg_config, into
# leg_dir); its liboffload library without the JIT takes NOJIT_OBJECT, the implementation compiled
# without the JIT (no LLVM in it), when the plain build has it.
llvm_leg_build() {
  OFFLOAD_DEPS=no LLVM_CONFIG=$leg_config OFFLOAD_BUILD_DIR=$leg_dir OFFLOAD_NOJIT_OBJECT=${1:-} "$0" llvm-leg-build
}

# llvm_leg_suite: the leg's suite (start_suites).
llvm_leg_suite() {
  echo "$leg_dir/leg|llvm$("$leg_config" --version | cut -d. -f1)|"
}

# build_in_parallel: the variants of the table other than plain and the second LLVM's leg, built
# JOBS at a time (each throttles its own compiles, so the cores stay busy while one build waits
# for its longest compile), each into its log, build/logs/build-NAME.log. Stops with the log's
# end when one fails. The longest start first, so that no core waits at the end for a long
# compile that started last: the sanitized builds (the ASan library alone is an 18 s compile),
# then the leg, then the others (compiled at -O0, a few seconds each).
build_in_parallel() {
  local names=() name
  mkdir -p "$build/logs"
  start_variant_builds sanitized
  if [ -n "$leg_config" ]; then
    names+=(llvm-leg)
    echo "== build (the second LLVM's leg: $leg_config; build/logs/build-llvm-leg.log)"
    start_build llvm-leg llvm_leg_build "$build/offload_impl-nojit.o"
  fi
  start_variant_builds unsanitized
  wait_all "${started_build_pids[@]}" || true
  for name in "${names[@]}"; do
    [ -f "$build/logs/build-$name.ok" ] && continue
    tail -n 30 "$build/logs/build-$name.log" >&2
    echo "build of $name failed (build/logs/build-$name.log)" >&2
    exit 1
  done
}

# start_variant_builds sanitized|unsanitized: build_in_parallel's start of the variants of the
# table (but plain) that are, or are not, sanitized; their names go to names.
start_variant_builds() {
  local row kind
  for row in "${variant_rows[@]}"; do
    variant_fields "$row"
    [ "$v_name" = plain ] && continue
    if [ "$v_jit" = off ] && [ ${#jit_libs[@]} -eq 0 ]; then continue; fi
    kind=unsanitized
    variant_sanitized && kind=sanitized
    [ "$kind" = "$1" ] || continue
    names+=("$v_name")
    echo "== build ($v_name${v_heading:+: $v_heading}; build/logs/build-$v_name.log)"
    start_build "$v_name" build_variant
  done
}

# start_build NAME COMMAND...: build_in_parallel's run of one build in the background; NAME.ok
# beside its log when it succeeded.
started_build_pids=()
start_build() {
  local name=$1; shift
  rm -f "$build/logs/build-$name.ok"
  ( "$@"; touch "$build/logs/build-$name.ok" ) > "$build/logs/build-$name.log" 2>&1 &
  started_build_pids+=($!)
  throttle
}

# test_all: the whole suite, every variant of the table, the second LLVM, the set-up checks and
# the fuzzers; ends with the line "N passed, N failed, N skipped". The builds run JOBS at a time
# (build_in_parallel); then the test programs of every build, the set-up checks and the fuzzers
# share one pool (start_suites, start_check); then, alone, the programs marked serial and the GPU
# script's check.
test_all() {
  local row suite suites=()
  # liboffload's API header and library for the compatibility layer: unpacked, never
  # installed (liboffload-22 would remove libomp-14-dev).
  unpack_packages liboffload-22 liboffload-22 liboffload-22-dev || true
  build_all
  echo "== header and unit under other compilers"
  g++ -std=c++11 -fsyntax-only -Wall -Wextra -Wpedantic -Werror -x c++ offload.h
  if command -v clang-14 >/dev/null 2>&1; then
    clang-14 -std=gnu11 -fsyntax-only "${base_flags[@]}" "${jit_cflags[@]}" offload_impl.c
  fi
  llvm_leg_find
  build_in_parallel
  for row in "${variant_rows[@]}"; do
    variant_fields "$row"
    suite=$(variant_suite)
    [ -n "$suite" ] && suites+=("$suite")
  done
  [ -n "$leg_config" ] && suites+=("$(llvm_leg_suite)")
  if [ "$pool_priority" = idle ]; then
    echo "== run: every build's test programs, the set-up checks and the fuzzers, $JOBS at a time in the idle class, beside the lane's programs one at a time; then the serial ones"
  else
    echo "== run: every build's test programs, the set-up checks and the fuzzers, $JOBS at a time; then the lane's and the serial ones"
  fi
  start_lane "${suites[@]}"
  # The GPU script's logic without a GPU: 77 at once, a failing driver told apart, the verdict
  # on fake figures, perf_gpu on the simulated driver (tests/gpu/test_run.sh). It bounds its
  # exits in seconds: at normal priority beside the lane, or alone after everything.
  [ "$pool_priority" = idle ] && check_priority=normal start_check gpu-script bash tests/gpu/test_run.sh
  start_setup_checks
  for row in "${variant_rows[@]}"; do
    variant_fields "$row"
    start_left_out_check
  done
  start_suites "${suites[@]}"
  wait_all "${suite_pids[@]}" "${started_check_pids[@]}" || true
  finish_lane "${suites[@]}"
  if [ "$pool_priority" != idle ]; then
    start_check gpu-script bash tests/gpu/test_run.sh
    wait_all "${started_check_pids[@]}" || true
  fi
  count_suites "${suites[@]}"
  echo "== checks"
  finish_checks
  if [ ${#skips[@]} -gt 0 ]; then
    echo "== skipped"
    for s in "${skips[@]}"; do echo "  $s"; done
  fi
  if [ ${#failures[@]} -gt 0 ]; then
    echo "== failed"
    for s in "${failures[@]}"; do echo "  $s"; done
  fi
  echo "$total_passed passed, $total_failed failed, $total_skipped skipped"
  [ "$total_failed" = 0 ]
}

# start_setup_checks: the checks that are not test programs (start_check), the fuzzers first
# (their runs are the longest): the package script, tests/tests.list, the IR files, the call graph,
# the formatting, the dist and the CMake consumers.
start_setup_checks() {
  if command -v clang-14 >/dev/null 2>&1; then
    start_check fuzz bash tests/fuzz/run.sh "$build" "${FUZZ_SECONDS:-4}"
  else
    total_skipped=$((total_skipped + 1)); skips+=("fuzz: clang-14 (libFuzzer) not installed")
  fi
  start_check deps-dry-run bash tests/deps.sh
  start_check tests-list check_tests_list
  # Every module the runtime parses from the .ll files assembles with each LLVM (tools/ir.sh);
  # tests/ir.sh checks the converter and that check themselves.
  local assemblers
  mapfile -t assemblers < <(ir_assemblers)
  if [ ${#assemblers[@]} -gt 0 ]; then
    start_check ir-files bash tools/ir.sh check "$root" "${assemblers[@]}"
    start_check ir-script bash tests/ir.sh "${assemblers[0]}"
  else
    total_skipped=$((total_skipped + 2)); skips+=("check/ir-*: no llvm-as-N installed")
  fi
  if bash tools/call_graph.sh supported; then
    start_check call-graph check_call_graph
    start_check call-graph-script bash tests/call_graph.sh
  else
    total_skipped=$((total_skipped + 2)); skips+=("check/call-graph*: $CC writes no call graph (-fcallgraph-info: GCC 10 or newer)")
  fi
  if command -v clang-format-14 >/dev/null 2>&1; then
    start_check format bash tools/format.sh --check
  else
    total_skipped=$((total_skipped + 1)); skips+=("check/format: clang-format-14 not installed")
  fi
  start_check dist-script bash tests/dist.sh
  start_check dist-standalone check_dist
  if command -v cmake >/dev/null 2>&1 && command -v pkg-config >/dev/null 2>&1; then
    start_check cmake-subdirectory bash tests/cmake/run.sh subdirectory "$build/cmake"
    start_check cmake-install-pkgconfig bash tests/cmake/run.sh pkg-config "$build/cmake"
    start_check cmake-dist bash tests/cmake/run.sh dist "$build/cmake" "$build/dist"
  else
    total_skipped=$((total_skipped + 3)); skips+=("check/cmake-*: cmake or pkg-config not installed")
  fi
}

cmd=${1:-build}
case "$cmd" in
  build|demo|test|bench|fuzz|mutate) install_deps "$cmd" ;;
  test-variant|test-llvm) install_deps test ;;
  deps) install_deps "${2:-test}" ;;
esac
# After the packages: a first run on a bare machine finds the LLVM it has just installed.
detect_llvm
case "$cmd" in
  deps)
    echo "$jit_status"
    ;;
  build)
    build_all
    ;;
  format)
    bash tools/format.sh
    ;;
  dist)
    bash tools/dist.sh "$build/dist"
    echo "$build/dist/offload.h"
    echo "$build/dist/offload_impl.c"
    ;;
  test)
    test_all
    ;;
  test-variant)
    [ -n "${2:-}" ] || { echo "usage: ./build.sh test-variant NAME (a variant of build.sh's variant_table)" >&2; exit 2; }
    variant "$2"   # an unknown name stops here, before the build
    unpack_packages liboffload-22 liboffload-22 liboffload-22-dev || true
    build_all
    variant "$2"
    [ "$v_name" = plain ] || build_variant
    echo "== run"
    run_variant
    echo "$total_passed passed, $total_failed failed, $total_skipped skipped"
    [ "$total_failed" = 0 ]
    ;;
  demo)
    build_all
    "$build/tools/demo"
    ;;
  bench)
    build_all
    bash bench/run.sh "$build"
    bash compat/liboffload.sh bench "$build"
    echo "== OpenMP target regions: the runtime's libomptarget plugin vs the stock one"; bash compat/omptarget.sh bench "$build"
    echo "== CUDA runtime layer: <<<>>> and cudaMemcpy vs offload.h"; bash compat/cudart.sh bench "$build"
    ;;
  fuzz)
    build_all
    bash tests/fuzz/run.sh "$build"
    ;;
  mutate)
    shift
    bash tests/mutate.sh "$@"
    ;;
  test-llvm)
    [ -n "${2:-}" ] || { echo "usage: ./build.sh test-llvm LLVM_CONFIG" >&2; exit 2; }
    load_tests_list
    leg_config=$2 leg_dir="$build/llvm$("$2" --version | cut -d. -f1)"
    llvm_leg_build
    run_suite "$(llvm_leg_suite)"
    echo "$total_passed passed, $total_failed failed, $total_skipped skipped"
    [ "$total_failed" = 0 ]
    ;;
  llvm-leg-build)
    # Called by test-llvm and test with LLVM_CONFIG and OFFLOAD_BUILD_DIR set: builds only what
    # the leg runs, into build/llvm<major>/leg (the test library, tools and simulated drivers, the
    # tests llvm_leg_tests names, the liboffload library and its two tests).
    echo "== build ($jit_status, CC=$CC): the tests whose behaviour depends on the LLVM version"
    load_tests_list
    bash tools/ir.sh generate "$build/gen"
    bash tools/dist.sh "$build/dist"
    variant plain
    ( variant_tests=$llvm_leg_tests; compile_variant leg "${v_flags[@]}" )
    bash compat/liboffload.sh build-leg "$build/leg" "$build/leg/liboffload-leg.o"
    ;;
  *)
    echo "usage: ./build.sh [build|test|test-variant NAME|demo|bench|dist|format|fuzz|mutate [NAME...]|deps [COMMAND]|test-llvm LLVM_CONFIG]" >&2
    exit 2
    ;;
esac
