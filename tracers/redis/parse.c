// SPDX-License-Identifier: EPL-2.0
#include "parse.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SLOTS 16384

// CRC16-CCITT (XMODEM: polynomial 0x1021, initial 0), the checksum of Redis Cluster's key slots, a byte at a time
// from a table (the bit-by-bit loop cost 8 steps per byte of every key read while recording).
static const uint16_t CRC16[256] = {
    0x0000, 0x1021, 0x2042, 0x3063, 0x4084, 0x50a5, 0x60c6, 0x70e7,
    0x8108, 0x9129, 0xa14a, 0xb16b, 0xc18c, 0xd1ad, 0xe1ce, 0xf1ef,
    0x1231, 0x0210, 0x3273, 0x2252, 0x52b5, 0x4294, 0x72f7, 0x62d6,
    0x9339, 0x8318, 0xb37b, 0xa35a, 0xd3bd, 0xc39c, 0xf3ff, 0xe3de,
    0x2462, 0x3443, 0x0420, 0x1401, 0x64e6, 0x74c7, 0x44a4, 0x5485,
    0xa56a, 0xb54b, 0x8528, 0x9509, 0xe5ee, 0xf5cf, 0xc5ac, 0xd58d,
    0x3653, 0x2672, 0x1611, 0x0630, 0x76d7, 0x66f6, 0x5695, 0x46b4,
    0xb75b, 0xa77a, 0x9719, 0x8738, 0xf7df, 0xe7fe, 0xd79d, 0xc7bc,
    0x48c4, 0x58e5, 0x6886, 0x78a7, 0x0840, 0x1861, 0x2802, 0x3823,
    0xc9cc, 0xd9ed, 0xe98e, 0xf9af, 0x8948, 0x9969, 0xa90a, 0xb92b,
    0x5af5, 0x4ad4, 0x7ab7, 0x6a96, 0x1a71, 0x0a50, 0x3a33, 0x2a12,
    0xdbfd, 0xcbdc, 0xfbbf, 0xeb9e, 0x9b79, 0x8b58, 0xbb3b, 0xab1a,
    0x6ca6, 0x7c87, 0x4ce4, 0x5cc5, 0x2c22, 0x3c03, 0x0c60, 0x1c41,
    0xedae, 0xfd8f, 0xcdec, 0xddcd, 0xad2a, 0xbd0b, 0x8d68, 0x9d49,
    0x7e97, 0x6eb6, 0x5ed5, 0x4ef4, 0x3e13, 0x2e32, 0x1e51, 0x0e70,
    0xff9f, 0xefbe, 0xdfdd, 0xcffc, 0xbf1b, 0xaf3a, 0x9f59, 0x8f78,
    0x9188, 0x81a9, 0xb1ca, 0xa1eb, 0xd10c, 0xc12d, 0xf14e, 0xe16f,
    0x1080, 0x00a1, 0x30c2, 0x20e3, 0x5004, 0x4025, 0x7046, 0x6067,
    0x83b9, 0x9398, 0xa3fb, 0xb3da, 0xc33d, 0xd31c, 0xe37f, 0xf35e,
    0x02b1, 0x1290, 0x22f3, 0x32d2, 0x4235, 0x5214, 0x6277, 0x7256,
    0xb5ea, 0xa5cb, 0x95a8, 0x8589, 0xf56e, 0xe54f, 0xd52c, 0xc50d,
    0x34e2, 0x24c3, 0x14a0, 0x0481, 0x7466, 0x6447, 0x5424, 0x4405,
    0xa7db, 0xb7fa, 0x8799, 0x97b8, 0xe75f, 0xf77e, 0xc71d, 0xd73c,
    0x26d3, 0x36f2, 0x0691, 0x16b0, 0x6657, 0x7676, 0x4615, 0x5634,
    0xd94c, 0xc96d, 0xf90e, 0xe92f, 0x99c8, 0x89e9, 0xb98a, 0xa9ab,
    0x5844, 0x4865, 0x7806, 0x6827, 0x18c0, 0x08e1, 0x3882, 0x28a3,
    0xcb7d, 0xdb5c, 0xeb3f, 0xfb1e, 0x8bf9, 0x9bd8, 0xabbb, 0xbb9a,
    0x4a75, 0x5a54, 0x6a37, 0x7a16, 0x0af1, 0x1ad0, 0x2ab3, 0x3a92,
    0xfd2e, 0xed0f, 0xdd6c, 0xcd4d, 0xbdaa, 0xad8b, 0x9de8, 0x8dc9,
    0x7c26, 0x6c07, 0x5c64, 0x4c45, 0x3ca2, 0x2c83, 0x1ce0, 0x0cc1,
    0xef1f, 0xff3e, 0xcf5d, 0xdf7c, 0xaf9b, 0xbfba, 0x8fd9, 0x9ff8,
    0x6e17, 0x7e36, 0x4e55, 0x5e74, 0x2e93, 0x3eb2, 0x0ed1, 0x1ef0,
};

static uint16_t crc16_byte(uint16_t crc, unsigned char byte) {
    return (uint16_t) (crc << 8) ^ CRC16[((crc >> 8) ^ byte) & 0xff];
}

// Where a key is with respect to its hash tag, byte after byte.
enum key_tag { TAG_BEFORE, TAG_OPEN, TAG_INSIDE, TAG_FOUND, TAG_NONE };

// A byte of a key after its first '{' (TAG_OPEN or TAG_INSIDE): the hash tag's CRC16 and where the key is now.
static void tag_byte(uint16_t *tag_crc, int *tag_state, unsigned char byte) {
    if (*tag_state == TAG_OPEN) {   // "{}" is no tag: the whole key counts
        *tag_state = byte == '}' ? TAG_NONE : TAG_INSIDE;
        *tag_crc = crc16_byte(*tag_crc, byte);
    } else if (byte == '}') {
        *tag_state = TAG_FOUND;
    } else {
        *tag_crc = crc16_byte(*tag_crc, byte);
    }
}

static int key_slot_of(uint16_t crc, uint16_t tag_crc, int tag_state) {
    return (tag_state == TAG_FOUND ? tag_crc : crc) & (SLOTS - 1);
}

// A whole key's slot: its hash tag found with memchr rather than byte by byte (the slot of every command's key in a
// cluster).
int key_slot(const char *key, size_t length) {
    const char *open = memchr(key, '{', length);
    const char *close = open == NULL ? NULL : memchr(open + 1, '}', length - (size_t) (open + 1 - key));
    if (close != NULL && close > open + 1) {   // "{}" is no tag: the whole key counts
        key = open + 1;
        length = (size_t) (close - key);
    }
    uint16_t crc = 0;
    for (size_t k = 0; k < length; k++) {
        crc = crc16_byte(crc, (unsigned char) key[k]);
    }
    return crc & (SLOTS - 1);
}

enum { R_START, R_COUNT, R_BULK_TYPE, R_BULK_LENGTH, R_BULK_DATA, R_INLINE, R_INLINE_REST, R_LF };

static void reset_command(struct resp_parser *p) {
    p->state = R_START;
    p->number = 0;
    p->argc = 0;
    p->arg_index = 0;
    p->name_len = 0;
    p->name[0] = '\0';
    p->key_crc = 0;
    p->tag_crc = 0;
    p->tag_state = TAG_BEFORE;
}

static void name_byte(struct resp_parser *p, char c) {
    if (p->name_len < COMMAND_NAME_MAX - 1) {
        p->name[p->name_len++] = c >= 'A' && c <= 'Z' ? (char) (c - 'A' + 'a') : c;   // ASCII: no locale
        p->name[p->name_len] = '\0';
    }
}

// A piece of a command's key: its CRC16, and its hash tag's while one may be in it (the common key has no '{').
static void key_bytes(struct resp_parser *p, const unsigned char *bytes, size_t length) {
    uint16_t crc = p->key_crc;
    for (size_t k = 0; k < length; k++) {
        crc = crc16_byte(crc, bytes[k]);
    }
    p->key_crc = crc;
    size_t k = 0;
    if (p->tag_state == TAG_BEFORE) {
        const unsigned char *open = memchr(bytes, '{', length);
        if (open == NULL) {
            return;
        }
        p->tag_state = TAG_OPEN;
        p->tag_crc = 0;
        k = (size_t) (open - bytes) + 1;
    }
    for (; k < length && (p->tag_state == TAG_OPEN || p->tag_state == TAG_INSIDE); k++) {
        tag_byte(&p->tag_crc, &p->tag_state, bytes[k]);
    }
}

static void complete(struct resp_parser *p, command_fn on_command, void *context) {
    if (p->name_len > 0) {
        on_command(context, p->name, p->argc, p->keyless || p->state == R_INLINE || p->state == R_INLINE_REST || p->argc < 2
                ? -1 : key_slot_of(p->key_crc, p->tag_crc, p->tag_state));
    }
    reset_command(p);
}

// Writes a run's length after its name when it holds more than one command ("*16"); returns the bytes written.
static size_t run_length(char *out, unsigned run) {
    if (run < 2) {
        return 0;
    }
    out[0] = '*';
    if (run < 10) {
        out[1] = (char) ('0' + run);
        return 2;
    }
    out[1] = (char) ('0' + run / 10);
    out[2] = (char) ('0' + run % 10);
    return 3;
}

int batch_add(struct command_batch *b, const char *name, int argc, int slot) {
    if (batch_repeat(b, name, argc, slot)) {
        return b->count == BATCH_MAX;
    }
    b->argc[b->count] = argc;
    b->slot[b->count] = (int16_t) slot;
    char *out = b->names + b->names_length;
    if (b->count > 0) {
        out += run_length(out, b->run);
        *out++ = ' ';
    }
    b->run_start = (size_t) (out - b->names);
    size_t k = 0;
    for (; k < COMMAND_NAME_MAX - 1; k++) {
        char c = name[k];
        if ((unsigned char) (c - '!') > '~' - '!' || c == '*') {   // the name's end, or a byte written '?'
            if (c == '\0') {
                break;
            }
            c = '?';
        }
        out[k] = c;
    }
    if (k == 0) {
        out[k++] = '?';
    }
    out[k] = '\0';
    b->names_length = b->run_start + k;
    b->run = 1;
    return ++b->count == BATCH_MAX;
}

const char *batch_names(struct command_batch *b) {
    char *end = b->names + b->names_length;
    end[run_length(end, b->run)] = '\0';
    return b->names;
}

// A number ends at '\r' (its '\n' is skipped by R_LF, which then goes to `next`).
static int digit(struct resp_parser *p, char c) {
    if (c >= '0' && c <= '9' && p->number < (INT64_MAX - 9) / 10) {
        p->number = p->number * 10 + (c - '0');
        return 1;
    }
    return 0;
}

// A header line read whole: the type byte, a length or count and CRLF ("$16\r\n"). `next` is the byte after it,
// NULL when the line is not whole there or is unusual (for the byte-at-a-time machine).
struct header {
    const char *next;
    uint64_t number;
};

// A byte's value as a digit, more than 9 when it is none.
static inline unsigned digit_value(char c) {
    return (unsigned char) c - (unsigned) '0';
}

static inline int crlf(const char *at) {
    return memcmp(at, "\r\n", 2) == 0;   // one 16-bit comparison
}

// Any number of 1 to 18 digits (none can overflow), checked byte by byte: lengths of 1000 bytes and more, and lines
// at the end of the bytes.
static struct header long_header(const char *at, const char *end, char type) {
    if (end - at < 4 || at[0] != type || digit_value(at[1]) > 9) {
        return (struct header) { NULL, 0 };
    }
    const char *digits = at + 1;
    uint64_t n = digit_value(at[1]);
    for (at += 2; at < end && digit_value(*at) <= 9; at++) {
        n = n * 10 + digit_value(*at);
    }
    if (at - digits > 18 || end - at < 2 || !crlf(at)) {
        return (struct header) { NULL, 0 };
    }
    return (struct header) { at + 2, n };
}

// One to three digits, every count of a request and the lengths of most arguments (those under 1000 bytes), tested
// without a loop. The six bytes it asks for are no more than a whole bulk string takes ("$0\r\n\r\n"), or a count
// line and the name after it. Inlined: a request has three or four, and the call cost more than the digits.
static inline __attribute__((always_inline)) struct header header(const char *at, const char *end, char type) {
    unsigned first, second, third;
    if (end - at >= 6 && at[0] == type && (first = digit_value(at[1])) <= 9) {
        if (crlf(at + 2)) {
            return (struct header) { at + 4, first };
        }
        if ((second = digit_value(at[2])) <= 9) {
            if (crlf(at + 3)) {
                return (struct header) { at + 5, first * 10 + second };
            }
            if ((third = digit_value(at[3])) <= 9 && crlf(at + 4)) {
                return (struct header) { at + 6, first * 100 + second * 10 + third };
            }
        }
    }
    return long_header(at, end, type);
}

// The bytes of a bulk string's payload, when it is whole at `h.next` with the two bytes after it (taken for its
// CRLF unchecked, as R_BULK_DATA takes them): the byte after them, NULL when they are not all there.
static inline __attribute__((always_inline)) const char *payload_end(struct header h, const char *end) {
    return h.next != NULL && (uint64_t) (end - h.next) >= h.number + 2 ? h.next + h.number + 2 : NULL;
}

// Eight bytes as they lie (any alignment, either byte order: a word is only compared with words read so, or worked
// on byte by byte).
static inline uint64_t word(const char *bytes) {
    uint64_t w;
    memcpy(&w, bytes, sizeof w);
    return w;
}

// ASCII capitals made small eight bytes at a time. With bit 7 set in every byte, subtracting 'A' (or '[', the byte
// after 'Z') from one borrows from no other and leaves bit 7 set when the byte's seven low bits are at least 'A'
// (or '['): the two differ there for 'A' to 'Z'. Bytes with bit 7 set are no capitals; bit 5 makes capitals small.
static inline uint64_t lower_word(uint64_t w) {
    const uint64_t high = 0x8080808080808080ULL;
    uint64_t capital = (((w | high) - 0x4141414141414141ULL) ^ ((w | high) - 0x5b5b5b5b5b5b5b5bULL)) & ~w & high;
    return w | capital >> 2;
}

// The name a command is reported by: its first COMMAND_NAME_MAX - 1 bytes, lower case, NUL-terminated, into
// `lower` (COMMAND_NAME_MAX bytes). The first eight in one word when the bytes hold eight: nearly every name.
static inline __attribute__((always_inline)) void lower_name(char *lower, const char *name, size_t length, const char *end) {
    size_t k = 0;
    if (end - name >= 8) {
        uint64_t w = lower_word(word(name));
        memcpy(lower, &w, sizeof w);
        k = 8;
    }
    for (; k < length; k++) {
        lower[k] = (unsigned char) (name[k] - 'A') < 26 ? (char) (name[k] - 'A' + 'a') : name[k];   // ASCII: no locale
    }
    lower[length] = '\0';
}

// The common case in one pass: the whole commands at the start of the bytes (a read mostly holds whole commands),
// read without the parser's state, which stays at a command's start. Returns the bytes they took; what follows (a
// command cut by the read's end, or anything unusual) is left to the byte-at-a-time machine, which reports what
// this would have. Out of line: inlined in resp_feed, among the byte machine's variables, it cost up to ten more
// instructions a command (callgrind, GCC 12 -O2).
static __attribute__((noinline)) size_t whole_commands(const char *bytes, size_t length, int keyless,
                                                      command_fn on_command, void *context) {
    const char *taken = bytes, *end = bytes + length;
    while (taken < end) {
        struct header count, name;
        unsigned argc_digit, name_digit;
        if (end - taken >= 8 && (word(taken) & word("\xff\0\xff\xff\xff\0\xff\xff")) == word("*\0\r\n$\0\r\n")
            && (argc_digit = digit_value(taken[1])) <= 9 && (name_digit = digit_value(taken[5])) <= 9) {
            // "*3\r\n$3\r\n": a count and a name's length of a digit each, how nearly every request starts, in one test
            count = (struct header) { taken + 4, argc_digit };
            name = (struct header) { taken + 8, name_digit };
        } else {
            count = header(taken, end, '*');
            name = count.next == NULL ? count : header(count.next, end, '$');
        }
        const char *at = payload_end(name, end);
        if (at == NULL || count.number == 0 || count.number > 1024 * 1024) {
            return (size_t) (taken - bytes);
        }
        int slot = -1;
        if (count.number > 1) {
            struct header key = header(at, end, '$');
            if ((at = payload_end(key, end)) == NULL) {
                return (size_t) (taken - bytes);
            }
            if (!keyless) {
                slot = key_slot(key.next, (size_t) key.number);
            }
            for (uint64_t arg = 2; arg < count.number; arg++) {
                if ((at = payload_end(header(at, end, '$'), end)) == NULL) {
                    return (size_t) (taken - bytes);
                }
            }
        }
        taken = at;
        size_t name_len = name.number < COMMAND_NAME_MAX - 1 ? (size_t) name.number : COMMAND_NAME_MAX - 1;
        if (name_len > 0) {
            char lower[COMMAND_NAME_MAX];
            lower_name(lower, name.next, name_len, end);
            on_command(context, lower, (int) count.number, slot);
        }
    }
    return length;
}

void resp_feed(struct resp_parser *p, const char *bytes, size_t length, command_fn on_command, void *context) {
    size_t i = 0;
    while (i < length && !p->broken) {
        if (p->state == R_START && bytes[i] == '*') {
            i += whole_commands(bytes + i, length - i, p->keyless, on_command, context);
            if (i == length) {
                break;
            }
        }
        char c = bytes[i];
        switch (p->state) {
        case R_START:
            if (c == '*') {
                p->state = R_COUNT;
            } else if (p->strict) {
                p->broken = 1;
            } else if (c == '\r' || c == '\n') {
                // blank lines between inline commands
            } else {
                p->state = R_INLINE;
                p->argc = 1;
                name_byte(p, c);
            }
            i++;
            break;
        case R_COUNT:
        case R_BULK_LENGTH:
            if (c == '\r') {
                if (p->state == R_COUNT && p->number > INT_MAX) {
                    p->broken = 1;   // no count Redis takes ("invalid multibulk length"): argc would wrap
                } else if (p->state == R_COUNT) {
                    p->args_left = p->argc = (int) p->number;
                    p->state = R_LF;
                    p->bulk_left = -1;   // after the count's LF: a bulk string header
                } else {
                    p->bulk_left = p->number + 2;
                    p->state = R_LF;
                }
                p->number = 0;
            } else if (!digit(p, c)) {
                p->broken = 1;
            }
            i++;
            break;
        case R_LF:
            if (c != '\n') {
                p->broken = 1;
            } else if (p->bulk_left < 0) {
                p->state = p->args_left > 0 ? R_BULK_TYPE : R_START;
                if (p->args_left <= 0) {
                    reset_command(p);   // "*0" or "*-1": nothing to run
                }
            } else {
                p->state = R_BULK_DATA;
            }
            i++;
            break;
        case R_BULK_TYPE:
            if (c != '$') {
                p->broken = 1;
            }
            p->state = R_BULK_LENGTH;
            i++;
            break;
        case R_BULK_DATA: {
            size_t take = length - i;
            if ((int64_t) take > p->bulk_left) {
                take = (size_t) p->bulk_left;
            }
            if (p->arg_index <= 1 && p->bulk_left > 2) {
                // the command's name, then its key: the first two arguments without their CRLF
                size_t payload = p->bulk_left - 2 < (int64_t) take ? (size_t) (p->bulk_left - 2) : take;
                if (p->arg_index == 0) {
                    for (size_t k = 0; k < payload; k++) {
                        name_byte(p, bytes[i + k]);
                    }
                } else if (!p->keyless) {
                    key_bytes(p, (const unsigned char *) bytes + i, payload);
                }
            }
            p->bulk_left -= (int64_t) take;
            i += take;
            if (p->bulk_left == 0) {
                p->arg_index++;
                if (--p->args_left == 0) {
                    complete(p, on_command, context);
                } else {
                    p->state = R_BULK_TYPE;
                }
            }
            break;
        }
        case R_INLINE:
        case R_INLINE_REST:
            if (c == '\n') {
                complete(p, on_command, context);
            } else if (c == ' ' || c == '\t' || c == '\r') {
                if (c != '\r' && p->state == R_INLINE) {
                    p->state = R_INLINE_REST;
                }
                if (c == ' ' && p->state == R_INLINE_REST && p->argc < INT_MAX) {
                    p->argc++;
                }
            } else if (p->state == R_INLINE) {
                name_byte(p, c);
            }
            i++;
            break;
        default:
            p->broken = 1;
        }
    }
}

static void count_command(void *context, const char *name, int argc, int slot) {
    (void) name;
    (void) argc;
    (void) slot;
    ++*(int *) context;
}

int resp_boundary(const char *bytes, size_t length) {
    struct resp_parser strict;
    memset(&strict, 0, sizeof strict);
    strict.strict = 1;
    int commands = 0;
    resp_feed(&strict, bytes, length, count_command, &commands);
    return !strict.broken && strict.state == R_START && commands > 0;
}

void resp_join(struct resp_parser *p) {
    memset(p, 0, sizeof *p);
    p->joining = 1;
}

void resp_read(struct resp_parser *p, const char *bytes, size_t asked, int64_t result, command_fn on_command,
               void *context) {
    if (p->joining) {
        if (!(p->after_short && result > 0 && resp_boundary(bytes, (size_t) result))) {
            p->after_short = result < (int64_t) asked;
            return;
        }
        memset(p, 0, sizeof *p);
    }
    if (result > 0) {
        resp_feed(p, bytes, (size_t) result, on_command, context);
    }
}

enum { S_TYPE, S_LINE, S_LF, S_PAYLOAD };

// More elements owed than this is no reply a connection carries but damaged bytes, whose counts added up would
// overflow.
#define AGGREGATE_MAX ((int64_t) 1 << 40)

// An error line of a redirection: "MOVED <slot> <address:port>" or "ASK <slot> <address:port>".
static void error_line(struct reply_scanner *s, redirect_fn on_redirect, void *context) {
    s->line[s->line_len] = '\0';
    const char *kind = strncmp(s->line, "MOVED ", 6) == 0 ? "MOVED" : strncmp(s->line, "ASK ", 4) == 0 ? "ASK" : NULL;
    if (kind == NULL) {
        return;
    }
    char *rest = s->line + strlen(kind) + 1;
    char *end;
    long slot = strtol(rest, &end, 10);
    if (end != rest && *end == ' ' && slot >= 0 && slot < SLOTS) {
        on_redirect(context, s->replies, kind, (int) slot, end + 1);
    }
}

// The header line of an element ended: its payload or children follow.
static void element_line(struct reply_scanner *s, redirect_fn on_redirect, void *context) {
    int64_t n = s->negative ? -s->number : s->number;
    switch (s->type) {
    case '$': case '!': case '=':   // bulk string, blob error, verbatim string: n bytes and CRLF, none if -1
        s->bulk_left = n >= 0 ? n + 2 : 0;
        s->state = s->bulk_left > 0 ? S_PAYLOAD : S_TYPE;
        return;
    case '*': case '~': case '>':   // array, set, push: n elements
    case '%': case '|':             // map, attribute: n keys and n values
        if (n > AGGREGATE_MAX || s->owed > AGGREGATE_MAX) {
            s->broken = 1;
            return;
        }
        s->owed += n <= 0 ? 0 : s->type == '%' || s->type == '|' ? 2 * n : n;
        break;
    case '-':
        error_line(s, on_redirect, context);
        break;
    default:                        // simple string, integer, null, double, boolean, big number
        break;
    }
    s->state = S_TYPE;
}

// Reply type bytes (RESP2 and RESP3), and those whose line is a length or a count: a switch, not strchr, for
// every element of every reply.
static int reply_type(char type) {
    switch (type) {
    case '+': case '-': case ':': case '$': case '*': case '_': case ',': case '#':
    case '!': case '=': case '(': case '%': case '~': case '>': case '|':
        return 1;
    default:
        return 0;
    }
}

static int counted(char type) {
    switch (type) {
    case '$': case '!': case '=': case '*': case '~': case '>': case '%': case '|':
        return 1;
    default:
        return 0;
    }
}

void reply_feed(struct reply_scanner *s, const char *bytes, size_t length, redirect_fn on_redirect, void *context) {
    size_t i = 0;
    while (i < length && !s->broken) {
        char c = bytes[i];
        switch (s->state) {
        case S_TYPE:
            if (!reply_type(c)) {
                s->broken = 1;
                break;
            }
            if (s->owed > 0) {
                s->owed--;
            } else {
                s->replies++;
            }
            s->type = c;
            s->number = 0;
            s->negative = 0;
            s->line_len = 0;
            s->state = S_LINE;
            i++;
            break;
        case S_LINE:
            if (c == '\r') {
                s->state = S_LF;
            } else if (counted(s->type)) {
                if (c == '-' && s->number == 0 && !s->negative) {
                    s->negative = 1;
                } else if (c >= '0' && c <= '9' && s->number < (INT64_MAX - 9) / 10) {
                    s->number = s->number * 10 + (c - '0');
                } else {
                    s->broken = 1;
                }
            } else if (s->type == '-' && s->line_len < ERROR_LINE_MAX - 1) {
                s->line[s->line_len++] = c;
            }
            i++;
            break;
        case S_LF:
            if (c != '\n') {
                s->broken = 1;
                break;
            }
            i++;
            element_line(s, on_redirect, context);
            break;
        case S_PAYLOAD: {
            size_t take = length - i;
            if ((int64_t) take > s->bulk_left) {
                take = (size_t) s->bulk_left;
            }
            s->bulk_left -= (int64_t) take;
            i += take;
            if (s->bulk_left == 0) {
                s->state = S_TYPE;
            }
            break;
        }
        default:
            s->broken = 1;
        }
    }
}

void bus_feed(struct bus_parser *p, const uint8_t *bytes, size_t length, message_fn on_message, void *context) {
    size_t i = 0;
    while (i < length && !p->broken) {
        if (p->body_left > 0) {
            size_t take = length - i;
            if (take > p->body_left) {
                take = (size_t) p->body_left;
            }
            p->body_left -= take;
            i += take;
            continue;
        }
        p->header[p->have++] = bytes[i++];
        if (p->have < BUS_HEADER) {
            continue;
        }
        p->have = 0;
        if (memcmp(p->header, "RCmb", 4) != 0) {
            p->broken = 1;
            break;
        }
        uint32_t total = (uint32_t) p->header[4] << 24 | (uint32_t) p->header[5] << 16 | (uint32_t) p->header[6] << 8 | p->header[7];
        int port = p->header[10] << 8 | p->header[11];
        int type = p->header[12] << 8 | p->header[13];
        if (total < BUS_HEADER) {
            p->broken = 1;
            break;
        }
        p->body_left = total - BUS_HEADER;
        on_message(context, type, total, port);
    }
}

const char *bus_type_name(int type, char *buffer, size_t size) {
    static const char *const names[] = { "PING", "PONG", "MEET", "FAIL", "PUBLISH", "FAILOVER_AUTH_REQUEST",
                                         "FAILOVER_AUTH_ACK", "UPDATE", "MFSTART", "MODULE", "PUBLISHSHARD" };
    if (type >= 0 && type < (int) (sizeof names / sizeof names[0])) {
        return names[type];
    }
    snprintf(buffer, size, "UNKNOWN_%d", type);
    return buffer;
}
