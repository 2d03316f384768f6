#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# Records LLNL's LULESH 2.0 proxy application (the program of Dikkala's thesis) to OTF2 with Sextant's own
# measurement library, tools/otf2-measure (PMPI wrappers, -finstrument-functions hooks, OpenMP fork/join/team
# records), instead of the thesis's Score-P:
#
#   git clone https://github.com/LLNL/LULESH /tmp/LULESH        (LULESH 2.0; measured at 3e01c40b3281aadb7f996525cdd4a3354f6d3801)
#   tools/capture/otf2-lulesh.sh LULESH_DIR OUT [SIZE] [ITERATIONS] [RANKS]     (defaults 6, 10, 8)
#
# SIZE is LULESH's -s (SIZE^3 elements a rank), RANKS a cube (1, 8, 27...), one OpenMP thread a rank unless
# OMP_NUM_THREADS says otherwise. LULESH runs first untraced, then recorded; its own result lines (final origin
# energy and the symmetry test of the energy array) must be equal both times, and otf2-print must read the
# archive without complaint. OUT/otf2-print.counts holds otf2-print's event counts per type and the total.
# Every function LULESH calls, inlined or not, is an Enter and a Leave (GCC instruments inlined calls too): about
# 1,400 events per element and iteration, 27.5 million at the defaults (0.32 GB). OUT must not exist.
# Needs mpicxx/mpirun (openmpi-bin, libopenmpi-dev), libotf2-trace-dev and otf2-tools.
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 LULESH_DIR OUT [SIZE] [ITERATIONS] [RANKS]" >&2; exit 2; }
SRC=$(realpath "$1")
OUT=$(realpath -m "$2")
SIZE=${3:-6}
ITERATIONS=${4:-10}
RANKS=${5:-8}
[ -f "$SRC/lulesh.cc" ] || { echo "error: $SRC/lulesh.cc not found: not a LULESH 2.0 checkout" >&2; exit 2; }
[ ! -e "$OUT" ] || { echo "error: $OUT exists; the archive needs a new directory" >&2; exit 2; }
HERE=$(cd "$(dirname "$0")" && pwd)
BUILD=$(mktemp -d)
trap 'rm -rf "$BUILD"' EXIT
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-1} OMP_WAIT_POLICY=passive

make -s -C "$HERE/../otf2-measure"
sources=(lulesh.cc lulesh-comm.cc lulesh-viz.cc lulesh-util.cc lulesh-init.cc)
(cd "$SRC" && mpicxx -DUSE_MPI=1 -O3 -fopenmp -I. -w -o "$BUILD/lulesh2.0" "${sources[@]}" -lm)
(cd "$SRC" && mpicxx -DUSE_MPI=1 -g -O3 -fopenmp -finstrument-functions -rdynamic -I. -w -o "$BUILD/lulesh2.0-otf2" \
    "${sources[@]}" "$HERE/../otf2-measure/libotf2-measure.a" -lotf2 -lm)

# lulesh BINARY: LULESH's output; --oversubscribe because the ranks outnumber this machine's cores
lulesh() {
    (cd "$BUILD" && mpirun --allow-run-as-root --oversubscribe -np "$RANKS" -x OMP_NUM_THREADS -x OMP_WAIT_POLICY \
        -x OTF2_MEASURE_DIR "./$1" -s "$SIZE" -i "$ITERATIONS")
}
result() { grep -E 'Final Origin Energy|MaxAbsDiff|TotalAbsDiff|MaxRelDiff' "$1"; }
OTF2_MEASURE_DIR=$BUILD/unused lulesh lulesh2.0 > "$BUILD/untraced.out"
OTF2_MEASURE_DIR=$OUT lulesh lulesh2.0-otf2 > "$BUILD/traced.out"
if ! diff <(result "$BUILD/untraced.out") <(result "$BUILD/traced.out") >&2; then
    echo "error: LULESH's result differs traced from untraced" >&2
    exit 1
fi
otf2-print "$OUT/traces.otf2" 2> "$BUILD/errors" | awk -v out="$OUT/otf2-print.counts" '
    $2 ~ /^[0-9]+$/ { type[$1]++; n++ }
    END { for (t in type) printf "type %s %d\n", t, type[t] > out; printf "events %d\n", n > out }'
if [ -s "$BUILD/errors" ]; then
    echo "error: otf2-print complained:" >&2
    cat "$BUILD/errors" >&2
    exit 1
fi
sort -o "$OUT/otf2-print.counts" "$OUT/otf2-print.counts"
result "$BUILD/traced.out"
echo "$OUT: $(awk '$1 == "events" { print $2 }' "$OUT/otf2-print.counts") events, $(du -sh "$OUT" | cut -f1)"
