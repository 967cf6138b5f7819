#!/usr/bin/env bash
# tests/call_graph.sh — checks tools/call_graph.sh, which reads the files' call graph of a unit
# from GCC and refuses a cycle, on small trees made here (a unit that includes parts, as
# offload_impl.c does):
#   - edges: a call from one file's function to another's is listed with both files and names,
#     a part in a subfolder by its path; a call within one file, a call to libc and a call through
#     a function pointer are not;
#   - check: floors that call only downwards pass; two files that call each other fail, and so do
#     three in a ring, each file and each call between them named; a unit that does not compile
#     fails with the compiler's message, never passes; a missing unit and a bad command line fail;
#   - supported: true for CC (GCC), false for clang-14, which has no call graph to write.
# Ends with the line "N passed, N failed, N skipped".
# shellcheck disable=SC2016 # a check's condition is quoted whole, for check's eval to expand
set -uo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
export CC=${CC:-cc}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# shellcheck source=tests/script_checks.sh
source "$root/tests/script_checks.sh"
graph() { # COMMAND TREE: tools/call_graph.sh on TREE's unit.c; sets out and rc
  rc=0
  out=$(bash "$root/tools/call_graph.sh" "$1" "$2" unit.c -std=gnu11 -Wall -Werror 2>&1) || rc=$?
}

# A tree of three floors: unit.c (the top) includes parts/low.inc and mid.inc; mid calls low.
floors=$work/floors
mkdir -p "$floors/parts"
cat > "$floors/parts/low.inc" <<'EOF'
#include <string.h>
static size_t low_length(const char* s) { return strlen(s); }
static size_t low_twice(const char* s) { return 2 * low_length(s); }
EOF
cat > "$floors/mid.inc" <<'EOF'
static size_t mid_measure(const char* s) { return low_twice(s); }
EOF
cat > "$floors/unit.c" <<'EOF'
#include "parts/low.inc"
#include "mid.inc"
int main(int argc, char** argv) { return argc > 1 ? (int)mid_measure(argv[1]) : 0; }
EOF

graph edges "$floors"
check "edges: a command that succeeds" [ "$rc" = 0 ]
check "edges: a call between files, with both files and names" has "mid.inc parts/low.inc mid_measure low_twice"
check "edges: the unit's own call" has "unit.c mid.inc main mid_measure"
check "edges: nothing else (no call within a file, none to libc)" [ "$(grep -c . <<< "$out")" = 2 ]
graph check "$floors"
check "check: floors that call downwards pass" [ "$rc" = 0 ]
check "check: says so, with the number of files" has "the call graph of unit.c across 3 files has no cycle"

# The lowest floor calling up through a function pointer is no call of the graph.
hooked=$work/hooked
cp -r "$floors" "$hooked"
cat > "$hooked/parts/low.inc" <<'EOF'
#include <string.h>
static size_t (*low_hook)(const char*);
static size_t low_length(const char* s) { return low_hook ? low_hook(s) : strlen(s); }
static size_t low_twice(const char* s) { return 2 * low_length(s); }
EOF
printf 'static size_t mid_hook(const char* s) { return strlen(s) + 1; }\n' >> "$hooked/mid.inc"
sed -i 's/{ return argc/{ low_hook = mid_hook; return argc/' "$hooked/unit.c"
graph check "$hooked"
check "check: a call up through a function pointer is not a cycle" [ "$rc" = 0 ]

# Two files that call each other.
pair=$work/pair
cp -r "$floors" "$pair"
cat > "$pair/parts/low.inc" <<'EOF'
#include <string.h>
static size_t mid_measure(const char* s);
static size_t low_length(const char* s) { return s[0] ? strlen(s) : mid_measure("x"); }
static size_t low_twice(const char* s) { return 2 * low_length(s); }
EOF
graph check "$pair"
check "check: two files that call each other fail" [ "$rc" = 1 ]
check "check: the cycle's files are named" has "has a cycle through: "
check "check: both of them" eval 'has "mid.inc" && has "parts/low.inc"'
check "check: the call down is named" has "mid.inc -> parts/low.inc: mid_measure calls low_twice"
check "check: the call up is named" has "parts/low.inc -> mid.inc: low_length calls mid_measure"
check "check: no word of passing" eval '! has "has no cycle"'

# Three files in a ring: top -> mid -> low -> top.
ring=$work/ring
mkdir -p "$ring"
cat > "$ring/low.inc" <<'EOF'
static int top_value(int n);
static int low_value(int n) { return n > 0 ? top_value(n - 1) : 0; }
EOF
printf 'static int mid_value(int n) { return low_value(n) + 1; }\n' > "$ring/mid.inc"
printf 'static int top_value(int n) { return mid_value(n) * 2; }\n' > "$ring/top.inc"
printf '#include "low.inc"\n#include "mid.inc"\n#include "top.inc"\nint main(void) { return top_value(3) == 0; }\n' > "$ring/unit.c"
graph check "$ring"
check "check: three files in a ring fail" [ "$rc" = 1 ]
check "check: each of the three is named" eval 'has "low.inc" && has "mid.inc" && has "top.inc"'
check "check: each call of the ring is named" \
  eval 'has "top.inc -> mid.inc: top_value calls mid_value" && has "mid.inc -> low.inc: mid_value calls low_value" && has "low.inc -> top.inc: low_value calls top_value"'

# A unit that does not compile, a missing unit, a bad command line.
broken=$work/broken
cp -r "$floors" "$broken"
printf 'static int broken(void) { return undeclared_name; }\n' >> "$broken/mid.inc"
graph check "$broken"
check "check: a unit that does not compile fails" eval '[ "$rc" != 0 ]'
check "check: with the compiler's message" has "undeclared_name"
check "check: and no word of passing" eval '! has "has no cycle"'
rc=0
out=$(bash "$root/tools/call_graph.sh" check "$floors" absent.c 2>&1) || rc=$?
check "check: a missing unit fails, named" eval '[ "$rc" = 1 ] && has "absent.c: no such file"'
rc=0
out=$(bash "$root/tools/call_graph.sh" draw "$floors" unit.c 2>&1) || rc=$?
check "an unknown command is a usage error" eval '[ "$rc" = 2 ] && has "usage:"'

check "supported: CC writes call graphs" bash "$root/tools/call_graph.sh" supported
if command -v clang-14 >/dev/null 2>&1; then
  check "supported: clang-14 does not" eval '! CC=clang-14 bash "$root/tools/call_graph.sh" supported'
else
  skipped=$((skipped + 1)); echo "  SKIP supported: a compiler without call graphs: clang-14 not installed"
fi
rc=0
out=$(bash "$root/tools/call_graph.sh" supported extra 2>&1) || rc=$?
check "supported: takes no argument" eval '[ "$rc" = 2 ] && has "usage:"'

summarise_checks
