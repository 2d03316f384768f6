#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# Remakes tests/fixtures/callgrind-variety: callgrind profiles of programs with recursion, inlining, threads and
# callers on a cycle, in callgrind's several output forms, and two runs of one program that differ by a call path,
# each with callgrind_annotate's own tables beside it (self costs; --inclusive=yes; --inclusive=yes --tree=caller,
# each function's callers with their calls), the oracle the call-stack model is checked against.
#
#   tools/capture/callgrind-variety.sh OUT_DIR
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: $0 OUT_DIR" >&2; exit 2; }
OUT=$1
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
BUILD=$(mktemp -d)
trap 'rm -rf "$BUILD"' EXIT
mkdir -p "$OUT"
# Sources named relative to the repository, whichever checkout builds them.
cd "$ROOT"
CFLAGS="-g -fdebug-prefix-map=$ROOT=."
gcc -O1 $CFLAGS -o "$BUILD/recursion" tools/capture/workloads/recursion.c
gcc -O2 $CFLAGS -pthread -o "$BUILD/threads" tools/capture/workloads/threads.c
gcc -O1 $CFLAGS -fno-inline -o "$BUILD/callpaths" tools/capture/workloads/callpaths.c

profile() { # NAME "PROGRAM [ARGUMENTS]" [VALGRIND OPTIONS...]
    local name=$1 program=$2
    shift 2
    (cd "$BUILD" && valgrind -q --tool=callgrind "$@" --callgrind-out-file="$name.callgrind" ./$program >/dev/null)
    sed -i "s#$BUILD#/build#g" "$BUILD/$name.callgrind"   # no temporary path in the fixture
    install -m 644 "$BUILD/$name.callgrind" "$OUT/"
    callgrind_annotate --auto=no --threshold=100 "$OUT/$name.callgrind" >"$OUT/$name.annotate.txt"
    callgrind_annotate --auto=no --threshold=100 --inclusive=yes "$OUT/$name.callgrind" >"$OUT/$name.inclusive.txt"
    callgrind_annotate --auto=no --threshold=100 --inclusive=yes --tree=caller "$OUT/$name.callgrind" >"$OUT/$name.callers.txt"
}
profile recursion recursion
profile threads-instr threads --dump-instr=yes --collect-jumps=yes --cache-sim=yes
profile threads-compressed threads --compress-strings=yes --compress-pos=yes
profile callpaths-base callpaths
profile callpaths-extra "callpaths extra"
echo "fixtures in $OUT: $(ls "$OUT" | tr '\n' ' ')"
