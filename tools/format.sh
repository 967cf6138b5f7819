#!/usr/bin/env bash
# tools/format.sh — the tree's C sources in the house format (.clang-format at the root):
#
#   tools/format.sh           formats them in place (./build.sh format)
#   tools/format.sh --check   changes nothing; fails naming the lines that are not formatted, and
#                             first makes sure a misformatted file does fail (./build.sh test)
#
# clang-format-14, the version Debian 12 ships, decides (CLANG_FORMAT names another binary):
# another major version formats some lines differently. The sources are the tracked .c, .h and
# .inc files (every file below the root outside a git checkout), but not the test inputs in
# tests/data/ nor anything under build/.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
format=${CLANG_FORMAT:-clang-format-14}
command -v "$format" >/dev/null 2>&1 || { echo "tools/format.sh: $format is not installed" >&2; exit 2; }

if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
  mapfile -t files < <(git ls-files '*.c' '*.h' '*.inc' | grep -v '^tests/data/')
else
  mapfile -t files < <(find . \( -path ./build -o -path ./tests/data \) -prune -o \
                         \( -name '*.c' -o -name '*.h' -o -name '*.inc' \) -type f -print | sed 's#^\./##' | sort)
fi

if [ "${1:-}" != --check ]; then
  "$format" -i --style=file "${files[@]}"
  echo "formatted ${#files[@]} files"
  exit 0
fi

# The check must be able to fail: a file with a misplaced brace and spacing is reported.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cp .clang-format "$tmp/"
printf 'int  f( int x ){\nreturn x;}\n' > "$tmp/misformatted.c"
if (cd "$tmp" && "$format" --dry-run --Werror --style=file misformatted.c >/dev/null 2>&1); then
  echo "tools/format.sh: $format --dry-run --Werror passes a misformatted file; it cannot check" >&2
  exit 1
fi
if ! "$format" --dry-run --Werror --style=file "${files[@]}" 2> "$tmp/report"; then
  grep -E '^[^ ]+:[0-9]+:[0-9]+: error' "$tmp/report" | head -n 40 >&2 || true
  echo "$(grep -cE '^[^ ]+:[0-9]+:[0-9]+: error' "$tmp/report") lines not in the house format (./build.sh format fixes them)" >&2
  exit 1
fi
echo "${#files[@]} files in the house format"
