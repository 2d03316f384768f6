// SPDX-License-Identifier: EPL-2.0
// A program that emits a known number of LTTng-UST events of every field kind (fields_tp.h):
//
//   ust-fields [THREADS [STEPS]]
//
// One sextant_fields:begin, then THREADS threads (default 2) each emit STEPS (default 100) numbers and STEPS
// texts events, then one end whose `events` field is the count of them all: 2 + 2 * THREADS * STEPS events.
// Built and recorded by tools/capture/ust-fields-ctf2.sh.
#define LTTNG_UST_TRACEPOINT_DEFINE
#define LTTNG_UST_TRACEPOINT_CREATE_PROBES
#include "fields_tp.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static const char *const WORDS[] = { "alpha", "beta", "gamma", "delta", "epsilon" };
static int steps = 100;

static void *run(void *argument)
{
    int thread = (int) (intptr_t) argument;
    for (int step = 0; step < steps; step++) {
        const char *word = WORDS[step % 5];
        int64_t values[5];
        for (int i = 0; i < 5; i++) {
            values[i] = (int64_t) thread * 1000000 - (int64_t) step * (i + 1);
        }
        lttng_ust_tracepoint(sextant_fields, numbers, thread, step);
        // a sequence of 0 to 4 elements, and as many characters of the word
        lttng_ust_tracepoint(sextant_fields, texts, step, word, values, (unsigned int) (step % 5));
    }
    return NULL;
}

int main(int argc, char **argv)
{
    int threads = argc > 1 ? atoi(argv[1]) : 2;
    steps = argc > 2 ? atoi(argv[2]) : 100;
    if (threads < 1 || threads > 64 || steps < 0) {
        fprintf(stderr, "usage: %s [THREADS (1-64) [STEPS]]\n", argv[0]);
        return 2;
    }
    lttng_ust_tracepoint(sextant_fields, begin, argv[0], threads, steps);
    pthread_t ids[64];
    for (int i = 0; i < threads; i++) {
        if (pthread_create(&ids[i], NULL, run, (void *) (intptr_t) i) != 0) {
            perror("pthread_create");
            return 1;
        }
    }
    for (int i = 0; i < threads; i++) {
        pthread_join(ids[i], NULL);
    }
    lttng_ust_tracepoint(sextant_fields, end, 2 + 2 * threads * steps);
    return 0;
}
