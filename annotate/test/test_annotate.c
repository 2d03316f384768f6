/* SPDX-License-Identifier: EPL-2.0 */
/*
 * Tests of sextant_annotate.h, compiled as C and as C++ (tests/install/test_ftrace_record.py builds and runs it):
 *
 *   test_annotate noop          without a usable SEXTANT_TRACE_MARKER: nothing opened, nothing written
 *   test_annotate file PATH     SEXTANT_TRACE_MARKER=PATH, a regular file: each call's bytes, read back one call
 *                               at a time; names sanitised and cut; one descriptor for both translation units
 *   test_annotate race PATH     SEXTANT_TRACE_MARKER=PATH: 8 threads annotate at once first; one descriptor
 *
 * It reports with write(2) and snprintf only, so that under valgrind the library's own allocations (none)
 * are the program's. Exit status 0 when every check passed; one line per failed check.
 */
#define _POSIX_C_SOURCE 200809L /* pread, readlink, pthread barriers under -std=c99 */

#include "../sextant_annotate.h"

#include <limits.h>
#include <pthread.h>

void annotate_from_other_unit(void);

static int failures;
static int reader = -1;
static off_t read_offset;

static void report(const char *what, const char *detail) {
    char line[512];
    int length = snprintf(line, sizeof(line), "FAIL %s: %s\n", what, detail);
    failures++;
    if (write(2, line, (size_t) length) < 0) {
        failures++;
    }
}

/* The bytes the last call appended to the marker file must be exactly expected[0..length). */
static void expect_bytes(const char *what, const char *expected, size_t length) {
    static char got[2 * SX_MAX_WRITE];
    ssize_t n = pread(reader, got, sizeof(got), read_offset);
    if (n < 0) {
        report(what, "cannot read the marker file back");
        return;
    }
    read_offset += n;
    if ((size_t) n != length || memcmp(got, expected, length) != 0) {
        char detail[256];
        snprintf(detail, sizeof(detail), "wrote %zd bytes '%.*s', expected %zu bytes '%.*s'", n,
                 (int) (n < 60 ? n : 60), got, length, (int) (length < 60 ? length : 60), expected);
        report(what, detail);
    }
}

static void expect(const char *what, const char *expected) {
    expect_bytes(what, expected, strlen(expected));
}

/* How many of this process's descriptors refer to path (readlink, not opendir, which allocates). */
static int descriptors_on(const char *path) {
    int count = 0;
    for (int fd = 0; fd < 1024; fd++) {
        char link[64], target[PATH_MAX];
        snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
        ssize_t n = readlink(link, target, sizeof(target) - 1);
        if (n > 0) {
            target[n] = '\0';
            count += strcmp(target, path) == 0;
        }
    }
    return count;
}

static void test_noop(void) {
    int before = 0;
    for (int fd = 0; fd < 1024; fd++) {
        before += fcntl(fd, F_GETFD) != -1;
    }
    errno = 1234;
    sx_begin("a");
    sx_end("a");
    sx_instant("b");
    sx_counter("c", 1);
    sx_barrier_enter("d");
    sx_barrier_leave("d");
    sx_beginf("e%d", 1);
    sx_write_raw("PE:0;f");
    sx_write_rawf("B|%d|g", 1);
    if (errno != 1234) {
        report("noop", "errno changed");
    }
    if (sx_enabled()) {
        report("noop", "sx_enabled() is true without a usable SEXTANT_TRACE_MARKER");
    }
    int after = 0;
    for (int fd = 0; fd < 1024; fd++) {
        after += fcntl(fd, F_GETFD) != -1;
    }
    if (after != before) {
        report("noop", "a descriptor was opened");
    }
}

static void test_file(const char *path) {
    reader = open(path, O_RDONLY);
    if (reader < 0) {
        report("file", "cannot open the marker file to read it back");
        return;
    }
    sx_begin("phase1.loop");
    expect("begin", "SX|B|phase1.loop");
    if (!sx_enabled()) {
        report("file", "sx_enabled() is false while recording");
    }
    sx_end("phase1.loop");
    expect("end", "SX|E|phase1.loop");
    sx_instant("checkpoint");
    expect("instant", "SX|I|checkpoint");
    sx_barrier_enter("sync");
    expect("barrier enter", "SX|BE|sync");
    sx_barrier_leave("sync");
    expect("barrier leave", "SX|BL|sync");
    sx_counter("queue", 42);
    expect("counter", "SX|C|queue|42");
    sx_counter("queue", 0);
    expect("counter zero", "SX|C|queue|0");
    sx_counter("queue", -7);
    expect("counter negative", "SX|C|queue|-7");
    sx_counter("min", INT64_MIN);
    expect("counter INT64_MIN", "SX|C|min|-9223372036854775808");
    sx_counter("max", INT64_MAX);
    expect("counter INT64_MAX", "SX|C|max|9223372036854775807");
    sx_begin("a|b\nc|");
    expect("sanitised", "SX|B|a_b_c_");
    sx_begin(NULL);
    expect("null name", "SX|B|");
    sx_beginf("block%d.loop%d", 1, 48);
    expect("beginf", "SX|B|block1.loop48");
    sx_endf("%s|%s", "x", "y");
    expect("endf sanitised", "SX|E|x_y");
    sx_instantf("tick %u", 3u);
    expect("instantf", "SX|I|tick 3");
    sx_write_raw("PE:3;*MAIN*#block1.loop48");
    expect("raw paper", "PE:3;*MAIN*#block1.loop48");
    sx_write_rawf("C|%d|%s|%d", 12, "queue", 5);
    expect("rawf atrace", "C|12|queue|5");
    sx_write_raw("B|1|keep|bars");
    expect("raw keeps bars", "B|1|keep|bars");

    /* Long names: cut so that the whole annotation is SX_MAX_WRITE bytes. */
    static char name[3 * SX_MAX_WRITE];
    static char line[3 * SX_MAX_WRITE];
    memset(name, 'x', sizeof(name) - 1);
    sx_begin(name);
    memcpy(line, "SX|B|", 5);
    memset(line + 5, 'x', SX_MAX_WRITE - 5);
    expect_bytes("long name cut", line, SX_MAX_WRITE);
    sx_counter(name, INT64_MAX);
    memcpy(line, "SX|C|", 5);
    memset(line + 5, 'x', SX_MAX_WRITE - 5 - 20);
    memcpy(line + SX_MAX_WRITE - 20, "|9223372036854775807", 20);
    expect_bytes("long counter name cut, value kept", line, SX_MAX_WRITE);
    sx_write_raw(name);
    expect_bytes("long raw cut", name, SX_MAX_WRITE);
    sx_beginf("%s", name);
    memcpy(line, "SX|B|", 5);
    memset(line + 5, 'x', SX_MAX_WRITE - 5);
    expect_bytes("long formatted name cut", line, SX_MAX_WRITE);

    /* A two-byte character ("\xc3\xa9") straddling the limit is left out whole. */
    size_t room = SX_MAX_WRITE - 5;
    memset(name, 'y', room - 1);
    memcpy(name + room - 1, "\xc3\xa9\xc3\xa9", 5);
    sx_begin(name);
    memcpy(line, "SX|B|", 5);
    memset(line + 5, 'y', room - 1);
    expect_bytes("cut on a UTF-8 boundary", line, SX_MAX_WRITE - 1);
    memset(name, 'y', room - 2);
    memcpy(name + room - 2, "\xc3\xa9\xc3\xa9", 5);
    sx_begin(name);
    memcpy(line + 5 + room - 2, "\xc3\xa9", 2);
    expect_bytes("a whole character at the limit kept", line, SX_MAX_WRITE);

    errno = 4321;
    sx_instant("errno");
    expect("errno kept: write", "SX|I|errno");
    if (errno != 4321) {
        report("errno", "an annotation changed errno");
    }

    annotate_from_other_unit();
    expect("other translation unit", "SX|I|other unit");
    if (descriptors_on(path) != 2) { /* the library's and our reader */
        report("one descriptor", "the marker is open more than once (or not at all)");
    }
}

static pthread_barrier_t start_line;

static void *racer(void *argument) {
    (void) argument;
    pthread_barrier_wait(&start_line);
    sx_instant("race");
    return NULL;
}

static void test_race(const char *path) {
    enum { THREADS = 8 };
    pthread_t threads[THREADS];
    pthread_barrier_init(&start_line, NULL, THREADS);
    for (int i = 0; i < THREADS; i++) {
        pthread_create(&threads[i], NULL, racer, NULL);
    }
    for (int i = 0; i < THREADS; i++) {
        pthread_join(threads[i], NULL);
    }
    if (descriptors_on(path) != 1) {
        report("race", "the threads racing to open the marker left other than one descriptor");
    }
    reader = open(path, O_RDONLY);
    static char all[THREADS * 16];
    ssize_t n = pread(reader, all, sizeof(all), 0);
    if (n != THREADS * (ssize_t) strlen("SX|I|race")) {
        report("race", "not every thread's annotation was written whole");
    }
}

int main(int argc, char **argv) {
    if (argc == 2 && strcmp(argv[1], "noop") == 0) {
        test_noop();
    } else if (argc == 3 && strcmp(argv[1], "file") == 0) {
        test_file(argv[2]);
    } else if (argc == 3 && strcmp(argv[1], "race") == 0) {
        test_race(argv[2]);
    } else {
        report("usage", "test_annotate noop | file PATH | race PATH");
        return 2;
    }
    return failures == 0 ? 0 : 1;
}
