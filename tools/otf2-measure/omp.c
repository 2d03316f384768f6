// SPDX-License-Identifier: EPL-2.0
/*
 * OpenMP parallel regions, by interposing the entry points through which GCC's -fopenmp code starts one in
 * libgomp: GOMP_parallel and its combined-construct variants (parallel loops of every schedule, parallel
 * sections). This library is linked into the executable, so its definitions win over libgomp's for the program
 * and for the shared libraries it loads (the executable comes first in the lookup order); each wrapper calls
 * libgomp's own, found through dlsym(RTLD_NEXT). Parallel regions with task reductions
 * (GOMP_parallel_reductions) are not recorded: libgomp reads their reduction table from the first word of the
 * body's data, which a wrapper cannot replace.
 *
 * The forking thread writes ThreadFork, then libgomp runs team_member on every thread of the team (itself
 * included) instead of the outlined body: ThreadTeamBegin, Enter the body's region (paradigm OPENMP, role
 * PARALLEL, named by its symbol, such as sweep._omp_fn.0), the body, Leave, ThreadTeamEnd; after libgomp's
 * closing barrier the forking thread writes ThreadJoin. GCC does not instrument outlined bodies, so without
 * this region the functions they call would sit at the root of the workers' stacks.
 *
 * Why not OMPT: libgomp (GCC 12 here) has no OMPT interface. LLVM's libomp 14 has one, but a GCC-built program
 * gets it only if linked against libomp instead of GCC's own runtime, and OMPT names a parallel region by its
 * return address, not by its outlined body. The GOMP entry points are a stable, versioned ABI (GOMP_4.0 to
 * GOMP_5.0) that GCC has emitted since 4.9 and that libomp implements too; what they miss is code compiled by
 * clang, which starts parallel regions through __kmpc_fork_call.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#include "measure.h"

/* One fork: what libgomp passes to team_member on each thread. */
struct fork {
    void (*fn)(void *);
    void *data;
    uint32_t team, region, capacity, size;
    uint64_t *members;
};

static void team_member(void *arg) NO_INSTRUMENT;
static void team_member(void *arg) {
    struct fork *f = arg;
    int num = omp_get_thread_num();
    if ((uint32_t)num >= f->capacity) {
        fprintf(stderr, "otf2-measure: thread %d in a team of at most %u threads\n", num, f->capacity);
        abort();
    }
    f->members[num] = measure_location();
    __atomic_store_n(&f->size, (uint32_t)omp_get_num_threads(), __ATOMIC_RELAXED);
    uint32_t previous = measure_team_begin(f->team);
    measure_enter(f->region);
    f->fn(f->data);
    measure_leave();
    measure_team_end(f->team, previous);
}

/* Starts a fork of num_threads (0: the default team size) running fn, or returns 0 if nothing is recorded. */
static int fork_begin(struct fork *f, void (*fn)(void *), void *data, unsigned num_threads) NO_INSTRUMENT;
static int fork_begin(struct fork *f, void (*fn)(void *), void *data, unsigned num_threads) {
    if (!measure_active) {
        return 0;
    }
    /* A team never has more threads than requested (num_threads, else nthreads-var). */
    uint32_t requested = num_threads ? num_threads : (uint32_t)omp_get_max_threads();
    *f = (struct fork){ fn, data, 0, measure_function_region((void *)fn, OTF2_PARADIGM_OPENMP,
                        OTF2_REGION_ROLE_PARALLEL), requested, 0, calloc(requested, sizeof(uint64_t)) };
    if (!f->members) {
        abort();
    }
    f->team = measure_fork(requested);
    return 1;
}

static void fork_end(struct fork *f) NO_INSTRUMENT;
static void fork_end(struct fork *f) {
    measure_join(f->team, f->members, f->size);
    free(f->members);
}

static void *real(const char *name) NO_INSTRUMENT;
static void *real(const char *name) {
    void *fn = dlsym(RTLD_NEXT, name);
    if (!fn) {
        fprintf(stderr, "otf2-measure: no %s after the executable: is the program linked with -fopenmp?\n", name);
        abort();
    }
    return fn;
}

/* libgomp's definition of the entry point name (ours has its type), looked up once; racing threads find the same. */
#define NEXT(name)                                                                                             \
    static __typeof__(&name) next_;                                                                            \
    __typeof__(&name) next = __atomic_load_n(&next_, __ATOMIC_RELAXED);                                        \
    if (!next) {                                                                                               \
        next = real(#name);                                                                                    \
        __atomic_store_n(&next_, next, __ATOMIC_RELAXED);                                                      \
    }

/* A wrapper for an entry point whose parameters are (fn, data, num_threads, REST...): while recording,
 * libgomp's runs team_member with the fork in place of fn and data. */
#define WRAP(name, params, args)                                                                               \
    void name(void (*fn)(void *), void *data, unsigned num_threads params) NO_INSTRUMENT;                      \
    void name(void (*fn)(void *), void *data, unsigned num_threads params) {                                   \
        NEXT(name)                                                                                             \
        struct fork f;                                                                                         \
        if (fork_begin(&f, fn, data, num_threads)) {                                                           \
            next(team_member, &f, num_threads args);                                                           \
            fork_end(&f);                                                                                      \
        } else {                                                                                               \
            next(fn, data, num_threads args);                                                                  \
        }                                                                                                      \
    }
#define P(...) , __VA_ARGS__

WRAP(GOMP_parallel, P(unsigned flags), P(flags))
WRAP(GOMP_parallel_sections, P(unsigned count, unsigned flags), P(count, flags))
#define LOOP_PARAMS P(long start, long end, long incr, long chunk_size, unsigned flags)
#define LOOP_ARGS P(start, end, incr, chunk_size, flags)
WRAP(GOMP_parallel_loop_static, LOOP_PARAMS, LOOP_ARGS)
WRAP(GOMP_parallel_loop_dynamic, LOOP_PARAMS, LOOP_ARGS)
WRAP(GOMP_parallel_loop_guided, LOOP_PARAMS, LOOP_ARGS)
WRAP(GOMP_parallel_loop_nonmonotonic_dynamic, LOOP_PARAMS, LOOP_ARGS)
WRAP(GOMP_parallel_loop_nonmonotonic_guided, LOOP_PARAMS, LOOP_ARGS)
#define RUNTIME_PARAMS P(long start, long end, long incr, unsigned flags)
#define RUNTIME_ARGS P(start, end, incr, flags)
WRAP(GOMP_parallel_loop_runtime, RUNTIME_PARAMS, RUNTIME_ARGS)
WRAP(GOMP_parallel_loop_nonmonotonic_runtime, RUNTIME_PARAMS, RUNTIME_ARGS)
WRAP(GOMP_parallel_loop_maybe_nonmonotonic_runtime, RUNTIME_PARAMS, RUNTIME_ARGS)

