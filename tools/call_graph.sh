#!/usr/bin/env bash
# tools/call_graph.sh — which file of the implementation calls which. README's Design says the
# implementation stands in floors, each calling only the floors below it, so that the files' call
# graph has no cycle; this reads that graph from the compiler rather than from the text: GCC's
# -fcallgraph-info of the unit compiled at -O0 (nothing is inlined there, so every call the
# source writes is a call in the graph), each function placed in the file that defines it.
#
#   tools/call_graph.sh edges ROOT UNIT [FLAGS...]  one line per call from a function of one file
#                                                  of ROOT to a function of another:
#                                                  CALLER_FILE CALLEE_FILE CALLER CALLEE (paths
#                                                  relative to ROOT)
#   tools/call_graph.sh check ROOT UNIT [FLAGS...]  exit 0 when the files' call graph has no
#                                                  cycle; else names the files of each cycle and
#                                                  the calls between them, exit 1 (./build.sh
#                                                  test runs it on offload_impl.c: check
#                                                  call-graph)
#   tools/call_graph.sh supported                  exit 0 when CC writes call graphs
#                                                  (./build.sh test counts the check as skipped
#                                                  where it does not: clang, GCC before 10)
#
# UNIT (relative to ROOT) is compiled with CC (default cc: GCC 10 or newer) and FLAGS, then -O0,
# in a temporary folder; a unit that does not compile fails either command with the compiler's
# messages. Left out of the graph: calls within one file, calls to what ROOT does not define
# (libc, LLVM), and calls through a function pointer, which is how a floor reaches one above it
# on purpose (the backend seam, the compile's host steps).
set -euo pipefail

usage() {
  echo "usage: tools/call_graph.sh edges|check ROOT UNIT [FLAGS...] | supported" >&2
  exit 2
}

# supported: whether CC takes -fcallgraph-info (it writes the graph even of an empty unit, so the
# probe runs in a temporary folder).
supported() {
  local work status=0
  work=$(mktemp -d)
  (cd "$work" && ${CC:-cc} -fcallgraph-info -c -x c /dev/null -o empty.o) >/dev/null 2>&1 || status=1
  rm -rf "$work"
  return $status
}

# call_edges ROOT UNIT FLAGS...: the `edges` lines on standard output.
call_edges() {
  local root unit work status=0
  root=$(cd "$1" && pwd)
  unit=$2
  shift 2
  [ -f "$root/$unit" ] || { echo "tools/call_graph.sh: $root/$unit: no such file" >&2; return 1; }
  work=$(mktemp -d)
  # The call graph goes beside the object, as unit.ci (a VCG file: a node per function, labelled
  # with the place of its definition, an edge per call).
  (cd "$work" && ${CC:-cc} "$@" -O0 -fcallgraph-info -c "$root/$unit" -o unit.o) || status=$?
  if [ $status = 0 ]; then
    awk -v root="$root" '
      # A defining file as a path relative to root; "" for one outside it (a system header).
      function local_file(path) {
        if (index(path, root "/") == 1) return substr(path, length(root) + 2)
        if (path == "" || substr(path, 1, 1) == "/") return ""
        return path
      }
      # node: { title: "UNIT:NAME" label: "NAME\nFILE:LINE:COLUMN" ... } (a static function is
      # titled with its unit; a function only declared has its declaration as place).
      /^node:/ {
        if (!match($0, /title: "[^"]*"/)) next
        title = substr($0, RSTART + 8, RLENGTH - 9)
        if (!match($0, /label: "[^"]*"/)) next
        split(substr($0, RSTART + 8, RLENGTH - 9), label, /\\n/)
        place = label[2]
        sub(/:[0-9]+:[0-9]+$/, "", place)
        file_of[title] = local_file(place)
        name_of[title] = label[1]
        next
      }
      /^edge:/ {
        if (!match($0, /sourcename: "[^"]*"/)) next
        caller = substr($0, RSTART + 13, RLENGTH - 14)
        if (!match($0, /targetname: "[^"]*"/)) next
        calls[++count] = caller SUBSEP substr($0, RSTART + 13, RLENGTH - 14)
      }
      END {
        for (i = 1; i <= count; i++) {
          split(calls[i], call, SUBSEP)
          from = file_of[call[1]]; to = file_of[call[2]]
          if (from != "" && to != "" && from != to) print from, to, name_of[call[1]], name_of[call[2]]
        }
      }' "$work/unit.ci" | sort -u || status=$?
  fi
  rm -rf "$work"
  return $status
}

# check ROOT UNIT FLAGS...: the `check` command.
check() {
  local edges loop from to files=()
  edges=$(call_edges "$@") || return 1
  # tsort orders the files so that each comes before those it calls; on a cycle it names the
  # files of each on its standard error, after a line "tsort: -: input contains a loop:".
  loop=$(awk '{ print $1, $2 }' <<< "$edges" | tsort 2>&1 >/dev/null) && {
    echo "the call graph of $2 across $(awk '{ print $1; print $2 }' <<< "$edges" | sort -u | grep -c .) files has no cycle"
    return 0
  }
  # (each file once: tsort names a cycle again for each of its calls it meets)
  mapfile -t files < <(sed -n 's/^tsort: \([^-].*\)$/\1/p' <<< "$loop" | awk '!seen[$0]++')
  [ ${#files[@]} -gt 0 ] || { echo "$loop" >&2; return 1; }
  echo "the call graph of $2 has a cycle through: ${files[*]}"
  echo "the calls between them (at most three per pair of files):"
  for from in "${files[@]}"; do
    for to in "${files[@]}"; do
      [ "$from" = "$to" ] && continue
      awk -v from="$from" -v to="$to" '$1 == from && $2 == to { print "  " from " -> " to ": " $3 " calls " $4 }' <<< "$edges" | head -n 3
    done
  done
  return 1
}

case "${1:-}" in
  edges) [ $# -ge 3 ] || usage; shift; call_edges "$@" ;;
  check) [ $# -ge 3 ] || usage; shift; check "$@" ;;
  supported) [ $# = 1 ] || usage; supported ;;
  *) usage ;;
esac
