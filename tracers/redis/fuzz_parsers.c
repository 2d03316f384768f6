// SPDX-License-Identifier: EPL-2.0
// A mutation fuzzer of the tracer's byte parsers (http.c, and parse.c's RESP requests, RESP replies and cluster
// bus), the code that runs inside every traced process on whatever bytes cross its sockets. Each mutant of a
// small corpus of real exchanges is fed twice, whole and cut into pieces of random sizes, and must give the same
// events both times (the parsers' defining property: a process reads and writes in pieces of any size), and
// each event must keep its parser's invariants. Built with AddressSanitizer and UndefinedBehaviorSanitizer, so a
// read out of bounds, an overflow or a crash stops the run; a mutant that takes more than 10 s is a hang. Any
// failure prints its parser and seed and keeps the mutant in a file, to be made a test.
//
//   fuzz-parsers [--mutants M | --seconds N] [--seed S] [--parsers http,resp,reply,bus] [--keep DIR]
//
// Prints one "[fuzz]" line per parser, as tools/fuzz.sh does for the Java readers; exits 1 on a failure.
#include <sanitizer/common_interface_defs.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "http.h"
#include "parse.h"

#define INPUT_MAX 16384
#define PIECES_MAX 24
#define LOG_MAX 65536

// xorshift64*: a mutant is a function of its seed alone.
static uint64_t rng_state;

static uint64_t next_random(void) {
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545F4914F6CDD1DULL;
}

static size_t below(size_t n) {
    return n == 0 ? 0 : (size_t) (next_random() % n);
}

// One direction's bytes, or one piece of an HTTP exchange.
struct piece {
    int outgoing;
    size_t length;
    char bytes[INPUT_MAX];
};

// An input: pieces in the order they crossed the connection (one piece for the single-stream parsers).
struct input {
    int accepted;
    int finish;
    int count;
    struct piece pieces[PIECES_MAX];
};

// What a run saw, and the first invariant it broke.
static char event_log[2][LOG_MAX];
static int log_index;
static char violation[1024];

__attribute__((format(printf, 1, 2))) static void record(const char *format, ...) {
    char *log = event_log[log_index];
    size_t used = strlen(log);
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(log + used, LOG_MAX - used, format, arguments);
    va_end(arguments);
}

__attribute__((format(printf, 1, 2))) static void broke(const char *format, ...) {
    if (violation[0] != '\0') {
        return;
    }
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(violation, sizeof violation, format, arguments);
    va_end(arguments);
}

// ---- the mutations: the ways bytes on a socket differ from what a parser expects

static const unsigned char INTERESTING_BYTES[] = { 0, 0xff, 0x7f, 0x80, '\r', '\n', ' ', ':', ';', '*', '$', '-',
                                                   '+', '0', '9', 'a', 'F', '{', '}', '\t' };
static const char *const INTERESTING_NUMBERS[] = { "0", "-1", "1", "2147483648", "4294967296", "9223372036854775807",
                                                   "9223372036854775808", "-9223372036854775808",
                                                   "18446744073709551616", "99999999999999999999999999",
                                                   "ffffffffffffffff", "7fffffffffffffff", "16383", "16384", "" };

static void insert_bytes(struct piece *p, size_t at, const char *bytes, size_t length) {
    if (p->length + length > INPUT_MAX) {
        length = INPUT_MAX - p->length;
    }
    memmove(p->bytes + at + length, p->bytes + at, p->length - at);
    memcpy(p->bytes + at, bytes, length);
    p->length += length;
}

static void delete_bytes(struct piece *p, size_t at, size_t length) {
    memmove(p->bytes + at, p->bytes + at + length, p->length - at - length);
    p->length -= length;
}

static const char *mutate_bytes(struct piece *p) {
    if (p->length == 0) {
        insert_bytes(p, 0, "\r\n", 2);
        return "empty-filled";
    }
    size_t at = below(p->length);
    switch (below(7)) {
    case 0:
        p->bytes[at] = (char) (p->bytes[at] ^ (1 << below(8)));
        return "bit-flip";
    case 1:
        p->bytes[at] = (char) INTERESTING_BYTES[below(sizeof INTERESTING_BYTES)];
        return "byte";
    case 2: {   // a number made a boundary value: the first digit run at or after `at`
        size_t start = at;
        while (start < p->length && (p->bytes[start] < '0' || p->bytes[start] > '9')) {
            start++;
        }
        size_t end = start;
        while (end < p->length && p->bytes[end] >= '0' && p->bytes[end] <= '9') {
            end++;
        }
        delete_bytes(p, start, end - start);
        const char *number = INTERESTING_NUMBERS[below(sizeof INTERESTING_NUMBERS / sizeof INTERESTING_NUMBERS[0])];
        insert_bytes(p, start, number, strlen(number));
        return "number";
    }
    case 3:
        delete_bytes(p, at, 1 + below(p->length - at));
        return "delete";
    case 4: {
        size_t length = 1 + below(p->length - at);
        char copy[INPUT_MAX];
        memcpy(copy, p->bytes + at, length);
        insert_bytes(p, below(p->length + 1), copy, length);
        return "repeat";
    }
    case 5: {
        char noise[16];
        size_t length = 1 + below(sizeof noise);
        for (size_t i = 0; i < length; i++) {
            noise[i] = (char) next_random();
        }
        insert_bytes(p, at, noise, length);
        return "insert";
    }
    default:
        p->length = at;
        return "cut-short";
    }
}

// The HTTP exchange's own mutations besides its bytes: pieces repeated, dropped, swapped or turned around.
static const char *mutate_exchange(struct input *in) {
    int i = (int) below((size_t) in->count);
    switch (below(8)) {
    case 0:
        if (in->count < PIECES_MAX) {
            memmove(&in->pieces[i + 1], &in->pieces[i], sizeof in->pieces[0] * (size_t) (in->count - i));
            in->count++;
            return "piece-repeat";
        }
        break;
    case 1:
        if (in->count > 1) {
            memmove(&in->pieces[i], &in->pieces[i + 1], sizeof in->pieces[0] * (size_t) (in->count - i - 1));
            in->count--;
            return "piece-delete";
        }
        break;
    case 2: {
        int j = (int) below((size_t) in->count);
        struct piece swap = in->pieces[i];
        in->pieces[i] = in->pieces[j];
        in->pieces[j] = swap;
        return "piece-swap";
    }
    case 3:
        in->pieces[i].outgoing = !in->pieces[i].outgoing;
        return "piece-turn";
    case 4:
        in->finish = !in->finish;
        return "finish";
    default:
        break;
    }
    return mutate_bytes(&in->pieces[i]);
}

// ---- the parsers under test, each fed an input whole (cuts 0) or in random pieces

// Feeds a piece in pieces of random sizes (or whole), to `feed`, each from a buffer of its own size: a parser that
// reads a byte past a read's end (the RESP parser reads some words whole) then stops the run.
typedef void (*feed_fn)(void *parser, int outgoing, const char *bytes, size_t length);

static void feed_cut(void *parser, feed_fn feed, const struct piece *p, int cut) {
    size_t at = 0;
    while (at < p->length) {
        size_t length = cut ? 1 + below(p->length - at < 64 ? p->length - at : 64) : p->length - at;
        char *bytes = malloc(length);
        memcpy(bytes, p->bytes + at, length);
        feed(parser, p->outgoing, bytes, length);
        free(bytes);
        at += length;
    }
}

// HTTP: per direction, messages begin with seq 0, 1, 2...; a head and an end belong to the open message; a
// request comes from the client's side and a response from the server's; nothing after the parser gave up.
static struct {
    int accepted;
    int gave_up;
    uint32_t next[2];
    int open[2];
} http_check;

static void http_event(int outgoing, uint32_t seq, const char *what, int opens, int closes) {
    if (http_check.gave_up) {
        broke("%s after http:skipped", what);
    }
    if (opens) {
        if (seq != http_check.next[outgoing] || http_check.open[outgoing]) {
            broke("message_begin seq %u on direction %d, expected %u", seq, outgoing, http_check.next[outgoing]);
        }
        http_check.next[outgoing] = seq + 1;
        http_check.open[outgoing] = 1;
    } else if (!http_check.open[outgoing] || seq + 1 != http_check.next[outgoing]) {
        broke("%s seq %u on direction %d, which has no such message open", what, seq, outgoing);
    }
    if (closes) {
        http_check.open[outgoing] = 0;
    }
}

static void check_string(const char *value, size_t max, const char *what) {
    if (strnlen(value, max) == max) {
        broke("%s not terminated within %zu bytes", what, max);
    }
}

static void check_head(const struct http_head *h) {
    check_string(h->method, HTTP_METHOD_MAX, "method");
    check_string(h->target, HTTP_TARGET_MAX, "target");
    check_string(h->host, HTTP_HOST_MAX, "host");
    check_string(h->traceparent, HTTP_TRACEPARENT_MAX, "traceparent");
    if (h->body_length < HTTP_BODY_UNTIL_CLOSE) {
        broke("body_length %lld", (long long) h->body_length);
    }
}

static void on_begin(void *context, int outgoing, uint32_t seq) {
    (void) context;
    http_event(outgoing, seq, "message_begin", 1, 0);
    record("B%d.%u ", outgoing, seq);
}

static void on_request(void *context, int outgoing, uint32_t seq, const struct http_head *h) {
    (void) context;
    http_event(outgoing, seq, "request_head", 0, 0);
    if (outgoing == http_check.accepted) {
        broke("a request head on the %s's side", http_check.accepted ? "server" : "client");
    }
    check_head(h);
    record("Q%d.%u %s %s %s %s %lld ", outgoing, seq, h->method, h->target, h->host, h->traceparent,
           (long long) h->body_length);
}

static void on_response(void *context, int outgoing, uint32_t seq, const struct http_head *h) {
    (void) context;
    http_event(outgoing, seq, "response_head", 0, 0);
    if (outgoing != http_check.accepted) {
        broke("a response head on the %s's side", http_check.accepted ? "client" : "server");
    }
    check_head(h);
    if (h->status < 100 || h->status > 599) {
        broke("status %d", h->status);
    }
    record("R%d.%u %d %lld ", outgoing, seq, h->status, (long long) h->body_length);
}

static void on_end(void *context, int outgoing, uint32_t seq, int64_t body_bytes) {
    (void) context;
    http_event(outgoing, seq, "message_end", 0, 1);
    if (body_bytes < 0) {
        broke("body_bytes %lld", (long long) body_bytes);
    }
    record("E%d.%u %lld ", outgoing, seq, (long long) body_bytes);
}

static void on_skipped(void *context, int outgoing, enum http_reason reason, int64_t bytes) {
    (void) context;
    if (http_check.gave_up) {
        broke("http:skipped twice");
    }
    http_check.gave_up = 1;
    if (bytes < 0 || reason == HTTP_PARSING) {
        broke("skipped %lld bytes, reason %d", (long long) bytes, reason);
    }
    // The byte count is that of the piece the parser gave up in: it depends on the cuts, the reason does not.
    record("S%d %s ", outgoing, http_reason_name(reason));
}

static const struct http_callbacks HTTP_CALLBACKS = { on_begin, on_request, on_response, on_end, on_skipped };

static void http_feed_piece(void *parser, int outgoing, const char *bytes, size_t length) {
    http_feed(parser, outgoing, bytes, length, &HTTP_CALLBACKS, NULL);
}

static void run_http(const struct input *in, int cut) {
    static struct http_parser parser;
    http_init(&parser, in->accepted);
    memset(&http_check, 0, sizeof http_check);
    http_check.accepted = in->accepted;
    for (int i = 0; i < in->count; i++) {
        feed_cut(&parser, http_feed_piece, &in->pieces[i], cut);
    }
    if (in->finish) {
        http_finish(&parser, 0, &HTTP_CALLBACKS, NULL);
        http_finish(&parser, 1, &HTTP_CALLBACKS, NULL);
    }
}

// Events version 3 on: the commands also go into a batch, as the tracer packs a read's commands for one event; each
// batch, full or at the end, must split back into its commands: a name per space (version 6: followed by '*' and
// how many commands in a row bear it, when more than one), each the command's name with bytes outside printable
// ASCII and '*' as '?' ("?" when empty), and their argc and slots in order.
static struct command_batch resp_batch;
static char expected_names[BATCH_MAX][COMMAND_NAME_MAX];

static void check_batch(void) {
    char names[sizeof resp_batch.names];
    const char *told = batch_names(&resp_batch);
    size_t length = strnlen(told, sizeof names);
    if (length == sizeof names) {
        broke("batch of %u names not terminated", resp_batch.count);
    } else {
        memcpy(names, told, length + 1);
        char *rest = names;
        unsigned i = 0;
        while (i < resp_batch.count && rest != NULL) {
            char *name = strsep(&rest, " ");
            char *mark = strchr(name, '*');
            unsigned long run = 1;
            if (mark != NULL) {
                *mark = '\0';
                run = strtoul(mark + 1, NULL, 10);
                if (run < 2 || run > resp_batch.count - i) {
                    broke("batch run of %lu at command %u of %u", run, i, resp_batch.count);
                    break;
                }
            }
            for (; run > 0; run--, i++) {
                if (strcmp(name, expected_names[i]) != 0) {
                    broke("batch name %u \"%s\", expected \"%s\"", i, name, expected_names[i]);
                }
            }
        }
        if (i != resp_batch.count || rest != NULL) {
            broke("batch of %u holds %u names, then \"%s\"", resp_batch.count, i, rest == NULL ? "" : rest);
        }
    }
    record("B%u ", resp_batch.count);
    memset(&resp_batch, 0, sizeof resp_batch);
}

static void batch_command(const char *name, int argc, int slot) {
    char *expected = expected_names[resp_batch.count];
    size_t k = 0;
    for (; name[k] != '\0'; k++) {
        expected[k] = name[k] > ' ' && name[k] < 127 && name[k] != '*' ? name[k] : '?';
    }
    if (k == 0) {
        expected[k++] = '?';
    }
    expected[k] = '\0';
    unsigned at = resp_batch.count;
    int full = batch_add(&resp_batch, name, argc, slot);
    if (resp_batch.argc[at] != argc || resp_batch.slot[at] != slot) {
        broke("batch command %u argc %d slot %d, given %d %d", at, resp_batch.argc[at], resp_batch.slot[at], argc, slot);
    }
    if (full) {
        check_batch();
    }
}

// RESP requests: a command's name is lower case and short, its slot a real slot or -1.
static void on_command(void *context, const char *name, int argc, int slot) {
    (void) context;
    check_string(name, COMMAND_NAME_MAX, "command name");
    for (const char *c = name; *c != '\0'; c++) {
        if (*c >= 'A' && *c <= 'Z') {
            broke("command name \"%s\" not lower case", name);
        }
    }
    if (argc < 1 || slot < -1 || slot >= 16384) {
        broke("command %s argc %d slot %d", name, argc, slot);
    }
    record("%s/%d/%d ", name, argc, slot);
    batch_command(name, argc, slot);
}

static void resp_feed_piece(void *parser, int outgoing, const char *bytes, size_t length) {
    (void) outgoing;
    resp_feed(parser, bytes, length, on_command, NULL);
}

static void run_resp(const struct input *in, int cut) {
    struct resp_parser parser;
    memset(&parser, 0, sizeof parser);
    memset(&resp_batch, 0, sizeof resp_batch);
    feed_cut(&parser, resp_feed_piece, &in->pieces[0], cut);
    if (resp_batch.count > 0) {
        check_batch();
    }
}

// RESP replies: redirections name a reply already begun, in order, a real slot and a target.
static int64_t last_reply;

static void on_redirect(void *context, int64_t reply, const char *kind, int slot, const char *target) {
    (void) context;
    if (reply < 1 || reply < last_reply || slot < 0 || slot >= 16384
        || (strcmp(kind, "MOVED") != 0 && strcmp(kind, "ASK") != 0)) {
        broke("redirect reply %lld after %lld, %s slot %d", (long long) reply, (long long) last_reply, kind, slot);
    }
    check_string(target, ERROR_LINE_MAX, "redirect target");
    last_reply = reply;
    record("%lld:%s:%d:%s ", (long long) reply, kind, slot, target);
}

static void reply_feed_piece(void *parser, int outgoing, const char *bytes, size_t length) {
    (void) outgoing;
    reply_feed(parser, bytes, length, on_redirect, NULL);
}

static void run_reply(const struct input *in, int cut) {
    struct reply_scanner scanner;
    memset(&scanner, 0, sizeof scanner);
    last_reply = 0;
    feed_cut(&scanner, reply_feed_piece, &in->pieces[0], cut);
}

// Cluster bus: a message is at least its header.
static void on_message(void *context, int type, uint32_t length, int sender_port) {
    (void) context;
    if (length < BUS_HEADER || type < 0 || type > 65535 || sender_port < 0 || sender_port > 65535) {
        broke("bus message type %d length %u port %d", type, length, sender_port);
    }
    record("%d:%u:%d ", type, length, sender_port);
}

static void bus_feed_piece(void *parser, int outgoing, const char *bytes, size_t length) {
    (void) outgoing;
    bus_feed(parser, (const uint8_t *) bytes, length, on_message, NULL);
}

static void run_bus(const struct input *in, int cut) {
    struct bus_parser parser;
    memset(&parser, 0, sizeof parser);
    feed_cut(&parser, bus_feed_piece, &in->pieces[0], cut);
}

// ---- the corpus: exchanges as the fixtures' processes made them

#define TP "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"

struct seed_piece {
    int outgoing;
    const char *bytes;
};

struct seed {
    int accepted;
    int finish;
    struct seed_piece pieces[8];
};

static const struct seed HTTP_SEEDS[] = {
    { 1, 0, { { 0, "GET /users/7 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\ntraceparent: " TP "\r\nConnection: keep-alive\r\n\r\n" },
              { 1, "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 13\r\n\r\n{\"id\":7,\"a\":1}" },
              { 0, "POST /orders HTTP/1.1\r\nHost: h\r\nContent-Length: 5\r\n\r\nabcdeGET /x HTTP/1.1\r\nHost: h\r\n\r\n" },
              { 1, "HTTP/1.1 201 Created\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n1A;x=y\r\n0123456789abcdefghijklmnop\r\n0\r\n\r\n" },
              { 1, "HTTP/1.1 204 No Content\r\n\r\n" } } },
    { 0, 1, { { 1, "GET /users/1 HTTP/1.1\r\nhost: users:3001\r\nTRACEPARENT: " TP "\r\n\r\n" },
              { 0, "HTTP/1.1 200 OK\r\ntransfer-encoding: gzip, chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n" },
              { 1, "HEAD /big HTTP/1.1\r\nHost: h\r\n\r\nPUT /f HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n" },
              { 0, "HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\nHTTP/1.1 100 Continue\r\n\r\n" },
              { 1, "ok" },
              { 0, "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n" },
              { 1, "GET /old HTTP/1.0\r\n\r\n" },
              { 0, "HTTP/1.0 200 OK\r\nServer: x\r\n\r\nbody until the close" } } },
    { 1, 1, { { 0, "GET /ws HTTP/1.1\r\nHost: h\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n" },
              { 1, "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n\r\n\x81\x05hello" },
              { 0, "CONNECT example.org:443 HTTP/1.1\r\n\r\n" } } },
    { 0, 0, { { 1, "CONNECT example.org:443 HTTP/1.1\r\nHost: example.org:443\r\n\r\n" },
              { 0, "HTTP/1.1 200 Connection established\r\n\r\n\x16\x03\x01\x02\x00" } } },
};

static const char *const RESP_SEEDS[] = {
    "*3\r\n$3\r\nSET\r\n$8\r\nuser:{7}\r\n$5\r\nhello\r\n*2\r\n$3\r\nget\r\n$6\r\nkey:42\r\nPING\r\n",
    "*5\r\n$4\r\nHSET\r\n$7\r\norder:1\r\n$4\r\nuser\r\n$1\r\n7\r\n$0\r\n\r\n*1\r\n$7\r\nCOMMAND\r\ninline get k\r\n",
    "*3\r\n$7\r\nEXPIRE\r\n$2\r\n{}\r\n$2\r\n60\r\n*2\r\n$7\r\nHGETALL\r\n$4\r\na{b}\r\n",
};

static const char *const REPLY_SEEDS[] = {
    "+OK\r\n$5\r\nhello\r\n-MOVED 3999 127.0.0.1:7102\r\n:42\r\n*2\r\n$1\r\na\r\n*1\r\n-ASK 12182 127.0.0.1:7101\r\n",
    "%1\r\n+server\r\n+redis\r\n$-1\r\n_\r\n,3.14\r\n#t\r\n(123456789012345678901234\r\n=15\r\ntxt:Some string\r\n"
    "-MOVED 16383 [::1]:7100\r\n>3\r\n+message\r\n+ch\r\n$2\r\nhi\r\n|1\r\n+ttl\r\n:3600\r\n~1\r\n!5\r\nERR x\r\n",
};

// Bus headers: "RCmb", totlen (u32), version (u16), port (u16), type (u16), big-endian, then the body.
static const char BUS_SEED[] =
    "RCmb\x00\x00\x00\x14\x00\x01\x1b\xbc\x00\x00" "abcdef"
    "RCmb\x00\x00\x00\x0e\x00\x01\x1b\xbd\x00\x04"
    "RCmb\x00\x00\x01\x00\x00\x01\x1b\xbe\x00\x01";
#define BUS_SEED_LENGTH (sizeof BUS_SEED - 1)

static void load_http_seed(struct input *in, size_t which) {
    const struct seed *s = &HTTP_SEEDS[which];
    memset(in, 0, sizeof *in);
    in->accepted = s->accepted;
    in->finish = s->finish;
    for (int i = 0; i < 8 && s->pieces[i].bytes != NULL; i++) {
        in->pieces[i].outgoing = s->pieces[i].outgoing;
        in->pieces[i].length = strlen(s->pieces[i].bytes);
        memcpy(in->pieces[i].bytes, s->pieces[i].bytes, in->pieces[i].length);
        in->count++;
    }
}

static void load_stream_seed(struct input *in, const char *bytes, size_t length) {
    memset(in, 0, sizeof *in);
    in->count = 1;
    in->pieces[0].length = length;
    memcpy(in->pieces[0].bytes, bytes, length);
}

// ---- the campaign

enum parser { HTTP, RESP, REPLY, BUS, PARSERS };
static const char *const PARSER_NAMES[PARSERS] = { "http", "resp", "reply", "bus" };

static struct input mutant;
static const char *current_parser = "";
static uint64_t current_seed;
static const char *keep_dir = "/tmp";

// Keeps the mutant as a file: each piece's direction and length on a line, then its bytes.
static void keep_mutant(const char *why) {
    char path[512];
    snprintf(path, sizeof path, "%s/fuzz-parsers-%s-%llu.bin", keep_dir, current_parser,
             (unsigned long long) current_seed);
    FILE *f = fopen(path, "wb");
    if (f != NULL) {
        fprintf(f, "accepted %d finish %d\n", mutant.accepted, mutant.finish);
        for (int i = 0; i < mutant.count; i++) {
            fprintf(f, "piece %d %zu\n", mutant.pieces[i].outgoing, mutant.pieces[i].length);
            fwrite(mutant.pieces[i].bytes, 1, mutant.pieces[i].length, f);
            fputc('\n', f);
        }
        fclose(f);
    }
    fprintf(stderr, "%s seed %llu parser %s (mutant kept in %s)\n", why, (unsigned long long) current_seed,
            current_parser, path);
}

static void on_sanitizer_death(void) {
    keep_mutant("CRASH");
}

// UndefinedBehaviorSanitizer's runtime calls this before each report it prints (a weak hook of libubsan).
void __ubsan_on_report(void);

void __ubsan_on_report(void) {
    keep_mutant("CRASH");
}

static void on_alarm(int signal) {
    (void) signal;
    keep_mutant("HANG");
    _exit(1);
}

// Makes mutant `seed` of `parser` and runs it whole and cut; returns 0 when both agree and keep the invariants.
static int fuzz_one(enum parser parser, uint64_t seed) {
    rng_state = seed * 0x9E3779B97F4A7C15ULL + 1;
    current_seed = seed;
    switch (parser) {
    case HTTP:
        load_http_seed(&mutant, below(sizeof HTTP_SEEDS / sizeof HTTP_SEEDS[0]));
        break;
    case RESP: {
        const char *s = RESP_SEEDS[below(sizeof RESP_SEEDS / sizeof RESP_SEEDS[0])];
        load_stream_seed(&mutant, s, strlen(s));
        break;
    }
    case REPLY: {
        const char *s = REPLY_SEEDS[below(sizeof REPLY_SEEDS / sizeof REPLY_SEEDS[0])];
        load_stream_seed(&mutant, s, strlen(s));
        break;
    }
    default:
        load_stream_seed(&mutant, BUS_SEED, BUS_SEED_LENGTH);
        break;
    }
    for (size_t n = 1 + below(4); n > 0; n--) {
        if (parser == HTTP) {
            mutate_exchange(&mutant);
        } else {
            mutate_bytes(&mutant.pieces[0]);
        }
    }
    void (*run)(const struct input *, int) = parser == HTTP ? run_http : parser == RESP ? run_resp
                                             : parser == REPLY ? run_reply : run_bus;
    violation[0] = '\0';
    for (log_index = 0; log_index < 2; log_index++) {
        event_log[log_index][0] = '\0';
        run(&mutant, log_index);
    }
    if (violation[0] == '\0' && strcmp(event_log[0], event_log[1]) != 0) {
        snprintf(violation, sizeof violation, "whole and cut differ:\n  whole: %.300s\n  cut:   %.300s",
                 event_log[0], event_log[1]);
    }
    if (violation[0] != '\0') {
        keep_mutant("INVARIANT_VIOLATION");
        fprintf(stderr, "  %s\n", violation);
        return 1;
    }
    return 0;
}

static void usage(void) {
    fprintf(stderr, "usage: fuzz-parsers [--mutants M | --seconds N] [--seed S] [--parsers http,resp,reply,bus] "
                    "[--keep DIR]\n");
    exit(2);
}

int main(int argc, char **argv) {
    unsigned long long mutants = 0, seconds = 0, first_seed = 1;
    const char *parsers = "http,resp,reply,bus";
    for (int i = 1; i < argc; i++) {
        if (i + 1 >= argc) {
            usage();
        }
        char *end;
        const char *value = argv[i + 1];
        if (strcmp(argv[i], "--mutants") == 0) {
            mutants = strtoull(value, &end, 10);
        } else if (strcmp(argv[i], "--seconds") == 0) {
            seconds = strtoull(value, &end, 10);
        } else if (strcmp(argv[i], "--seed") == 0) {
            first_seed = strtoull(value, &end, 10);
        } else if (strcmp(argv[i], "--parsers") == 0) {
            parsers = value;
            end = (char *) value + strlen(value);
        } else if (strcmp(argv[i], "--keep") == 0) {
            keep_dir = value;
            end = (char *) value + strlen(value);
        } else {
            usage();
        }
        if (*value == '\0' || *end != '\0') {
            usage();
        }
        i++;
    }
    if ((mutants == 0) == (seconds == 0)) {
        usage();
    }
    __sanitizer_set_death_callback(on_sanitizer_death);
    signal(SIGALRM, on_alarm);
    int selected = 0;
    for (int p = 0; p < PARSERS; p++) {
        selected += strstr(parsers, PARSER_NAMES[p]) != NULL;
    }
    if (selected == 0) {
        usage();
    }
    int failed = 0;
    for (int p = 0; p < PARSERS; p++) {
        if (strstr(parsers, PARSER_NAMES[p]) == NULL) {
            continue;
        }
        current_parser = PARSER_NAMES[p];
        time_t stop = time(NULL) + (time_t) (seconds / (unsigned long long) selected);
        unsigned long long done = 0, failures = 0;
        for (uint64_t seed = first_seed; seconds > 0 ? time(NULL) < stop : done < mutants; seed++, done++) {
            alarm(10);
            failures += (unsigned long long) fuzz_one((enum parser) p, seed);
        }
        alarm(0);
        printf("[fuzz] tracer-%s: %llu mutants from seed %llu, %llu invariant violations, 0 crashes, 0 hangs\n",
               PARSER_NAMES[p], done, first_seed, failures);
        failed |= failures > 0;
    }
    return failed;
}
