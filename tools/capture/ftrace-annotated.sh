#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# Records annotated programs with ./sextant record --ftrace, then counts each trace with trace-cmd
# (ftrace-catalogue.py, which also checks the OpenMP program's annotations against its own log):
#
#   tools/capture/ftrace-annotated.sh sextant|paper|atrace OUT [-- PROGRAM OPTIONS...]
#   tools/capture/ftrace-annotated.sh malformed OUT
#   tools/capture/ftrace-annotated.sh --fixtures
#
# sextant, paper and atrace run the OpenMP proof program (workloads/omp-imbalance.c: T threads, thread t doing
# t+1 units a phase, barriers between phases, every thread's life annotated) in that annotation syntax, with
# its log as OUT/omp-imbalance.json; OMP_NUM_THREADS chooses the threads (default 2), OMP_WAIT_POLICY is
# passive unless set (waiting threads sleep, so that all of a thread's time on CPU is annotated). malformed
# runs workloads/malformed-annotations.c (annotations a reader must survive), its log as
# OUT/malformed-annotations.json. OUT must not exist; the catalogue's facts go to standard output.
#
# --fixtures remakes tests/fixtures/ftrace-omp-{sextant,paper,atrace} (2 threads, 5 phases, each loop in 2
# chunks) and tests/fixtures/ftrace-malformed, trace.dat stored gzipped (gzip -9 -n: trace-cmd puts 5.4 MB of
# /proc/kallsyms in every file), and replaces their lines in tests/fixtures/catalogue.properties.
# Needs root, tracefs, trace-cmd and gcc.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
BUILD=${SEXTANT_HOME:-$ROOT/.sextant}/workloads
FIXTURES=$ROOT/tests/fixtures
WORKLOADS=$ROOT/tools/capture/workloads

usage() { echo "usage: $0 sextant|paper|atrace OUT [-- PROGRAM OPTIONS...] | malformed OUT | --fixtures" >&2; exit 2; }

# record NAME WHAT OUT [PROGRAM OPTIONS...]: the recording and its facts (standard output) under NAME
record() {
    local name=$1 what=$2 out=$3
    shift 3
    mkdir -p "$BUILD"
    if [ "$what" = malformed ]; then
        gcc -O2 -pthread -Wall -Wextra -Werror -o "$BUILD/malformed-annotations" "$WORKLOADS/malformed-annotations.c"
        "$ROOT/sextant" record --ftrace --out "$out" -- "$BUILD/malformed-annotations" "$out/malformed-annotations.json"
    else
        gcc -O2 -fopenmp -Wall -Wextra -Werror -o "$BUILD/omp-imbalance" "$WORKLOADS/omp-imbalance.c"
        OMP_NUM_THREADS=${OMP_NUM_THREADS:-2} OMP_WAIT_POLICY=${OMP_WAIT_POLICY:-passive} \
            "$ROOT/sextant" record --ftrace --out "$out" -- \
            "$BUILD/omp-imbalance" --syntax "$what" --log "$out/omp-imbalance.json" "$@"
    fi
    "$ROOT/tools/capture/ftrace-catalogue.py" "$name" "$out"
}

# fixture NAME WHAT [PROGRAM OPTIONS...]: tests/fixtures/NAME remade, its catalogue lines replaced
fixture() {
    local name=$1
    shift
    rm -rf "${FIXTURES:?}/$name"
    record "$name" "$@" > "$FIXTURES/$name.facts"
    gzip -9 -n "$FIXTURES/$name/ftrace/trace.dat"
    sed -i "/^$name\./d" "$FIXTURES/catalogue.properties"
    cat "$FIXTURES/$name.facts" >> "$FIXTURES/catalogue.properties"
    rm "$FIXTURES/$name.facts"
}

case ${1:-} in
    --fixtures)
        [ $# -eq 1 ] || usage
        for syntax in sextant paper atrace; do
            fixture "ftrace-omp-$syntax" "$syntax" "$FIXTURES/ftrace-omp-$syntax" --chunks 2
        done
        fixture ftrace-malformed malformed "$FIXTURES/ftrace-malformed"
        ;;
    malformed)
        [ $# -eq 2 ] || usage
        record ftrace-malformed malformed "$2"
        ;;
    sextant | paper | atrace)
        [ $# -ge 2 ] || usage
        syntax=$1 out=$2
        shift 2
        if [ $# -gt 0 ]; then
            [ "$1" = -- ] || usage
            shift
        fi
        record "ftrace-omp-$syntax" "$syntax" "$out" "$@"
        ;;
    *) usage ;;
esac
