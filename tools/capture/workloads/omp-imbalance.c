/* SPDX-License-Identifier: EPL-2.0 */
/*
 * omp-imbalance: an OpenMP program whose load imbalance is known in advance, annotated for
 * `./sextant record --ftrace`, and its own account of what it wrote (the proof of issue 15).
 *
 *   gcc -O2 -fopenmp -o omp-imbalance tools/capture/workloads/omp-imbalance.c
 *   OMP_NUM_THREADS=2 OMP_WAIT_POLICY=passive ./sextant record --ftrace --out DIR -- \
 *       ./omp-imbalance --log DIR/omp-imbalance.json
 *
 * Options: --syntax sextant|paper|atrace (default sextant), --phases P (5), --unit-iterations N (12,000,000:
 * about 24 ms of one core here), --chunks K (1), --log FILE (default: standard output).
 *
 * One parallel region of T threads (OMP_NUM_THREADS) runs P phases. In each phase thread t does (t + 1) units
 * of the same arithmetic (a xorshift loop, N iterations a unit), so the designed imbalance, the largest
 * thread's work over the mean, is T / ((T + 1) / 2): 4/3 for two threads. A barrier ends each phase. Each
 * thread's life is annotated: the master's from the start of main to the end of the run, a worker's from its
 * first to its last statement in the region; inside, each phase's loop (split into K chunk annotations when
 * K > 1), a counter of the units done so far, and the barrier's enter and leave. With OMP_WAIT_POLICY=passive
 * threads sleep rather than spin when they wait, so that all their time on CPU is annotated: with libgomp's
 * default a worker also spins, unannotated, in the region's closing barrier and in the thread pool after it.
 *
 * Annotations by syntax (<t> the thread number, <k> the phase, <p> the process id, <n> the units done so far,
 * <c> atrace's async cookie k * T + t; "-": none in that syntax):
 *
 *   thread begins   SX|B|omp.thread      PE:<t>;*MAIN*#start             B|<p>|omp.thread
 *   region entered  SX|I|omp.region      -                               I|<p>|omp.region
 *   loop begins     SX|B|phase<k>.loop   PE:<t>;*MAIN*#phase<k>.loop (1) B|<p>|phase<k>.loop
 *   chunk begins    SX|B|phase<k>.chunk  PE:<t>;*MAIN*#phase<k>.chunk    B|<p>|phase<k>.chunk   (when K > 1)
 *   chunk ends      SX|E|phase<k>.chunk  -                               E|<p>                  (when K > 1)
 *   loop ends       SX|E|phase<k>.loop   -                               E|<p>
 *   units done      SX|C|units|<n>       -                               C|<p>|units|<n>
 *   barrier enter   SX|BE|omp.barrier    barrier                         S|<p>|omp.barrier|<c>
 *   barrier leave   SX|BL|omp.barrier    - (left at the next task)       F|<p>|omp.barrier|<c>
 *   thread ends     SX|E|omp.thread      PE:<t>;*MAIN*#end               E|<p>
 *
 *   (1) only when K = 1: the paper's tasks do not nest, so with chunks each chunk is a task of its own.
 *
 * The log (JSON, written by the master after the region) holds per thread its tid, the exact text of every
 * annotation it wrote with how many times ("writes"), the same by kind and name ("annotations"), its work
 * units, and per phase the CLOCK_MONOTONIC times (the clock of the trace) and the thread's CPU time
 * (CLOCK_THREAD_CPUTIME_ID) of its loop and its barrier wait; its fields are described in
 * tests/fixtures/CATALOGUE.md.
 */
#define _GNU_SOURCE
#include "../../../annotate/sextant_annotate.h"

#include <inttypes.h>
#include <omp.h>
#include <sched.h>
#include <sys/syscall.h>
#include <time.h>

enum syntax { SEXTANT, PAPER, ATRACE, SYNTAXES };
static const char *const SYNTAX_NAMES[SYNTAXES] = {"sextant", "paper", "atrace"};

/* What a thread annotates. */
enum what {
    THREAD_BEGIN, REGION_ENTERED, LOOP_BEGIN, CHUNK_BEGIN, CHUNK_END, LOOP_END, UNITS_DONE, BARRIER_ENTER,
    BARRIER_LEAVE, THREAD_END, WHATS
};

/*
 * Each annotation's text and, in contract 2's terms, its kind and name (atrace's E names what it closes), per
 * syntax; {t} is the thread number, {k} the phase, {p} the process id, {n} the units done, {c} the cookie.
 * A syntax without an annotation for something leaves it out.
 */
struct form {
    const char *text, *kind, *name;
};
static const struct form FORMS[SYNTAXES][WHATS] = {
    [SEXTANT] = {
        [THREAD_BEGIN] = {"SX|B|omp.thread", "begin", "omp.thread"},
        [REGION_ENTERED] = {"SX|I|omp.region", "instant", "omp.region"},
        [LOOP_BEGIN] = {"SX|B|phase{k}.loop", "begin", "phase{k}.loop"},
        [CHUNK_BEGIN] = {"SX|B|phase{k}.chunk", "begin", "phase{k}.chunk"},
        [CHUNK_END] = {"SX|E|phase{k}.chunk", "end", "phase{k}.chunk"},
        [LOOP_END] = {"SX|E|phase{k}.loop", "end", "phase{k}.loop"},
        [UNITS_DONE] = {"SX|C|units|{n}", "counter", "units"},
        [BARRIER_ENTER] = {"SX|BE|omp.barrier", "barrier_enter", "omp.barrier"},
        [BARRIER_LEAVE] = {"SX|BL|omp.barrier", "barrier_leave", "omp.barrier"},
        [THREAD_END] = {"SX|E|omp.thread", "end", "omp.thread"},
    },
    [PAPER] = {
        [THREAD_BEGIN] = {"PE:{t};*MAIN*#start", "task", "*MAIN*#start"},
        [LOOP_BEGIN] = {"PE:{t};*MAIN*#phase{k}.loop", "task", "*MAIN*#phase{k}.loop"},
        [CHUNK_BEGIN] = {"PE:{t};*MAIN*#phase{k}.chunk", "task", "*MAIN*#phase{k}.chunk"},
        [BARRIER_ENTER] = {"barrier", "barrier", "barrier"},
        [THREAD_END] = {"PE:{t};*MAIN*#end", "task", "*MAIN*#end"},
    },
    [ATRACE] = {
        [THREAD_BEGIN] = {"B|{p}|omp.thread", "begin", "omp.thread"},
        [REGION_ENTERED] = {"I|{p}|omp.region", "instant", "omp.region"},
        [LOOP_BEGIN] = {"B|{p}|phase{k}.loop", "begin", "phase{k}.loop"},
        [CHUNK_BEGIN] = {"B|{p}|phase{k}.chunk", "begin", "phase{k}.chunk"},
        [CHUNK_END] = {"E|{p}", "end", "phase{k}.chunk"},
        [LOOP_END] = {"E|{p}", "end", "phase{k}.loop"},
        [UNITS_DONE] = {"C|{p}|units|{n}", "counter", "units"},
        [BARRIER_ENTER] = {"S|{p}|omp.barrier|{c}", "async_start", "omp.barrier"},
        [BARRIER_LEAVE] = {"F|{p}|omp.barrier|{c}", "async_finish", "omp.barrier"},
        [THREAD_END] = {"E|{p}", "end", "omp.thread"},
    },
};

struct phase_log {
    int cpu;
    int64_t work_begin_ns, work_end_ns, work_cpu_ns;
    int64_t barrier_enter_ns, barrier_leave_ns, barrier_cpu_ns;
};

struct thread_log {
    int thread;
    long tid;
    uint64_t checksum;
    int64_t begin_ns, end_ns, cpu_begin_ns, cpu_end_ns;
    unsigned (*counts)[WHATS]; /* [phase][what]; the row after the last phase for a thread's own annotations */
    struct phase_log *phases;
};

static struct {
    enum syntax syntax;
    int phases, chunks, threads;
    long long unit_iterations;
    long pid;
    const char *log;
} run = {SEXTANT, 5, 1, 0, 12000000, 0, "-"};

static int64_t now(clockid_t clock) {
    struct timespec time;
    clock_gettime(clock, &time);
    return (int64_t) time.tv_sec * 1000000000 + time.tv_nsec;
}

static uint64_t spin(long long iterations, uint64_t state) {
    for (long long i = 0; i < iterations; i++) {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
    }
    return state;
}

static int units_per_phase(int thread) {
    return thread + 1;
}

/* pattern with its {t} {k} {p} {n} {c} filled in for this thread and phase. */
static void expand(const char *pattern, const struct thread_log *log, int phase, char *out, size_t size) {
    size_t used = 0;
    out[0] = '\0';
    for (const char *c = pattern; *c != '\0' && used + 1 < size; c++) {
        long long value;
        if (c[0] == '{' && c[1] != '\0' && c[2] == '}') {
            switch (c[1]) {
            case 't': value = log->thread; break;
            case 'k': value = phase; break;
            case 'p': value = run.pid; break;
            case 'n': value = (long long) units_per_phase(log->thread) * (phase + 1); break;
            default: value = (long long) phase * run.threads + log->thread; break; /* {c} */
            }
            int n = snprintf(out + used, size - used, "%lld", value);
            used = n < 0 || (size_t) n >= size - used ? size - 1 : used + (size_t) n;
            c += 2;
        } else {
            out[used++] = *c;
            out[used] = '\0';
        }
    }
}

/* Whether this run writes anything for `what`. */
static int written(enum what what) {
    if (FORMS[run.syntax][what].text == NULL) {
        return 0;
    }
    /* The paper's tasks do not nest: with chunks, each chunk is the task and the loop has none of its own. */
    return !(run.syntax == PAPER && what == LOOP_BEGIN && run.chunks > 1);
}

/* Counts the annotation in the thread's log (the row `phases` is the thread's own). */
static void note(struct thread_log *log, enum what what, int phase) {
    if (written(what)) {
        log->counts[phase][what]++;
    }
}

/* Writes the annotation: Sextant's syntax through the library's calls, the others as raw text. */
static void send(const struct thread_log *log, enum what what, int phase) {
    if (!written(what) || !sx_enabled()) {
        return;
    }
    const struct form *form = &FORMS[run.syntax][what];
    char text[256];
    if (run.syntax != SEXTANT) {
        expand(form->text, log, phase, text, sizeof(text));
        sx_write_raw(text);
        return;
    }
    expand(form->name, log, phase, text, sizeof(text));
    switch (what) {
    case THREAD_BEGIN: case LOOP_BEGIN: case CHUNK_BEGIN: sx_begin(text); break;
    case THREAD_END: case LOOP_END: case CHUNK_END: sx_end(text); break;
    case REGION_ENTERED: sx_instant(text); break;
    case UNITS_DONE: sx_counter(text, (int64_t) units_per_phase(log->thread) * (phase + 1)); break;
    case BARRIER_ENTER: sx_barrier_enter(text); break;
    case BARRIER_LEAVE: sx_barrier_leave(text); break;
    default: break;
    }
}

static void annotate(struct thread_log *log, enum what what, int phase) {
    note(log, what, phase);
    send(log, what, phase);
}

static void thread_begins(struct thread_log *log) {
    log->tid = (long) syscall(SYS_gettid);
    annotate(log, THREAD_BEGIN, run.phases);
    log->begin_ns = now(CLOCK_MONOTONIC);
    log->cpu_begin_ns = now(CLOCK_THREAD_CPUTIME_ID);
}

/* The end is counted and timed first; the master writes it after its log, so that its log's time is inside. */
static void thread_ends(struct thread_log *log) {
    log->cpu_end_ns = now(CLOCK_THREAD_CPUTIME_ID);
    log->end_ns = now(CLOCK_MONOTONIC);
    note(log, THREAD_END, run.phases);
}

static void phases(struct thread_log *log) {
    int units = units_per_phase(log->thread);
    long long chunk_iterations = run.unit_iterations * units / run.chunks;
    uint64_t state = 88172645463325252ULL + (uint64_t) log->thread;
    for (int k = 0; k < run.phases; k++) {
        struct phase_log *phase = &log->phases[k];
        annotate(log, LOOP_BEGIN, k);
        phase->cpu = sched_getcpu();
        phase->work_begin_ns = now(CLOCK_MONOTONIC);
        int64_t cpu = now(CLOCK_THREAD_CPUTIME_ID);
        for (int j = 0; j < run.chunks; j++) {
            if (run.chunks > 1) {
                annotate(log, CHUNK_BEGIN, k);
            }
            state = spin(chunk_iterations, state);
            if (run.chunks > 1) {
                annotate(log, CHUNK_END, k);
            }
        }
        phase->work_cpu_ns = now(CLOCK_THREAD_CPUTIME_ID) - cpu;
        phase->work_end_ns = now(CLOCK_MONOTONIC);
        annotate(log, LOOP_END, k);
        annotate(log, UNITS_DONE, k);
        annotate(log, BARRIER_ENTER, k);
        phase->barrier_enter_ns = now(CLOCK_MONOTONIC);
        cpu = now(CLOCK_THREAD_CPUTIME_ID);
#pragma omp barrier
        phase->barrier_cpu_ns = now(CLOCK_THREAD_CPUTIME_ID) - cpu;
        phase->barrier_leave_ns = now(CLOCK_MONOTONIC);
        annotate(log, BARRIER_LEAVE, k);
    }
    log->checksum = state;
}

/* One JSON object of counts: "key": n, ... for the distinct keys made by key_of over every annotation. */
static void print_counts(FILE *out, const struct thread_log *log, int by_kind, const char *kind) {
    char keys[256][256];
    unsigned counts[256];
    int distinct = 0;
    for (int k = 0; k <= run.phases; k++) {
        for (int what = 0; what < WHATS; what++) {
            const struct form *form = &FORMS[run.syntax][what];
            unsigned count = log->counts[k][what];
            if (count == 0 || (by_kind && strcmp(form->kind, kind) != 0)) {
                continue;
            }
            char key[256];
            expand(by_kind ? form->name : form->text, log, k, key, sizeof(key));
            int i = 0;
            while (i < distinct && strcmp(keys[i], key) != 0) {
                i++;
            }
            if (i == distinct) {
                if (distinct == 256) {
                    continue;
                }
                strcpy(keys[distinct], key);
                counts[distinct++] = 0;
            }
            counts[i] += count;
        }
    }
    fputc('{', out);
    for (int i = 0; i < distinct; i++) {
        fprintf(out, "%s\"%s\": %u", i ? ", " : "", keys[i], counts[i]);
    }
    fputc('}', out);
}

static void print_log(FILE *out, const struct thread_log *logs, int64_t region_ns, int64_t run_ns) {
    static const char *const KINDS[] = {"begin", "end", "instant", "counter", "barrier_enter", "barrier_leave",
                                        "task", "barrier", "async_start", "async_finish"};
    const char *marker = getenv("SEXTANT_TRACE_MARKER");
    fprintf(out, "{\n  \"program\": \"omp-imbalance\",\n  \"syntax\": \"%s\",\n  \"pid\": %ld,\n", SYNTAX_NAMES[run.syntax],
            run.pid);
    fprintf(out, "  \"threads\": %d,\n  \"phases\": %d,\n  \"chunks\": %d,\n  \"unit_iterations\": %lld,\n", run.threads,
            run.phases, run.chunks, run.unit_iterations);
    fprintf(out, "  \"designed_imbalance\": %.6f,\n", (double) run.threads / ((run.threads + 1) / 2.0));
    fprintf(out, "  \"recording\": %s,\n", sx_enabled() ? "true" : "false");
    const char *policy = getenv("OMP_WAIT_POLICY");
    fprintf(out, policy != NULL ? "  \"wait_policy\": \"%s\",\n" : "  \"wait_policy\": null,\n", policy);
    if (marker != NULL) {
        fprintf(out, "  \"marker\": \"%s\",\n", marker);
    } else {
        fprintf(out, "  \"marker\": null,\n");
    }
    fprintf(out, "  \"region_wall_ns\": %" PRId64 ",\n  \"run_wall_ns\": %" PRId64 ",\n  \"per_thread\": [\n", region_ns,
            run_ns);
    for (int t = 0; t < run.threads; t++) {
        const struct thread_log *log = &logs[t];
        int units = units_per_phase(t);
        fprintf(out, "    {\n      \"thread\": %d,\n      \"tid\": %ld,\n      \"units_per_phase\": %d,\n", t, log->tid,
                units);
        fprintf(out, "      \"work_units\": %d,\n      \"checksum\": \"%016" PRIx64 "\",\n", units * run.phases,
                log->checksum);
        fprintf(out, "      \"begin_ns\": %" PRId64 ",\n      \"end_ns\": %" PRId64 ",\n", log->begin_ns, log->end_ns);
        fprintf(out, "      \"cpu_ns\": %" PRId64 ",\n      \"cpu_at_end_ns\": %" PRId64 ",\n",
                log->cpu_end_ns - log->cpu_begin_ns, log->cpu_end_ns);
        fprintf(out, "      \"writes\": ");
        print_counts(out, log, 0, NULL);
        fprintf(out, ",\n      \"annotations\": {");
        int first = 1;
        for (size_t i = 0; i < sizeof(KINDS) / sizeof(KINDS[0]); i++) {
            int used = 0;
            for (int k = 0; k <= run.phases && !used; k++) {
                for (int what = 0; what < WHATS; what++) {
                    used |= log->counts[k][what] != 0 && strcmp(FORMS[run.syntax][what].kind, KINDS[i]) == 0;
                }
            }
            if (used) {
                fprintf(out, "%s\"%s\": ", first ? "" : ", ", KINDS[i]);
                print_counts(out, log, 1, KINDS[i]);
                first = 0;
            }
        }
        fprintf(out, "},\n      \"phases\": [\n");
        for (int k = 0; k < run.phases; k++) {
            const struct phase_log *p = &log->phases[k];
            fprintf(out,
                    "        {\"phase\": %d, \"units\": %d, \"cpu\": %d, \"work_begin_ns\": %" PRId64 ", \"work_end_ns\": %" PRId64
                    ", \"work_cpu_ns\": %" PRId64 ", \"barrier_enter_ns\": %" PRId64 ", \"barrier_leave_ns\": %" PRId64
                    ", \"barrier_cpu_ns\": %" PRId64 "}%s\n",
                    k, units, p->cpu, p->work_begin_ns, p->work_end_ns, p->work_cpu_ns, p->barrier_enter_ns,
                    p->barrier_leave_ns, p->barrier_cpu_ns, k + 1 < run.phases ? "," : "");
        }
        fprintf(out, "      ]\n    }%s\n", t + 1 < run.threads ? "," : "");
    }
    fprintf(out, "  ]\n}\n");
}

static int usage(const char *problem) {
    fprintf(stderr, "omp-imbalance: %s\nusage: omp-imbalance [--syntax sextant|paper|atrace] [--phases P] "
                    "[--unit-iterations N] [--chunks K] [--log FILE]\n", problem);
    return 2;
}

int main(int argc, char **argv) {
    int64_t run_begin = now(CLOCK_MONOTONIC);
    for (int i = 1; i < argc; i++) {
        const char *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (value == NULL) {
            return usage("an option without its value");
        }
        if (strcmp(argv[i], "--syntax") == 0) {
            int s = 0;
            while (s < SYNTAXES && strcmp(SYNTAX_NAMES[s], value) != 0) {
                s++;
            }
            if (s == SYNTAXES) {
                return usage("--syntax is sextant, paper or atrace");
            }
            run.syntax = (enum syntax) s;
        } else if (strcmp(argv[i], "--phases") == 0) {
            run.phases = atoi(value);
        } else if (strcmp(argv[i], "--chunks") == 0) {
            run.chunks = atoi(value);
        } else if (strcmp(argv[i], "--unit-iterations") == 0) {
            run.unit_iterations = atoll(value);
        } else if (strcmp(argv[i], "--log") == 0) {
            run.log = value;
        } else {
            return usage("unknown option");
        }
        i++;
    }
    if (run.phases < 1 || run.phases > 1000 || run.chunks < 1 || run.unit_iterations < 1) {
        return usage("--phases (1 to 1000), --chunks and --unit-iterations must be positive");
    }
    omp_set_dynamic(0);
    run.threads = omp_get_max_threads();
    run.pid = (long) getpid();
    struct thread_log *logs = calloc((size_t) run.threads, sizeof(*logs));
    for (int t = 0; t < run.threads; t++) {
        logs[t].thread = t;
        logs[t].counts = calloc((size_t) run.phases + 1, sizeof(*logs[t].counts));
        logs[t].phases = calloc((size_t) run.phases, sizeof(*logs[t].phases));
        if (logs[t].counts == NULL || logs[t].phases == NULL) {
            return usage("out of memory");
        }
    }
    thread_begins(&logs[0]);
    int64_t region_begin = now(CLOCK_MONOTONIC);
    int team = 0;
#pragma omp parallel
    {
        struct thread_log *log = &logs[omp_get_thread_num()];
        if (log->thread != 0) {
            thread_begins(log);
        }
#pragma omp single
        team = omp_get_num_threads();
        annotate(log, REGION_ENTERED, run.phases);
        phases(log);
        if (log->thread != 0) {
            thread_ends(log);
            send(log, THREAD_END, run.phases);
        }
    }
    int64_t region_end = now(CLOCK_MONOTONIC);
    thread_ends(&logs[0]);
    if (team != run.threads) {
        fprintf(stderr, "omp-imbalance: asked for %d threads, OpenMP gave %d\n", run.threads, team);
        return 1;
    }
    FILE *out = strcmp(run.log, "-") == 0 ? stdout : fopen(run.log, "w");
    if (out == NULL) {
        perror(run.log);
        return 1;
    }
    print_log(out, logs, region_end - region_begin, now(CLOCK_MONOTONIC) - run_begin);
    if (out != stdout && fclose(out) != 0) {
        perror(run.log);
        return 1;
    }
    send(&logs[0], THREAD_END, run.phases);
    return 0;
}
