/* SPDX-License-Identifier: EPL-2.0 */
/*
 * annotate-loop: what one annotation of sextant_annotate.h costs. Writes N annotations (sx_begin and sx_end of
 * one name, alternately) in a tight loop and prints, as one JSON line, the mean time of one in nanoseconds:
 * wall (CLOCK_MONOTONIC around the whole loop) and the thread's CPU time (CLOCK_THREAD_CPUTIME_ID, which time
 * spent preempted by other programs does not inflate). Without SEXTANT_TRACE_MARKER that is the cost of a call
 * that records nothing. tools/bench-annotate.sh runs it in several ways.
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
    struct timespec start, end, cpu_start, cpu_end;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu_start);
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (long i = 0; i < annotations; i += 2) {
        sx_begin("bench.loop");
        sx_end("bench.loop");
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &cpu_end);
    double written = (double) (annotations / 2 * 2);
    double ns = (double) (end.tv_sec - start.tv_sec) * 1e9 + (double) (end.tv_nsec - start.tv_nsec);
    double cpu_ns = (double) (cpu_end.tv_sec - cpu_start.tv_sec) * 1e9 + (double) (cpu_end.tv_nsec - cpu_start.tv_nsec);
    printf("{\"annotations\": %.0f, \"recording\": %s, \"ns_per_annotation\": %.1f, \"cpu_ns_per_annotation\": %.1f}\n",
           written, sx_enabled() ? "true" : "false", ns / written, cpu_ns / written);
    return 0;
}
