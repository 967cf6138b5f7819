#!/usr/bin/env bash
# compat/omptarget.sh — the libomptarget plugin (compat/omptarget_plugin.c): build, test, bench.
#
#   bash compat/omptarget.sh build BUILD_DIR   builds BUILD_DIR/compat/libomptarget.rtl.x86_64.so,
#                                              BUILD_DIR/tests/test_omp (a wrapper running
#                                              `test`, so the suite counts it like any test) and
#                                              every tests/omp/*.c with clang-14, into BUILD_DIR/omp
#   bash compat/omptarget.sh test BUILD_DIR    runs every tests/omp program
#                                              with the stock plugin and with ours, requires the
#                                              same output (and that ours was the one loaded);
#                                              runs those marked `omp-test: remote` on a remote
#                                              server's host device under mpirun; then
#                                              records each program marked `omp-test: record` on
#                                              ours and replays every entry with offload-replay
#                                              --verify (plain and ASan). One line per check,
#                                              then "N passed, N failed, N skipped".
#   bash compat/omptarget.sh build-sanitized BUILD_DIR NAME CORE_OBJECT CFLAGS...
#                                              the plugin of a sanitizer variant (asan, tsan) from
#                                              its core object, and BUILD_DIR/NAME/tests/test_omp,
#                                              which runs `test-sanitized BUILD_DIR NAME`: every
#                                              tests/omp program on that plugin, no report allowed
#   bash compat/omptarget.sh bench BUILD_DIR   bench/bench_omp.c with the stock plugin, with ours and
#                                              with ours under OFFLOAD_OMP_QUEUES=1, alternating
#                                              processes: `name: ours=… peer=… ratio=…`, then
#                                              `name_queues: queues=… ours=… vs_ours=…`
#
# libomptarget loads its plugins by name (libomptarget.rtl.x86_64.so) and looks on
# LD_LIBRARY_PATH before its own directory: that is how one binary runs on either plugin.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cmd=${1:?usage: compat/omptarget.sh build|test|bench BUILD_DIR}
build=${2:-$root/build}
CC=${CC:-cc}
plugin_dir="$build/compat"
omp_cc=(clang-14 -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu)

build_plugin() {
  mkdir -p "$plugin_dir" "$build/tests"
  # Only the plugin interface is exported: the runtime inside stays private to the plugin, so
  # a program that links the runtime itself keeps its own copy apart.
  printf '{ global: __tgt_rtl_*; local: *; };\n' > "$plugin_dir/plugin.map"
  $CC -std=gnu11 -g -O2 -fPIC -pthread -Wall -Wextra -Wpedantic -Werror -I"$root" -shared \
    "$root/compat/omptarget_plugin.c" "$build/liboffload.a" -o "$plugin_dir/libomptarget.rtl.x86_64.so" \
    -Wl,--version-script="$plugin_dir/plugin.map" -Wl,-z,defs $(cat "$build/link_flags")
  printf '#!/bin/sh\nexec bash "%s/compat/omptarget.sh" test "%s"\n' "$root" "$build" > "$build/tests/test_omp"
  chmod +x "$build/tests/test_omp"
  build_programs
}

# omp_available: clang-14 with OpenMP offloading and LLVM 14's libomptarget are installed.
omp_available() {
  command -v clang-14 >/dev/null 2>&1 && [ -e /usr/lib/llvm-14/lib/libomptarget.so ]
}

# build_programs: every tests/omp program into BUILD_DIR/omp, once, for the plain leg and the
# sanitized ones alike (their runs may be under way at the same time); a program that does not
# compile is left out with its log, NAME.cc.log, which its test reports.
build_programs() {
  omp_available || return 0
  mkdir -p "$build/omp"
  local src name
  for src in "$root"/tests/omp/*.c; do
    name=$(basename "${src%.c}")
    rm -f "$build/omp/$name"
    compile_omp "$src" "$build/omp/$name" 2>"$build/omp/$name.cc.log" || rm -f "$build/omp/$name"
  done
}

# program_built NAME: the program build_programs made of tests/omp/NAME.c; a failure naming
# its compile log otherwise.
program_built() {
  [ -x "$build/omp/$1" ] && return 0
  fail "omp/$1: does not compile"; tail -n 5 "$build/omp/$1.cc.log" 2>/dev/null | sed 's/^/    /'
  return 1
}

passed=0; failed=0; skipped=0
pass() { echo "ok      $1"; passed=$((passed + 1)); }
fail() { echo "  FAIL $1"; failed=$((failed + 1)); }
skip() { echo "  SKIP $1"; skipped=$((skipped + 1)); }

# compile_omp SRC EXE: a test program; a file with `// omp-test: library` also builds its
# -DOMP_LIBRARY half as lib<name>.so next to the program, which links it.
compile_omp() {
  local src=$1 exe=$2 dir; dir=$(dirname "$exe")
  if grep -q '// omp-test: library' "$src"; then
    local name; name=$(basename "$exe")
    "${omp_cc[@]}" -fPIC -shared -DOMP_LIBRARY "$src" -o "$dir/lib$name.so" &&
      "${omp_cc[@]}" "$src" -o "$exe" -L"$dir" -l"$name" -Wl,-rpath,"$dir"
  else
    "${omp_cc[@]}" "$src" -o "$exe"
  fi
}

# side_by_side NAME EXE: stock and ours give the same stdout, both exit 0, and ours was loaded
# (its runtime logs the host backend at OFFLOAD_DEBUG=3). Every program checks its own results
# and ends with "all checks passed", so identical output is also correct output.
side_by_side() {
  local name=$1 exe=$2 out="$build/omp/$1"
  local rc_stock=0 rc_ours=0
  # (braces: the shell's own "Segmentation fault" notice for a known crash stays out of the log)
  { timeout 120 "$exe" >"$out.stock" 2>"$out.stock.err"; } 2>/dev/null || rc_stock=$?
  LD_LIBRARY_PATH="$plugin_dir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" OFFLOAD_DEBUG=3 \
    timeout 120 "$exe" >"$out.ours" 2>"$out.ours.err" || rc_ours=$?
  if [ "$rc_stock" != 0 ] && grep -q '// omp-test: stock-fails' "$root/tests/omp/$name.c"; then
    # A program the stock plugin is known to fail (the file says why): ours must pass its checks.
    if [ "$rc_ours" = 0 ] && grep -q '^offload: host backend' "$out.ours.err" &&
       [ "$(tail -n 1 "$out.ours")" = "all checks passed" ]; then
      pass "omp/$name (stock plugin fails as known, exit $rc_stock; ours passes the program's checks)"
    else
      fail "omp/$name: exit $rc_ours with ours"; tail -n 5 "$out.ours" "$out.ours.err" | sed 's/^/    /'
    fi
  elif [ "$rc_stock" != 0 ]; then
    fail "omp/$name: exit $rc_stock with the stock plugin"; tail -n 5 "$out.stock.err" | sed 's/^/    /'
  elif [ "$rc_ours" != 0 ]; then
    fail "omp/$name: exit $rc_ours with ours"; grep -v '^offload: ' "$out.ours.err" | tail -n 5 | sed 's/^/    /'
  elif ! grep -q '^offload: host backend' "$out.ours.err"; then
    fail "omp/$name: the runtime's plugin was not loaded"
  elif ! cmp -s "$out.stock" "$out.ours"; then
    fail "omp/$name: output differs from the stock plugin's"; diff "$out.stock" "$out.ours" | head -n 10 | sed 's/^/    /'
  else
    pass "omp/$name ($(wc -l < "$out.ours") lines, same as the stock plugin)"
  fi
  # Files marked `// omp-test: queues` run once more with asynchronous operations on queues.
  grep -q '// omp-test: queues' "$root/tests/omp/$name.c" || return 0
  local rc_queues=0
  LD_LIBRARY_PATH="$plugin_dir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" OFFLOAD_OMP_QUEUES=1 \
    timeout 120 "$exe" >"$out.queues" 2>"$out.queues.err" || rc_queues=$?
  if [ "$rc_queues" = 0 ] && cmp -s "$out.stock" "$out.queues"; then
    pass "omp/$name with OFFLOAD_OMP_QUEUES=1 (same as the stock plugin)"
  else
    fail "omp/$name with OFFLOAD_OMP_QUEUES=1: exit $rc_queues or output differs"
    diff "$out.stock" "$out.queues" | head -n 10 | sed 's/^/    /'; tail -n 5 "$out.queues.err" | sed 's/^/    /'
  fi
}

# replay_entry TOOL ENTRY OUT: one entry replayed with --verify in a fresh process; prints its
# exit status. 128+N is death by signal N: a crash, whatever the entry holds.
replay_entry() {
  local rc=0
  { timeout 120 "$1" "$2" --verify >"$3" 2>&1; } 2>/dev/null || rc=$?
  echo "$rc"
}

# record_and_replay NAME EXE: the program runs on ours under OFFLOAD_RECORD_DIR (with outputs),
# then every entry replays in a fresh process with --verify, with the plain offload-replay and
# with the ASan+UBSan one when that variant is built. A program marked `omp-test: record` must
# verify every entry; one marked `omp-test: record-refused` (its regions touch the program's
# own memory, which no entry holds) must have each entry verify or be refused (exit status 3) with the
# replay's message, at least one refused; no replay may end by a signal or a sanitizer report.
record_and_replay() {
  local name=$1 exe=$2 dir; dir=$(mktemp -d /tmp/offload-omp-rr-XXXXXX)
  local refusing=0 rc=0
  grep -q '// omp-test: record-refused' "$root/tests/omp/$name.c" && refusing=1
  LD_LIBRARY_PATH="$plugin_dir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" OFFLOAD_RECORD_DIR="$dir" OFFLOAD_RECORD_OUTPUT=1 \
    timeout 120 "$exe" >"$build/omp/$name.record.out" 2>&1 || rc=$?
  local entries; entries=$(find "$dir" -mindepth 1 -maxdepth 1 -type d ! -name '.*' | sort)
  local count; count=$(printf '%s' "$entries" | grep -c . || true)
  if [ "$rc" != 0 ] || [ "$count" = 0 ]; then
    fail "omp/$name record: exit $rc, $count entries"; tail -n 5 "$build/omp/$name.record.out" | sed 's/^/    /'
    rm -rf "$dir"; return 0
  fi
  local tool label
  for tool in "$build/tools/offload-replay" "$build/asan/tools/offload-replay"; do
    [ -x "$tool" ] || continue
    label=plain; [[ "$tool" == */asan/* ]] && label=asan
    local bad=0 refused=0 entry out="$build/omp/$name.replay.$label.out" status
    while IFS= read -r entry; do
      # use_tls=0: a libomp worker thread that a replayed region started outlives the image,
      # and LeakSanitizer's tracer faults reading that thread's stale dynamic-TLS entry for it.
      status=$(ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=use_tls=0 replay_entry "$tool" "$entry" "$out")
      if [ "$status" = 0 ] && grep -q 'verify: OK' "$out"; then continue; fi
      if [ "$refusing" = 1 ] && [ "$status" = 3 ] && grep -q 'cannot be replayed' "$out" &&
         ! grep -q 'Sanitizer\|runtime error' "$out"; then
        refused=$((refused + 1)); continue
      fi
      bad=$((bad + 1)); echo "    $label $(basename "$entry"): exit $status"; tail -n 3 "$out" | sed 's/^/      /'
    done <<< "$entries"
    if [ "$bad" != 0 ]; then
      fail "omp/$name record ($label replay): $bad of $count entries did not replay and verify"
    elif [ "$refusing" = 1 ] && [ "$refused" = 0 ]; then
      fail "omp/$name record ($label replay): no entry was refused, yet its regions touch memory no entry holds"
    elif [ "$refusing" = 1 ]; then
      pass "omp/$name record ($label replay): $count target regions recorded; $((count - refused)) verify: OK, $refused refused (pointers outside the arena), none crashed"
    else
      pass "omp/$name record ($label replay): $count target regions recorded, each replayed with --verify: OK"
    fi
  done
  rm -rf "$dir"
}

# on_remote NAME EXE: a program marked `omp-test: remote` runs as rank 0 of
# `mpirun -np 1 EXE : -np 1 offload-remote-server` on OpenMP device 4, the server's host device
# (OFFLOAD_REMOTE=mpi OMP_DEFAULT_DEVICE=4, and OMP_TARGET_OFFLOAD=MANDATORY so that nothing falls
# back to the host unseen). Its output must be the local run's (the stock plugin's, or ours where
# the stock one fails), and the plugin must have said that device 4 is rank 1's. One marked
# `omp-test: remote-refused` asks for what another process cannot give (shared memory): device 4
# must be refused with the plugin's reason, which libomptarget then reports as a fatal error
# (exit status 134) before any region runs; the server must not crash. With a third argument 1,
# the run is under OFFLOAD_OMP_QUEUES=1 (for programs also marked `omp-test: queues`).
on_remote() {
  local name=$1 exe=$2 queues=${3:-0} src="$root/tests/omp/$1.c" expected
  local server="$build/tools/offload-remote-server" rc=0 out="$build/omp/$1"
  grep -q '// omp-test: remote' "$src" || return 0
  if [ "$queues" = 1 ]; then name="$name with OFFLOAD_OMP_QUEUES=1"; out="$out.queues"; fi
  if ! command -v mpirun >/dev/null 2>&1; then skip "omp/$name on a remote device: mpirun is not installed (openmpi-bin)"; return 0; fi
  if [ ! -x "$server" ]; then fail "omp/$name on a remote device: $server is not built"; return 0; fi
  expected="$build/omp/$1.stock"
  grep -q '// omp-test: stock-fails' "$src" && expected="$build/omp/$1.ours"
  OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 LD_LIBRARY_PATH="$plugin_dir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" \
    OFFLOAD_REMOTE=mpi OFFLOAD_DEBUG=1 OMP_DEFAULT_DEVICE=4 OMP_TARGET_OFFLOAD=MANDATORY OFFLOAD_OMP_QUEUES=$queues \
    timeout 120 mpirun --oversubscribe -x LD_LIBRARY_PATH -x OFFLOAD_REMOTE -x OFFLOAD_DEBUG -x OMP_DEFAULT_DEVICE \
    -x OMP_TARGET_OFFLOAD -x OFFLOAD_OMP_QUEUES -np 1 "$exe" : -np 1 "$server" >"$out.remote" 2>"$out.remote.err" \
    </dev/null || rc=$?
  if ! grep -q "^offload: OpenMP device 4 is remote rank 1's device" "$out.remote.err"; then
    fail "omp/$name on a remote device: OpenMP device 4 is not the server's (exit $rc)"
    grep -v '^offload: ' "$out.remote.err" | tail -n 5 | sed 's/^/    /'
  elif grep -q '// omp-test: remote-refused' "$src"; then
    if [ "$rc" != 0 ] && ! grep -q 'rank 1 .*exited on signal' "$out.remote.err" &&
       grep -q 'OpenMP device 4 is a remote server.s and cannot reach this process.s memory' "$out.remote.err"; then
      pass "omp/$name on a remote device: refused with the reason (it requires shared memory), exit $rc"
    else
      fail "omp/$name on a remote device: exit $rc, not refused with the reason"; tail -n 5 "$out.remote.err" | sed 's/^/    /'
    fi
  elif [ "$rc" != 0 ]; then
    fail "omp/$name on a remote device: exit $rc"; grep -v '^offload: ' "$out.remote.err" | tail -n 5 | sed 's/^/    /'
  elif ! cmp -s "$expected" "$out.remote"; then
    fail "omp/$name on a remote device: output differs from the local run's"; diff "$expected" "$out.remote" | head -n 10 | sed 's/^/    /'
  else
    pass "omp/$name on remote rank 1's host device ($(wc -l < "$out.remote") lines, same as the local run)"
  fi
}

run_tests() {
  if ! omp_available; then
    skip "omp: clang-14 or LLVM 14's libomptarget not installed (libomp-14-dev)"
  else
    for src in "$root"/tests/omp/*.c; do
      local name; name=$(basename "${src%.c}")
      program_built "$name" || continue
      side_by_side "$name" "$build/omp/$name"
      on_remote "$name" "$build/omp/$name"
      if grep -q '// omp-test: queues' "$src"; then on_remote "$name" "$build/omp/$name" 1; fi
    done
    for src in "$root"/tests/omp/*.c; do
      grep -q '// omp-test: record' "$src" || continue
      local name; name=$(basename "${src%.c}")
      if [ -x "$build/omp/$name" ] && [ -x "$build/tools/offload-replay" ]; then
        record_and_replay "$name" "$build/omp/$name"
      else
        fail "omp/$name record: the program or offload-replay is not built"
      fi
    done
  fi
  echo "$passed passed, $failed failed, $skipped skipped"
  [ "$failed" = 0 ]
}

# Medians of per-operation times over alternating processes: stock, ours, stock, ours, ...
run_bench() {
  if ! command -v clang-14 >/dev/null 2>&1; then echo "skipped: clang-14 with OpenMP offload not found"; return 0; fi
  mkdir -p "$build/bench"
  "${omp_cc[@]}" "$root/bench/bench_omp.c" -o "$build/bench/bench_omp"
  local runs=${OMP_BENCH_RUNS:-7} i
  : > "$build/bench/omp.stock"; : > "$build/bench/omp.ours"; : > "$build/bench/omp.queues"
  for ((i = 0; i < runs; i++)); do
    "$build/bench/bench_omp" >> "$build/bench/omp.stock"
    LD_LIBRARY_PATH="$plugin_dir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" "$build/bench/bench_omp" >> "$build/bench/omp.ours"
    LD_LIBRARY_PATH="$plugin_dir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" OFFLOAD_OMP_QUEUES=1 \
      "$build/bench/bench_omp" >> "$build/bench/omp.queues"
  done
  echo "# OpenMP target regions, one binary: ours = this plugin, peer = LLVM 14's stock x86_64 plugin,"
  echo "# queues = this plugin with OFFLOAD_OMP_QUEUES=1 (vs_ours: queues / ours);"
  echo "# median over $runs alternating processes of each process's median per-operation time"
  python3 - "$build/bench/omp.ours" "$build/bench/omp.stock" "$build/bench/omp.queues" <<'EOF'
import statistics, sys
def read(path):
    d = {}
    for line in open(path):
        if line.startswith('#'): continue
        name, ns = line.split()
        d.setdefault(name, []).append(float(ns))
    return d
ours, peer, queues = read(sys.argv[1]), read(sys.argv[2]), read(sys.argv[3])
for name in ours:
    o, p = statistics.median(ours[name]), statistics.median(peer[name])
    print(f"omp_{name}: ours={o / 1000:.3f}us peer={p / 1000:.3f}us ratio={o / p:.2f}")
for name in queues:
    q, o = statistics.median(queues[name]), statistics.median(ours[name])
    print(f"omp_{name}_queues: queues={q / 1000:.3f}us ours={o / 1000:.3f}us vs_ours={q / o:.2f}")
EOF
}

# ---- Sanitizer legs -------------------------------------------------------------------------
# The programs and libomp/libomptarget are not instrumented; only the plugin and the runtime in
# it are. The sanitizer's runtime is preloaded (ASan must come before every other DSO), and a
# report anywhere fails the run.

# build_sanitized NAME CORE_OBJECT CFLAGS...: BUILD_DIR/NAME/compat/libomptarget.rtl.x86_64.so
# from the variant's core object, and BUILD_DIR/NAME/tests/test_omp, which build.sh's run of
# that variant counts. With UBSan, the plugin's own code is also built with clang-14's
# -fsanitize=undefined over the plain core (BUILD_DIR/NAME/compat/clang-ubsan/): GCC's UBSan
# does not diagnose arithmetic on a NULL pointer, clang's does.
build_sanitized() {
  local name=$1 object=$2; shift 2
  local dir="$build/$name/compat"
  mkdir -p "$dir" "$build/$name/tests"
  printf '{ global: __tgt_rtl_*; local: *; };\n' > "$dir/plugin.map"
  $CC -std=gnu11 -g -fPIC -pthread -Wall -Wextra -Wpedantic -Werror -I"$root" -shared "$@" \
    "$root/compat/omptarget_plugin.c" "$object" -o "$dir/libomptarget.rtl.x86_64.so" \
    -Wl,--version-script="$dir/plugin.map" $(cat "$build/link_flags")
  if [[ " $* " == *" -fsanitize="*undefined* ]] && command -v clang-14 >/dev/null 2>&1; then
    mkdir -p "$dir/clang-ubsan"
    local rt; rt=$(dirname "$(clang-14 -print-file-name=libclang_rt.ubsan_standalone-x86_64.so)")
    clang-14 -std=gnu11 -g -O1 -fPIC -pthread -Wall -Wextra -Wpedantic -Werror -I"$root" -shared \
      -fsanitize=undefined -fno-sanitize-recover=undefined -shared-libsan -Wl,-rpath,"$rt" \
      "$root/compat/omptarget_plugin.c" "$build/liboffload.a" -o "$dir/clang-ubsan/libomptarget.rtl.x86_64.so" \
      -Wl,--version-script="$dir/plugin.map" $(cat "$build/link_flags")
  fi
  printf '#!/bin/sh\nexec bash "%s/compat/omptarget.sh" test-sanitized "%s" "%s"\n' "$root" "$build" "$name" \
    > "$build/$name/tests/test_omp"
  chmod +x "$build/$name/tests/test_omp"
}

# sanitized_run LABEL PLUGIN_DIR EXE ENV...: the program on that plugin, with the sanitizer
# runtime that `preload` names preloaded (none for UBSan alone): exit 0, the program's own checks
# passed, our plugin loaded and no sanitizer report.
sanitized_run() {
  local label=$1 plugin=$2 exe=$3; shift 3
  local out="$build/$variant/omp/$label" rc=0
  env "$@" LD_PRELOAD="$preload" LD_LIBRARY_PATH="$plugin${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" OFFLOAD_DEBUG=3 \
    timeout 120 "$exe" >"$out.out" 2>"$out.err" || rc=$?
  if [ "$rc" = 0 ] && [ "$(tail -n 1 "$out.out")" = "all checks passed" ] &&
     grep -q '^offload: host backend' "$out.err" &&
     ! grep -qE 'ERROR: (Address|Leak)Sanitizer|runtime error:|WARNING: ThreadSanitizer' "$out.err"; then
    pass "omp/$label"
  else
    fail "omp/$label: exit $rc (see $out.err)"
    grep -v '^offload: ' "$out.err" | grep -m 1 -A 12 -E 'Sanitizer|runtime error' | sed 's/^/    /' || true
  fi
}

# run_sanitized NAME: every tests/omp program (build_programs' build, shared with the plain leg) on the
# NAME variant's plugin, also with OFFLOAD_OMP_QUEUES=1 where the file asks for it.
run_sanitized() {
  variant=$1
  local dir="$build/$variant/compat" env=()
  if ! omp_available; then
    skip "omp: clang-14 or LLVM 14's libomptarget not installed (libomp-14-dev)"
    echo "$passed passed, $failed failed, $skipped skipped"; return 0
  fi
  case $variant in
    asan) env=(ASAN_OPTIONS=detect_leaks=1:abort_on_error=0 UBSAN_OPTIONS=print_stacktrace=1) ;;
    # libomp's synchronization is invisible to TSan (not instrumented): its own accesses are not
    # checked (ignore_noninstrumented_modules, as LLVM's Archer advises). Archer itself, which
    # tells TSan about OpenMP's synchronization, crashes LLVM 14's libomp in teams regions.
    tsan) env=(TSAN_OPTIONS="halt_on_error=1 ignore_noninstrumented_modules=1 suppressions=$root/tests/omp/tsan.supp") ;;
  esac
  mkdir -p "$build/$variant/omp"
  local preload asan_or_tsan; asan_or_tsan=$(ldd "$dir/libomptarget.rtl.x86_64.so" | awk '/lib(asan|tsan)\.so/ { print $3 }')
  for src in "$root"/tests/omp/*.c; do
    local name exe; name=$(basename "${src%.c}"); exe="$build/omp/$name"
    program_built "$name" || continue
    preload=$asan_or_tsan
    sanitized_run "$name" "$dir" "$exe" "${env[@]}"
    if grep -q '// omp-test: queues' "$src"; then
      sanitized_run "$name-queues" "$dir" "$exe" "${env[@]}" OFFLOAD_OMP_QUEUES=1
    fi
    if [ -d "$dir/clang-ubsan" ]; then
      preload=
      sanitized_run "$name-clang-ubsan" "$dir/clang-ubsan" "$exe" UBSAN_OPTIONS=print_stacktrace=1
    fi
  done
  echo "$passed passed, $failed failed, $skipped skipped"
  [ "$failed" = 0 ]
}

case "$cmd" in
  build) build_plugin ;;
  test) run_tests ;;
  bench) run_bench ;;
  build-sanitized) shift 2; build_sanitized "$@" ;;
  test-sanitized) run_sanitized "${3:?variant name missing}" ;;
  *) echo "usage: compat/omptarget.sh build|test|bench BUILD_DIR, or build-sanitized|test-sanitized BUILD_DIR NAME ..." >&2; exit 2 ;;
esac
