#!/usr/bin/env bash
# compat/liboffload.sh — builds the runtime as LLVM's liboffload (libLLVMOffload.so.22.1, the ol*
# API of compat/liboffload.c over offload.h), its tests and its benchmark. Called by build.sh:
#
#   compat/liboffload.sh build OUT [CORE_OBJECT [CFLAGS...]]
#       OUT/compat/libLLVMOffload.so.22.1 from compat/liboffload.c and CORE_OBJECT (default
#       OUT/offload_impl.o, the core as build.sh compiled it, JIT included when it was); for the
#       plain build also OUT/compat/nojit/ (the core compiled with OFFLOAD_NO_JIT). Tests go to
#       OUT/tests/, where build.sh's test runner finds them. CFLAGS (a sanitizer, say) apply to
#       the adapter and the tests; a variant given CFLAGS builds the API and threads tests (only
#       the threads test under TSan), not the client test (the client is not instrumented).
#       Before anything else (plain build only) compat/ol_api.h, our own declarations of
#       OffloadAPI.h that the adapter compiles with, is checked against the real header: a
#       difference fails the build.
#   compat/liboffload.sh build-leg OUT CORE_OBJECT
#       for the second LLVM's leg of build.sh (build/llvm<major>/leg): the library from CORE_OBJECT,
#       the one without the JIT, and the two tests that leg runs, test_ol_api and
#       test_ol_device_info (our LLVM beside the client's LLVM 22); the header check is the plain
#       build's.
#   compat/liboffload.sh bench OUT
#       builds and runs bench/bench_ol.c: each operation through ol* and through offload.h;
#       then bench/bench_ol_llvm.c: our library against LLVM's own, on the simulated CUDA device.
#
# The header (OffloadAPI.h: the adapter has its own declarations, compat/ol_api.h, but the
# tests, the benchmark and the check of ol_api.h compile against the real one) and the client
# (llvm-offload-device-info) come from Debian's liboffload-22 and liboffload-22-dev packages,
# unpacked (never installed: they would remove libomp-14-dev) under build/ext/liboffload-22/.
# When they are missing they are fetched with apt-get download; without them everything here is
# skipped with a note.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cmd=${1:?usage: compat/liboffload.sh build|build-leg|bench OUT [CORE_OBJECT [CFLAGS...]]}
out=${2:?output directory missing}
ext="$root/build/ext/liboffload-22"
llvm22="$ext/usr/lib/llvm-22"
header_dir="$llvm22/include"
CC=${CC:-cc}

# Unpacks the two packages into build/ext/liboffload-22 when the header is not there yet.
fetch_packages() {
  [ -f "$header_dir/offload/OffloadAPI.h" ] && return 0
  command -v apt-get >/dev/null 2>&1 && command -v dpkg >/dev/null 2>&1 || return 1
  local tmp; tmp=$(mktemp -d)
  if (cd "$tmp" && apt-get download liboffload-22 liboffload-22-dev >/dev/null 2>&1); then
    mkdir -p "$ext"
    for deb in "$tmp"/*.deb; do dpkg -x "$deb" "$ext"; done
  fi
  rm -rf "$tmp"
  [ -f "$header_dir/offload/OffloadAPI.h" ]
}

if ! fetch_packages; then
  echo "liboffload compatibility skipped: $header_dir/offload/OffloadAPI.h is missing and could not be" \
       "fetched (apt-get download liboffload-22 liboffload-22-dev, then dpkg -x each into $ext)"
  exit 0
fi

warnings=(-Wall -Wextra -Wpedantic -Werror)
link_flags=$(cat "$out/link_flags" 2>/dev/null || echo "-ldl -lpthread -lm")
nojit_link_flags="-ldl -lpthread -lm"

# link_library DIR CORE_OBJECT LINK_FLAGS CFLAGS...: DIR/libLLVMOffload.so.22.1. The version
# script exports the ol* symbols as VERS1.0 and keeps the core (and its LLVM) local, so a client
# that loads LLVM 22 next to our LLVM 14 binds each symbol to its own library.
link_library() {
  local dir=$1 object=$2 flags=$3; shift 3
  mkdir -p "$dir"
  $CC -std=gnu11 -g -fPIC -pthread "${warnings[@]}" -I"$root" "$@" \
    -c "$root/compat/liboffload.c" -o "$dir/liboffload_compat.o"
  # shellcheck disable=SC2086 # link flags are a word list
  $CC -shared -o "$dir/libLLVMOffload.so.22.1" -Wl,-soname,libLLVMOffload.so.22.1 -Wl,-Bsymbolic \
    -Wl,--version-script="$root/compat/liboffload.map" -Wl,--no-undefined "$@" \
    "$dir/liboffload_compat.o" "$object" $flags
}

# check_header: tests/compat/ol_abi.c built against the real header and against compat/ol_api.h
# (the enumerators it prints are every `OL_... =` line of ol_api.h); the two outputs must match.
check_header() {
  local dir="$out/compat/ol_abi"
  mkdir -p "$dir"
  sed -n 's/^ *\(OL_[A-Z0-9_]*\) = .*/ENUMERATOR(\1)/p' "$root/compat/ol_api.h" >"$dir/enumerators.inc"
  $CC -std=gnu11 "${warnings[@]}" -I"$root" -isystem "$header_dir" -DOL_ABI_REAL \
    -DOL_ABI_ENUMERATORS="\"$dir/enumerators.inc\"" "$root/tests/compat/ol_abi.c" -o "$dir/ol_abi_real"
  $CC -std=gnu11 "${warnings[@]}" -I"$root" \
    -DOL_ABI_ENUMERATORS="\"$dir/enumerators.inc\"" "$root/tests/compat/ol_abi.c" -o "$dir/ol_abi_ours"
  "$dir/ol_abi_real" >"$dir/real.txt"
  "$dir/ol_abi_ours" >"$dir/ours.txt"
  if ! diff -u "$dir/real.txt" "$dir/ours.txt" >"$dir/diff.txt"; then
    echo "compat/ol_api.h differs from $header_dir/offload/OffloadAPI.h (- real, + ours):" >&2
    cat "$dir/diff.txt" >&2
    exit 1
  fi
}

# link_nojit_library: OUT/compat/nojit/libLLVMOffload.so.22.1, the library without the JIT: the
# core compiled with OFFLOAD_NO_JIT, no LLVM linked (test_ol_device_info compares both). The core
# is OFFLOAD_NOJIT_OBJECT when the caller has compiled it already (build.sh's plain build, for its
# static programs), else it is compiled here.
link_nojit_library() {
  mkdir -p "$out/compat/nojit"
  local object=${OFFLOAD_NOJIT_OBJECT:-}
  if [ -z "$object" ]; then
    object="$out/compat/nojit/offload_impl.o"
    $CC -std=gnu11 -O2 -g -fPIC -pthread "${warnings[@]}" -I"$root" -DOFFLOAD_NO_JIT \
      -c "$root/offload_impl.c" -o "$object"
  fi
  link_library "$out/compat/nojit" "$object" "$nojit_link_flags" -O2
}

# build_test NAME LIBDIR CFLAGS...: OUT/tests/NAME from tests/compat/NAME.c, linked to LIBDIR's
# library; with OL_TEST_SUFFIX set, OUT/tests/NAME$OL_TEST_SUFFIX.
build_test() {
  local name=$1 libdir=$2; shift 2
  $CC -std=gnu11 -g -pthread "${warnings[@]}" -I"$root" -isystem "$header_dir" "$@" \
    -DOFFLOAD_TEST_ROOT="\"$root\"" -DOFFLOAD_TEST_BUILD="\"$out\"" -DOL_TEST_LIBDIR="\"$libdir\"" \
    -DOL_TEST_CLIENT="\"$llvm22/bin/llvm-offload-device-info\"" \
    "$root/tests/compat/$name.c" "$libdir/libLLVMOffload.so.22.1" -Wl,-rpath,"$libdir" -o "$out/tests/$name${OL_TEST_SUFFIX:-}" -ldl
}

case "$cmd" in
  build)
    object=${3:-$out/offload_impl.o}
    shift $(( $# < 3 ? $# : 3 ))
    mkdir -p "$out/tests" "$out/compat"
    if [ $# -gt 0 ]; then
      link_library "$out/compat" "$object" "$link_flags" "$@"
      # Under TSan the threads test alone: the API test forks compilers and drivers.
      case " $* " in *" -fsanitize=thread "*) ;; *) build_test test_ol_api "$out/compat" "$@" ;; esac
      build_test test_ol_threads "$out/compat" "$@"
      exit 0
    fi
    check_header
    link_library "$out/compat" "$object" "$link_flags" -O2
    link_nojit_library
    for t in test_ol_api test_ol_threads test_ol_device_info; do build_test "$t" "$out/compat" -O2; done
    OL_TEST_SUFFIX=_nojit build_test test_ol_api "$out/compat/nojit" -O2
    ;;
  build-leg)
    object=${3:?usage: compat/liboffload.sh build-leg OUT CORE_OBJECT}
    mkdir -p "$out/tests" "$out/compat"
    link_library "$out/compat" "$object" "$link_flags" -O2
    link_nojit_library
    for t in test_ol_api test_ol_device_info; do build_test "$t" "$out/compat" -O2; done
    ;;
  bench)
    mkdir -p "$out/bench"
    # The benchmark holds both: the library (the ol* side) and the core linked in directly (the
    # offload.h side, a context of its own); the library keeps its copy of the core local.
    # shellcheck disable=SC2086
    $CC -std=gnu11 -O2 -g -pthread "${warnings[@]}" -I"$root" -isystem "$header_dir" \
      -DOFFLOAD_TEST_ROOT="\"$root\"" "$root/bench/bench_ol.c" "$out/offload_impl.o" \
      "$out/compat/libLLVMOffload.so.22.1" -Wl,-rpath,"$out/compat" -o "$out/bench/bench_ol" $link_flags
    "$out/bench/bench_ol"
    # Ours against LLVM's own library (unpacked beside the header), both on the simulated CUDA
    # device, which both load as libcuda.so from a directory of links to it; the kernel is an
    # empty one that ptxas builds.
    llvm_library="$llvm22/lib/libLLVMOffload.so.22.1"
    ptxas=${PTXAS:-$(command -v ptxas || echo /usr/local/cuda/bin/ptxas)}
    if [ ! -f "$llvm_library" ] || [ ! -x "$ptxas" ] || [ ! -f "$out/sim/cuda_sim.so" ]; then
      echo "ol_*_vs_llvm: skipped: needs $llvm_library, ptxas and $out/sim/cuda_sim.so"
      exit 0
    fi
    drivers="$out/bench/cuda_sim_as_libcuda"
    mkdir -p "$drivers"
    simulator=$(realpath "$out/sim/cuda_sim.so")
    ln -sf "$simulator" "$drivers/libcuda.so"
    ln -sf "$simulator" "$drivers/libcuda.so.1"
    printf '.version 7.8\n.target sm_90\n.address_size 64\n.visible .entry empty()\n{\n\tret;\n}\n' \
      > "$out/bench/empty.ptx"
    "$ptxas" -arch=sm_90 "$out/bench/empty.ptx" -o "$out/bench/empty.cubin"
    $CC -std=gnu11 -O2 "${warnings[@]}" -I"$root" -isystem "$header_dir" -DOFFLOAD_TEST_ROOT="\"$root\"" \
      "$root/bench/bench_ol_llvm.c" -o "$out/bench/bench_ol_llvm" -ldl
    LD_LIBRARY_PATH="$drivers${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" "$out/bench/bench_ol_llvm" \
      "$out/compat/libLLVMOffload.so.22.1" "$llvm_library" "$simulator" "$out/bench/empty.cubin"
    ;;
  *)
    echo "usage: compat/liboffload.sh build|build-leg|bench OUT [CORE_OBJECT [CFLAGS...]]" >&2
    exit 2
    ;;
esac
