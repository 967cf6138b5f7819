#!/usr/bin/env bash
# tools/dist.sh — the single-file distribution: writes OUTDIR/offload.h (a copy of the header) and
# OUTDIR/offload_impl.c, the implementation with every local include inlined, so that a project
# vendors two files instead of the tree. `./build.sh dist` runs it into build/dist/.
#
#   tools/dist.sh OUTDIR [ROOT]     ROOT: the tree to read (default: the one holding this script)
#
# Starting from ROOT/offload_impl.c, each `#include "NAME"` is replaced by the text of NAME, found
# relative to the including file's directory first, then relative to ROOT (as the compiler finds
# it when the tree is built with -I ROOT), recursively. Left as they are: `#include <...>`, and
# includes of ROOT/offload.h (spelled "offload.h", the dist ships it beside the implementation).
# `#line 1 "FILE"` before an inlined file's text and `#line N "INCLUDER"` after it (paths relative
# to ROOT) keep compiler diagnostics, __FILE__/__LINE__ and debuggers on the original files.
# Includes under #if are inlined too (the dist has every configuration the tree has). The test
# hooks are not in it: the test library adds them to its unit (tests/hooks_unit.c). An include line inside a block
# comment is text, as the compiler sees it. `#include "PATH.ll.inc"` names the C string literal of
# the LLVM IR file ROOT/PATH.ll, which the tree's build generates (tools/ir.sh, into a folder on
# the include path): it is inlined as tools/ir.sh string writes it, with its own #line, at each of
# its includes.
#
# Fails (exit 1, nothing written) on an include it cannot find, one that leaves ROOT, one whose
# name is a macro, and a file included twice: each file is inlined exactly once, so a second
# include (even of a file with an include guard) is a mistake to fix in the tree, not something
# to guess about here. Tested by tests/dist.sh.
set -euo pipefail
out=${1:?usage: tools/dist.sh OUTDIR [ROOT]}
root=$(cd "${2:-$(dirname "${BASH_SOURCE[0]}")/..}" && pwd)
for f in offload.h offload_impl.c; do
  [ -f "$root/$f" ] || { echo "tools/dist.sh: $root/$f: no such file" >&2; exit 1; }
done
mkdir -p "$out"
tmp=$(mktemp "$out/.offload_impl.c.XXXXXX")
trap 'rm -f "$tmp"' EXIT
ir_tool="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/ir.sh"

# The awk program works on paths relative to ROOT (it runs in ROOT), which is what the #line
# markers name.
(cd "$root" && awk -v root="$root" -v ir_tool="$ir_tool" '
function fail(msg) { printf "tools/dist.sh: %s\n", msg > "/dev/stderr"; exit 1 }

# normalize(P): P without "." and "dir/.." components; "" when it climbs out of the root.
function normalize(p,    parts, n, i, stack, depth, r) {
  n = split(p, parts, "/")
  depth = 0
  for (i = 1; i <= n; i++) {
    if (parts[i] == "" || parts[i] == ".") continue
    if (parts[i] == "..") { if (depth == 0) return ""; depth--; continue }
    stack[++depth] = parts[i]
  }
  r = ""
  for (i = 1; i <= depth; i++) r = r (i > 1 ? "/" : "") stack[i]
  return r
}

function dirname(p) { return p ~ /\// ? substr(p, 1, match(p, /\/[^\/]*$/) - 1) : "" }

function readable(p,    line, rc) {
  rc = (getline line < p)
  if (rc >= 0) close(p)
  return rc >= 0
}

# comment_state(LINE, IN): whether a block comment is open at the end of LINE when IN says one was
# open at its start. String and character literals are skipped, // ends the line.
function comment_state(line, in_comment,    i, n, c, quote) {
  if (in_comment && index(line, "*/") == 0) return 1
  if (!in_comment && index(line, "/*") == 0) return 0
  n = length(line); quote = ""
  for (i = 1; i <= n; i++) {
    c = substr(line, i, 1)
    if (in_comment) {
      if (c == "*" && substr(line, i + 1, 1) == "/") { in_comment = 0; i++ }
    } else if (quote != "") {
      if (c == "\\") i++
      else if (c == quote) quote = ""
    } else if (c == "\"" || c == "\047") {
      quote = c
    } else if (c == "/" && substr(line, i + 1, 1) == "/") {
      return 0
    } else if (c == "/" && substr(line, i + 1, 1) == "*") {
      in_comment = 1; i++
    }
  }
  return in_comment
}

# inline_ir(FILE, NR, NAME): prints the string literal that the include of NAME (PATH.ll.inc) on
# line NR of FILE names: tools/ir.sh string of ROOT/PATH.ll. A literal may be included several
# times (a part common to several strings), each a copy, as the compiler makes them.
function inline_ir(file, nr, name,    path, command, line) {
  path = normalize(substr(name, 1, length(name) - 4))
  if (path == "" || !readable(path))
    fail(file ":" nr ": cannot find the IR file \"" substr(name, 1, length(name) - 4) "\" of \"" name "\" in the root " root "/")
  if (path ~ /\047/ || ir_tool ~ /\047/) fail(file ":" nr ": cannot quote \"" path "\" for tools/ir.sh")
  command = "bash \047" ir_tool "\047 string \047" path "\047"
  while ((command | getline line) > 0) print line
  if (close(command) != 0) fail(file ":" nr ": tools/ir.sh string " path " failed")
  printf "#line %d \"%s\"\n", nr + 1, file
}

# inline_file(FILE): prints FILE with its local includes inlined.
function inline_file(file,    line, nr, in_comment, name, rest, dir, path, found) {
  nr = 0; in_comment = 0
  while ((getline line < file) > 0) {
    nr++
    if (!in_comment && line ~ /^[ \t]*#[ \t]*include([ \t]+[^< \t]|")/) {
      rest = line
      sub(/^[ \t]*#[ \t]*include[ \t]*/, "", rest)
      if (rest !~ /^"[^"]+"/)
        fail(file ":" nr ": cannot inline an include whose name is not a quoted file name: " line)
      name = substr(rest, 2, index(substr(rest, 2), "\"") - 1)
      rest = substr(rest, length(name) + 3)
      sub(/^[ \t]+/, "", rest)
      # What follows the name is dropped with the line: only a comment that ends on it may.
      if (rest != "" && rest !~ /^\/\// && rest !~ /^\/\*.*\*\/[ \t]*$/)
        fail(file ":" nr ": unexpected text after the included file name: " line)
      if (name ~ /\.ll\.inc$/) {
        inline_ir(file, nr, name)
        continue
      }
      dir = dirname(file)
      path = normalize(dir == "" ? name : dir "/" name)
      found = path != "" && readable(path)
      if (!found) {
        path = normalize(name)
        found = path != "" && readable(path)
      }
      if (!found)
        fail(file ":" nr ": cannot find \"" name "\" (looked for it " (dir == "" ? "" : "in " dir "/ and ") "in the root " root "/)")
      if (path == "offload.h") { print "#include \"offload.h\""; continue }
      if (path in included)
        fail(file ":" nr ": \"" path "\" is included a second time (first at " included[path] "); the dist inlines each file once")
      included[path] = file ":" nr
      printf "#line 1 \"%s\"\n", path
      inline_file(path)
      printf "#line %d \"%s\"\n", nr + 1, file
      continue
    }
    print line
    in_comment = comment_state(line, in_comment)
  }
  close(file)
}

BEGIN {
  print "/* offload_impl.c — the offload runtime in one file, generated by tools/dist.sh (`./build.sh dist`)"
  print "   from the tree: edit the tree, not this file. Use it beside offload.h, as README.md describes. */"
  print "#line 1 \"offload_impl.c\""
  included["offload_impl.c"] = "the start"
  inline_file("offload_impl.c")
}
') > "$tmp" || exit 1
cp "$root/offload.h" "$out/offload.h"
chmod 644 "$tmp"
mv "$tmp" "$out/offload_impl.c"
trap - EXIT
