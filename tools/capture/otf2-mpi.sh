#!/usr/bin/env bash
# SPDX-License-Identifier: EPL-2.0
#
# Records a real MPI + OpenMP run to OTF2: tools/capture/workloads/mpi-stencil.c (a 2-D Jacobi stencil: halo
# exchange by MPI_Irecv/MPI_Isend + MPI_Wait, MPI_Allreduce, MPI_Bcast, MPI_Barrier, checksums by
# MPI_Send/MPI_Recv, an OpenMP parallel sweep) built with -finstrument-functions and linked with our measurement
# library tools/otf2-measure (PMPI wrappers + function hooks + OpenMP fork/join/team records from libgomp's
# GOMP_parallel entry points, writing through libotf2's C API), run on 4 ranks of 2 threads by Debian's Open MPI.
# Then otf2-print reads it back: any complaint fails the capture.
#
#   tools/capture/otf2-mpi.sh OUT_DIR            the fixture: 16 x 16 blocks, 10 iterations (about 5,000 events);
#                                                OUT_DIR/otf2-print.txt.gz is otf2-print -A's output
#   tools/capture/otf2-mpi.sh --large OUT_DIR    512 x 512 blocks, 2,500 iterations (about 11 million events,
#                                                0.13 GB; ITERATIONS=N in the environment for another
#                                                length); keep it outside the repository. OUT_DIR/otf2-print.counts
#                                                holds otf2-print's event counts per type and per location and
#                                                the SHA-256 of its event lines, instead of 1.5 GB of text
#
# Needs mpicc/mpirun (openmpi-bin, libopenmpi-dev), libotf2-trace-dev and otf2-tools.
set -euo pipefail
LARGE=0
if [ "${1:-}" = --large ]; then
    LARGE=1
    shift
fi
[ $# -eq 1 ] || { echo "usage: $0 [--large] OUT_DIR" >&2; exit 2; }
OUT=$(realpath -m "$1")
[ ! -e "$OUT" ] || { echo "error: $OUT exists; the archive needs a new directory" >&2; exit 2; }
HERE=$(cd "$(dirname "$0")" && pwd)
BUILD=$(mktemp -d)
trap 'rm -rf "$BUILD"' EXIT

make -s -C "$HERE/../otf2-measure"
mpicc -O2 -g -fopenmp -finstrument-functions -rdynamic -o "$BUILD/mpi-stencil" "$HERE/workloads/mpi-stencil.c" \
    "$HERE/../otf2-measure/libotf2-measure.a" -lotf2 -lm
if [ $LARGE -eq 1 ]; then ARGS=(512 "${ITERATIONS:-2500}"); else ARGS=(16 10); fi
# mpirun refuses root without --allow-run-as-root; 8 threads share this machine's cores, hence --oversubscribe.
# The program's name in the trace is the one it was started by; run it from the build directory so that it is
# "./mpi-stencil" whoever captures.
# Passive OpenMP waits: 8 threads share the cores, and spinning workers would starve the ranks that compute.
(cd "$BUILD" && OMP_NUM_THREADS=2 OMP_WAIT_POLICY=passive OTF2_MEASURE_DIR="$OUT" \
    mpirun --allow-run-as-root --oversubscribe -np 4 -x OMP_NUM_THREADS -x OMP_WAIT_POLICY -x OTF2_MEASURE_DIR \
    ./mpi-stencil "${ARGS[@]}")

if [ $LARGE -eq 0 ]; then
    otf2-print -A "$OUT/traces.otf2" 2> "$BUILD/errors" | gzip -9n > "$OUT/otf2-print.txt.gz"
else
    otf2-print "$OUT/traces.otf2" 2> "$BUILD/errors" | awk -v out="$OUT/otf2-print.counts" '
        $2 ~ /^[0-9]+$/ { type[$1]++; location[$2]++; n++; print }
        END {
            for (t in type) printf "type %s %d\n", t, type[t] > out
            for (l in location) printf "location %s %d\n", l, location[l] > out
            printf "events %d\n", n > out
        }' | sha256sum | sed 's/ .*//; s/^/sha256 /' >> "$BUILD/digest"
    sort -o "$OUT/otf2-print.counts" "$OUT/otf2-print.counts"
    cat "$BUILD/digest" >> "$OUT/otf2-print.counts"
fi
if [ -s "$BUILD/errors" ]; then
    echo "error: otf2-print complained:" >&2
    cat "$BUILD/errors" >&2
    exit 1
fi
echo "$OUT: $(otf2-print "$OUT/traces.otf2" | awk '$2 ~ /^[0-9]+$/' | wc -l) events, $(du -sh "$OUT" | cut -f1)"
