#!/usr/bin/env bash
# tests/fuzz/run.sh BUILD_DIR [SECONDS] — builds the fuzz targets with
# clang-14 -fsanitize=fuzzer,address,undefined (and the simulated drivers with ASan+UBSan, which
# the image targets load) into BUILD_DIR/fuzz, then runs every target for SECONDS (default 60)
# over a scratch copy of its corpus, tests/fuzz/corpus/<target>/ (the committed corpus is not
# changed). Targets:
#
#   rr               fuzz_rr.c             the recording reader (manifest, blobs, checksums)
#   image_elf        fuzz_parsers.c        the image reader: ELF64 (host object, cubin, code object)
#   image_fatbin     fuzz_parsers.c        the image reader: fatbin
#   image_ptx        fuzz_parsers.c        the image reader: PTX
#   image_bitcode    fuzz_parsers.c        the image reader: LLVM bitcode and its wrapper
#   amdgpu_metadata  fuzz_parsers.c        the AMDGPU metadata (MessagePack) reader
#   env_number       fuzz_parsers.c        the environment-number parser
#   jit_manifest     fuzz_jit_manifest.c   the JIT payload and manifest reader
#   remote           fuzz_remote.c         the remote device server's decoder and request handling
#                                          (run by fuzz_parsers: the harness is part of the unit)
#
# FUZZ_TARGETS="a b" runs only those; FUZZ_RUNS=N stops each target after N executions or
# SECONDS, whichever comes first. Prints each target's executions; exits non-zero when a
# target finds a crash, a leak, a timeout or undefined behaviour (the reproducer is left in
# BUILD_DIR/fuzz/<target>/; add it to the target's corpus as a regression input once fixed).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${1:?usage: tests/fuzz/run.sh BUILD_DIR [SECONDS]}
mkdir -p "$build"
build=$(cd "$build" && pwd)
seconds=${2:-60}
clang=${FUZZ_CC:-clang-14}
if ! command -v "$clang" >/dev/null 2>&1; then
  echo "fuzz: $clang not found; cannot build the fuzzers" >&2
  exit 1
fi
out="$build/fuzz"
mkdir -p "$out/sim"
sanitize=(-g -O1 -fsanitize=address,undefined -fno-sanitize-recover=undefined)
flags=(-std=gnu11 "${sanitize[@]}" -fsanitize=fuzzer -I"$root" -DOFFLOAD_TEST_ROOT="\"$root\"")
pids=()
for sim in cuda_sim hsa_sim; do
  "$clang" -std=gnu11 "${sanitize[@]}" -fPIC -shared "$root/tests/sim/$sim.c" -o "$out/sim/$sim.so" -ldl -lpthread & pids+=($!)
done
# The implementation, compiled once with the fuzzers' instrumentation, the test hooks
# (tests/test_hooks.h) and without the JIT, with the remote server's harness, fuzz_remote.c, in
# its unit (the server's internals are private). The other targets reach the runtime through
# offload.h and the hooks only (the JIT payload reader too: it needs no LLVM). The IR strings
# are generated here (tools/ir.sh).
bash "$root/tools/ir.sh" generate "$out/gen"
"$clang" -std=gnu11 "${sanitize[@]}" -fsanitize=fuzzer-no-link -I"$root" -I"$out/gen" -DOFFLOAD_TEST_HOOKS \
  -DOFFLOAD_NO_JIT -c "$here/fuzz_remote.c" -o "$out/offload_impl.o"
for target in fuzz_rr fuzz_parsers fuzz_jit_manifest; do
  "$clang" "${flags[@]}" "$here/$target.c" "$out/offload_impl.o" -o "$out/$target" -ldl -lpthread -lm & pids+=($!)
done
for p in "${pids[@]}"; do wait "$p"; done

# binary_of TARGET: the fuzzer that runs it.
binary_of() {
  case "$1" in
    rr) echo fuzz_rr ;;
    jit_manifest) echo fuzz_jit_manifest ;;
    *) echo fuzz_parsers ;;
  esac
}

targets=${FUZZ_TARGETS:-"rr image_elf image_fatbin image_ptx image_bitcode amdgpu_metadata env_number jit_manifest remote"}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failed=0
total=0
for target in $targets; do
  mkdir -p "$work/$target" "$out/$target"
  cp "$here/corpus/$target"/* "$work/$target/"
  log="$out/$target/fuzz.log"
  rc=0
  limit=(-max_total_time="$seconds")
  [ -n "${FUZZ_RUNS:-}" ] && limit+=(-runs="$FUZZ_RUNS")
  (cd "$out/$target" && FUZZ_TARGET=$target FUZZ_SIM_DIR="$out/sim" ASAN_OPTIONS=detect_leaks=1 \
     "$out/$(binary_of "$target")" "${limit[@]}" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
     -print_final_stats=1 "$work/$target" >"$log" 2>&1) || rc=$?
  runs=$(sed -nE 's/^stat::number_of_executed_units: *([0-9]+)/\1/p' "$log" | tail -n 1 || true)
  if [ $rc != 0 ]; then
    tail -n 40 "$log" >&2
    echo "fuzz: $target FOUND A PROBLEM after ${runs:-?} executions (see $out/$target)" >&2
    failed=1
  else
    printf 'fuzz: %-16s %10s executions over %s seeds, no findings\n' "$target" "${runs:-?}" \
      "$(ls "$here/corpus/$target" | wc -l)"
    total=$((total + ${runs:-0}))
  fi
done
echo "fuzz: $total executions in all"
exit $failed
