#!/usr/bin/env bash
# tests/gpu/test_run.sh — checks tests/gpu/run.sh's logic where there is no GPU (./build.sh test
# runs it as check/gpu-script):
#   - without a GPU it exits 77 within seconds, before building anything, saying "no GPU"
#     (also for --device amdgpu, and whatever this machine has, with GPU_NODES matching nothing);
#   - a GPU whose driver fails is told apart: device nodes faked with GPU_NODES and a fake
#     libcuda built here whose cuInit fails (exit 1, the driver's code and name), which reports no
#     device (exit 1; 77 when CUDA_VISIBLE_DEVICES hides them), or beside a failing nvidia-smi
#     (exit 1, its message), or without the driver library (exit 1); the toolkit's stub (cuInit
#     34) and Debian's ROCr without /dev/kfd (hsa_init fails) where installed; --probe-only passes on
#     a fake driver that works;
#   - the verdict, fed figures made from the goals table of docs/gpu-results.md: every goal met
#     at its bound passes; one ratio over, one under, one missing, one not a number each fail
#     naming the figure; bench_cuda's and rpc_gpu's lines, in the formats those programs print,
#     become the figures their goals name; a goals file without goals is an error;
#   - every program a GPU run builds builds here, with its flags (run.sh --build-only), and
#     perf_gpu, run on the simulated driver (--quick), prints every figure whose goal names it.
# Ends with the line "N passed, N failed, N skipped".
# shellcheck disable=SC2016 # the backquotes in the expected lines are markdown, not expansions
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root" || exit 1
CC=${CC:-cc}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
run=tests/gpu/run.sh

# shellcheck source=tests/script_checks.sh
source "$root/tests/script_checks.sh"
last_line_is() { [ "$(tail -n 1 <<<"$out")" = "$1" ]; }
# gpu ARGS...: run.sh into a fresh $work/out; sets out (stdout and stderr), rc and secs.
gpu() {
  rm -rf "$work/out"
  local t0=$SECONDS
  out=$(timeout 120 bash "$run" "$@" "$work/out" 2>&1); rc=$?
  secs=$((SECONDS - t0))
}

# --- No GPU: 77, quickly ---------------------------------------------------------------------
if compgen -G '/dev/nvidia[0-9]*' >/dev/null; then
  skip "no-gpu: this machine has /dev/nvidia* (the faked cases below still run)"
else
  gpu
  check "no-gpu: exit 77" [ "$rc" = 77 ]
  check "no-gpu: says so last" last_line_is "skipped: no GPU (no device node matches /dev/nvidia[0-9]*)"
  check "no-gpu: within 10 s" [ "$secs" -le 10 ]
  check "no-gpu: results.md says it" grep -q '^| 00 | probe | no GPU |' "$work/out/results.md"
  check "no-gpu: nothing built" bash -c '! grep -q "| build" "$1"' _ "$work/out/results.md"
fi
GPU_NODES="$work/none*" gpu
check "no-gpu: no node matching GPU_NODES is 77" [ "$rc" = 77 ]
GPU_NODES="$work/none*" gpu --device amdgpu
check "no-gpu: amdgpu, 77" [ "$rc" = 77 ]
check "no-gpu: amdgpu, says so" has "skipped: no GPU (no device node matches $work/none*)"

# --- A GPU whose driver fails ------------------------------------------------------------------
mkdir -p "$work/dev" "$work/bin"
: >"$work/dev/nvidia0"
nodes="$work/dev/nvidia[0-9]*"
cat >"$work/fake_cuda.c" <<'EOF'
/* A libcuda whose cuInit returns $FAKE_CUDA_INIT and which has $FAKE_CUDA_COUNT devices. */
#include <stdlib.h>
#include <string.h>
static int env(const char* name, int fallback) { const char* v = getenv(name); return v ? atoi(v) : fallback; }
int cuInit(unsigned flags) { (void)flags; return env("FAKE_CUDA_INIT", 0); }
int cuDriverGetVersion(int* v) { *v = 12080; return 0; }
int cuDeviceGetCount(int* n) { *n = env("FAKE_CUDA_COUNT", 1); return 0; }
int cuDeviceGet(int* d, int i) { *d = i; return 0; }
int cuDeviceGetName(char* s, int n, int d) { (void)d; strncpy(s, "Fake GPU", (size_t)n); return 0; }
int cuGetErrorName(int e, const char** s) { *s = e == 999 ? "CUDA_ERROR_UNKNOWN" : NULL; return *s ? 0 : 1; }
int cuGetErrorString(int e, const char** s) { *s = e == 999 ? "unknown error" : NULL; return *s ? 0 : 1; }
EOF
$CC -shared -fPIC "$work/fake_cuda.c" -o "$work/libcuda.so.1" || echo "  cannot build the fake libcuda"
# nvidia-smi as $FAKE_SMI says: ok, or failing as it does when it cannot reach the driver.
cat >"$work/bin/nvidia-smi" <<'EOF'
#!/bin/sh
if [ "${FAKE_SMI:-ok}" = ok ]; then echo "Fake GPU, 580.00, 143771 MiB, Default"; exit 0; fi
echo "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver."; exit 9
EOF
chmod +x "$work/bin/nvidia-smi"
fake() { GPU_NODES="$nodes" CUDA_LIBRARY="$work/libcuda.so.1" PATH="$work/bin:$PATH" "$@"; }

FAKE_CUDA_INIT=999 fake gpu
check "driver: cuInit failing is exit 1" [ "$rc" = 1 ]
check "driver: names cuInit's error" has "cuInit failed: 999 CUDA_ERROR_UNKNOWN: unknown error"
check "driver: says the driver failed" has "but its driver failed"
check "driver: results.md says it" grep -q 'FAIL: the GPU driver failed' "$work/out/results.md"
check "driver: nothing built" bash -c '! grep -q "| build" "$1"' _ "$work/out/results.md"
FAKE_SMI=fail fake gpu
check "driver: nvidia-smi failing is exit 1" [ "$rc" = 1 ]
check "driver: names nvidia-smi's message" has "nvidia-smi failed (exit 9): NVIDIA-SMI has failed"
FAKE_CUDA_COUNT=0 fake gpu
check "driver: no device behind the nodes is exit 1" [ "$rc" = 1 ]
check "driver: says no device" has "reports no device"
FAKE_CUDA_COUNT=0 CUDA_VISIBLE_DEVICES="" fake gpu
check "driver: no device, CUDA_VISIBLE_DEVICES set, is 77" [ "$rc" = 77 ]
GPU_NODES="$nodes" CUDA_LIBRARY="$work/missing/libcuda.so.1" PATH="$work/bin:$PATH" gpu
check "driver: nodes without the driver library are a failure (1)" [ "$rc" = 1 ]
check "driver: no library, says why" has "but its driver library cannot be loaded: cuda: cannot load"
fake gpu --probe-only
check "driver: --probe-only on a working driver is 0" [ "$rc" = 0 ]
check "driver: --probe-only names the device" has "passed: a GPU is usable (cuda: driver 12080, 1 device(s): Fake GPU)"
stub=/usr/local/cuda/lib64/stubs/libcuda.so
if [ -e "$stub" ]; then
  GPU_NODES="$nodes" CUDA_LIBRARY="$stub" PATH="$work/bin:$PATH" gpu
  check "driver: the toolkit's stub is exit 1" [ "$rc" = 1 ]
  check "driver: the stub named" has "cuInit failed: 34 CUDA_ERROR_STUB_LIBRARY"
else
  skip "driver: no CUDA toolkit stub at $stub"
fi
: >"$work/dev/kfd"
if [ -e /dev/kfd ]; then
  skip "driver: this machine has /dev/kfd (ROCr would initialise)"
elif printf '#include <dlfcn.h>\nint main(void) { return !dlopen("libhsa-runtime64.so.1", RTLD_NOW); }\n' |
  $CC -x c - -o "$work/has_hsa" -ldl && "$work/has_hsa"; then
  GPU_NODES="$work/dev/kfd" gpu --device amdgpu
  check "driver: ROCr without /dev/kfd is exit 1" [ "$rc" = 1 ]
  check "driver: names hsa_init's error" has "hsa_init failed: 0x1008 HSA_STATUS_ERROR_OUT_OF_RESOURCES"
else
  skip "driver: libhsa-runtime64.so.1 not installed"
fi

# --- The verdict -------------------------------------------------------------------------------
goals=docs/gpu-results.md
# The goals as "NAME OP LIMIT", read the way run.sh reads them.
sed -nE 's/^\|[ ]*`([A-Za-z0-9_]+)`[ ]*\|[ ]*(<=|>=)[ ]*(-?[0-9.]+)[ ]*\|.*/\1 \2 \3/p' "$goals" >"$work/goals"
count=$(wc -l <"$work/goals")
check "verdict: the goals table has its rows" [ "$count" -ge 15 ]
awk '{ print "figure " $1 " " $3 " at the bound" }' "$work/goals" >"$work/all"
verdict() { out=$(bash "$run" --verdict-only "$1" 2>&1); rc=$?; }
verdict "$work/all"
check "verdict: every goal at its bound passes" [ "$rc" = 0 ]
check "verdict: says so" has "verdict: every goal met ($count of $count)"
{ cat "$work/all"; echo "figure wait_2ms_cpu_fraction 0.97 as polling costs"; } >"$work/over"
verdict "$work/over"
check "verdict: a ratio over its goal fails" [ "$rc" = 1 ]
check "verdict: names it" has "verdict: FAILED: wait_2ms_cpu_fraction = 0.97 (goal <= 0.25)"
{ cat "$work/all"; echo "figure launch_queued_ratio 0.5 slow"; } >"$work/under"
verdict "$work/under"
check "verdict: a ratio under its goal fails" [ "$rc" = 1 ]
check "verdict: names it" has "launch_queued_ratio = 0.5 (goal >= 0.8)"
grep -v ' wait_100ms_latency_delta_us ' "$work/all" >"$work/missing"
verdict "$work/missing"
check "verdict: a missing figure fails" [ "$rc" = 1 ]
check "verdict: names it" has "wait_100ms_latency_delta_us = - (goal <= 250)"
check "verdict: row says MISSING" has '| `wait_100ms_latency_delta_us` | - | <= 250 | MISSING |'
{ cat "$work/all"; echo "figure copy_h2d_4b_ratio nan"; } >"$work/nan"
verdict "$work/nan"
check "verdict: not a number fails" [ "$rc" = 1 ]
check "verdict: names it" has "copy_h2d_4b_ratio = nan"
{ cat "$work/all"; echo "figure something_else 3.5 extra"; } >"$work/info"
verdict "$work/info"
check "verdict: a figure without a goal is for information" has '| `something_else` | 3.5 | for information |'
# The lines of bench_cuda and rpc_gpu as they print them (their format strings are checked to be
# still in their sources), for the figures their goals name.
check "verdict: bench_cuda prints the launch line" grep -qF '"empty kernel launch+sync (median of 10^4)"' bench/bench_cuda.c
check "verdict: bench_cuda prints the copy lines" grep -qF '"pinned H2D 64 MiB bandwidth"' bench/bench_cuda.c
check "verdict: bench_cuda prints the alloc line" grep -qF '"cached 4 KiB alloc+free (median)"' bench/bench_cuda.c
check "verdict: bench_cuda's line format" grep -qF '"%s: ours=%.3f%s raw=%.3f%s ratio=%.3f\n"' bench/bench_cuda.c
check "verdict: rpc_gpu's round trip format" grep -qF '"rpc_round_trip_gpu: ours=%.2fus peer=%.2fus ratio=%.2f (peer:' tests/gpu/rpc_gpu.c
check "verdict: rpc_gpu's printf format" grep -qF '"rpc_printf_gpu: ours=%.0flines/s peer=%.0flines/s ratio=%.2f (peer:' tests/gpu/rpc_gpu.c
grep -vE ' (launch_sync_empty_ratio|copy_h2d_64m_ratio|copy_d2h_64m_ratio|alloc_4k_ratio|rpc_round_trip_us|rpc_printf_ratio) ' \
  "$work/all" >"$work/programs"
cat >>"$work/programs" <<'EOF'
bench_cuda: NVIDIA H200 (sm_90), driver 12080
empty kernel launch+sync (median of 10^4): ours=6.100us raw=5.000us ratio=1.220
  launch+sync, best/median/p90/p99 us: ours 5.000/6.100/7.000/9.000 raw 4.000/5.000/6.000/8.000
empty kernel launch+sync, raw on the legacy stream (median of 10^4): ours=6.100us raw=7.000us ratio=0.871
empty kernel launch+sync, ours from a thread without our context current (median of 10^4): ours=6.500us raw=5.000us ratio=1.300
pinned H2D 64 MiB bandwidth: ours=50.000GB/s raw=51.000GB/s ratio=0.980
pinned D2H 64 MiB bandwidth: ours=50.000GB/s raw=51.000GB/s ratio=0.980
cached 4 KiB alloc+free (median): ours=0.200us raw=20.000us ratio=0.010
  (alloc+free speedup over raw: 100.0x; goal >= 20x)
rpc_printf_fifo: 67108864 bytes on 1 device(s)
rpc_printf_gpu: ours=2000000lines/s peer=1000000lines/s ratio=2.00 (peer: CUDA device printf, best of 5; its 500000 lines are counted by run.sh)
rpc_round_trip_gpu: ours=4.50us peer=8.00us ratio=0.56 (peer: launch+sync of a kernel making one call)
EOF
verdict "$work/programs"
check "verdict: bench_cuda's and rpc_gpu's lines are read" [ "$rc" = 0 ]
check "verdict: the launch line" has '| `launch_sync_empty_ratio` | 1.220 | <= 1.5 | pass |'
check "verdict: the round trip" has '| `rpc_round_trip_us` | 4.50 | <= 10 | pass |'
check "verdict: the printf ratio" has '| `rpc_printf_ratio` | 2.00 | >= 1.0 | pass |'
check "verdict: the foreign-thread line for information" has '| `launch_sync_empty_foreign_ratio` | 1.300 | for information |'
sed -i 's/^empty kernel launch+sync (median of 10^4): ours=6.100us raw=5.000us ratio=1.220/empty kernel launch+sync (median of 10^4): ours=9.000us raw=5.000us ratio=1.800/' "$work/programs"
verdict "$work/programs"
check "verdict: bench_cuda's launch over its goal fails" has "verdict: FAILED: launch_sync_empty_ratio = 1.800 (goal <= 1.5)"
echo "no table here" >"$work/nogoals.md"
out=$(GPU_GOALS="$work/nogoals.md" bash "$run" --verdict-only "$work/all" 2>&1); rc=$?
check "verdict: no goals is an error" [ "$rc" = 2 ]
check "verdict: says so" has "verdict: no goals found in $work/nogoals.md"
out=$(bash "$run" --verdict-only "$work/absent" 2>&1); rc=$?
check "verdict: a missing file is a usage error" [ "$rc" = 2 ]

# --- What a GPU run builds, built here; perf_gpu on the simulated driver -------------------------
rm -rf "$work/out"
out=$(timeout 300 bash "$run" --build-only "$work/out" 2>&1); rc=$?
check "build: every program of a GPU run builds (--build-only)" [ "$rc" = 0 ]
[ "$rc" = 0 ] || grep -A3 -E 'error|FAIL' <<<"$out" | head -n 20 | sed 's/^/    /'
build=$work/out/build
if [ -x "$build/perf_gpu" ] && [ -e "$build/sim/cuda_sim.so" ]; then
  out=$(timeout 120 "$build/perf_gpu" "$build/sim/cuda_sim.so" tests/gpu/perf_gpu.ptx --quick 2>&1); rc=$?
  check "perf_gpu: runs on the simulated driver" [ "$rc" = 0 ]
  [ "$rc" = 0 ] || tail -n 5 <<<"$out" | sed 's/^/    /'
  echo "$out" >"$work/perf.txt"
  missing=""
  while read -r name _; do
    case "$name" in launch_sync_empty_ratio | copy_h2d_64m_ratio | copy_d2h_64m_ratio | alloc_4k_ratio | rpc_*) continue ;; esac
    grep -q "^figure $name " "$work/perf.txt" || missing="$missing $name"
  done <"$work/goals"
  check "perf_gpu: prints every figure its goals name${missing:+ (missing:$missing)}" [ -z "$missing" ]
else
  failed=$((failed + 1)); echo "  FAIL perf_gpu: not built"
fi

summarise_checks
