#!/usr/bin/env bash
# tests/gpu/run.sh OUTDIR — the CUDA checks that need an NVIDIA GPU, in a few minutes.
#
# Builds without LLVM (-DOFFLOAD_NO_JIT: the kernels come from tests/gpu/kernels.ptx, generated
# beforehand from kernels.ll), runs the CUDA tests on the simulated driver and on the stub, then
# tests/gpu/test_gpu_cuda, the conformance suite, bench/bench_cuda, rpc_gpu and warp_gpu (their
# kernels JIT-compiled beforehand from rpc_gpu.ll and warp_gpu.ll) on the real driver. Writes
# OUTDIR/log.txt (every output) and OUTDIR/results.md (the table for docs/gpu-results.md).
# Environment: CC (default cc), CUDA_LIBRARY (default libcuda.so.1).
#
# Exit status: 0 when every check passed on a GPU, 77 ("skipped: no GPU", the last line) when the
# driver has no device (the simulated-driver and stub tests still ran and passed), 1 when a check
# failed. Each step has its own timeout; the whole script stays under 5 minutes.
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
out=${1:?usage: tests/gpu/run.sh OUTDIR}
mkdir -p "$out/build/sim" "$out/build/tests"
out=$(cd "$out" && pwd)
cd "$root"
CC=${CC:-cc}
library=${CUDA_LIBRARY:-libcuda.so.1}
log="$out/log.txt"
: >"$log"
flags=(-std=gnu11 -O2 -g -pthread -Wall -Wextra -Werror -I"$root" -DOFFLOAD_NO_JIT -DOFFLOAD_NO_AMDGPU
       -DOFFLOAD_TEST_ROOT="\"$root\"" -DOFFLOAD_TEST_BUILD="\"$out/build\"")
status=0

step() { # step NAME COMMAND...: runs one step, logs it, remembers a failure
  echo "== $1" | tee -a "$log"
  shift
  "$@" >>"$log" 2>&1 || { echo "   FAILED (exit $?)" | tee -a "$log"; status=1; }
  tail -n 1 "$log" | grep -E '^[0-9]+ passed|^no CUDA' || true
}

{ echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"; echo "commit: $(git rev-parse --short HEAD 2>/dev/null)";
  nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>&1 || true
  $CC --version | head -n 1; } >>"$log"

step "build simulated driver" $CC "${flags[@]}" -fPIC -shared tests/sim/cuda_sim.c -o "$out/build/sim/cuda_sim.so"
# The implementation is compiled once, with the test hooks (tests/test_hooks.h), and every
# program links it; a test that still includes the implementation is a unity build of its own.
lib="$out/build/offload_impl-test.o"
step "build the library" $CC "${flags[@]}" -DOFFLOAD_TEST_HOOKS -c offload_impl.c -o "$lib"
for t in tests/test_cuda_*.c; do
  if grep -q '#include "../offload_impl.c"' "$t"; then
    step "build $(basename "${t%.c}")" $CC "${flags[@]}" "$t" -o "$out/build/tests/$(basename "${t%.c}")" -ldl -lm
  else
    step "build $(basename "${t%.c}")" $CC "${flags[@]}" "$t" "$lib" -o "$out/build/tests/$(basename "${t%.c}")" -ldl -lm
  fi
done
step "build test_gpu_cuda" $CC "${flags[@]}" tests/gpu/test_gpu_cuda.c "$lib" -o "$out/build/test_gpu_cuda" -ldl -lm
step "build bench_cuda" $CC "${flags[@]}" bench/bench_cuda.c "$lib" -o "$out/build/bench_cuda" -ldl -lm

for t in "$out"/build/tests/test_cuda_*; do
  step "run $(basename "$t") (simulated driver, stub)" timeout 240 "$t"
done
# On the GPU: tail-padded arguments (shared_sum: 16-byte struct, 12 bytes of parameters), static
# plus dynamic shared memory, synchronous 256 MiB fill and device-to-device copy before a queued
# kernel reading the last element with the legacy stream busy, a spinning kernel under a 2 s
# wait_timeout_ms, copies between two GPUs when there are two, then, in a process of its own (it
# kills the primary context), a faulting kernel. The RPC kernel freeing 4 MiB is in rpc_gpu
# below. 77 = no GPU.
echo "== run test_gpu_cuda ($library)" | tee -a "$log"
gpu_rc=0
timeout 120 "$out/build/test_gpu_cuda" "$library" tests/gpu/kernels.ptx >>"$log" 2>&1 || gpu_rc=$?
tail -n 1 "$log"
no_gpu=0
if [ $gpu_rc = 77 ]; then
  no_gpu=1
else
  [ $gpu_rc = 0 ] || { echo "   FAILED (exit $gpu_rc)" | tee -a "$log"; status=1; }
  step "run test_gpu_cuda --fault ($library)" timeout 60 "$out/build/test_gpu_cuda" "$library" tests/gpu/kernels.ptx --fault
fi
# The conformance suite (tests/conformance/) on the host device and the simulated driver, then on
# the real driver; 77 = no GPU.
step "build test_conformance" $CC "${flags[@]}" tests/test_conformance.c "$lib" -o "$out/build/test_conformance" -ldl -lm
step "run test_conformance (host, simulated driver)" timeout 120 "$out/build/test_conformance" --device host --device cuda-sim
echo "== run test_conformance --device cuda ($library)" | tee -a "$log"
conf_rc=0
OFFLOAD_CUDA_LIBRARY="$library" timeout 120 "$out/build/test_conformance" --device cuda >>"$log" 2>&1 || conf_rc=$?
tail -n 1 "$log"
[ $conf_rc = 0 ] || [ $conf_rc = 77 ] || { echo "   FAILED (exit $conf_rc)" | tee -a "$log"; status=1; }
echo "== run bench_cuda ($library)" | tee -a "$log"
timeout 120 "$out/build/bench_cuda" "$library" tests/gpu/kernels.ptx >"$out/bench.txt" 2>&1 || status=1
cat "$out/bench.txt" | tee -a "$log"

# RPC on the GPU: a kernel freeing a 4 MiB block it allocated through RPC (bounded: 20 s per
# wait), printf from 10^5 threads (every line arrives once), throughput against CUDA's own device
# printf, round trip. Its stdout also carries the device printf output: with the printf FIFO set
# large enough (rpc_printf_fifo line) all 5 x 10^5 of the peer's lines must be there, else the
# ratio would compare our full output with a peer that dropped most of its own.
step "build rpc_gpu" $CC "${flags[@]}" tests/gpu/rpc_gpu.c "$lib" -o "$out/build/rpc_gpu" -ldl -lm
step "run rpc_gpu" sh -c "OFFLOAD_CUDA_LIBRARY=\"$library\" timeout 120 \"$out/build/rpc_gpu\" tests/gpu/rpc_gpu.ptx > \"$out/rpc_gpu.stdout\""
grep -E '^rpc_' "$out/rpc_gpu.stdout" | tee -a "$log" >"$out/rpc.txt" || true
if grep -q '^rpc_printf_gpu' "$out/rpc.txt"; then
  peer_lines=$(grep -cE '^line [0-9]+ of 100000$' "$out/rpc_gpu.stdout" || true)
  echo "rpc_printf_peer_lines: $peer_lines of 500000 (CUDA device printf, 5 launches)" | tee -a "$log" >>"$out/rpc.txt"
  [ "$peer_lines" = 500000 ] || { echo "   FAILED (the printf peer lost lines)" | tee -a "$log"; status=1; }
fi

# Warp operations of the device library (JIT'd portable IR, tests/gpu/warp_gpu.ll): a warp sum by
# shuffle_down, ballot/any/all (also in a partial warp), every shuffle flavour and the warp barrier.
step "build warp_gpu" $CC "${flags[@]}" tests/gpu/warp_gpu.c "$lib" -o "$out/build/warp_gpu" -ldl -lm
step "run warp_gpu" env OFFLOAD_CUDA_LIBRARY="$library" timeout 60 "$out/build/warp_gpu" tests/gpu/warp_gpu.ptx

# results.md: the GPU, the test summary and one table row per benchmark line.
{
  echo "# CUDA results"
  echo
  echo "- date: $(date -u +%Y-%m-%d), commit $(git rev-parse --short HEAD 2>/dev/null)"
  echo "- GPU: $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader 2>/dev/null | head -n 1)"
  echo "- test_gpu_cuda: $(sed -n '/^== run test_gpu_cuda/,/^== build test_conformance/p' "$log" | grep -E '^[0-9]+ passed|^no CUDA|^skipped' | tail -n 1)"
  echo "- test_conformance --device cuda: $(sed -n '/^== run test_conformance --device cuda/,/^== run bench_cuda/p' "$log" | grep -E '^[0-9]+ passed' | tail -n 1)"
  echo "- warp_gpu: $(sed -n '/^== run warp_gpu/,$p' "$log" | grep -E '^[0-9]+ passed' | head -n 1)"
  echo
  echo "| measure | ours | raw Driver API | ratio (ours/raw) |"
  echo "|---|---|---|---|"
  sed -nE 's/^(.*): ours=([^ ]+) raw=([^ ]+) ratio=([^ ]+)$/| \1 | \2 | \3 | \4 |/p' "$out/bench.txt"
  echo
  echo "RPC (peer = CUDA's device printf where named):"
  sed 's/^/    /' "$out/rpc.txt"
  grep -E 'speedup|no CUDA device' "$out/bench.txt" | sed 's/^ */- /'
} >"$out/results.md"
echo "== results ($out/results.md)"
cat "$out/results.md"
if [ $status != 0 ]; then echo "FAILED"; exit 1; fi
if [ $no_gpu = 1 ]; then echo "skipped: no GPU"; exit 77; fi
echo "passed"
exit 0
