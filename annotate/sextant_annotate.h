/* SPDX-License-Identifier: EPL-2.0 */
/*
 * sextant_annotate.h: annotations of a C or C++ program (threads, OpenMP, MPI ranks...) for
 * `./sextant record --ftrace`. Header only: include it, nothing to link.
 *
 *   sx_begin("phase1.loop");  ...  sx_end("phase1.loop");
 *   sx_barrier_enter("sync");  #pragma omp barrier  sx_barrier_leave("sync");
 *   sx_instant("checkpoint");  sx_counter("queue", 42);
 *
 * Each annotation is one write(2) of one line of Sextant's syntax ("SX|B|<name>", see annotate/README.md) to
 * the ftrace marker named by the environment variable SEXTANT_TRACE_MARKER, which `./sextant record --ftrace`
 * sets; the kernel stamps it with the time, CPU and thread. The marker is opened once per process, at the first
 * annotation of any thread; without the variable, or when the file cannot be opened, every call returns at
 * once. Nothing is allocated; errno is left as it was. Names lose their '|' and newlines (each becomes '_')
 * and are cut, on a UTF-8 character boundary, so that the whole annotation fits in SX_MAX_WRITE bytes.
 */
#ifndef SEXTANT_ANNOTATE_H
#define SEXTANT_ANNOTATE_H

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/*
 * The most one trace_marker write keeps: Linux 6.18 cuts a longer write to 4054 bytes (the rest of the write
 * is lost), whatever the sub-buffer size. Define it lower before including this header for an older kernel.
 */
#ifndef SX_MAX_WRITE
#define SX_MAX_WRITE 4054
#endif

/* Strict ISO C (-std=c99) hides O_CLOEXEC: the descriptor then stays open across exec. */
#ifdef O_CLOEXEC
#define SX_CLOEXEC_ O_CLOEXEC
#else
#define SX_CLOEXEC_ 0
#endif

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The marker's descriptor, one for the whole process: a weak definition, so that every translation unit (and
 * every shared object) including this header refers to the same variable. -2: not opened yet; -1: not recording.
 */
__attribute__((weak)) int sextant_annotate_fd_ = -2;

/* The descriptor, opened at the first call; when two threads race, one open survives and the other is closed. */
static inline int sx_fd_(void) {
    int fd = __atomic_load_n(&sextant_annotate_fd_, __ATOMIC_ACQUIRE);
    if (fd != -2) {
        return fd;
    }
    int saved = errno;
    const char *path = getenv("SEXTANT_TRACE_MARKER");
    int opened = path != NULL && path[0] != '\0' ? open(path, O_WRONLY | SX_CLOEXEC_) : -1;
    if (opened < 0) {
        opened = -1;
    }
    int expected = -2;
    if (!__atomic_compare_exchange_n(&sextant_annotate_fd_, &expected, opened, 0, __ATOMIC_ACQ_REL,
                                     __ATOMIC_ACQUIRE)) {
        if (opened >= 0) {
            close(opened);
        }
        opened = expected;
    }
    errno = saved;
    return opened;
}

/** Whether annotations are being recorded: skip the work of making names when they are not. */
static inline int sx_enabled(void) {
    return sx_fd_() >= 0;
}

static inline void sx_send_(int fd, const char *text, size_t length) {
    int saved = errno;
    ssize_t written;
    do {
        written = write(fd, text, length);
    } while (written < 0 && errno == EINTR);
    errno = saved;
}

/* How many bytes of text fit in room without cutting a UTF-8 character in two. */
static inline size_t sx_fit_(const char *text, size_t room) {
    size_t length = 0;
    while (length <= room && text[length] != '\0') {
        length++;
    }
    if (length <= room) {
        return length;
    }
    while (room > 0 && ((unsigned char) text[room] & 0xC0) == 0x80) {
        room--;
    }
    return room;
}

/* Writes prefix, name (sanitised, cut) and suffix as one annotation. */
static inline void sx_put_(int fd, const char *prefix, size_t prefix_length, const char *name,
                           const char *suffix, size_t suffix_length) {
    char line[SX_MAX_WRITE];
    size_t name_length = sx_fit_(name != NULL ? name : "", SX_MAX_WRITE - prefix_length - suffix_length);
    memcpy(line, prefix, prefix_length);
    for (size_t i = 0; i < name_length; i++) {
        char c = name[i];
        line[prefix_length + i] = c == '|' || c == '\n' ? '_' : c;
    }
    memcpy(line + prefix_length + name_length, suffix, suffix_length);
    sx_send_(fd, line, prefix_length + name_length + suffix_length);
}

static inline void sx_annotate_(const char *prefix, size_t prefix_length, const char *name) {
    int fd = sx_fd_();
    if (fd >= 0) {
        sx_put_(fd, prefix, prefix_length, name, "", 0);
    }
}

#define SX_PREFIX_(text) text, sizeof(text) - 1

/** Begins <name> on the calling thread (annotations nest: a stack per thread). */
static inline void sx_begin(const char *name) {
    sx_annotate_(SX_PREFIX_("SX|B|"), name);
}

/** Ends <name>, the innermost annotation the calling thread began. */
static inline void sx_end(const char *name) {
    sx_annotate_(SX_PREFIX_("SX|E|"), name);
}

/** A point in time named <name>. */
static inline void sx_instant(const char *name) {
    sx_annotate_(SX_PREFIX_("SX|I|"), name);
}

/** The calling thread arrives at barrier <name>. */
static inline void sx_barrier_enter(const char *name) {
    sx_annotate_(SX_PREFIX_("SX|BE|"), name);
}

/** The calling thread leaves barrier <name>. */
static inline void sx_barrier_leave(const char *name) {
    sx_annotate_(SX_PREFIX_("SX|BL|"), name);
}

/** Counter <name> takes <value>. */
static inline void sx_counter(const char *name, int64_t value) {
    int fd = sx_fd_();
    if (fd < 0) {
        return;
    }
    char digits[24];
    char *start = digits + sizeof(digits);
    /* Digits from the magnitude as unsigned, so that INT64_MIN needs no special case. */
    uint64_t magnitude = value < 0 ? 0 - (uint64_t) value : (uint64_t) value;
    do {
        *--start = (char) ('0' + magnitude % 10);
        magnitude /= 10;
    } while (magnitude != 0);
    if (value < 0) {
        *--start = '-';
    }
    *--start = '|';
    sx_put_(fd, SX_PREFIX_("SX|C|"), name, start, (size_t) (digits + sizeof(digits) - start));
}

/*
 * Writes text as it is (cut to SX_MAX_WRITE bytes), for other annotation syntaxes: the paper's
 * "PE:3;*MAIN*#block1.loop48" and "barrier", or atrace's "B|<pid>|<name>", "E|<pid>", "C|<pid>|<name>|<value>".
 */
static inline void sx_write_raw(const char *text) {
    int fd = sx_fd_();
    if (fd >= 0) {
        sx_send_(fd, text, sx_fit_(text, SX_MAX_WRITE));
    }
}

#if defined(__GNUC__)
#define SX_PRINTF_(format_index) __attribute__((format(printf, format_index, format_index + 1)))
#else
#define SX_PRINTF_(format_index)
#endif

/* printf-style variants: the formatting is skipped when not recording. */
#define SX_FORMATTED_(function, target)                                                                      \
    SX_PRINTF_(1) static inline void function(const char *format, ...) {                                    \
        if (sx_fd_() < 0) {                                                                                  \
            return;                                                                                          \
        }                                                                                                    \
        char formatted[SX_MAX_WRITE + 1];                                                                    \
        int saved = errno;                                                                                   \
        va_list arguments;                                                                                   \
        va_start(arguments, format);                                                                         \
        vsnprintf(formatted, sizeof(formatted), format, arguments);                                          \
        va_end(arguments);                                                                                   \
        errno = saved;                                                                                       \
        target(formatted);                                                                                   \
    }

/** sx_begin with a printf-style name: sx_beginf("block%d.loop%d", block, loop). */
SX_FORMATTED_(sx_beginf, sx_begin)
/** sx_end with a printf-style name. */
SX_FORMATTED_(sx_endf, sx_end)
/** sx_instant with a printf-style name. */
SX_FORMATTED_(sx_instantf, sx_instant)
/** sx_write_raw with printf-style text: sx_write_rawf("PE:%d;%s", omp_get_thread_num(), task). */
SX_FORMATTED_(sx_write_rawf, sx_write_raw)

#ifdef __cplusplus
}
#endif

#endif /* SEXTANT_ANNOTATE_H */
