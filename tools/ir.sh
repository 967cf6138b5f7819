#!/usr/bin/env bash
# tools/ir.sh — the runtime's LLVM IR files as C string literals, and their check. The IR the JIT
# links into modules (the device libraries, their math, the CUDA-on-the-host library, the RPC
# client) is written in .ll files beside the code that owns it; the implementation takes one as a
# string with
#
#     static const char name[] =
#     #include "PATH.ll.inc"
#         ;
#
# PATH relative to the root. Several such includes in a row are one string, the files' texts in
# that order (C joins adjacent literals): a module the runtime parses whole, split where a part
# differs between targets.
#
#   tools/ir.sh string FILE.ll          prints the literal of FILE.ll (a path relative to the
#                                       current directory, which #line names)
#   tools/ir.sh generate OUTDIR [ROOT]  writes OUTDIR/PATH.ll.inc for every PATH.ll the sources of
#                                       ROOT (default: this tree) include that way; a file whose
#                                       text is unchanged keeps its time, so make and Ninja rebuild
#                                       only what changed. ./build.sh and CMake put OUTDIR on the
#                                       include path; tools/dist.sh inlines the same literals.
#   tools/ir.sh check ROOT LLVM_AS...   assembles every module the runtime parses (the files of
#                                       one run of includes, concatenated) with each llvm-as
#                                       given, and fails naming the file, line and LLVM's message
#                                       (./build.sh test, with LLVM 14 and 22); an .ll outside
#                                       tests/ that no source includes fails too (it would never
#                                       be checked nor used)
#
# The literal: a comment line, `#line 1 "FILE.ll"`, then one C line per line of the file: its text
# with \ " and ? escaped (no trigraph can form) and "\n" appended, inside quotes. A comment line
# (first non-blank character ';') or a blank line becomes an empty C line: the string holds the
# IR alone, and the C lines keep the file's numbering, so that a diagnostic about the literal
# names the .ll line. Each file must end with a newline (check refuses one that does not): the
# runtime's string ends each line with one, and the check assembles what the runtime parses.
set -euo pipefail

# ir_string FILE: the literal of FILE on standard output.
ir_string() {
  local file=$1
  [ -f "$file" ] || { echo "tools/ir.sh: $file: no such file" >&2; return 1; }
  printf '/* %s as a C string literal, written by tools/ir.sh: edit %s */\n#line 1 "%s"\n' "$file" "$file" "$file"
  sed -e 's/^[[:space:]]*;.*//' -e 's/^[[:space:]]*$//' -e '/^$/b' -e 's/[\\"?]/\\&/g' -e 's/.*/"&\\n"/' "$file"
}

# ir_units ROOT: one line per module the runtime parses, the paths of its files (relative to
# ROOT, without .inc) separated by spaces, from the runs of `#include "PATH.ll.inc"` lines in the
# C sources of ROOT (build folders and .git left out).
ir_units() {
  local root=$1
  (cd "$root" && find . \( -name build -o -name .git \) -prune -o \
     \( -name '*.c' -o -name '*.h' -o -name '*.inc' \) -type f -print | LC_ALL=C sort |
   while IFS= read -r f; do printf '%s\0' "${f#./}"; done | xargs -0 -r awk '
     FNR == 1 && unit != "" { print unit; unit = "" }
     /^[ \t]*#[ \t]*include[ \t]*"[^" ]+\.ll\.inc"/ {
       name = $0
       sub(/^[^"]*"/, "", name)
       sub(/\.inc".*/, "", name)
       unit = unit (unit == "" ? "" : " ") name
       next
     }
     unit != "" { print unit; unit = "" }
     END { if (unit != "") print unit }')
}

# generate OUTDIR ROOT
generate() {
  local out=$1 root=$2 unit path tmp
  local -A written=()
  mkdir -p "$out"
  while read -r -a unit; do
    for path in "${unit[@]}"; do
      [ -z "${written[$path]:-}" ] || continue
      written[$path]=1
      mkdir -p "$out/$(dirname "$path")"
      tmp=$(mktemp "$out/.ir.XXXXXX")
      (cd "$root" && ir_string "$path") > "$tmp" || { rm -f "$tmp"; return 1; }
      if cmp -s "$tmp" "$out/$path.inc"; then rm -f "$tmp"; else mv "$tmp" "$out/$path.inc"; fi
    done
  done < <(ir_units "$root")
}

# locate UNIT_PATHS... < MESSAGES: LLVM's messages about their concatenation, with each
# "<stdin>:LINE:COLUMN:" turned into "FILE:LINE:COLUMN:" of the file that line comes from.
locate() {
  local args=() path
  for path in "$@"; do args+=("$path" "$(wc -l < "$path")"); done
  awk -v list="${args[*]}" '
    BEGIN { n = split(list, a, " "); for (i = 1; i <= n; i += 2) { name[++k] = a[i]; lines[k] = a[i + 1] } }
    match($0, /<stdin>:[0-9]+:/) {
      at = substr($0, RSTART + 8, RLENGTH - 9) + 0
      for (i = 1; i < k && at > lines[i]; i++) at -= lines[i]
      $0 = substr($0, 1, RSTART - 1) name[i] ":" at ":" substr($0, RSTART + RLENGTH)
    }
    { print }'
}

# check ROOT LLVM_AS...
check() {
  local root=$1; shift
  [ $# -gt 0 ] || { echo "tools/ir.sh check: no llvm-as given" >&2; return 2; }
  cd "$root"
  local rc=0 unit path as messages count=0
  local -A used=()
  while read -r -a unit; do
    count=$((count + 1))
    for path in "${unit[@]}"; do
      used[$path]=1
      if [ ! -f "$path" ]; then echo "$path: no such file (included as $path.inc)"; rc=1; continue 2; fi
      if [ -n "$(tail -c 1 "$path")" ]; then echo "$path: the last line has no newline"; rc=1; continue 2; fi
    done
    for as in "$@"; do
      if messages=$(cat "${unit[@]}" | "$as" -o /dev/null - 2>&1); then
        echo "$as: ${unit[*]}: assembles"
      else
        echo "$as: ${unit[*]}: does not assemble"
        printf '%s\n' "$messages" | locate "${unit[@]}"
        rc=1
      fi
    done
  done < <(ir_units "$root")
  [ "$count" -gt 0 ] || { echo "no source includes an .ll file"; rc=1; }
  while IFS= read -r path; do
    path=${path#./}
    [ -n "${used[$path]:-}" ] || { echo "$path: no source includes $path.inc"; rc=1; }
  done < <(find . \( -name build -o -name .git -o -path ./tests \) -prune -o -name '*.ll' -type f -print | LC_ALL=C sort)
  return $rc
}

case "${1:-}" in
  string) [ $# = 2 ] || { echo "usage: tools/ir.sh string FILE.ll" >&2; exit 2; }; ir_string "$2" ;;
  generate)
    [ $# -ge 2 ] && [ $# -le 3 ] || { echo "usage: tools/ir.sh generate OUTDIR [ROOT]" >&2; exit 2; }
    generate "$2" "$(cd "${3:-$(dirname "${BASH_SOURCE[0]}")/..}" && pwd)"
    ;;
  check)
    [ $# -ge 2 ] || { echo "usage: tools/ir.sh check ROOT LLVM_AS..." >&2; exit 2; }
    root=$2; shift 2
    check "$root" "$@"
    ;;
  *) echo "usage: tools/ir.sh string FILE.ll | generate OUTDIR [ROOT] | check ROOT LLVM_AS..." >&2; exit 2 ;;
esac
