#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# What annotations cost (docs/performance.md), in one run of this script, the ways alternating in each round so
# that the machine's drift hits each alike:
#   per annotation    annotate-loop's N sx_begin/sx_end calls: SEXTANT_TRACE_MARKER unset (the call records
#                     nothing), set to /dev/null (the library and a write(2), without ftrace), and recording
#                     under ./sextant record --ftrace; and a shell's echo (N/20), opening the marker each time
#                     (echo ... > "$SEXTANT_TRACE_MARKER") or once (exec 9> ...; echo ... >&9)
#   program slowdown  the OpenMP proof program (2 threads, passive waits), plain and recording, with 1 chunk
#                     a loop (96 annotations in all) and with CHUNKS chunks (fine-grained annotations): its own
#                     wall time of the parallel region and its threads' CPU time
#
#   tools/bench-annotate.sh [ROUNDS] [N] [CHUNKS]        (defaults 5, 200000, 2000)
#
# Prints each run and the medians; the recordings go to a temporary directory, removed at the end. Needs what
# ./sextant record --ftrace needs (root, tracefs, trace-cmd) and gcc.
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
ROUNDS=${1:-5}
N=${2:-200000}
CHUNKS=${3:-2000}
BUILD=${SEXTANT_HOME:-$ROOT/.sextant}/workloads
mkdir -p "$BUILD"
gcc -O2 -Wall -Wextra -Werror -o "$BUILD/annotate-loop" "$ROOT/tools/capture/workloads/annotate-loop.c"
gcc -O2 -fopenmp -Wall -Wextra -Werror -o "$BUILD/omp-imbalance" "$ROOT/tools/capture/workloads/omp-imbalance.c"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export OMP_NUM_THREADS=2 OMP_WAIT_POLICY=passive

# record NAME COMMAND...: COMMAND under ./sextant record --ftrace, failing if the ring buffer lost events
record() {
    local name=$1
    shift
    "$ROOT/sextant" record --ftrace --buffer-size 65536 --out "$work/$name" -- "$@" 2>/dev/null
    python3 -c 'import json, sys; lost = json.load(open(sys.argv[1]))["lost_events"]; sys.exit(f"{lost} events lost" if lost else 0)' \
        "$work/$name/ftrace/recording.json"
}

# "wall-ns cpu-ns" per annotation of an annotate-loop run
ns_per_annotation() { python3 -c 'import json, sys; r = json.loads(sys.stdin.read()); print(r["ns_per_annotation"], r["cpu_ns_per_annotation"])'; }

# omp LOG: "region-ms cpu-ms" of a run of the OpenMP program from its log
omp() { python3 -c 'import json, sys; log = json.load(open(sys.argv[1])); print(log["region_wall_ns"] / 1e6, sum(t["cpu_ns"] for t in log["per_thread"]) / 1e6)' "$1"; }

# A shell's annotations: the marker opened by each echo, or once (exec 9>), as annotate/README.md advises.
echo_loop='start=$EPOCHREALTIME; for ((i = 0; i < COUNT; i++)); do echo "SX|I|tick" > "$SEXTANT_TRACE_MARKER"; done
           middle=$EPOCHREALTIME; exec 9>"$SEXTANT_TRACE_MARKER"
           for ((i = 0; i < COUNT; i++)); do echo "SX|I|tick" >&9; done
           echo "$start $middle $EPOCHREALTIME" > "$OUT"'

declare -A results
printf '%5s %-28s %15s %9s\n' round way wall cpu
for round in $(seq "$ROUNDS"); do
    for way in unset null recording; do
        case $way in
            unset) read -r wall cpu <<<"$(env -u SEXTANT_TRACE_MARKER "$BUILD/annotate-loop" "$N" | ns_per_annotation)" ;;
            null) read -r wall cpu <<<"$(SEXTANT_TRACE_MARKER=/dev/null "$BUILD/annotate-loop" "$N" | ns_per_annotation)" ;;
            recording) read -r wall cpu <<<"$(record "loop$round" "$BUILD/annotate-loop" "$N" | ns_per_annotation)" ;;
        esac
        results[$way]+="$wall "
        results[cpu$way]+="$cpu "
        printf '%5d %-28s %12s ns %9s\n' "$round" "annotation, $way" "$wall" "$cpu"
    done
    record "echo$round" env COUNT=$((N / 20)) OUT="$work/echo$round.times" bash -c "$echo_loop" >/dev/null
    read -r reopened kept < <(awk -v n=$((N / 20)) '{ printf "%.1f %.1f\n", ($2 - $1) * 1e9 / n, ($3 - $2) * 1e9 / n }' \
        "$work/echo$round.times")
    results[echo]+="$reopened "
    results[echo9]+="$kept "
    printf '%5d %-28s %12s ns\n' "$round" "echo > marker, recording" "$reopened" "$round" "echo >&9, recording" "$kept"
    for chunks in 1 "$CHUNKS"; do
        "$BUILD/omp-imbalance" --chunks "$chunks" --log "$work/plain$round-$chunks.json"
        read -r region cpu <<<"$(omp "$work/plain$round-$chunks.json")"
        results[plain$chunks]+="$region "
        results[plaincpu$chunks]+="$cpu "
        printf '%5d %-28s %12s ms %9s\n' "$round" "omp $chunks chunks, plain" "$region" "$cpu"
        record "omp$round-$chunks" "$BUILD/omp-imbalance" --chunks "$chunks" --log "$work/omp$round-$chunks/omp.json"
        read -r region cpu <<<"$(omp "$work/omp$round-$chunks/omp.json")"
        results[rec$chunks]+="$region "
        results[reccpu$chunks]+="$cpu "
        printf '%5d %-28s %12s ms %9s\n' "$round" "omp $chunks chunks, recording" "$region" "$cpu"
    done
    rm -rf "${work:?}"/loop* "${work:?}"/echo* "${work:?}"/omp*
done

median() { tr ' ' '\n' | grep . | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
echo
echo "medians of $ROUNDS rounds"
for way in unset null recording; do
    printf '  ns per annotation, %-10s %10s wall %10s CPU\n' "$way" "$(median <<<"${results[$way]}")" \
        "$(median <<<"${results[cpu$way]}")"
done
for way in echo echo9; do
    printf '  ns per annotation, %-10s %10s wall\n' "$way" "$(median <<<"${results[$way]}")"
done
for chunks in 1 "$CHUNKS"; do
    plain=$(median <<<"${results[plain$chunks]}")
    rec=$(median <<<"${results[rec$chunks]}")
    plaincpu=$(median <<<"${results[plaincpu$chunks]}")
    reccpu=$(median <<<"${results[reccpu$chunks]}")
    printf '  omp, %5s chunks a loop: region %8.1f ms plain, %8.1f ms recording (x%.3f); CPU %8.1f ms, %8.1f ms (x%.3f)\n' \
        "$chunks" "$plain" "$rec" "$(echo "$rec / $plain" | bc -l)" "$plaincpu" "$reccpu" "$(echo "$reccpu / $plaincpu" | bc -l)"
done
