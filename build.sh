#!/usr/bin/env bash
# build.sh — the one build entry point.
#
#   ./build.sh            build the libraries, tools, simulated drivers and tests into build/
#   ./build.sh test       build, run the whole suite, then again under ASan+UBSan (and the
#                         concurrency tests under TSan); ends with one line "N passed, N failed"
#   ./build.sh demo       build and run the main job: JIT a portable kernel, run it on every device
#   ./build.sh bench      build and run the benchmarks (side by side with the peers)
#   ./build.sh fuzz       short libFuzzer runs over the corpora in tests/fuzz/
#
# Environment: CC (default cc), LLVM_CONFIG (default: llvm-config-14, then llvm-config; the JIT is
# left out with a note when neither is found), OFFLOAD_NO_JIT=1 forces it out, JOBS (default nproc).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cd "$root"
build="$root/build"
CC=${CC:-cc}
JOBS=${JOBS:-$(nproc)}

warnings=(-Wall -Wextra -Wpedantic -Werror)
base_flags=(-std=gnu11 -g -fPIC -pthread "${warnings[@]}" -I"$root")

# --- LLVM (JIT) detection -----------------------------------------------------------------
jit_cflags=()
jit_libs=()
jit_status="JIT: off"
if [ "${OFFLOAD_NO_JIT:-0}" != 1 ]; then
  llvm_config=${LLVM_CONFIG:-}
  if [ -z "$llvm_config" ]; then
    for c in llvm-config-14 llvm-config; do command -v "$c" >/dev/null 2>&1 && { llvm_config=$c; break; }; done
  fi
  if [ -n "$llvm_config" ] && [ -f "$($llvm_config --includedir)/llvm-c/Core.h" ]; then
    jit_cflags=(-isystem "$($llvm_config --includedir)")
    jit_libs=(-L"$($llvm_config --libdir)" -Wl,-rpath,"$($llvm_config --libdir)" -lLLVM-"$($llvm_config --version | cut -d. -f1)")
    jit_status="JIT: LLVM $($llvm_config --version) ($llvm_config)"
  else
    jit_status="JIT: off (no llvm-config with LLVM-C headers found)"
  fi
fi
[ ${#jit_cflags[@]} -eq 0 ] && jit_cflags=(-DOFFLOAD_NO_JIT)
libs=(-ldl -lpthread -lm)

# compile_variant NAME EXTRA_FLAGS...: builds the library, tools and tests of one variant into
# build/NAME (the plain variant is build/ itself).
compile_variant() {
  local name=$1; shift
  local extra=("$@")
  local out="$build"
  [ "$name" != plain ] && out="$build/$name"
  mkdir -p "$out/tests" "$out/tools" "$out/sim"
  local flags=("${base_flags[@]}" "${extra[@]}" "${jit_cflags[@]}"
               -DOFFLOAD_TEST_ROOT="\"$root\"" -DOFFLOAD_TEST_BUILD="\"$out\"")

  # Instrumented objects get another name: sanitizers add constructors of their own, and the
  # plain build's offload_impl.o is the one checked for global state.
  local object="$out/offload_impl.o"
  [ "$name" != plain ] && object="$out/liboffload-$name.o"
  $CC "${flags[@]}" -c offload_impl.c -o "$object"
  if [ "$name" = plain ]; then
    ar rcs "$out/liboffload.a" "$out/offload_impl.o"
    # What a program linking offload_impl.o needs besides libc (the benchmarks read it).
    echo "${jit_libs[*]} ${libs[*]}" > "$out/link_flags"
    $CC -shared -o "$out/liboffload.so" "$out/offload_impl.o" "${jit_libs[@]}" "${libs[@]}"
  fi

  local pids=()
  for src in tests/sim/*.c; do
    [ -e "$src" ] || continue
    local lib="$out/sim/$(basename "${src%.c}").so"
    $CC "${flags[@]}" -shared "$src" -o "$lib" "${libs[@]}" & pids+=($!)
    throttle
  done
  for src in tools/*.c; do
    [ -e "$src" ] || continue
    $CC "${flags[@]}" "$src" "$object" -o "$out/tools/$(basename "${src%.c}")" "${jit_libs[@]}" "${libs[@]}" & pids+=($!)
    throttle
  done
  for src in tests/test_*.c; do
    [ -e "$src" ] || continue
    if [ "$name" = tsan ] && ! grep -q 'offload-test: tsan' "$src"; then continue; fi
    local exe="$out/tests/$(basename "${src%.c}")"
    # A test that includes the implementation itself (to reach internals, or to embed it the
    # single-file way) is a unity build.
    if grep -qE '#include "../offload_impl.c"|#define OFFLOAD_IMPLEMENTATION' "$src"; then
      $CC "${flags[@]}" "$src" -o "$exe" "${jit_libs[@]}" "${libs[@]}" & pids+=($!)
    else
      $CC "${flags[@]}" "$src" "$object" -o "$exe" "${jit_libs[@]}" "${libs[@]}" & pids+=($!)
    fi
    throttle
  done
  local failed=0
  for p in "${pids[@]}"; do wait "$p" || failed=1; done
  [ $failed = 0 ] || { echo "build of variant $name failed" >&2; exit 1; }
}

# Keeps at most JOBS background compiles running.
throttle() {
  while [ "$(jobs -rp | wc -l)" -ge "$JOBS" ]; do wait -n || true; done
}

build_all() {
  echo "== build ($jit_status, CC=$CC)"
  compile_variant plain -O2
  bash compat/omptarget.sh build "$build"   # libomptarget plugin + build/tests/test_omp
}

# run_suite VARIANT_DIR LABEL [ENV...]: runs every test binary of a variant, adds up the closing
# lines and remembers skips with their reasons.
total_passed=0; total_failed=0; total_skipped=0
skips=()
failures=()
run_suite() {
  local dir=$1 label=$2; shift 2
  for exe in "$dir"/tests/test_*; do
    [ -x "$exe" ] || continue
    local name; name=$(basename "$exe")
    local log="$dir/tests/$name.log"
    local rc=0
    env "$@" timeout 600 "$exe" >"$log" 2>&1 || rc=$?
    local line; line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -n 1 || true)
    if [ -z "$line" ]; then
      echo "  $label/$name: no result line (exit $rc)"; tail -n 20 "$log" | sed 's/^/    /'
      total_failed=$((total_failed + 1)); failures+=("$label/$name (crashed, exit $rc)")
      continue
    fi
    local p f s
    p=$(echo "$line" | sed -E 's/^([0-9]+) passed.*/\1/')
    f=$(echo "$line" | sed -E 's/^[0-9]+ passed, ([0-9]+) failed.*/\1/')
    s=$(echo "$line" | sed -nE 's/.*, ([0-9]+) skipped.*/\1/p'); s=${s:-0}
    if [ "$rc" != 0 ] && [ "$f" = 0 ]; then
      f=1; failures+=("$label/$name (exit $rc after its tests)"); tail -n 20 "$log" | sed 's/^/    /'
    fi
    total_passed=$((total_passed + p)); total_failed=$((total_failed + f)); total_skipped=$((total_skipped + s))
    printf '  %-6s %-28s %s\n' "$label" "$name" "$line"
    [ "$f" != 0 ] && { grep -E '^  FAIL|^FAILED' "$log" | head -n 20 | sed 's/^/    /'; failures+=("$label/$name"); }
    while IFS= read -r skip; do skips+=("$label/$name:${skip#  SKIP}"); done < <(grep -E '^  SKIP' "$log" || true)
  done
}

cmd=${1:-build}
case "$cmd" in
  build)
    build_all
    ;;
  test)
    build_all
    echo "== header and unit under other compilers"
    g++ -std=c++11 -fsyntax-only -Wall -Wextra -Wpedantic -Werror -x c++ offload.h
    if command -v clang-14 >/dev/null 2>&1; then
      clang-14 -std=gnu11 -fsyntax-only "${base_flags[@]}" "${jit_cflags[@]}" offload_impl.c
    fi
    echo "== build (ASan+UBSan)"
    compile_variant asan -O1 -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined
    echo "== build (TSan, concurrency tests)"
    compile_variant tsan -O1 -fsanitize=thread
    echo "== run"
    run_suite "$build" plain
    run_suite "$build/asan" asan ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1
    # TSan needs the address space layout it expects: ASLR can break it on newer kernels.
    run_suite "$build/tsan" tsan TSAN_OPTIONS=halt_on_error=1
    echo "== fuzz (recording reader, short run)"
    if command -v clang-14 >/dev/null 2>&1; then
      if bash tests/fuzz/run.sh "$build" "${FUZZ_SECONDS:-15}"; then
        total_passed=$((total_passed + 1))
      else
        total_failed=$((total_failed + 1)); failures+=("fuzz/fuzz_rr")
      fi
    else
      total_skipped=$((total_skipped + 1)); skips+=("fuzz/fuzz_rr: clang-14 (libFuzzer) not installed")
    fi
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
    ;;
  demo)
    build_all
    "$build/tools/demo"
    ;;
  bench)
    build_all
    bash bench/run.sh "$build"
    echo "== OpenMP target regions: the runtime's libomptarget plugin vs the stock one"; bash compat/omptarget.sh bench "$build"
    ;;
  fuzz)
    build_all
    bash tests/fuzz/run.sh "$build"
    ;;
  *)
    echo "usage: ./build.sh [build|test|demo|bench|fuzz]" >&2
    exit 2
    ;;
esac
