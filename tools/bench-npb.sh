#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# The slowdown table of the Annotatable Systrace paper (Fukui et al.) on real OpenMP programs: kernels of the NAS
# Parallel Benchmarks' OpenMP C version, each run untraced, under ftrace with the scheduler's events only (the
# suite's own binary under ./sextant record --ftrace) and annotated (the same kernel with tools/npb-annotate.patch
# applied, under ./sextant record --ftrace), the three ways in a different order each round so that the shared
# machine's drift hits each alike.
#
#   git clone https://github.com/rileyweber13/NPB3.0-omp-C /tmp/NPB3.0-omp-C
#   git -C /tmp/NPB3.0-omp-C checkout 5d565d916cad47bf09a2fa7432bf8e5fa95446ec
#   tools/bench-npb.sh NPB_DIR [ROUNDS] [CLASS] [KERNELS]        (defaults 5, W, "cg ft")
#
# Each run's time is the benchmark's own "Time in seconds" (its timed section; set-up and the recorder's start and
# extraction are outside it), and its CPU time the process's user and system time over the whole run (GNU time),
# which time spent waiting for the other work on a shared machine does not inflate. Every run's verification lines (the suite's verdict, CG's zeta, FT's checksums)
# must equal the untraced run's of the same round, and no recording may lose events; either failing stops the
# script. KEEP=DIR keeps the last round's annotated recording of each kernel as DIR/KERNEL (for
# ./sextant analyze --analysis annotations and the Annotated CPUs view). OMP_NUM_THREADS defaults to 2 and
# OMP_WAIT_POLICY to passive: on a machine shared with other work, threads spinning at barriers make a run's time
# depend on the others' load more than on the kernel (a CG class S run took 2.4 s or 14.8 s at load 29 with
# libgomp's default spinning). Needs root, tracefs, trace-cmd, gcc with OpenMP, patch.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
[ $# -ge 1 ] || { echo "usage: $0 NPB_DIR [ROUNDS] [CLASS] [KERNELS]" >&2; exit 2; }
NPB=$(realpath "$1")
ROUNDS=${2:-5}
CLASS=${3:-W}
read -r -a KERNELS <<<"${4:-cg ft}"
[ -f "$NPB/CG/cg.c" ] && [ -d "$NPB/common" ] || { echo "error: $NPB is not a checkout of NPB3.0-omp-C" >&2; exit 2; }
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-2} OMP_WAIT_POLICY=${OMP_WAIT_POLICY:-passive}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# build TREE CFLAGS: the kernels of a copy of the suite under $work/TREE
build() {
    local tree=$work/$1
    mkdir -p "$tree/bin"
    cp -r "$NPB"/{CG,FT,MG,EP,IS,common,sys,config,Makefile} "$tree/"
    if [ "$1" = annotated ]; then
        patch -s -p0 -d "$tree" < "$ROOT/tools/npb-annotate.patch"
    fi
    printf '%s\n' 'CC = gcc' 'CLINK = gcc' 'C_LIB = -lm' 'C_INC = -I../common' "CFLAGS = -O3 -fopenmp $2" \
        'CLINKFLAGS = -O3 -fopenmp' 'UCC = gcc -O' 'BINDIR = ../bin' 'RAND = randdp' 'WTIME = wtime.c' \
        > "$tree/config/make.def"
    for kernel in "${KERNELS[@]}"; do
        make -s -C "$tree" "$kernel" CLASS="$CLASS" > "$work/build-$1-$kernel.log" 2>&1 ||
            { cat "$work/build-$1-$kernel.log" >&2; exit 1; }
    done
}
build plain ""
build annotated "-I$ROOT/annotate"

# run WAY KERNEL OUT: one run, its standard output in OUT, its CPU seconds in OUT.cpu
run() {
    local timed=(/usr/bin/time -f '%U %S' -o "$3.cpu" "$work/plain/bin/$2.$CLASS")
    case $1 in
        untraced) "${timed[@]}" > "$3" ;;
        sched) "$ROOT/sextant" record --ftrace --buffer-size 65536 --out "$work/rec-$1-$2" -- "${timed[@]}" > "$3" 2>/dev/null ;;
        annotated) timed[5]=$work/annotated/bin/$2.$CLASS
            "$ROOT/sextant" record --ftrace --buffer-size 65536 --out "$work/rec-$1-$2" -- "${timed[@]}" > "$3" 2>/dev/null ;;
    esac
    if [ "$1" != untraced ]; then
        python3 -c 'import json, sys; lost = json.load(open(sys.argv[1]))["lost_events"]; sys.exit(f"error: {sys.argv[1]}: {lost} events lost" if lost else 0)' \
            "$work/rec-$1-$2/ftrace/recording.json"
    fi
}

# What the suite prints to prove its result: its verdict, CG's zeta and error, FT's checksums.
verification() { grep -E 'VERIFICATION|Verification +=|[Vv]erification (successful|failed)|Zeta is|Error is|Checksum =' "$1"; }

declare -A times cpus
ways=(untraced sched annotated)
printf '%5s %-4s %-10s %10s %10s %12s\n' round kernel way seconds cpu-s annotations
for round in $(seq "$ROUNDS"); do
    shift_by=$(( (round - 1) % 3 ))
    order=("${ways[@]:shift_by}" "${ways[@]:0:shift_by}")
    for kernel in "${KERNELS[@]}"; do
        for way in "${order[@]}"; do
            run "$way" "$kernel" "$work/$way-$kernel.out"
            seconds=$(awk -F= '/Time in seconds/ { gsub(/ /, "", $2); print $2 }' "$work/$way-$kernel.out")
            cpu=$(awk '{ print $1 + $2 }' "$work/$way-$kernel.out.cpu")
            times[$kernel-$way]+="$seconds "
            cpus[$kernel-$way]+="$cpu "
            annotations=-
            if [ "$way" = annotated ]; then
                annotations=$(grep -c 'SX|' "$work/rec-$way-$kernel/ftrace/trace.txt" || true)
            fi
            printf '%5d %-4s %-10s %10s %10s %12s\n' "$round" "$kernel" "$way" "$seconds" "$cpu" "$annotations"
        done
        for way in sched annotated; do
            if ! diff <(verification "$work/untraced-$kernel.out") <(verification "$work/$way-$kernel.out") >&2; then
                echo "error: $kernel's verification lines differ $way from untraced (round $round)" >&2
                exit 1
            fi
        done
        if [ "$round" -eq "$ROUNDS" ]; then
            echo "$kernel.$CLASS verification, equal in all three ways:"
            verification "$work/untraced-$kernel.out" | sed 's/^ */    /'
            if [ -n "${KEEP:-}" ]; then
                mkdir -p "$KEEP"
                rm -rf "${KEEP:?}/$kernel"
                cp -r "$work/rec-annotated-$kernel" "$KEEP/$kernel"
            fi
        fi
        rm -rf "$work"/rec-*
    done
done

median() { tr ' ' '\n' | grep . | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
echo
echo "medians of $ROUNDS rounds, class $CLASS, $OMP_NUM_THREADS threads, $OMP_WAIT_POLICY waits; load average $(cut -d' ' -f1-3 /proc/loadavg)"
printf '| kernel | measure | untraced | ftrace, scheduler events | annotated |\n|---|---|---|---|---|\n'
for kernel in "${KERNELS[@]}"; do
    for measure in times cpus; do
        declare -n of=$measure
        untraced=$(median <<<"${of[$kernel-untraced]}")
        sched=$(median <<<"${of[$kernel-sched]}")
        annotated=$(median <<<"${of[$kernel-annotated]}")
        label="benchmark's time, s"
        [ "$measure" = cpus ] && label="process CPU, s"
        printf '| %s.%s | %s | %s | %s (x%.3f) | %s (x%.3f) |\n' "$kernel" "$CLASS" "$label" "$untraced" "$sched" \
            "$(echo "$sched / $untraced" | bc -l)" "$annotated" "$(echo "$annotated / $untraced" | bc -l)"
        unset -n of
    done
done
