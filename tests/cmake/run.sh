#!/usr/bin/env bash
# tests/cmake/run.sh MODE WORKDIR [DISTDIR] — builds and runs the consumer of tests/cmake one way:
#   subdirectory  the consumer add_subdirectory()s this source tree and links offload::offload
#   pkg-config    this tree is built and installed into WORKDIR/prefix with CMake (header,
#                 libraries, tools, offload.pc); the consumer finds it through pkg-config, and a
#                 plain `cc $(pkg-config --cflags --libs offload)` build works too
#   dist [DISTDIR] the consumer vendors the single-file distribution (DISTDIR, default: one
#                 tools/dist.sh writes into WORKDIR): its two files, copied into a folder of the
#                 consumer, and offload_impl.c added to the consumer's build, as README says
# Exits non-zero on the first failure. The first two build the runtime as CMake's Debug (no
# optimisation: what they check is the build's targets, installation and lookup, which do not
# depend on it); the dist consumer builds as Release, the optimised single-file build a vendoring
# project makes.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
mode=${1:?usage: tests/cmake/run.sh subdirectory|pkg-config|dist WORKDIR [DISTDIR]}
work=${2:?usage: tests/cmake/run.sh subdirectory|pkg-config|dist WORKDIR [DISTDIR]}
jobs=${JOBS:-2}
mkdir -p "$work"
case "$mode" in
  subdirectory)
    rm -rf "$work/subdirectory"
    cmake -S "$here" -B "$work/subdirectory" -DOFFLOAD_CONSUMER_MODE=subdirectory -DCMAKE_BUILD_TYPE=Debug
    cmake --build "$work/subdirectory" -j "$jobs"
    "$work/subdirectory/consumer"
    ;;
  pkg-config)
    prefix="$work/prefix"
    rm -rf "$work/offload" "$work/consumer" "$prefix"
    cmake -S "$root" -B "$work/offload" -DCMAKE_BUILD_TYPE=Debug -DCMAKE_INSTALL_PREFIX="$prefix"
    cmake --build "$work/offload" -j "$jobs"
    cmake --install "$work/offload"
    for f in include/offload.h lib/liboffload.a lib/liboffload.so bin/offload-info bin/offload-replay \
             lib/pkgconfig/offload.pc lib/liboffload-cudart.so lib/liboffload-cudart.a bin/offload-cuda \
             share/offload/cuda/include/cuda_runtime.h share/offload/cuda/include/crt/sm_70_rt.hpp; do
      [ -e "$prefix/$f" ] || { echo "not installed: $f"; exit 1; }
    done
    "$prefix/bin/offload-info" --help >/dev/null
    "$prefix/bin/offload-info"
    export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
    cmake -S "$here" -B "$work/consumer" -DOFFLOAD_CONSUMER_MODE=pkg-config -DCMAKE_BUILD_TYPE=Release
    cmake --build "$work/consumer" -j "$jobs"
    "$work/consumer/consumer"
    # The same without CMake, as a Makefile would, against the shared library.
    cc -std=c99 -Wall -Werror "$here/main.c" $(pkg-config --cflags --libs offload) -Wl,-rpath,"$prefix/lib" \
      -o "$work/consumer/consumer-cc"
    "$work/consumer/consumer-cc"
    ;;
  dist)
    dist=${3:-$work/dist}
    [ -n "${3:-}" ] || bash "$root/tools/dist.sh" "$dist"
    rm -rf "$work/dist-consumer" && mkdir -p "$work/dist-consumer/offload"
    cp "$dist/offload.h" "$dist/offload_impl.c" "$work/dist-consumer/offload/"
    cmake -S "$here" -B "$work/dist-consumer/build" -DOFFLOAD_CONSUMER_MODE=dist \
      -DOFFLOAD_DIST_DIR="$work/dist-consumer/offload" -DCMAKE_BUILD_TYPE=Release
    cmake --build "$work/dist-consumer/build" -j "$jobs"
    "$work/dist-consumer/build/consumer"
    ;;
  *)
    echo "usage: tests/cmake/run.sh subdirectory|pkg-config|dist WORKDIR [DISTDIR]" >&2
    exit 2
    ;;
esac
