#!/usr/bin/env bash
# tests/fuzz/run.sh BUILD_DIR [SECONDS] — builds the recording-reader fuzzer with
# clang-14 -fsanitize=fuzzer,address,undefined into BUILD_DIR/fuzz and runs it for SECONDS
# (default 30) over a scratch copy of tests/fuzz/corpus (the committed corpus is not changed).
# Exits non-zero when the fuzzer finds a crash, a leak, a timeout or undefined behaviour; the
# reproducer is left in BUILD_DIR/fuzz.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
build=${1:?usage: tests/fuzz/run.sh BUILD_DIR [SECONDS]}
seconds=${2:-30}
clang=${FUZZ_CC:-clang-14}
if ! command -v "$clang" >/dev/null 2>&1; then
  echo "fuzz: $clang not found; cannot build the fuzzer" >&2
  exit 1
fi
out="$build/fuzz"
mkdir -p "$out"
"$clang" -std=gnu11 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
  -I"$root" "$here/fuzz_rr.c" -o "$out/fuzz_rr" -ldl -lpthread
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp "$here"/corpus/* "$work"/
cd "$out"
echo "fuzz: fuzz_rr for ${seconds}s over $(ls "$work" | wc -l) seeds"
"$out/fuzz_rr" -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=2048 \
  -print_final_stats=1 "$work" 2>"$out/fuzz_rr.log" || { tail -n 40 "$out/fuzz_rr.log" >&2; echo "fuzz: FOUND A PROBLEM (see $out)" >&2; exit 1; }
grep -E '^stat::number_of_executed_units' "$out/fuzz_rr.log" || true
echo "fuzz: no findings"
