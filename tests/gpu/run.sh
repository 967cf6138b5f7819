#!/usr/bin/env bash
# tests/gpu/run.sh — the checks and measurements that need a GPU, ending with a verdict, in under
# five minutes of machine time.
#
#   tests/gpu/run.sh [--device cuda|amdgpu] [--with-sim] [--probe-only | --build-only] OUTDIR
#   tests/gpu/run.sh --verdict-only FILE
#
# First, before building anything, it tells "no GPU" from "a GPU whose driver failed" (tests/gpu/
# probe.c loads the driver, initialises it and counts devices, nothing of the runtime between):
#   no device node (/dev/nvidia0.., /dev/kfd)                        -> exit 77, "skipped: no GPU"
#   device nodes but no driver library, or the library loads but cuInit / hsa_init or counting
#   fails, nvidia-smi fails, or the driver sees no device although the nodes exist
#                                                                    -> exit 1, with the message
# --probe-only stops there (0 when a GPU is usable). --build-only, instead, only builds what a
# run builds, probe and simulated drivers included, and keeps OUTDIR/build: the programs of a GPU
# run are compiled, with its flags, where there is no GPU (tests/gpu/test_run.sh).
#
# Then (CUDA) it builds without LLVM (-DOFFLOAD_NO_JIT: every kernel comes from a .ptx made
# beforehand) and runs, each as a step under its own timeout, capped by what is left of the
# budget: test_gpu_cuda, perf_gpu (waits, queued launches, small copies, four threads: the
# figures that decide issue 24), bench_cuda, test_conformance --device cuda, rpc_gpu (with the
# count of CUDA printf's lines), warp_gpu, and last test_gpu_cuda --fault (it kills its primary
# context). The figures the programs print are compared with the goals table of
# docs/gpu-results.md (GPU_GOALS names another file): the one place the goals are written.
# AMD (--device amdgpu): test_amdgpu_real and test_conformance --device amdgpu on the GPU; no
# timing goals yet. --with-sim first builds and runs the simulated-driver and stub tests of that
# vendor too (./build.sh test runs them everywhere; on a lent GPU they only spend its time).
#
# OUTDIR gets, as each step ends (so a run killed half way still leaves what it did):
#   results.md   the steps (result, seconds, summary line), then the figures against the goals
#                and the verdict; a step still "running" there is the one that hung
#   log.txt      every step's output; steps/NN-NAME.txt each step's own
#   figures.txt  the figure lines, the input of the verdict
# --verdict-only FILE prints that verdict for FILE (figure lines, or the programs' output: the
# lines of bench_cuda and rpc_gpu are read too) and exits 0 when every goal is met, else 1.
#
# Exit status: 0 every step passed and every goal was met; 1 a step failed, timed out or was not
# reached, a goal was missed or its figure is missing, or the driver failed; 77 no GPU ("skipped:
# no GPU", the last line).
# Environment: CC (default cc); CUDA_LIBRARY (default libcuda.so.1), HSA_LIBRARY (default
# libhsa-runtime64.so.1); GPU_RUN_BUDGET seconds for the whole run (default 290); GPU_NODES, a
# glob of the device nodes that mean "a GPU is attached" (default /dev/nvidia[0-9]* or /dev/kfd;
# tests/gpu/test_run.sh points it at files of its own); GPU_KEEP_BUILD=1 keeps OUTDIR/build (the
# programs), removed at the end otherwise.
# shellcheck disable=SC2317 # the build and RPC functions run through `timeout bash -c`
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
goals_file=${GPU_GOALS:-$root/docs/gpu-results.md}

usage() {
  echo "usage: tests/gpu/run.sh [--device cuda|amdgpu] [--with-sim] [--probe-only | --build-only] OUTDIR" >&2
  echo "       tests/gpu/run.sh --verdict-only FILE" >&2
  exit 2
}

# ---- Figures and the verdict --------------------------------------------------------------

# figures_of FILE...: "figure NAME VALUE detail" lines: those the programs print as such
# (perf_gpu), and bench_cuda's and rpc_gpu's measure lines under the names the goals use.
figures_of() {
  sed -nE \
    -e 's/^figure ([A-Za-z0-9_]+) ([^ ]+)(.*)$/figure \1 \2\3/p' \
    -e 's/^empty kernel launch\+sync \(median[^:]*: (ours=[^ ]+ raw=[^ ]+) ratio=([^ ]+)$/figure launch_sync_empty_ratio \2 \1 (bench_cuda)/p' \
    -e 's/^empty kernel launch\+sync, raw on the legacy stream[^:]*: (ours=[^ ]+ raw=[^ ]+) ratio=([^ ]+)$/figure launch_sync_empty_vs_legacy_ratio \2 \1 (bench_cuda)/p' \
    -e 's/^empty kernel launch\+sync, ours from a thread without[^:]*: (ours=[^ ]+ raw=[^ ]+) ratio=([^ ]+)$/figure launch_sync_empty_foreign_ratio \2 \1 (bench_cuda)/p' \
    -e 's/^pinned H2D 64 MiB bandwidth: (ours=[^ ]+ raw=[^ ]+) ratio=([^ ]+)$/figure copy_h2d_64m_ratio \2 \1 (bench_cuda)/p' \
    -e 's/^pinned D2H 64 MiB bandwidth: (ours=[^ ]+ raw=[^ ]+) ratio=([^ ]+)$/figure copy_d2h_64m_ratio \2 \1 (bench_cuda)/p' \
    -e 's/^cached 4 KiB alloc\+free[^:]*: (ours=[^ ]+ raw=[^ ]+) ratio=([^ ]+)$/figure alloc_4k_ratio \2 \1 (bench_cuda)/p' \
    -e 's/^rpc_round_trip_gpu: ours=([0-9.]+)us (peer=[^ ]+) .*$/figure rpc_round_trip_us \1 \2 (rpc_gpu)/p' \
    -e 's/^rpc_printf_gpu: (ours=[^ ]+ peer=[^ ]+) ratio=([^ ]+) .*$/figure rpc_printf_ratio \2 \1 (rpc_gpu)/p' \
    "$@"
}

# verdict FILE: the goals table of $goals_file (rows "| `figure` | <= N |" or ">= N") against the
# figures in FILE (the last value of a figure counts). Prints a markdown table, every goal
# first, then the figures without a goal, then "verdict: ..."; returns 0 when every goal is met,
# 1 when one is missed or missing, 2 when the goals cannot be read.
verdict() {
  [ -r "$goals_file" ] || { echo "verdict: cannot read the goals in $goals_file"; return 2; }
  figures_of "$1" | awk -v goals_name="$goals_file" '
    function isnum(v) { return v ~ /^-?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?$/ }
    BEGIN {
      while ((getline line < goals_name) > 0) {
        if (line !~ /^\|[ ]*`[A-Za-z0-9_]+`[ ]*\|[ ]*(<=|>=)[ ]*-?[0-9.]+[ ]*\|/) continue
        split(line, cell, "|")
        name = cell[2]; gsub(/[ `]/, "", name)
        goal = cell[3]; gsub(/ /, "", goal)
        if (name in op) dup = dup " " name
        op[name] = substr(goal, 1, 2); limit[name] = substr(goal, 3)
        goals[++ngoals] = name
      }
    }
    $1 == "figure" && NF >= 3 {
      if (!($2 in value)) order[++nfig] = $2
      value[$2] = $3
      d = $0; sub(/^figure[ ]+[^ ]+[ ]+[^ ]+[ ]*/, "", d); gsub(/\|/, "/", d); detail[$2] = d
    }
    END {
      if (ngoals == 0) { print "verdict: no goals found in " goals_name; exit 2 }
      if (dup != "") { print "verdict: goals listed twice in " goals_name ":" dup; exit 2 }
      print "| figure | value | goal | result | measured |"
      print "|---|---|---|---|---|"
      failed = ""
      for (i = 1; i <= ngoals; i++) {
        n = goals[i]; v = "-"; r = "MISSING"
        if (n in value) {
          v = value[n]
          if (!isnum(v)) r = "FAIL"
          else if (op[n] == "<=") r = (v + 0 <= limit[n] + 0) ? "pass" : "FAIL"
          else r = (v + 0 >= limit[n] + 0) ? "pass" : "FAIL"
        }
        if (r != "pass") failed = failed (failed == "" ? "" : "; ") n " = " v " (goal " op[n] " " limit[n] ")"
        printf "| `%s` | %s | %s %s | %s | %s |\n", n, v, op[n], limit[n], r, detail[n]
      }
      for (i = 1; i <= nfig; i++) {
        n = order[i]
        if (!(n in op)) printf "| `%s` | %s | for information | - | %s |\n", n, value[n], detail[n]
      }
      print ""
      if (failed == "") { printf "verdict: every goal met (%d of %d)\n", ngoals, ngoals; exit 0 }
      print "verdict: FAILED: " failed
      exit 1
    }'
}

# ---- Arguments ----------------------------------------------------------------------------

device=cuda with_sim=0 probe_only=0 build_only=0 out=""
while [ $# -gt 0 ]; do
  case "$1" in
    --device) [ $# -ge 2 ] || usage; device=$2; shift 2 ;;
    --with-sim) with_sim=1; shift ;;
    --probe-only) probe_only=1; shift ;;
    --build-only) build_only=1; shift ;;
    --verdict-only)
      if [ $# -ne 2 ] || [ ! -r "$2" ]; then usage; fi
      verdict "$2"; exit $? ;;
    -*) usage ;;
    *) [ -z "$out" ] || usage; out=$1; shift ;;
  esac
done
[ -n "$out" ] || usage
[ $((probe_only + build_only)) -le 1 ] || usage
case "$device" in
  cuda) node_glob=${GPU_NODES:-/dev/nvidia[0-9]*}; library=${CUDA_LIBRARY:-libcuda.so.1} ;;
  amdgpu) node_glob=${GPU_NODES:-/dev/kfd}; library=${HSA_LIBRARY:-libhsa-runtime64.so.1} ;;
  *) usage ;;
esac

rm -rf "$out/steps" 2>/dev/null
mkdir -p "$out/build/sim" "$out/build/tests" "$out/steps" || exit 1
out=$(cd "$out" && pwd)
cd "$root" || exit 1
CC=${CC:-cc}
budget=${GPU_RUN_BUDGET:-290}
deadline=$((SECONDS + budget))
log="$out/log.txt" results="$out/results.md" figures="$out/figures.txt"
: >"$log"
: >"$figures"
start_ms=$(date +%s%3N)
now_s() { local t; t=$(date +%s%3N); printf '%d.%d' $(((t - start_ms) / 1000)) $(((t - start_ms) % 1000 / 100)); }
failed_steps=()
step_no=0
step_file="" # the output of the last step

{
  echo "# GPU results: tests/gpu/run.sh --device $device"
  echo
  commit=$(git rev-parse --short HEAD 2>/dev/null) || commit="unknown (not a git checkout)"
  git diff --quiet HEAD 2>/dev/null || [ "${commit#unknown}" != "$commit" ] || commit="$commit (with local changes)"
  echo "- date: $(date -u +%Y-%m-%dT%H:%M:%SZ), commit $commit"
  echo "- host: $(uname -n), $(nproc) CPUs, $($CC --version 2>/dev/null | head -n 1)"
  echo "- budget: ${budget} s for the whole run; goals from ${goals_file#"$root"/}"
  echo
  echo "| # | step | result | seconds | summary |"
  echo "|---|---|---|---|---|"
} >"$results"

# row NO NAME RESULT SECONDS SUMMARY: the step's row of results.md, replacing its "running" row.
row() {
  local line
  line=$(printf '| %s | %s | %s | %s | %s |' "$1" "$2" "$3" "$4" "$(tr '|' '/' <<<"$5")")
  if grep -q "^| $1 |" "$results"; then
    awk -v no="| $1 |" -v line="$line" 'index($0, no) == 1 { print line; next } { print }' "$results" >"$results.new" &&
      mv "$results.new" "$results"
  else
    echo "$line" >>"$results"
  fi
}

# summary_of FILE: the line that sums a step up: a test program's "N passed, N failed", else
# its last line.
summary_of() {
  local s
  s=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$1" | tail -n 1)
  [ -n "$s" ] || s=$(grep -v '^[[:space:]]*$' "$1" | tail -n 1)
  printf '%.160s' "$s"
}

# step NAME SECONDS COMMAND...: runs COMMAND (a program or a function of this script) under
# timeout, at most SECONDS and never past the budget; its output goes to steps/NN-NAME.txt and
# log.txt, its row to results.md (first "running", then the result). Returns its exit status.
step() {
  local name=$1 limit=$2 rc=0 t0 result
  shift 2
  step_no=$((step_no + 1))
  local no; no=$(printf '%02d' "$step_no")
  local file; file="$out/steps/$no-$(tr -c 'A-Za-z0-9_.-' '-' <<<"$name" | sed 's/-*$//').txt"
  step_file=$file
  local left=$((deadline - SECONDS))
  if [ "$left" -lt 5 ]; then
    row "$no" "$name" "NOT RUN: the ${budget} s budget is spent" 0 ""
    echo "== $name: not run, the ${budget} s budget is spent" | tee -a "$log"
    failed_steps+=("$name (not run)")
    return 1
  fi
  [ "$limit" -le "$left" ] || limit=$left
  echo "== $name (at most ${limit} s)" | tee -a "$log"
  row "$no" "$name" "running (started at $(now_s) s; limit ${limit} s)" "" ""
  t0=$(date +%s%3N)
  if declare -F "$1" >/dev/null; then
    timeout -k 10 "$limit" bash -c '"$@"' _ "$@" >"$file" 2>&1 || rc=$?
  else
    timeout -k 10 "$limit" "$@" >"$file" 2>&1 || rc=$?
  fi
  local ms=$(($(date +%s%3N) - t0))
  case $rc in
    0) result=pass ;;
    124) result="TIMEOUT after ${limit} s" ;;
    137) result="KILLED after ${limit} s" ;;
    77) result="FAIL: exit 77, the program saw no GPU" ;;
    *) result="FAIL: exit $rc" ;;
  esac
  [ $rc = 0 ] || failed_steps+=("$name ($result)")
  cat "$file" >>"$log"
  row "$no" "$name" "$result" "$((ms / 1000)).$((ms % 1000 / 100))" "$(summary_of "$file")"
  echo "   $result, $((ms / 1000)).$((ms % 1000 / 100)) s: $(summary_of "$file")" | tee -a "$log"
  return "$rc"
}

# finish STATUS TEXT: the closing lines of results.md and of the output, and the exit.
finish() {
  [ "${GPU_KEEP_BUILD:-0}" = 1 ] || rm -rf "$out/build"
  { echo; echo "**${2}** (after $(now_s) s)"; } >>"$results"
  echo "results: $results"
  echo "$2"
  exit "$1"
}

# ---- Builds (functions the steps run, exported for `timeout bash -c`) ----------------------

if [ "$device" = cuda ]; then backend_flag=-DOFFLOAD_NO_AMDGPU; else backend_flag=-DOFFLOAD_NO_CUDA; fi
export CC root out backend_flag
# cflags: the array `flags` of every compile.
cflags() {
  flags=(-std=gnu11 -O2 -g -pthread -Wall -Wextra -Werror -I"$root" -DOFFLOAD_NO_JIT "$backend_flag"
         -DOFFLOAD_TEST_ROOT="\"$root\"" -DOFFLOAD_TEST_BUILD="\"$out/build\"")
}
# The implementation is compiled once, with the test hooks (tests/test_hooks.h), and every
# program links it; a test that still includes the implementation is a unity build of its own.
build_library() {
  cflags
  $CC "${flags[@]}" -DOFFLOAD_TEST_HOOKS -c tests/hooks_unit.c -o "$out/build/offload_impl-test.o"
}
# build_programs SOURCE...: each into build/ (tests/test_*.c into build/tests/, tests/sim/*.c as
# shared libraries into build/sim/), in parallel.
build_programs() {
  local src exe pids=() names=() i failed=""
  cflags
  for src in "$@"; do
    exe=$out/build/$(basename "${src%.c}")
    case "$src" in tests/test_*) exe=$out/build/tests/$(basename "${src%.c}") ;; esac
    if [ "${src#tests/sim/}" != "$src" ]; then
      $CC "${flags[@]}" -fPIC -shared "$src" -o "$out/build/sim/$(basename "${src%.c}").so" &
    elif grep -q '#include "../offload_impl.c"' "$src"; then
      $CC "${flags[@]}" "$src" -o "$exe" -ldl -lm &
    else
      $CC "${flags[@]}" "$src" "$out/build/offload_impl-test.o" -o "$exe" -ldl -lm &
    fi
    pids+=($!) names+=("$src")
  done
  for i in "${!pids[@]}"; do wait "${pids[$i]}" || failed="$failed ${names[$i]}"; done
  if [ -n "$failed" ]; then echo "failed to build:$failed"; return 1; fi
  echo "built $# programs"
}
build_probe() {
  # shellcheck disable=SC2086 # CC may be a command with words ("ccache cc")
  $CC -std=gnu11 -O1 -Wall -Wextra -Werror tests/gpu/probe.c -o "$out/build/probe" -ldl
}
build_simulators() { build_programs tests/sim/*.c; }
# run_rpc LIBRARY: rpc_gpu, whose stdout also carries CUDA printf's lines: with the printf FIFO
# set large enough (its rpc_printf_fifo line) all 5 x 10^5 of them must be there, else the
# printf ratio would compare our full output with a peer that dropped most of its own.
run_rpc() {
  local rc=0 peer
  local stdout=$out/build/rpc_gpu.stdout # 10 MB of the peer's lines: counted, not kept
  OFFLOAD_CUDA_LIBRARY="$1" "$out/build/rpc_gpu" tests/gpu/rpc_gpu.ptx >"$stdout" || rc=$?
  grep -vE '^line [0-9]+ of 100000$' "$stdout"
  grep -E '^rpc_' "$stdout" >"$out/rpc.txt"
  if grep -q '^rpc_printf_gpu' "$out/rpc.txt"; then
    peer=$(grep -cE '^line [0-9]+ of 100000$' "$stdout")
    echo "rpc_printf_peer_lines: $peer of 500000 (CUDA device printf, 5 launches)" | tee -a "$out/rpc.txt"
    [ "$peer" = 500000 ] || { echo "FAILED: the printf peer lost lines"; rc=1; }
  fi
  rm -f "$stdout"
  return "$rc"
}
export -f cflags build_library build_programs build_probe build_simulators run_rpc

# gpu_builds: the library (unless built already) and the programs the GPU steps run.
gpu_builds() {
  [ -e "$out/build/offload_impl-test.o" ] || step "build the library" 120 build_library
  if [ "$device" = cuda ]; then
    step "build the GPU programs" 120 build_programs tests/gpu/test_gpu_cuda.c tests/gpu/perf_gpu.c \
      bench/bench_cuda.c tests/test_conformance.c tests/gpu/rpc_gpu.c tests/gpu/warp_gpu.c
  else
    step "build the GPU programs" 120 build_programs tests/test_amdgpu_real.c tests/test_conformance.c
  fi
}

if [ $build_only = 1 ]; then
  GPU_KEEP_BUILD=1
  step "build the probe" 60 build_probe
  step "build the simulated drivers" 120 build_simulators
  gpu_builds
  [ ${#failed_steps[@]} = 0 ] || finish 1 "FAILED: $(printf '%s; ' "${failed_steps[@]}" | sed 's/; $//')"
  finish 0 "built"
fi

# ---- The simulated-driver and stub tests (--with-sim) --------------------------------------

if [ $with_sim = 1 ]; then
  echo "== the simulated-driver and stub tests ($device)"
  sim_tests=()
  for t in tests/test_"$device"_*.c; do [ "$t" = tests/test_amdgpu_real.c ] || sim_tests+=("$t"); done
  if [ "$device" = cuda ]; then sim_device=cuda-sim; else sim_device=hsa-sim; fi
  step "build the simulated drivers" 120 build_simulators
  step "build the library" 120 build_library
  step "build the simulated-driver tests" 180 build_programs "${sim_tests[@]}" tests/test_conformance.c
  for t in "${sim_tests[@]}"; do
    step "$(basename "${t%.c}") (simulated driver, stub)" 240 "$out/build/tests/$(basename "${t%.c}")"
  done
  step "test_conformance (host, $sim_device)" 120 "$out/build/tests/test_conformance" --device host --device "$sim_device"
fi

# ---- Is there a GPU, and does its driver work? ----------------------------------------------

nodes=$(compgen -G "$node_glob" | paste -sd ' ' -)
if [ -z "$nodes" ]; then
  row 00 "probe" "no GPU" 0 "no device node matches $node_glob"
  [ ${#failed_steps[@]} = 0 ] || finish 1 "FAILED: ${failed_steps[*]}"
  finish 77 "skipped: no GPU (no device node matches $node_glob)"
fi
probe_out=$out/steps/00-probe.txt
probe_rc=0
timeout -k 5 60 bash -c build_probe >"$probe_out" 2>&1 || probe_rc=$?
if [ $probe_rc != 0 ]; then
  tee -a "$log" <"$probe_out"
  row 00 "probe" "FAIL: tests/gpu/probe.c does not build" 0 "$(summary_of "$probe_out")"
  finish 1 "FAILED: tests/gpu/probe.c does not build"
fi
timeout -k 5 60 "$out/build/probe" "$device" "$library" >"$probe_out" 2>&1 || probe_rc=$?
probe_line=$(summary_of "$probe_out")
echo "probe ($nodes): $probe_line" | tee -a "$log"
# A GPU is attached but its user-space driver cannot be loaded: a broken installation, not "no
# GPU".
if [ $probe_rc = 77 ]; then
  row 00 "probe" "FAIL: no driver library" 0 "device nodes $nodes but $probe_line"
  finish 1 "FAILED: a GPU is attached ($nodes) but its driver library cannot be loaded: $probe_line"
fi
smi_rc=0 smi_line=""
if [ "$device" = cuda ]; then
  if command -v nvidia-smi >/dev/null 2>&1; then
    # -L fails when the driver cannot be reached; the query is for the record only.
    smi_line=$(timeout -k 5 30 nvidia-smi -L 2>&1) || smi_rc=$?
    smi_line=$(tr '\n' ' ' <<<"$smi_line")
    if [ $smi_rc = 0 ]; then
      smi_line="$smi_line; $(timeout -k 5 30 nvidia-smi --query-gpu=name,driver_version,memory.total,compute_mode --format=csv,noheader 2>&1 | tr '\n' ' ')"
    fi
    echo "nvidia-smi: $smi_line (exit $smi_rc)" | tee -a "$log"
  else
    smi_line="nvidia-smi not installed"
  fi
elif command -v rocm-smi >/dev/null 2>&1; then
  smi_line="rocm-smi: $(timeout -k 5 30 rocm-smi --showproductname 2>&1 | grep -E 'Card series|GFX Version' | head -n 2 | tr '\n' ' ')"
fi
visible=""
[ "$device" = cuda ] && [ -n "${CUDA_VISIBLE_DEVICES+set}" ] && visible="CUDA_VISIBLE_DEVICES=$CUDA_VISIBLE_DEVICES"
[ "$device" = amdgpu ] && [ -n "${ROCR_VISIBLE_DEVICES+set}" ] && visible="ROCR_VISIBLE_DEVICES=$ROCR_VISIBLE_DEVICES"
if [ $probe_rc = 3 ] && [ -n "$visible" ] && [ $smi_rc = 0 ]; then
  row 00 "probe" "no GPU" 0 "$probe_line ($visible)"
  [ ${#failed_steps[@]} = 0 ] || finish 1 "FAILED: ${failed_steps[*]}"
  finish 77 "skipped: no GPU ($probe_line; $visible)"
fi
if [ $probe_rc != 0 ] || [ $smi_rc != 0 ]; then
  why=$probe_line
  [ $probe_rc = 0 ] || [ $probe_rc = 1 ] || [ $probe_rc = 3 ] || why="the probe ended with exit $probe_rc: $probe_line"
  [ $smi_rc = 0 ] || why="$why; nvidia-smi failed (exit $smi_rc): $smi_line"
  row 00 "probe" "FAIL: the GPU driver failed" 0 "device nodes $nodes; $why"
  finish 1 "FAILED: a GPU is attached ($nodes) but its driver failed: $why"
fi
row 00 "probe" pass 0 "$probe_line${smi_line:+; $smi_line}"
[ $probe_only = 0 ] || finish 0 "passed: a GPU is usable ($probe_line)"

# ---- The GPU steps --------------------------------------------------------------------------

gpu_builds
if [ "$device" = cuda ]; then
  # Tail-padded arguments (shared_sum: 16-byte struct, 12 bytes of parameters), static plus
  # dynamic shared memory, synchronous 256 MiB fill and device-to-device copy before a queued
  # kernel reading the last element with the legacy stream busy, a spinning kernel under a 2 s
  # wait_timeout_ms, copies between two GPUs when there are two.
  step "test_gpu_cuda" 90 "$out/build/test_gpu_cuda" "$library" tests/gpu/kernels.ptx
  # Waits (5 us, 2 ms, 100 ms kernels: latency and CPU time), queued launches, small copies,
  # four threads: each against the raw driver.
  step "perf_gpu" 120 "$out/build/perf_gpu" "$library" tests/gpu/perf_gpu.ptx
  [ ! -e "$step_file" ] || figures_of "$step_file" >>"$figures"
  # Launch+sync of an empty kernel, 64 MiB pinned copies, cached allocation.
  step "bench_cuda" 90 "$out/build/bench_cuda" "$library" tests/gpu/kernels.ptx
  [ ! -e "$step_file" ] || cp "$step_file" "$out/bench.txt"
  [ ! -e "$out/bench.txt" ] || figures_of "$out/bench.txt" >>"$figures"
  # The conformance suite (tests/conformance/), every test on the real driver.
  step "test_conformance --device cuda" 90 env OFFLOAD_CUDA_LIBRARY="$library" "$out/build/tests/test_conformance" --device cuda
  # RPC on the GPU: a kernel freeing a 4 MiB block it allocated through RPC (bounded: 20 s per
  # wait), printf from 10^5 threads (every line arrives once), throughput against CUDA's own
  # device printf, round trip.
  # Its figures count only when it passed: a failed launch still prints its lines, with -1 s.
  if step "rpc_gpu" 120 run_rpc "$library"; then figures_of "$out/rpc.txt" >>"$figures"; fi
  # Warp operations of the device library (JIT'd portable IR, tests/gpu/warp_gpu.ll): a warp sum
  # by shuffle_down, ballot/any/all (also in a partial warp), every shuffle flavour, the barrier.
  step "warp_gpu" 60 env OFFLOAD_CUDA_LIBRARY="$library" "$out/build/warp_gpu" tests/gpu/warp_gpu.ptx
  # Last, in a process of its own: a kernel storing to 0x1000 (it kills the primary context).
  step "test_gpu_cuda --fault" 60 "$out/build/test_gpu_cuda" "$library" tests/gpu/kernels.ptx --fault
  {
    echo
    echo "## Figures against the goals of ${goals_file#"$root"/}"
    echo
  } >>"$results"
  verdict_rc=0
  verdict "$figures" >"$out/verdict.md" || verdict_rc=$?
  cat "$out/verdict.md" >>"$results"
  cat "$out/verdict.md" >>"$log"
  tail -n 1 "$out/verdict.md"
  [ $verdict_rc = 0 ] || failed_steps+=("goals: $(tail -n 1 "$out/verdict.md" | sed 's/^verdict: FAILED: //')")
else
  step "test_amdgpu_real" 90 env OFFLOAD_HSA_LIBRARY="$library" "$out/build/tests/test_amdgpu_real"
  step "test_conformance --device amdgpu" 120 env OFFLOAD_HSA_LIBRARY="$library" "$out/build/tests/test_conformance" --device amdgpu
  { echo; echo "No timing goals for AMD GPUs yet: the verdict is the steps'."; } >>"$results"
fi

if [ ${#failed_steps[@]} != 0 ]; then
  finish 1 "FAILED: $(printf '%s; ' "${failed_steps[@]}" | sed 's/; $//')"
fi
finish 0 "passed"
