#!/usr/bin/env bash
# tests/ir.sh [LLVM_AS] — checks tools/ir.sh, which makes C string literals of the runtime's LLVM
# IR files and assembles them, on small files and trees made here:
#   - string: the literal, compiled in strict ISO C (trigraphs on) with every warning an error,
#     holds the file's text byte for byte less its comment-only and blank lines: \ " ? and ??=
#     survive, a comment after an instruction stays; #line names the .ll file and its lines;
#   - generate: one literal per file a run of includes names, under its path; a literal whose
#     file did not change keeps its time, a changed one is rewritten; sources in a build folder
#     are not read;
#   - check (with LLVM_AS, default the newest llvm-as-N): a module of two files assembles; an
#     error in the second file is reported at that file's line, not the concatenation's; a
#     file without a final newline, an .ll no source includes and an include of a missing file
#     fail, each named.
# Ends with the line "N passed, N failed, N skipped".
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CC=${CC:-cc}
as=${1:-$(compgen -c llvm-as- | grep -E '^llvm-as-[0-9]+$' | sort -t- -k3 -n -u | tail -n 1)}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# shellcheck source=tests/script_checks.sh
source "$root/tests/script_checks.sh"
ir() { bash "$root/tools/ir.sh" "$@"; }

# --- string: the literal's text, and #line ---------------------------------------------------
cd "$work" || exit 1
mkdir -p s
cat > s/tricky.ll <<'EOF'
; a comment "with quotes", a \ and a ??= that is no trigraph

@s = private constant [9 x i8] c"a\5Cb\22c??=\00"
   ; an indented comment
declare void @f() ; a comment after an instruction stays in the string
	%tab = type { i8 }
EOF
printf '@s = private constant [9 x i8] c"a\\5Cb\\22c??=\\00"\ndeclare void @f() ; a comment after an instruction stays in the string\n\t%%tab = type { i8 }\n' > s/expected
cat > s/print.c <<'EOF'
#include <stdio.h>
static const char text[] =
#include "tricky.ll.inc"
    ;
int main(void) { return fputs(text, stdout) < 0; }
EOF
ir string s/tricky.ll > s/tricky.ll.inc
if (cd s && $CC -std=c11 -Wall -Wextra -Wpedantic -Werror print.c -o print) 2> s/errors; then
  check "string: compiles in strict C11 without a warning" true
  check "string: holds the file less its comment and blank lines, byte for byte" cmp -s <(s/print) s/expected
else
  check "string: compiles in strict C11 without a warning" false; cat s/errors
fi
check "string: one C line per line of the file, after a comment and #line" \
  test "$(wc -l < s/tricky.ll.inc)" = "$(($(wc -l < s/tricky.ll) + 2))"
check "string: #line names the file" grep -qxF '#line 1 "s/tricky.ll"' s/tricky.ll.inc
{ echo '; a comment'; echo; printf '@big = constant [5000 x i8] c"%s"\n' "$(head -c 4990 /dev/zero | tr '\0' a)"; } > s/big.ll
ir string s/big.ll > s/big.ll.inc
printf 'static const char big[] =\n#include "big.ll.inc"\n    ;\nconst char* text(void) { return big; }\n' > s/big.c
if command -v clang-14 >/dev/null 2>&1; then
  out=$(cd s && clang-14 -std=c99 -Wpedantic -c big.c -o big.o 2>&1)
  check "string: a warning about the literal names the .ll file and line (clang)" has "s/big.ll:3:1: warning"
else
  skip "string: a warning about the literal names the .ll file and line: clang-14 not installed"
fi

# --- generate ----------------------------------------------------------------------------
tree=$work/tree
mkdir -p "$tree/ir" "$tree/build/ir"
printf 'declare void @a()\n' > "$tree/ir/a.ll"
printf 'declare void @b()\n' > "$tree/ir/b.ll"
cat > "$tree/lib.c" <<'EOF'
static const char one[] =
#include "ir/a.ll.inc"
#include "ir/b.ll.inc"
    ;
static const char two[] =
#include "ir/b.ll.inc"
    ;
EOF
printf '#include "ir/gone.ll.inc"\n' > "$tree/build/ir/old.c"
ir generate "$work/gen" "$tree"
check "generate: writes each included file's literal under its path" \
  cmp -s "$work/gen/ir/b.ll.inc" <(cd "$tree" && ir string ir/b.ll)
check "generate: nothing for an include in a build folder" test ! -e "$work/gen/ir/gone.ll.inc"
touch -d '2001-01-01 00:00' "$work/gen/ir/a.ll.inc" "$work/gen/ir/b.ll.inc"
printf 'declare void @b2()\n' > "$tree/ir/b.ll"
ir generate "$work/gen" "$tree"
check "generate: an unchanged file's literal keeps its time" test "$(date -r "$work/gen/ir/a.ll.inc" +%Y)" = 2001
check "generate: a changed file's literal is rewritten" grep -qF '@b2' "$work/gen/ir/b.ll.inc"
out=$(cd "$work" && $CC -std=c11 -Wall -Wpedantic -Werror -I"$work/gen" -c "$tree/lib.c" -o lib.o 2>&1 -Wno-unused-const-variable)
check "generate: the literals compile where they are included" test -z "$out"

# --- check -------------------------------------------------------------------------------
if [ -z "$as" ] || ! command -v "$as" >/dev/null 2>&1; then
  skip "check: no llvm-as"
else
  printf '; the caller\ndefine void @a() {\n  call void @b()\n  ret void\n}\n' > "$tree/ir/a.ll"
  printf 'define void @b() {\n  ret void\n}\n' > "$tree/ir/b.ll"
  out=$(ir check "$tree" "$as" 2>&1); rc=$?
  check "check: a module of two files assembles" [ "$rc" = 0 ]
  printf 'define void @b() {\n  ret i32 %%nowhere\n}\n' > "$tree/ir/b.ll"
  out=$(ir check "$tree" "$as" 2>&1); rc=$?
  check "check: an error fails" [ "$rc" = 1 ]
  check "check: at the file and line it is on" has "ir/b.ll:2:"
  printf 'define void @b() {\n  ret void\n}' > "$tree/ir/b.ll"
  out=$(ir check "$tree" "$as" 2>&1); rc=$?
  check "check: a file without a final newline fails, named" eval '[ "$rc" = 1 ] && has "ir/b.ll: the last line has no newline"'
  printf 'define void @b() {\n  ret void\n}\n' > "$tree/ir/b.ll"
  printf 'declare void @c()\n' > "$tree/ir/stray.ll"
  out=$(ir check "$tree" "$as" 2>&1); rc=$?
  check "check: an .ll no source includes fails, named" eval '[ "$rc" = 1 ] && has "ir/stray.ll: no source includes ir/stray.ll.inc"'
  rm "$tree/ir/stray.ll"
  printf 'static const char three[] =\n#include "ir/gone.ll.inc"\n    ;\n' > "$tree/more.c"
  out=$(ir check "$tree" "$as" 2>&1); rc=$?
  check "check: an include of a missing file fails, named" eval '[ "$rc" = 1 ] && has "ir/gone.ll: no such file"'
fi

summarise_checks
