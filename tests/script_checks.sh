#!/usr/bin/env bash
# tests/script_checks.sh — what the tests of the project's scripts share (tests/call_graph.sh,
# deps.sh, dist.sh, ir.sh and gpu/test_run.sh source it): counted checks and the closing line
# "N passed, N failed, N skipped" that build.sh's check reads. The script that sources it sets
# `out` to the output of the command it checks.
# shellcheck disable=SC2154 # out: set by the script that sources this file

passed=0 failed=0 skipped=0

# check NAME COMMAND...: one check, passed when COMMAND succeeds; else a FAIL line names it.
check() {
  if "${@:2}"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "  FAIL $1"; fi
}

# skip NAME: a check that cannot run here (NAME says why), counted and printed as skipped.
skip() { skipped=$((skipped + 1)); echo "  SKIP $1"; }

# has TEXT: whether $out holds TEXT.
has() { grep -qF -- "$1" <<< "$out"; }

# summarise_checks: the closing line; its status says whether every check passed. (Named apart
# from build.sh's finish_checks, which counts the set-up checks these scripts are.)
summarise_checks() {
  echo "$passed passed, $failed failed, $skipped skipped"
  [ "$failed" = 0 ]
}
