#!/usr/bin/env bash
# tests/deps.sh — checks build.sh's Debian package check without installing anything. apt-get,
# sudo and dpkg are replaced by stubs on PATH that record every call and fail, so the check can
# be driven into each of its cases:
#   - dry run (OFFLOAD_DEPS_PRETEND_MISSING): prints the exact apt-get command for those of the
#     command's packages that are "missing", runs nothing, succeeds;
#   - `demo` asks only for the C compiler, `test` for the whole suite's list;
#   - a missing package whose installation fails: stops (exit 1) with the command to run;
#   - not root: installs through sudo; not root and no sudo: stops with the command to run as
#     root, runs nothing.
# Ends with the line "N passed, N failed, N skipped".
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
stubs=$(mktemp -d)
trap 'rm -rf "$stubs"' EXIT
for tool in apt-get sudo; do
  printf '#!/bin/sh\necho "%s $*" >> "%s/calls"\nexit 1\n' "$tool" "$stubs" > "$stubs/$tool"
done
# dpkg -s: every package is installed except those named in $STUB_MISSING.
printf '#!/bin/sh\ncase " $STUB_MISSING " in *" $2 "*) exit 1 ;; esac\nexit 0\n' > "$stubs/dpkg"
# id -u: $STUB_UID when set, so the cases of a user who is not root can run as root too.
printf '#!/bin/sh\nif [ -n "$STUB_UID" ] && [ "$1" = -u ]; then echo "$STUB_UID"; exit 0; fi\nexec %s "$@"\n' \
  "$(command -v id)" > "$stubs/id"
chmod +x "$stubs"/*

passed=0 failed=0 skipped=0
check() { # NAME COMMAND...: one check
  if "${@:2}"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "  FAIL $1"; fi
}
has() { grep -qF -- "$1" <<< "$out"; }
lacks() { ! grep -qF -- "$1" <<< "$out"; }
nothing_ran() { [ ! -e "$stubs/calls" ]; }
deps() { # ENV... -- COMMAND: runs build.sh deps with the stubs first on PATH; sets out and rc
  rm -f "$stubs/calls"
  out=$(env -u OFFLOAD_DEPS -u OFFLOAD_DEPS_PRETEND_MISSING -u STUB_MISSING -u STUB_UID PATH="$stubs:$PATH" "$@" 2>&1); rc=$?
}

deps OFFLOAD_DEPS_PRETEND_MISSING="cmake lld-22 not-a-dependency" "$root/build.sh" deps test
check "dry run succeeds" [ $rc = 0 ]
check "dry run names the missing packages in order" has "apt-get install -y --no-install-recommends cmake lld-22"
check "dry run updates the package lists first" has "apt-get update && "
check "dry run says it would run the command" has "would run: "
check "a package outside the list is not asked for" lacks "not-a-dependency"
check "dry run runs nothing" nothing_ran

deps OFFLOAD_DEPS_PRETEND_MISSING="gcc clang-14 cmake" "$root/build.sh" deps demo
check "demo asks only for the C compiler" has "--no-install-recommends gcc"
check "demo does not ask for LLVM or CMake" lacks "clang-14"

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
else
  skipped=$((skipped + 1)); echo "  SKIP no-root-no-sudo case: sudo is installed here"
fi
mv "$stubs/sudo.off" "$stubs/sudo"

deps OFFLOAD_DEPS=no STUB_MISSING="gcc" "$root/build.sh" deps test
check "OFFLOAD_DEPS=no skips the check" [ $rc = 0 ]
check "OFFLOAD_DEPS=no runs nothing" nothing_ran

echo "$passed passed, $failed failed, $skipped skipped"
[ $failed = 0 ]
