// SPDX-License-Identifier: EPL-2.0
// What one Redis event costs the traced process: calls epoll_wait (timeout 0, nothing ready) N times, which the
// tracer, preloaded into a program whose name starts with "redis-server", wraps with a before_sleep and an
// after_sleep event while a session records. Prints the nanoseconds per call. Built and run by tools/bench-redis-events.sh.
#include <stdio.h>
#include <stdlib.h>
#include <sys/epoll.h>
#include <time.h>

int main(int argc, char **argv) {
    int calls = argc > 1 ? atoi(argv[1]) : 2000000;
    int epoll = epoll_create1(0);
    struct epoll_event ready[4];
    for (int i = 0; i < calls / 10; i++) {   // warm-up: the tracer's first calls resolve the real functions
        epoll_wait(epoll, ready, 4, 0);
    }
    struct timespec start, end;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (int i = 0; i < calls; i++) {
        epoll_wait(epoll, ready, 4, 0);
    }
    clock_gettime(CLOCK_MONOTONIC, &end);
    printf("%.1f\n", ((end.tv_sec - start.tv_sec) * 1e9 + (end.tv_nsec - start.tv_nsec)) / calls);
    return 0;
}
