#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# Records the OpenMP proof program (workloads/omp-imbalance.c: T threads, thread t doing t+1 units a phase,
# barriers between phases, every thread's life annotated) with ./sextant record --ftrace, then counts the trace
# with trace-cmd and checks its annotations against the program's own log (ftrace-catalogue.py).
#
#   tools/capture/ftrace-omp.sh SYNTAX OUT [-- PROGRAM OPTIONS...]
#   tools/capture/ftrace-omp.sh --fixtures
#
# SYNTAX is sextant, paper or atrace; OUT must not exist and becomes the recording (OUT/ftrace/trace.dat,
# trace.txt, recording.json, and the program's log OUT/omp-imbalance.json); the catalogue's facts go to
# standard output. OMP_NUM_THREADS chooses the threads (default 2); OMP_WAIT_POLICY is passive unless set
# (waiting threads sleep, so that all of a thread's time on CPU is annotated). --fixtures remakes the fixtures
# tests/fixtures/ftrace-omp-{sextant,paper,atrace} (2 threads, 5 phases, each loop in 2 chunks): trace.dat stored gzipped (gzip -9 -n; trace-cmd puts
# 5.4 MB of /proc/kallsyms in every file), their lines of tests/fixtures/catalogue.properties replaced.
# Needs root, tracefs, trace-cmd and gcc.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BUILD=${SEXTANT_HOME:-$ROOT/.sextant}/workloads
FIXTURES=$ROOT/tests/fixtures

usage() { echo "usage: $0 sextant|paper|atrace OUT [-- PROGRAM OPTIONS...] | --fixtures" >&2; exit 2; }

# record SYNTAX OUT [PROGRAM OPTIONS...]: the recording and its facts (standard output)
record() {
    local syntax=$1 out=$2
    shift 2
    mkdir -p "$BUILD"
    gcc -O2 -fopenmp -Wall -Wextra -Werror -o "$BUILD/omp-imbalance" "$ROOT/tools/capture/workloads/omp-imbalance.c"
    OMP_NUM_THREADS=${OMP_NUM_THREADS:-2} OMP_WAIT_POLICY=${OMP_WAIT_POLICY:-passive} \
        "$ROOT/sextant" record --ftrace --out "$out" -- \
        "$BUILD/omp-imbalance" --syntax "$syntax" --log "$out/omp-imbalance.json" "$@"
    "$ROOT/tools/capture/ftrace-catalogue.py" "ftrace-omp-$syntax" "$out"
}

if [ "${1:-}" = --fixtures ]; then
    [ $# -eq 1 ] || usage
    for syntax in sextant paper atrace; do
        name=ftrace-omp-$syntax
        rm -rf "${FIXTURES:?}/$name"
        record "$syntax" "$FIXTURES/$name" --chunks 2 > "$FIXTURES/$name.facts"
        gzip -9 -n "$FIXTURES/$name/ftrace/trace.dat"
        sed -i "/^$name\./d" "$FIXTURES/catalogue.properties"
        cat "$FIXTURES/$name.facts" >> "$FIXTURES/catalogue.properties"
        rm "$FIXTURES/$name.facts"
    done
    exit 0
fi
[ $# -ge 2 ] || usage
case $1 in sextant | paper | atrace) ;; *) usage ;; esac
syntax=$1 out=$2
shift 2
if [ $# -gt 0 ]; then
    [ "$1" = -- ] || usage
    shift
fi
record "$syntax" "$out" "$@"
