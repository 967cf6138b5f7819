#!/usr/bin/env bash
# tests/dist.sh — checks tools/dist.sh, the generator of the single-file distribution, on small
# synthetic trees made here (offload.h, offload_impl.c and a few .inc files), each compiled with
# the C compiler where that is the proof:
#   - an include in a subfolder is found beside its includer, then from the root; the includer's
#     folder wins when both hold the file; "../offload.h" from a subfolder stays an include of
#     the shipped header;
#   - #line markers: a #warning in a nested file, in the file that includes it after the include,
#     and in the implementation after both, is reported by the compiler at the original file and
#     line; __FILE__ and __LINE__ say the same;
#   - an include under #ifdef stays under it (compiled with the macro and without);
#   - an include line inside a block comment is left as text;
#   - an include of an IR file's literal (PATH.ll.inc) is the literal tools/ir.sh makes of
#     ROOT/PATH.ll, at each include of it, with #line markers to the .ll and back;
#   - failures, each with exit 1, a message naming the includer and line, and no file written: a
#     missing include (also from a subfolder), a file included twice, a cycle, an include that
#     leaves the root, an include through a macro, a missing IR file;
#   - the real tree: its dist has no local include left but offload.h.
# Ends with the line "N passed, N failed, N skipped".
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CC=${CC:-cc}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# shellcheck source=tests/script_checks.sh
source "$root/tests/script_checks.sh"
has_line() { grep -qxF -- "$1" <<< "$out"; }
lacks_in() { ! grep -qF -- "$2" "$1"; }   # FILE TEXT
# nm's output is read whole before grep: under pipefail, grep -q leaving at its first match can
# end nm with SIGPIPE, and the pipeline's status would then say the opposite.
defines() { grep -q " T $2$" <<< "$(nm "$1")"; } # OBJECT SYMBOL
lacks_symbol() { ! grep -q " $2$" <<< "$(nm "$1")"; } # OBJECT SYMBOL
# impl_lines: the lines of offload_impl.c that the compiler's messages in $out name.
impl_lines() { grep -o 'offload_impl\.c:[0-9]*:' <<< "$out" | sort -u | tr '\n' ' '; }

# tree NAME: a fresh synthetic tree $work/NAME with a minimal offload.h; the test writes the rest.
tree() {
  t="$work/$1"
  rm -rf "$t"; mkdir -p "$t/sub"
  printf '#ifndef OFFLOAD_H\n#define OFFLOAD_H\nint offload_answer(void);\n#endif\n' > "$t/offload.h"
}
# dist: runs tools/dist.sh on $t into $t.dist; sets out (stdout and stderr) and rc.
dist() {
  rm -rf "$t.dist"
  out=$(bash "$root/tools/dist.sh" "$t.dist" "$t" 2>&1); rc=$?
}
# compile [FLAGS...]: compiles the dist alone in a folder holding only its two files (warnings
# stay warnings); sets out and rc.
compile() {
  rm -rf "$t.alone"; mkdir -p "$t.alone"
  cp "$t.dist/offload.h" "$t.dist/offload_impl.c" "$t.alone/"
  out=$(cd "$t.alone" && $CC -std=gnu11 -Wall -c offload_impl.c -o impl.o "$@" 2>&1); rc=$?
}
# fails_cleanly: the last dist failed with exit 1 and wrote no implementation.
fails_cleanly() { [ "$rc" = 1 ] && [ ! -e "$t.dist/offload_impl.c" ]; }

# --- Nested includes, where each is found, and the #line markers -----------------------------
tree nested
cat > "$t/offload_impl.c" <<'EOF'
#include "offload.h"
#include "sub/outer.inc"
#warning impl-after
int offload_answer(void) { return outer() + inner() + top() + near(); }
EOF
cat > "$t/sub/outer.inc" <<'EOF'
/* outer: includes its neighbour, a file of the root, a file both hold, and the header */
#include "inner.inc"
#include "top.inc"
#  include "near.inc" /* the one beside this file */
#include "../offload.h"
#warning outer-after
static int outer(void) { return 1; }
EOF
printf '/* inner */\n\n#warning inner-line-3\nstatic int inner(void) { return 2; }\n' > "$t/sub/inner.inc"
printf 'static int top(void) { return 4; }\n' > "$t/top.inc"
printf 'static int near(void) { return 8; }\n' > "$t/sub/near.inc"
printf 'static int near(void) { return 16; }\n#error the root one must not be taken\n' > "$t/near.inc"
dist
check "nested: succeeds" [ "$rc" = 0 ]
check "nested: writes the header, a copy" cmp -s "$t/offload.h" "$t.dist/offload.h"
out=$(cat "$t.dist/offload_impl.c")
check "nested: a file beside its includer is found there" has_line '#line 1 "sub/inner.inc"'
check "nested: a file not beside its includer is found from the root" has_line '#line 1 "top.inc"'
check "nested: the includer's folder wins over the root" has_line '#line 1 "sub/near.inc"'
check "nested: the root's file of the same name is not inlined" lacks_in "$t.dist/offload_impl.c" "must not be taken"
check "nested: back in the includer at the line after the include" has_line '#line 3 "sub/outer.inc"'
check "nested: back in the implementation at the line after the include" has_line '#line 3 "offload_impl.c"'
check "nested: ../offload.h stays an include of the shipped header" \
  test "$(grep -c '^#include "offload.h"$' "$t.dist/offload_impl.c")" = 2
check "nested: no other local include is left" \
  test "$(grep -cE '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$t.dist/offload_impl.c")" = 2
compile
check "nested: compiles alone" [ "$rc" = 0 ]
check "nested: a warning in a nested file names it and its line" has "sub/inner.inc:3:2: warning: #warning inner-line-3"
check "nested: a warning after nested includes names the includer's line" has "sub/outer.inc:6:2: warning: #warning outer-after"
check "nested: a warning after the include names the implementation's line" has "offload_impl.c:3:2: warning: #warning impl-after"
check "nested: no other line of the implementation is named" test "$(impl_lines)" = "offload_impl.c:3: "

# --- __FILE__ and __LINE__, and an #error in a nested file -------------------------------------
tree where
cat > "$t/offload_impl.c" <<'EOF'
#include "offload.h"
#include "sub/where.inc"
const char* offload_where_impl(void) { return __FILE__; }
int offload_where_impl_line(void) { return __LINE__; }
EOF
cat > "$t/sub/where.inc" <<'EOF'
const char* offload_where(void) { return __FILE__; }
int offload_where_line(void) { return __LINE__; }
#ifdef BOOM
#error boom in a nested file
#endif
EOF
dist
check "where: succeeds" [ "$rc" = 0 ]
compile -DBOOM
check "where: an #error fails the compile" [ "$rc" != 0 ]
check "where: the #error names the nested file and line" has "sub/where.inc:4:2: error: #error boom in a nested file"
printf '#include <stdio.h>\nconst char* offload_where(void); int offload_where_line(void);\nconst char* offload_where_impl(void); int offload_where_impl_line(void);\nint main(void) { printf("%%s:%%d %%s:%%d\\n", offload_where(), offload_where_line(), offload_where_impl(), offload_where_impl_line()); return 0; }\n' > "$work/where_main.c"
compile
check "where: compiles alone without the #error" [ "$rc" = 0 ]
out=$($CC "$t.alone/impl.o" "$work/where_main.c" -o "$work/where_main" 2>&1 && "$work/where_main")
check "where: __FILE__ and __LINE__ name the original files and lines" has_line "sub/where.inc:2 offload_impl.c:4"

# --- Conditional includes, and an include in a comment -----------------------------------------
tree conditional
cat > "$t/offload_impl.c" <<'EOF'
#include "offload.h"
/* How to use it:
   #include "not_a_file.inc"
*/
// #include "not_a_file_either.inc"
#ifdef HOOKS
#  include "hooks.inc"
#endif
int offload_answer(void) { return 42; }
EOF
printf 'int offload_hook(void) { return 1; }\n' > "$t/hooks.inc"
dist
check "conditional: succeeds" [ "$rc" = 0 ]
check "conditional: an include in a block comment is left as text" grep -qF '   #include "not_a_file.inc"' "$t.dist/offload_impl.c"
check "conditional: an include in a line comment is left as text" grep -qF '// #include "not_a_file_either.inc"' "$t.dist/offload_impl.c"
compile
check "conditional: compiles alone without the macro" [ "$rc" = 0 ]
check "conditional: the included code is left out without the macro" lacks_symbol "$t.alone/impl.o" offload_hook
compile -DHOOKS
check "conditional: compiles alone with the macro" [ "$rc" = 0 ]
check "conditional: the included code is in with the macro" defines "$t.alone/impl.o" offload_hook

# --- LLVM IR files: the literal of PATH.ll at each include of PATH.ll.inc -----------------------
tree ir
mkdir -p "$t/ir"
printf '; the part, "quoted"\n@s = constant [2 x i8] c"\\22\\00"\n' > "$t/ir/part.ll"
printf 'declare void @f()\n' > "$t/ir/end.ll"
printf '#include "offload.h"\n#include "sub/strings.inc"\n#warning impl-after\n' > "$t/offload_impl.c"
cat > "$t/sub/strings.inc" <<'EOF'
static const char one[] =
#include "ir/part.ll.inc"
    ;
static const char two[] =
#include "ir/part.ll.inc"
#include "ir/end.ll.inc"
    ;
#warning strings-after
int offload_answer(void) { return (int)sizeof one + (int)sizeof two; }
EOF
dist
check "ir: succeeds" [ "$rc" = 0 ]
out=$(cat "$t.dist/offload_impl.c")
check "ir: the literal at each include" test "$(grep -cxF '#line 1 "ir/part.ll"' <<< "$out")" = 2
check "ir: the literal is tools/ir.sh's" has "$(cd "$t" && bash "$root/tools/ir.sh" string ir/end.ll)"
check "ir: back in the includer after one" has_line '#line 3 "sub/strings.inc"'
check "ir: back in the includer after a run" has_line '#line 7 "sub/strings.inc"'
compile -Wpedantic
check "ir: compiles alone" [ "$rc" = 0 ]
check "ir: a warning after the literals names the includer's line" has "sub/strings.inc:8:2: warning: #warning strings-after"
check "ir: and the implementation's" has "offload_impl.c:3:2: warning: #warning impl-after"

# --- What must fail ------------------------------------------------------------------------
tree missing
printf '#include "offload.h"\n#include "sub/a.inc"\n' > "$t/offload_impl.c"
printf '/* a */\n#include "gone.inc"\n' > "$t/sub/a.inc"
mkdir -p "$t.dist"; : > "$t.dist/keep"
out=$(bash "$root/tools/dist.sh" "$t.dist" "$t" 2>&1); rc=$?
check "missing: exits 1 and writes no implementation" fails_cleanly
check "missing: says which include of which file, and where it looked" \
  has "tools/dist.sh: sub/a.inc:2: cannot find \"gone.inc\" (looked for it in sub/ and in the root $t/)"
check "missing: leaves no temporary file" test "$(ls -A "$t.dist")" = keep

tree missing-top
printf '#include "offload.h"\n\n#include "nowhere.inc"\n' > "$t/offload_impl.c"
dist
check "missing at the top: exits 1 and writes no implementation" fails_cleanly
check "missing at the top: says which include" has "tools/dist.sh: offload_impl.c:3: cannot find \"nowhere.inc\" (looked for it in the root $t/)"

tree twice
printf '#include "offload.h"\n#include "sub/a.inc"\n#include "sub/b.inc"\n' > "$t/offload_impl.c"
printf '#include "common.inc"\n' > "$t/sub/a.inc"
printf '#include "../common.inc"\n' > "$t/sub/b.inc"
printf '#ifndef COMMON\n#define COMMON\n#endif\n' > "$t/common.inc"
dist
check "twice: exits 1 and writes no implementation" fails_cleanly
check "twice: names both includes" has "tools/dist.sh: sub/b.inc:1: \"common.inc\" is included a second time (first at sub/a.inc:1)"

tree cycle
printf '#include "offload.h"\n#include "sub/a.inc"\n' > "$t/offload_impl.c"
printf '#include "b.inc"\n' > "$t/sub/a.inc"
printf '#include "a.inc"\n' > "$t/sub/b.inc"
dist
check "cycle: exits 1 and writes no implementation" fails_cleanly
check "cycle: names the include that closes it" has "tools/dist.sh: sub/b.inc:1: \"sub/a.inc\" is included a second time"

tree outside
printf 'int outside;\n' > "$work/outside.inc"
printf '#include "offload.h"\n#include "../outside.inc"\n' > "$t/offload_impl.c"
dist
check "outside the root: exits 1 and writes no implementation" fails_cleanly
check "outside the root: cannot be found" has 'tools/dist.sh: offload_impl.c:2: cannot find "../outside.inc"'

tree ir-missing
printf '#include "offload.h"\nstatic const char s[] =\n#include "ir/none.ll.inc"\n    ;\n' > "$t/offload_impl.c"
dist
check "missing IR file: exits 1 and writes no implementation" fails_cleanly
check "missing IR file: says which include and which file" \
  has "tools/dist.sh: offload_impl.c:3: cannot find the IR file \"ir/none.ll\" of \"ir/none.ll.inc\" in the root $t/"

tree macro
printf '#include "offload.h"\n#define PART "part.inc"\n#include PART\n' > "$t/offload_impl.c"
printf 'int part;\n' > "$t/part.inc"
dist
check "macro: exits 1 and writes no implementation" fails_cleanly
check "macro: says why" has "tools/dist.sh: offload_impl.c:3: cannot inline an include whose name is not a quoted file name"

# --- The real tree --------------------------------------------------------------------------
t="$work/real"
out=$(bash "$root/tools/dist.sh" "$t" 2>&1); rc=$?
check "real tree: succeeds" [ "$rc" = 0 ]
check "real tree: the header is a copy" cmp -s "$root/offload.h" "$t/offload.h"
check "real tree: no local include is left but offload.h" \
  test "$(grep -E '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$t/offload_impl.c" | sort -u)" = '#include "offload.h"'

summarise_checks
