// SPDX-License-Identifier: EPL-2.0
//
// A small workload for tools/capture/perf-kernel.sh: three threads on a two-CPU machine pass a token around a
// ring of pipes; each, on receiving it, reads 4 KiB from /dev/zero, computes a little, writes 4 KiB to
// /dev/null, passes the token on and naps. Three threads for two CPUs means wake-ups across CPUs and
// migrations; every MIGRATE_MS each thread also moves itself to the other CPU for a moment, so migrations
// are certain. Every SPAWN_MS the main thread runs /bin/true (fork, exec, exit, wakeup_new).
//
//   rw-migrate SECONDS
//
// Build: cc -O2 -pthread -o rw-migrate rw-migrate.c
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define THREADS 3
#define NAP_US 2500
#define SPIN_US 150
#define MIGRATE_MS 100
#define SPAWN_MS 250

extern char **environ;
static int ring[THREADS][2];
static volatile int stop;

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static void spin(double seconds) {
    double end = now() + seconds;
    volatile unsigned long x = 0;
    while (now() < end) {
        x += 1;
    }
}

static void *worker(void *arg) {
    long id = (long) arg;
    int ncpu = (int) sysconf(_SC_NPROCESSORS_ONLN);
    int zero = open("/dev/zero", O_RDONLY), null = open("/dev/null", O_WRONLY);
    char token, buf[4096];
    double next_move = now() + MIGRATE_MS / 1000.0 * (id + 1) / THREADS;
    cpu_set_t all, one;
    CPU_ZERO(&all);
    for (int c = 0; c < ncpu; c++) {
        CPU_SET(c, &all);
    }
    while (read(ring[id][0], &token, 1) == 1) {
        if (stop) {
            write(ring[(id + 1) % THREADS][1], &token, 1);
            break;
        }
        if (read(zero, buf, sizeof buf) < 0 || write(null, buf, sizeof buf) < 0) {
            perror("rw-migrate");
        }
        spin(SPIN_US / 1e6);
        if (ncpu > 1 && now() >= next_move) {
            CPU_ZERO(&one);
            CPU_SET((sched_getcpu() + 1) % ncpu, &one);
            sched_setaffinity(0, sizeof one, &one);
            spin(SPIN_US / 1e6);
            sched_setaffinity(0, sizeof all, &all);
            next_move += MIGRATE_MS / 1000.0;
        }
        write(ring[(id + 1) % THREADS][1], &token, 1);
        usleep(NAP_US);
    }
    close(zero);
    close(null);
    return NULL;
}

int main(int argc, char **argv) {
    double seconds = argc > 1 ? atof(argv[1]) : 1.0;
    pthread_t threads[THREADS];
    for (int i = 0; i < THREADS; i++) {
        if (pipe(ring[i]) != 0) {
            perror("pipe");
            return 1;
        }
    }
    for (long i = 0; i < THREADS; i++) {
        pthread_create(&threads[i], NULL, worker, (void *) i);
    }
    write(ring[0][1], "t", 1);
    write(ring[THREADS / 2][1], "t", 1); // two tokens: two threads busy at once
    double end = now() + seconds;
    while (now() < end) {
        char *args[] = { "true", NULL };
        pid_t child;
        if (posix_spawn(&child, "/bin/true", NULL, NULL, args, environ) == 0) {
            waitpid(child, NULL, 0);
        }
        usleep(SPAWN_MS * 1000);
    }
    stop = 1;
    for (int i = 0; i < THREADS; i++) {
        pthread_join(threads[i], NULL);
    }
    return 0;
}
