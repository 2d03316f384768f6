#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# Remakes tests/fixtures/callgrind-variety: callgrind profiles of programs with recursion, inlining, threads and
# callers on a cycle, in callgrind's several output forms, each with callgrind_annotate's own tables beside it
# (self costs, and --inclusive=yes), the oracle the call-stack model is checked against.
#
#   tools/capture/callgrind-variety.sh OUT_DIR
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: $0 OUT_DIR" >&2; exit 2; }
OUT=$1
WORKLOADS=$(cd "$(dirname "$0")/workloads" && pwd)
BUILD=$(mktemp -d)
trap 'rm -rf "$BUILD"' EXIT
mkdir -p "$OUT"
gcc -O1 -g -o "$BUILD/recursion" "$WORKLOADS/recursion.c"
gcc -O2 -g -pthread -o "$BUILD/threads" "$WORKLOADS/threads.c"

profile() { # NAME PROGRAM [VALGRIND OPTIONS...]
    local name=$1 program=$2
    shift 2
    (cd "$BUILD" && valgrind -q --tool=callgrind "$@" --callgrind-out-file="$name.callgrind" "./$program" >/dev/null)
    sed -i "s#$BUILD#/build#g" "$BUILD/$name.callgrind"   # no temporary path in the fixture
    install -m 644 "$BUILD/$name.callgrind" "$OUT/"
    callgrind_annotate --auto=no --threshold=100 "$OUT/$name.callgrind" >"$OUT/$name.annotate.txt"
    callgrind_annotate --auto=no --threshold=100 --inclusive=yes "$OUT/$name.callgrind" >"$OUT/$name.inclusive.txt"
}
profile recursion recursion
profile threads-instr threads --dump-instr=yes --collect-jumps=yes --cache-sim=yes
profile threads-compressed threads --compress-strings=yes --compress-pos=yes
echo "fixtures in $OUT: $(ls "$OUT" | tr '\n' ' ')"
