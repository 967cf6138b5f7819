#!/usr/bin/env bash
# compat/cudart.sh — builds the CUDA runtime layer (compat/cudart.c over offload.h), the
# offload-cuda driver and the CUDA programs its tests run. Called by build.sh:
#
#   compat/cudart.sh build OUT [CORE_OBJECT [CFLAGS...]]
#       OUT/compat/liboffload-cudart.so and OUT/compat/liboffload-cudart.a (the layer and the core,
#       CORE_OBJECT, default OUT/offload_impl.o), OUT/compat/include (the CUDA headers offload
#       ships), OUT/tools/offload-cuda (tools/offload-cuda, which finds both in ../compat beside
#       it), then every program of tests/data/cudart/ built by offload-cuda, which
#       tests/test_cudart.c runs: with the CUDA toolkit's headers into OUT/tests/cudart/ (when a
#       toolkit is installed) and with offload's alone (--no-cuda-toolkit) into
#       OUT/tests/cudart/no-toolkit/. With CUDART_PROGRAMS_FROM=DIR (the sanitized builds: they
#       test the layer, not the headers), the programs are not built again: those DIR/tests/cudart/
#       holds, built with the toolkit's headers where there is a toolkit (else the others), are
#       copied. They differ only in the folder their RUNPATH names for the layer, which
#       LD_LIBRARY_PATH overrides: test_cudart sets it to its own build's. Beside them abi_probe
#       and abi_probe_toolkit: one C program that prints the runtime API's layouts and values,
#       built against each header set. CFLAGS (a sanitizer, say) apply to the layer only: the
#       programs' host code comes from clang, whose sanitizer runtime is not GCC's; the test
#       preloads the layer's.
#   compat/cudart.sh bench OUT
#       builds and runs bench/bench_cudart.cu: <<<>>> and cudaMemcpy against offload.h, on every
#       CPU and then kept to one (--one-cpu).
#
# The layer compiles against offload's compat/include/cuda_runtime_api.h, which has CUDA 13's
# types and values; no CUDA software is needed. The toolkit (CUDA_PATH, default /usr/local/cuda)
# is used where it is installed. Building a program needs clang (clang-22, else clang-14) with
# the NVPTX target; without one the programs are skipped with a note.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cmd=${1:?usage: compat/cudart.sh build|bench OUT [CORE_OBJECT [CFLAGS...]]}
out=${2:?output directory missing}
cuda_path=${CUDA_PATH:-/usr/local/cuda}
CC=${CC:-cc}
warnings=(-Wall -Wextra -Wpedantic -Werror)
link_flags=$(cat "$out/link_flags" 2>/dev/null || echo "-ldl -lpthread -lm")
# shellcheck source=tools/jobs.sh
source "$root/tools/jobs.sh"

toolkit=0
[ -f "$cuda_path/include/cuda_runtime.h" ] && toolkit=1

# TLS descriptors where the compiler has them (x86-64): the layer's per-thread state (the <<<>>>
# configuration, the kernel launched last) is then reached through a call that spills no
# register, where the default model's __tls_get_addr spills six in every launch, whether the
# program links the layer or opens it with dlopen.
tls_flags=()
if echo 'int x;' | $CC -mtls-dialect=gnu2 -fsyntax-only -x c - 2>/dev/null; then tls_flags=(-mtls-dialect=gnu2); fi

# build_layer DIR CORE_OBJECT CFLAGS...: DIR/liboffload-cudart.so and DIR/liboffload-cudart.a.
build_layer() {
  local dir=$1 object=$2; shift 2
  mkdir -p "$dir"
  $CC -std=gnu11 -g -fPIC -pthread "${tls_flags[@]}" "${warnings[@]}" -I"$root" "$@" \
    -c "$root/compat/cudart.c" -o "$dir/cudart.o"
  # shellcheck disable=SC2086 # link flags are a word list
  $CC -shared -o "$dir/liboffload-cudart.so" -Wl,-soname,liboffload-cudart.so -Wl,-Bsymbolic \
    -Wl,--version-script="$root/compat/cudart.map" -Wl,--no-undefined "$@" "$dir/cudart.o" "$object" $link_flags
  rm -f "$dir/liboffload-cudart.a"
  ar rcs "$dir/liboffload-cudart.a" "$dir/cudart.o" "$object"
}

# build_programs DIR LIBDIR [DRIVER_OPTIONS...]: DIR/NAME from each tests/data/cudart/NAME.cu (or
# the .cu files of the folder NAME/ and its main.c, an -rdc program), linked to LIBDIR's layer;
# JOBS compiles at a time (tools/jobs.sh), each in a temporary folder of its own. Built without
# the toolkit (--no-cuda-toolkit), a program whose header says it "Needs the CUDA toolkit" (for
# CUB or Thrust) is left out. A header that says "Built for sm_NN" names the sm the program is
# compiled for (sm_70 otherwise), and each "Also built for sm_NN" one more build, DIR/NAME_NN
# (CUDA's headers write other PTX for newer devices).
build_programs() {
  local dir=$1 libdir=$2
  shift 2
  mkdir -p "$dir"
  local driver=(bash "$root/tools/offload-cuda" --offload-libdir="$libdir" "$@")
  local src folder sources pids=()
  for src in "$root"/tests/data/cudart/*.cu; do
    if [[ " $* " == *" --no-cuda-toolkit "* ]] && grep -q "Needs the CUDA toolkit" "$src"; then continue; fi
    local arch=() sm
    sm=$(grep -o "Built for sm_[0-9]*" "$src" | head -1 | sed 's/.* //') || true
    if [ -n "$sm" ]; then arch=(-arch="$sm"); fi
    "${driver[@]}" -O2 "${arch[@]}" "$src" -o "$dir/$(basename "${src%.cu}")" & pids+=($!)
    throttle
    for sm in $(grep -o "Also built for sm_[0-9]*" "$src" | sed 's/.* //'); do
      "${driver[@]}" -O2 -arch="$sm" "$src" -o "$dir/$(basename "${src%.cu}")_${sm#sm_}" & pids+=($!)
      throttle
    done
  done
  for folder in "$root"/tests/data/cudart/*/; do
    [ -d "$folder" ] || continue
    sources=("$folder"*.cu)
    [ -e "$folder/main.c" ] && sources+=("$folder/main.c")
    "${driver[@]}" -O2 -rdc=true "${sources[@]}" -o "$dir/$(basename "$folder")" & pids+=($!)
    throttle
  done
  wait_all "${pids[@]}"
}

# copy_programs FROM TO: the programs build_programs made in FROM (with the toolkit's headers
# where there is a toolkit, else FROM/no-toolkit's), copied to TO (or TO/no-toolkit).
copy_programs() {
  local from=$1 to=$2 program
  if [ $toolkit = 0 ]; then from=$from/no-toolkit to=$to/no-toolkit; fi
  mkdir -p "$to"
  for program in "$from"/*; do
    [[ $program == */abi_probe* || $program == *.* ]] && continue
    if [ -f "$program" ] && [ -x "$program" ]; then cp -p "$program" "$to/"; fi
  done
}

case "$cmd" in
  build)
    object=${3:-$out/offload_impl.o}
    shift $(( $# < 3 ? $# : 3 ))
    build_layer "$out/compat" "$object" -O2 "$@"
    rm -rf "$out/compat/include"
    cp -r "$root/compat/include" "$out/compat/include"
    mkdir -p "$out/tools" "$out/tests/cudart"
    install -m 755 "$root/tools/offload-cuda" "$out/tools/offload-cuda"
    probe=$root/tests/data/cudart/abi_probe.c
    $CC -std=gnu11 "${warnings[@]}" -isystem "$root/compat/include" "$probe" -o "$out/tests/cudart/abi_probe"
    rm -f "$out/tests/cudart/abi_probe_toolkit"
    if [ $toolkit = 1 ]; then
      $CC -std=gnu11 "${warnings[@]}" -Wno-deprecated-declarations -isystem "$cuda_path/include" "$probe" \
        -o "$out/tests/cudart/abi_probe_toolkit"
    fi
    if ! command -v clang++-22 >/dev/null && ! command -v clang++-14 >/dev/null && ! command -v clang++ >/dev/null; then
      echo "CUDA test programs skipped: no clang++ (clang-22 or clang-14)"
      exit 0
    fi
    if [ -n "${CUDART_PROGRAMS_FROM:-}" ]; then
      copy_programs "$CUDART_PROGRAMS_FROM/tests/cudart" "$out/tests/cudart"
      exit 0
    fi
    status=0
    if [ $toolkit = 1 ]; then
      build_programs "$out/tests/cudart" "$out/compat" || status=1
    else
      echo "CUDA test programs with the toolkit's headers skipped: no CUDA toolkit at $cuda_path"
    fi
    build_programs "$out/tests/cudart/no-toolkit" "$out/compat" --no-cuda-toolkit || status=1
    exit $status
    ;;
  bench)
    mkdir -p "$out/bench"
    # The benchmark holds the layer and, for the offload.h side, the core it links; that side
    # loads the same kernel: the device code offload-cuda embedded in the program (its
    # .nv_fatbin section, after the 32-byte header the layer reads), with or without a toolkit.
    bash "$root/tools/offload-cuda" --offload-libdir="$out/compat" -O2 -cudart=static -I "$root" \
      "$root/bench/bench_cudart.cu" -o "$out/bench/bench_cudart"
    objcopy -O binary --only-section=.nv_fatbin "$out/bench/bench_cudart" "$out/bench/bench_cudart_device.blob"
    tail -c +33 "$out/bench/bench_cudart_device.blob" > "$out/bench/bench_cudart_device.bc"
    "$out/bench/bench_cudart" "$out/bench/bench_cudart_device.bc"
    "$out/bench/bench_cudart" "$out/bench/bench_cudart_device.bc" --one-cpu
    ;;
  *)
    echo "usage: compat/cudart.sh build|bench OUT [CORE_OBJECT [CFLAGS...]]" >&2
    exit 2
    ;;
esac
