/* SPDX-License-Identifier: EPL-2.0 */
/*
 * annotate-loop: what one annotation of sextant_annotate.h costs. Writes N annotations (sx_begin and sx_end of
 * one name, alternately) in a tight loop and prints, as one JSON line, the mean time of one in nanoseconds
 * (CLOCK_MONOTONIC around the whole loop). Without SEXTANT_TRACE_MARKER that is the cost of a call that
 * records nothing. tools/bench-annotate.sh runs it both ways.
 *
 *   gcc -O2 -o annotate-loop tools/capture/workloads/annotate-loop.c
 *   annotate-loop [N]        (default 200000)
 */
#include "../../../annotate/sextant_annotate.h"

#include <time.h>

int main(int argc, char **argv) {
    long annotations = argc > 1 ? atol(argv[1]) : 200000;
    if (annotations < 2) {
        fprintf(stderr, "usage: annotate-loop [N >= 2]\n");
        return 2;
    }
    sx_instant("annotate-loop.start"); /* opens the marker outside the measured loop */
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (long i = 0; i < annotations; i += 2) {
        sx_begin("bench.loop");
        sx_end("bench.loop");
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    double ns = (double) (end.tv_sec - start.tv_sec) * 1e9 + (double) (end.tv_nsec - start.tv_nsec);
    printf("{\"annotations\": %ld, \"recording\": %s, \"ns_per_annotation\": %.1f}\n", annotations / 2 * 2,
           sx_enabled() ? "true" : "false", ns / (double) (annotations / 2 * 2));
    return 0;
}
