/* SPDX-License-Identifier: EPL-2.0 */
/*
 * malformed-annotations: annotations a reader must survive, written for real to the ftrace marker by four
 * threads, each thread one kind of trouble (the fixture ftrace-malformed; tests/fixtures/CATALOGUE.md):
 *
 *   nesting   SX|B|outer, SX|E|never-begun (the end of a name never begun, outer still open), SX|E|outer,
 *             SX|E|outer (an end with nothing open)
 *   exiting   SX|B|left-open, SX|B|inner-left-open, then the thread ends inside both
 *   limits    sx_begin of a 5000-byte name (the library cuts it: 4054 bytes, whole); a raw 5000-byte
 *             "SX|B|yyy..." and a raw "SX|C|<4060 n>|42" (the kernel cuts both at 4054 bytes: the counter
 *             loses its value)
 *   syntax    SX|Q|unknown-kind, SX|C|count|12x, SX|BE (no name), PE:x;task (no processing element number),
 *             E|notapid, F|<pid>|never-started|7 (an async finish without its start), free text
 *
 *   gcc -O2 -pthread -o malformed-annotations tools/capture/workloads/malformed-annotations.c
 *   ./sextant record --ftrace --out DIR -- ./malformed-annotations DIR/malformed-annotations.json
 *
 * The log (JSON) lists per thread its tid and each write in order: its first 40 bytes, its length, and what
 * write(2) returned (less than the length where the kernel cut it). The threads run one after the other.
 */
#define _GNU_SOURCE
#include "../../../annotate/sextant_annotate.h"

#include <pthread.h>
#include <sys/syscall.h>

enum { WRITES = 8, SIZE = 5000 };

struct thread_log {
    const char *name;
    long tid;
    int writes;
    char start[WRITES][41];
    long length[WRITES], returned[WRITES];
};

static int marker = -1;

/* One raw write, logged with what the kernel accepted of it. */
static void put(struct thread_log *log, const char *text, size_t length) {
    int i = log->writes++;
    snprintf(log->start[i], sizeof(log->start[i]), "%.40s", text);
    log->length[i] = (long) length;
    log->returned[i] = (long) write(marker, text, length);
}

static void put_text(struct thread_log *log, const char *text) {
    put(log, text, strlen(text));
}

static void *nesting(void *argument) {
    struct thread_log *log = argument;
    log->tid = (long) syscall(SYS_gettid);
    put_text(log, "SX|B|outer");
    put_text(log, "SX|E|never-begun");
    put_text(log, "SX|E|outer");
    put_text(log, "SX|E|outer");
    return NULL;
}

static void *exiting(void *argument) {
    struct thread_log *log = argument;
    log->tid = (long) syscall(SYS_gettid);
    put_text(log, "SX|B|left-open");
    put_text(log, "SX|B|inner-left-open");
    return NULL;
}

static void *limits(void *argument) {
    struct thread_log *log = argument;
    static char text[SIZE + 1];
    log->tid = (long) syscall(SYS_gettid);
    memset(text, 'x', SIZE);
    sx_begin(text); /* through the library, which cuts it; logged as the library writes it */
    log->writes++;
    snprintf(log->start[0], sizeof(log->start[0]), "SX|B|%.35s", text);
    log->length[0] = log->returned[0] = SX_MAX_WRITE;
    memcpy(text, "SX|B|", 5);
    memset(text + 5, 'y', SIZE - 5);
    put(log, text, SIZE);
    memcpy(text, "SX|C|", 5);
    memset(text + 5, 'n', 4060);
    memcpy(text + 5 + 4060, "|42", 3);
    put(log, text, 5 + 4060 + 3);
    return NULL;
}

static void *syntax(void *argument) {
    struct thread_log *log = argument;
    char finish[64];
    log->tid = (long) syscall(SYS_gettid);
    put_text(log, "SX|Q|unknown-kind");
    put_text(log, "SX|C|count|12x");
    put_text(log, "SX|BE");
    put_text(log, "PE:x;task");
    put_text(log, "E|notapid");
    snprintf(finish, sizeof(finish), "F|%ld|never-started|7", (long) getpid());
    put_text(log, finish);
    put_text(log, "free text, no annotation");
    return NULL;
}

int main(int argc, char **argv) {
    const char *path = getenv("SEXTANT_TRACE_MARKER");
    if (argc != 2 || path == NULL || (marker = open(path, O_WRONLY | O_CLOEXEC)) < 0) {
        fprintf(stderr, "usage: SEXTANT_TRACE_MARKER=MARKER malformed-annotations LOG (under ./sextant record --ftrace)\n");
        return 2;
    }
    static struct thread_log logs[] = {{"nesting", 0, 0, {{0}}, {0}, {0}}, {"exiting", 0, 0, {{0}}, {0}, {0}},
                                       {"limits", 0, 0, {{0}}, {0}, {0}}, {"syntax", 0, 0, {{0}}, {0}, {0}}};
    void *(*bodies[])(void *) = {nesting, exiting, limits, syntax};
    for (int t = 0; t < 4; t++) {
        pthread_t thread;
        if (pthread_create(&thread, NULL, bodies[t], &logs[t]) != 0 || pthread_join(thread, NULL) != 0) {
            fprintf(stderr, "malformed-annotations: a thread did not run\n");
            return 1;
        }
    }
    FILE *out = fopen(argv[1], "w");
    if (out == NULL) {
        perror(argv[1]);
        return 1;
    }
    fprintf(out, "{\n  \"program\": \"malformed-annotations\",\n  \"pid\": %ld,\n  \"per_thread\": [\n", (long) getpid());
    for (int t = 0; t < 4; t++) {
        fprintf(out, "    {\"thread\": \"%s\", \"tid\": %ld, \"writes\": [\n", logs[t].name, logs[t].tid);
        for (int i = 0; i < logs[t].writes; i++) {
            fprintf(out, "      {\"start\": \"%s\", \"length\": %ld, \"returned\": %ld}%s\n", logs[t].start[i],
                    logs[t].length[i], logs[t].returned[i], i + 1 < logs[t].writes ? "," : "");
        }
        fprintf(out, "    ]}%s\n", t < 3 ? "," : "");
    }
    fprintf(out, "  ]\n}\n");
    return fclose(out) == 0 ? 0 : 1;
}
