# tools/deps.sh — the Debian packages each build.sh command needs, and the apt-get handling that
# installs them. Sourced by build.sh (it reads build.sh's `build` and `cmd`); tests/deps.sh
# checks it with stubs in place of apt-get, sudo and dpkg.
#
# A command's packages are checked with dpkg -s; the missing ones are installed with apt-get (as
# root, or through sudo). What a command needs stops it when it cannot be installed, with the
# exact command to run. What a command only wants (the demo's JIT) is a note instead, and the
# command goes on without it. OFFLOAD_DEPS=no skips all of it; OFFLOAD_DEPS_PRETEND_MISSING
# ="pkg ..." is a dry run: those packages count as missing and the command is printed, not run.
# shellcheck shell=bash

# One list per command. `test` covers the whole suite: compilers, LLVM 14 (JIT) and 22 (the
# liboffload compatibility layer), the libomptarget peer, libFuzzer, the HSA runtime (real-driver
# tests), CMake and pkg-config (the consumer project), gdb (host kernels under a debugger), Open MPI
# and MPICH (remote devices: mpirun and libmpi.so.40, mpiexec.mpich and libmpich.so.12, which the
# runtime opens itself; MPICH's launcher is registered below Open MPI's, so `mpirun` stays Open MPI's).
deps_build=(gcc libc6-dev)
deps_test=(gcc g++ make libc6-dev clang-14 llvm-14 llvm-14-dev lld-14 libomp-14-dev libclang-rt-14-dev
           libhsa-runtime64-1 libhsa-runtime-dev cmake pkg-config libffi-dev llvm-22-dev lld-22 clang-22
           libllvm22 rocm-device-libs gdb clang-format-14 openmpi-bin libopenmpi-dev mpich)
deps_bench=(gcc libc6-dev clang-14 llvm-14-dev lld-14 libomp-14-dev pocl-opencl-icd ocl-icd-opencl-dev opencl-c-headers)
deps_fuzz=(gcc libc6-dev clang-14 libclang-rt-14-dev)
# What the demo's JIT needs: LLVM 22's C API and library (llvm-22-dev brings llvm-config-22 and
# libllvm22) and ld.lld-22, which links the AMDGPU code objects it compiles. The demo's kernel
# calls no vendor math library (sqrt is an LLVM intrinsic), so neither rocm-device-libs nor the
# CUDA toolkit's libdevice, and no clang: the JIT takes IR.
deps_jit=(llvm-22-dev lld-22)

# deps_for CMD: the packages a command needs, one per line.
deps_for() {
  case "$1" in
    test|mutate) printf '%s\n' "${deps_test[@]}" ;;
    bench) printf '%s\n' "${deps_bench[@]}" ;;
    fuzz) printf '%s\n' "${deps_fuzz[@]}" ;;
    *) printf '%s\n' "${deps_build[@]}" ;;
  esac
}

# deps_wanted_for CMD: the packages a command goes on without, one per line.
deps_wanted_for() {
  case "$1" in
    demo) printf '%s\n' "${deps_jit[@]}" ;;
  esac
}

# install_deps CMD: installs what CMD needs, and what it wants. Everything is tried in one
# apt-get run; when that fails and CMD wants something, a note says what it goes on without and
# what it needs is tried alone. A failure of what it needs stops the build.
install_deps() {
  local need want
  mapfile -t need < <(deps_for "$1")
  mapfile -t want < <(deps_wanted_for "$1")
  if [ ${#want[@]} -gt 0 ]; then
    install_missing "${need[@]}" "${want[@]}" && return 0
    echo "note: ./build.sh $1 goes on without ${want[*]}: the JIT is off unless another LLVM is" \
         "installed (the command above installs them)" >&2
  fi
  install_missing "${need[@]}" || exit 1
}

# install_missing PKG...: installs the packages dpkg does not know as installed, as root or
# through sudo. Returns 1, after printing the command to run, when neither is possible or the
# install fails.
install_missing() {
  [ "${OFFLOAD_DEPS:-}" = no ] && return 0
  local missing=() p
  if [ -n "${OFFLOAD_DEPS_PRETEND_MISSING:-}" ]; then
    for p in "$@"; do [[ " $OFFLOAD_DEPS_PRETEND_MISSING " == *" $p "* ]] && missing+=("$p"); done
  elif ! command -v dpkg >/dev/null 2>&1; then
    echo "note: no dpkg (not Debian): make sure these are installed: $*" >&2
    return 0
  else
    for p in "$@"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
  fi
  [ ${#missing[@]} -eq 0 ] && return 0
  local sudo=()
  if [ "$(id -u)" != 0 ]; then
    if command -v sudo >/dev/null 2>&1; then
      sudo=(sudo)
    else
      echo "missing Debian packages: ${missing[*]}" >&2
      echo "run as root, then again ./build.sh ${cmd:-}:" >&2
      echo "  apt-get update && apt-get install -y --no-install-recommends ${missing[*]}" >&2
      return 1
    fi
  fi
  local update=("${sudo[@]}" apt-get update)
  local install=("${sudo[@]}" apt-get install -y --no-install-recommends "${missing[@]}")
  echo "missing Debian packages: ${missing[*]}"
  if [ -n "${OFFLOAD_DEPS_PRETEND_MISSING:-}" ]; then
    echo "would run: ${update[*]} && ${install[*]}"
    return 0
  fi
  echo "running: ${update[*]} && ${install[*]}"
  if ! "${update[@]}" || ! DEBIAN_FRONTEND=noninteractive "${install[@]}"; then
    echo "installing failed; run this, then again ./build.sh ${cmd:-}:" >&2
    echo "  ${update[*]} && ${install[*]}" >&2
    return 1
  fi
}

# unpack_packages SET PKG...: makes Debian packages available unpacked, not installed, under
# build/ext/SET (apt-get download into build/ext/cache, then dpkg -x). For packages that
# cannot be installed next to the ones the suite needs (liboffload-22 removes libomp-14-dev).
# Returns non-zero, with a note, when they cannot be had (offline, no apt).
unpack_packages() {
  local set=$1; shift
  # shellcheck disable=SC2154 # build: build.sh's output directory
  local dest="$build/ext/$set" cache="$build/ext/cache"
  [ -f "$dest/.unpacked" ] && [ "$(cat "$dest/.unpacked")" = "$*" ] && return 0
  mkdir -p "$cache"
  local p debs=()
  for p in "$@"; do
    local deb; deb=$(ls "$cache/${p}_"*.deb 2>/dev/null | head -n 1 || true)
    if [ -z "$deb" ]; then
      # apt's sandbox user cannot write into every directory: as root, download as root.
      (cd "$cache" && apt-get download -q -o APT::Sandbox::User="$(id -un)" "$p" >/dev/null 2>&1) || {
        echo "note: cannot download the Debian package $p (apt-get download); what needs $set is skipped" >&2
        return 1
      }
      deb=$(ls "$cache/${p}_"*.deb | head -n 1)
    fi
    debs+=("$deb")
  done
  rm -rf "$dest"
  mkdir -p "$dest"
  for p in "${debs[@]}"; do dpkg -x "$p" "$dest"; done
  echo "$*" > "$dest/.unpacked"
}
