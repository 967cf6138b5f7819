#!/usr/bin/env bash
# bench/remote.sh BUILD_DIR — remote devices against raw MPI between the same two ranks
# (bench/bench_remote.c): a 4 KiB copy to or from a remote host device, and an empty launch and
# wait, each divided by a ping-pong over MPI of 4 KiB or of 64 bytes; a queued launch (1000
# and one wait) divided by a launch and wait; a copy of 1 GiB each way divided by 1 GiB sent over
# MPI and received in place, as an MPI program moves its data (the bandwidth ratio is the
# inverse); 1 GiB between two servers' devices, divided by the same 1 GiB over MPI. Three
# launches of mpirun, one after the other, on one machine (--oversubscribe).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$root/build}
mkdir -p "$build/bench"
if ! command -v mpirun >/dev/null 2>&1; then echo "skipped: mpirun is not installed (openmpi-bin)"; exit 0; fi
if ! grep -q LLVM "$build/llvm_flags" 2>/dev/null; then echo "skipped: the build has no JIT (portable kernels)"; exit 0; fi
# The build's own flags (a unity build of the implementation needs its include paths and LLVM's).
mapfile -t flags < "$build/compile_flags"
${CC:-cc} "${flags[@]}" "$root/bench/bench_remote.c" -o "$build/bench/bench_remote" $(cat "$build/link_flags")
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
out="$build/bench/remote.txt"
OFFLOAD_BENCH_REMOTE_ROLE=mpi mpirun --oversubscribe -x OFFLOAD_BENCH_REMOTE_ROLE -np 1 "$build/bench/bench_remote" : \
  -np 1 env OFFLOAD_BENCH_REMOTE_ROLE=echo "$build/bench/bench_remote" > "$out"
OFFLOAD_BENCH_REMOTE_ROLE=remote mpirun --oversubscribe -x OFFLOAD_BENCH_REMOTE_ROLE -np 1 "$build/bench/bench_remote" : \
  -np 1 "$build/tools/offload-remote-server" >> "$out"
OFFLOAD_BENCH_REMOTE_ROLE=peers mpirun --oversubscribe -x OFFLOAD_BENCH_REMOTE_ROLE -np 1 "$build/bench/bench_remote" : \
  -np 2 "$build/tools/offload-remote-server" >> "$out"
awk -F': ' '{ v[$1] = $2 }
  END {
    v["mpi_1g_to"] = v["mpi_1g_to_one"] < v["mpi_1g_to_pieces"] ? v["mpi_1g_to_one"] : v["mpi_1g_to_pieces"]
    v["mpi_1g_from"] = v["mpi_1g_from_one"] < v["mpi_1g_from_pieces"] ? v["mpi_1g_from_one"] : v["mpi_1g_from_pieces"]
    printf "remote_copy_to_4k: ours=%.1fus peer=%.1fus ratio=%.2f (peer: MPI ping-pong of 4 KiB)\n", v["copy_to_4k"], v["mpi_pingpong_4k"], v["copy_to_4k"] / v["mpi_pingpong_4k"]
    printf "remote_copy_from_4k: ours=%.1fus peer=%.1fus ratio=%.2f (peer: MPI ping-pong of 4 KiB)\n", v["copy_from_4k"], v["mpi_pingpong_4k"], v["copy_from_4k"] / v["mpi_pingpong_4k"]
    printf "remote_launch_wait: ours=%.1fus peer=%.1fus ratio=%.2f (peer: MPI ping-pong of 64 bytes)\n", v["launch_wait"], v["mpi_pingpong_64"], v["launch_wait"] / v["mpi_pingpong_64"]
    printf "local_launch_sync_empty_remote_on: ours=%.3fus peer=%.3fus ratio=%.2f (peer: the same launch on the host device of a context without the remote backend, alternating batches in one process)\n", v["local_launch_remote_on"], v["local_launch_remote_off"], v["local_launch_remote_on"] / v["local_launch_remote_off"]
    printf "remote_queued_launch: ours=%.2fus peer=%.1fus ratio=%.3f (peer: one launch and wait)\n", v["queued_launch"], v["launch_wait"], v["queued_launch"] / v["launch_wait"]
    printf "remote_copy_to_1g: ours=%.1fms peer=%.1fms ratio=%.2f, bandwidth %.2f of MPI (peer: 1 GiB over MPI into a buffer written beforehand, in one message or 8 MiB ones, the faster; 64 bytes back)\n", v["copy_1g_to"], v["mpi_1g_to"], v["copy_1g_to"] / v["mpi_1g_to"], v["mpi_1g_to"] / v["copy_1g_to"]
    printf "remote_copy_between_servers_1g: ours=%.1fms peer=%.1fms ratio=%.2f, bandwidth %.2f of MPI (peer: 1 GiB over MPI between two ranks, as above; through this process as two copies: %.1fms)\n", v["peer_copy_1g"], v["mpi_1g_to"], v["peer_copy_1g"] / v["mpi_1g_to"], v["mpi_1g_to"] / v["peer_copy_1g"], v["peer_copy_1g_through_app"]
    printf "remote_copy_from_1g: ours=%.1fms peer=%.1fms ratio=%.2f, bandwidth %.2f of MPI (peer: 64 bytes, 1 GiB back over MPI into a buffer written beforehand, the faster of one message or 8 MiB ones)\n", v["copy_1g_from"], v["mpi_1g_from"], v["copy_1g_from"] / v["mpi_1g_from"], v["mpi_1g_from"] / v["copy_1g_from"]
  }' "$out"
