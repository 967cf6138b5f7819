#!/usr/bin/env bash
# tests/deps.sh — checks build.sh's Debian package check (tools/deps.sh) without installing
# anything. apt-get, sudo and dpkg are replaced by stubs on PATH that record every call and fail
# (apt-get succeeds with STUB_APT_OK, and its install brings a stub llvm-config-99 onto PATH, as
# llvm-22-dev brings llvm-config-22), so the check can be driven into each of its cases:
#   - dry run (OFFLOAD_DEPS_PRETEND_MISSING): prints the exact apt-get command for those of the
#     command's packages that are "missing", runs nothing, succeeds;
#   - `demo` asks for the C compiler and what its JIT needs, `test` for the whole suite's list;
#   - a bare machine: LLVM is looked for after the install, and the JIT finds the one installed;
#   - a missing package whose installation fails: stops (exit 1) with the command to run, except
#     the demo's JIT packages: a note, and the demo goes on without the JIT;
#   - not root: installs through sudo; not root and no sudo: stops with the command to run as
#     root, runs nothing.
# Ends with the line "N passed, N failed, N skipped".
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
stubs=$(mktemp -d)
trap 'rm -rf "$stubs"' EXIT
printf '#!/bin/sh\necho "sudo $*" >> "%s/calls"\nexit 1\n' "$stubs" > "$stubs/sudo"
# apt-get: fails, unless STUB_APT_OK; an install that succeeds puts llvm-config-99 on PATH.
cat > "$stubs/apt-get" <<STUB
#!/bin/sh
echo "apt-get \$*" >> "$stubs/calls"
[ -n "\$STUB_APT_OK" ] || exit 1
[ "\$1" = install ] && cp "$stubs/llvm-config.package" "$stubs/llvm-config-99"
exit 0
STUB
# llvm-config-99 as the package installs it: LLVM 99.1.0 with its C API headers.
mkdir -p "$stubs/llvm/include/llvm-c" "$stubs/llvm/lib"
: > "$stubs/llvm/include/llvm-c/Core.h"
cat > "$stubs/llvm-config.package" <<STUB
#!/bin/sh
echo "llvm-config-99 \$*" >> "$stubs/calls"
case "\$1" in
  --version) echo 99.1.0 ;;
  --includedir) echo "$stubs/llvm/include" ;;
  --libdir) echo "$stubs/llvm/lib" ;;
esac
STUB
# dpkg -s: every package is installed except those named in $STUB_MISSING.
printf '#!/bin/sh\ncase " $STUB_MISSING " in *" $2 "*) exit 1 ;; esac\nexit 0\n' > "$stubs/dpkg"
# id -u: $STUB_UID when set, so the cases of a user who is not root can run as root too.
printf '#!/bin/sh\nif [ -n "$STUB_UID" ] && [ "$1" = -u ]; then echo "$STUB_UID"; exit 0; fi\nexec %s "$@"\n' \
  "$(command -v id)" > "$stubs/id"
chmod +x "$stubs"/*

# shellcheck source=tests/script_checks.sh
source "$root/tests/script_checks.sh"
lacks() { ! grep -qF -- "$1" <<< "$out"; }
has_line() { grep -qxF -- "$1" <<< "$out"; }
nothing_ran() { [ ! -e "$stubs/calls" ]; }
# installed_before_detected: the calls hold an apt-get install, and llvm-config-99 asked after it.
installed_before_detected() {
  local install llvm
  [ -e "$stubs/calls" ] || return 1
  install=$(grep -n '^apt-get install' "$stubs/calls" | head -n 1 | cut -d: -f1)
  llvm=$(grep -n '^llvm-config-99' "$stubs/calls" | head -n 1 | cut -d: -f1)
  [ -n "$install" ] && [ -n "$llvm" ] && [ "$install" -lt "$llvm" ]
}
deps() { # ENV... -- COMMAND: runs build.sh deps with the stubs first on PATH; sets out and rc
  rm -f "$stubs/calls" "$stubs/llvm-config-99"
  out=$(env -u OFFLOAD_DEPS -u OFFLOAD_DEPS_PRETEND_MISSING -u STUB_MISSING -u STUB_UID -u STUB_APT_OK \
        -u LLVM_CONFIG -u OFFLOAD_NO_JIT PATH="$stubs:$PATH" "$@" 2>&1); rc=$?
}

deps OFFLOAD_DEPS_PRETEND_MISSING="cmake lld-22 not-a-dependency" "$root/build.sh" deps test
check "dry run succeeds" [ $rc = 0 ]
check "dry run names the missing packages in order" has "apt-get install -y --no-install-recommends cmake lld-22"
check "dry run updates the package lists first" has "apt-get update && "
check "dry run says it would run the command" has "would run: "
check "a package outside the list is not asked for" lacks "not-a-dependency"
check "dry run runs nothing" nothing_ran

deps OFFLOAD_DEPS_PRETEND_MISSING="gcc clang-14 cmake llvm-22-dev lld-22" "$root/build.sh" deps demo
check "demo asks for the C compiler and the JIT's packages in one command" \
  has "--no-install-recommends gcc llvm-22-dev lld-22"
check "demo does not ask for clang-14" lacks "clang-14"
check "demo does not ask for CMake" lacks "cmake"

# A bare machine: LLVM 22 missing, installing works. The JIT must find the LLVM just installed.
deps STUB_UID=0 STUB_APT_OK=1 STUB_MISSING="llvm-22-dev lld-22" "$root/build.sh" deps demo
check "demo, LLVM missing: succeeds" [ $rc = 0 ]
check "demo, LLVM missing: installs the JIT's packages" \
  grep -qx "apt-get install -y --no-install-recommends llvm-22-dev lld-22" "$stubs/calls"
check "demo, LLVM missing: LLVM is looked for after the install" installed_before_detected
check "demo, LLVM missing: the JIT uses the LLVM installed" has "JIT: LLVM 99.1.0 (llvm-config-99)"
deps STUB_UID=0 STUB_APT_OK=1 STUB_MISSING="llvm-22-dev" "$root/build.sh" deps test
check "test, LLVM missing: installs it" grep -qx "apt-get install -y --no-install-recommends llvm-22-dev" "$stubs/calls"
check "test, LLVM missing: LLVM is looked for after the install" installed_before_detected
check "test, LLVM missing: the JIT uses the LLVM installed" has "JIT: LLVM 99.1.0 (llvm-config-99)"

# Installing the JIT's packages fails: the demo goes on without them and says so; `test` stops.
deps STUB_UID=0 STUB_MISSING="llvm-22-dev lld-22" "$root/build.sh" deps demo
check "demo, install fails: goes on" [ $rc = 0 ]
check "demo, install fails: the install was attempted" \
  has_line "running: apt-get update && apt-get install -y --no-install-recommends llvm-22-dev lld-22"
check "demo, install fails: says the JIT is off" has "goes on without llvm-22-dev lld-22: the JIT is off"
check "demo, install fails: prints the command to run" has "apt-get install -y --no-install-recommends llvm-22-dev lld-22"
check "demo, install fails: no LLVM appeared" lacks "llvm-config-99"
deps STUB_UID=0 STUB_MISSING="gcc llvm-22-dev" "$root/build.sh" deps demo
check "demo, C compiler missing, install fails: stops" [ $rc = 1 ]
check "demo, C compiler missing: tried alone after the JIT's packages" \
  has_line "running: apt-get update && apt-get install -y --no-install-recommends gcc"
deps STUB_UID=0 STUB_MISSING="llvm-22-dev" "$root/build.sh" deps test
check "test, LLVM install fails: stops" [ $rc = 1 ]
check "test, LLVM install fails: does not go on" lacks "goes on without"

deps OFFLOAD_DEPS_PRETEND_MISSING="" STUB_MISSING="nothing" "$root/build.sh" deps test
check "nothing missing: succeeds" [ $rc = 0 ]
check "nothing missing: runs nothing" nothing_ran

deps STUB_MISSING="libffi-dev" "$root/build.sh" deps test
check "a failed install stops the build" [ $rc = 1 ]
check "a failed install prints the command to run" has "apt-get install -y --no-install-recommends libffi-dev"
check "the install was attempted through apt-get" grep -q "apt-get update" "$stubs/calls"

deps STUB_UID=1000 STUB_MISSING="cmake" "$root/build.sh" deps test
check "not root: installs through sudo" grep -q "^sudo apt-get update" "$stubs/calls"
check "not root: prints the sudo command when it fails" has "sudo apt-get install -y --no-install-recommends cmake"

mv "$stubs/sudo" "$stubs/sudo.off"
if ! PATH="$stubs:$PATH" command -v sudo >/dev/null 2>&1; then
  deps STUB_UID=1000 STUB_MISSING="cmake" "$root/build.sh" deps test
  check "no root, no sudo: stops" [ $rc = 1 ]
  check "no root, no sudo: says to run as root" has "run as root"
  check "no root, no sudo: prints the command" has "apt-get update && apt-get install -y --no-install-recommends cmake"
  check "no root, no sudo: runs nothing" nothing_ran
  deps STUB_UID=1000 STUB_MISSING="llvm-22-dev" "$root/build.sh" deps demo
  check "no root, no sudo, demo: goes on" [ $rc = 0 ]
  check "no root, no sudo, demo: says the JIT is off" has "goes on without llvm-22-dev lld-22: the JIT is off"
  check "no root, no sudo, demo: prints the command to run as root" \
    has "apt-get update && apt-get install -y --no-install-recommends llvm-22-dev"
  check "no root, no sudo, demo: runs nothing" nothing_ran
else
  skipped=$((skipped + 1)); echo "  SKIP no-root-no-sudo case: sudo is installed here"
fi
mv "$stubs/sudo.off" "$stubs/sudo"

deps OFFLOAD_DEPS=no STUB_MISSING="gcc" "$root/build.sh" deps test
check "OFFLOAD_DEPS=no skips the check" [ $rc = 0 ]
check "OFFLOAD_DEPS=no runs nothing" nothing_ran

summarise_checks
