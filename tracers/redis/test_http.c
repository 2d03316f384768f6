// SPDX-License-Identifier: EPL-2.0
// The HTTP parser fed as a traced process's reads and writes feed it: each exchange whole, cut in two at every
// byte of every piece, and byte by byte, must give the same events. Framing (content-length, chunked with sizes
// and CRLFs split anywhere, until close), keep-alive, pipelining, interim responses, and every reason to give up.
// make test [O=BUILD_DIR] builds and runs it; it prints one line per check and exits non-zero on a failure.
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "http.h"

static int failures;

static void check(int ok, const char *what) {
    printf("%s %s\n", ok ? "ok  " : "FAIL", what);
    failures += !ok;
}

/* Events seen, as text in order; skipped events without their byte count, which depends on the cuts. */
static char seen[8192];
static int64_t last_skipped_bytes;

__attribute__((format(printf, 1, 2))) static void add(const char *format, ...) {
    size_t used = strlen(seen);
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(seen + used, sizeof seen - used, format, arguments);
    va_end(arguments);
}

static void on_begin(void *context, int outgoing, uint32_t seq) {
    (void) context;
    add("B%d.%u ", outgoing, seq);
}

static void on_request(void *context, int outgoing, uint32_t seq, const struct http_head *h) {
    (void) context;
    add("Q%d.%u %s %s h=%s t=%s l=%lld ", outgoing, seq, h->method, h->target, h->host, h->traceparent,
        (long long) h->body_length);
}

static void on_response(void *context, int outgoing, uint32_t seq, const struct http_head *h) {
    (void) context;
    add("R%d.%u %d l=%lld ", outgoing, seq, h->status, (long long) h->body_length);
}

static void on_end(void *context, int outgoing, uint32_t seq, int64_t body_bytes) {
    (void) context;
    add("E%d.%u %lld ", outgoing, seq, (long long) body_bytes);
}

static void on_skipped(void *context, int outgoing, enum http_reason reason, int64_t bytes) {
    (void) context;
    add("S%d %s ", outgoing, http_reason_name(reason));
    last_skipped_bytes = bytes;
}

static const struct http_callbacks CALLBACKS = { on_begin, on_request, on_response, on_end, on_skipped };

/* An exchange: pieces in the order they crossed the connection; ">" written by the traced process, "<" read. */
struct piece {
    int outgoing;
    const char *bytes;
    size_t length;      // 0: strlen(bytes)
};

#define MAX_PIECES 16
struct exchange {
    int accepted;
    struct piece pieces[MAX_PIECES];
    int finish;         // then both directions end (the connection closes)
};

static size_t length_of(const struct piece *p) {
    return p->length != 0 ? p->length : strlen(p->bytes);
}

// Feeds every piece, piece `cut_piece` in two at `cut` (or all pieces byte by byte when `bytewise`).
static const char *run(const struct exchange *x, int cut_piece, size_t cut, int bytewise) {
    static struct http_parser parser;
    http_init(&parser, x->accepted);
    seen[0] = '\0';
    for (int i = 0; i < MAX_PIECES && x->pieces[i].bytes != NULL; i++) {
        const struct piece *p = &x->pieces[i];
        size_t length = length_of(p);
        if (bytewise) {
            for (size_t k = 0; k < length; k++) {
                http_feed(&parser, p->outgoing, p->bytes + k, 1, &CALLBACKS, NULL);
            }
        } else if (i == cut_piece) {
            http_feed(&parser, p->outgoing, p->bytes, cut, &CALLBACKS, NULL);
            http_feed(&parser, p->outgoing, p->bytes + cut, length - cut, &CALLBACKS, NULL);
        } else {
            http_feed(&parser, p->outgoing, p->bytes, length, &CALLBACKS, NULL);
        }
    }
    if (x->finish) {
        http_finish(&parser, 0, &CALLBACKS, NULL);
        http_finish(&parser, 1, &CALLBACKS, NULL);
    }
    return seen;
}

// Whole, every cut of every piece, and byte by byte: all must see `expected`.
static void exchange(const char *what, const struct exchange *x, const char *expected) {
    int ok = strcmp(run(x, -1, 0, 0), expected) == 0;
    if (!ok) {
        printf("     whole: saw      \"%s\"\n     expected         \"%s\"\n", seen, expected);
    }
    for (int i = 0; ok && i < MAX_PIECES && x->pieces[i].bytes != NULL; i++) {
        for (size_t cut = 0; ok && cut <= length_of(&x->pieces[i]); cut++) {
            if (strcmp(run(x, i, cut, 0), expected) != 0) {
                printf("     piece %d cut at %zu: saw \"%s\"\n", i, cut, seen);
                ok = 0;
            }
        }
    }
    if (ok && strcmp(run(x, -1, 0, 1), expected) != 0) {
        printf("     byte by byte: saw \"%s\"\n", seen);
        ok = 0;
    }
    check(ok, what);
}

#define IN(text) { 0, text, 0 }
#define OUT(text) { 1, text, 0 }
#define TP "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01"

static void framing(void) {
    exchange("server: a GET with Host and traceparent, a response with a content-length body", &(struct exchange) {
        .accepted = 1, .pieces = { IN("GET /users/7?x=1 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\ntraceparent: " TP "\r\n\r\n"),
             OUT("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello") } },
        "B0.0 Q0.0 GET /users/7?x=1 h=127.0.0.1:8080 t=" TP " l=0 E0.0 0 B1.0 R1.0 200 l=5 E1.0 5 ");

    exchange("server: keep-alive, three requests one after the other", &(struct exchange) {
        .accepted = 1, .pieces = { IN("GET /a HTTP/1.1\r\nHost: h\r\n\r\n"), OUT("HTTP/1.1 200 OK\r\ncontent-length: 1\r\n\r\na"),
             IN("GET /b HTTP/1.1\r\nHost: h\r\n\r\n"), OUT("HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\n\r\n"),
             IN("DELETE /c HTTP/1.1\r\nHost: h\r\n\r\n"), OUT("HTTP/1.1 204 No Content\r\n\r\n") } },
        "B0.0 Q0.0 GET /a h=h t= l=0 E0.0 0 B1.0 R1.0 200 l=1 E1.0 1 "
        "B0.1 Q0.1 GET /b h=h t= l=0 E0.1 0 B1.1 R1.1 404 l=0 E1.1 0 "
        "B0.2 Q0.2 DELETE /c h=h t= l=0 E0.2 0 B1.2 R1.2 204 l=0 E1.2 0 ");

    exchange("server: pipelined requests in one read, pipelined responses in one write", &(struct exchange) {
        .accepted = 1, .pieces = { IN("GET /1 HTTP/1.1\r\nHost: h\r\n\r\nPOST /2 HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\n\r\nabc"
                "GET /3 HTTP/1.1\r\nHost: h\r\n\r\n"),
             OUT("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nokHTTP/1.1 201 Created\r\nContent-Length: 0\r\n\r\n"
                 "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nx\r\n0\r\n\r\n") } },
        "B0.0 Q0.0 GET /1 h=h t= l=0 E0.0 0 B0.1 Q0.1 POST /2 h=h t= l=3 E0.1 3 B0.2 Q0.2 GET /3 h=h t= l=0 E0.2 0 "
        "B1.0 R1.0 200 l=2 E1.0 2 B1.1 R1.1 201 l=0 E1.1 0 B1.2 R1.2 200 l=-1 E1.2 1 ");

    exchange("server: a content-length body over many reads", &(struct exchange) {
        .accepted = 1, .pieces = { IN("POST /orders HTTP/1.1\r\nHost: h\r\nContent-Length: 26\r\n\r\nabcdef"), IN("ghijklmnop"),
             IN("qrstuvwxyz"), OUT("HTTP/1.1 201 Created\r\nContent-Length: 0\r\n\r\n") } },
        "B0.0 Q0.0 POST /orders h=h t= l=26 E0.0 26 B1.0 R1.0 201 l=0 E1.0 0 ");

    exchange("server: a chunked body as Node writes it, sizes and CRLFs over reads, extensions and a trailer",
        &(struct exchange) { .accepted = 1, .pieces = {
            IN("POST /x HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n"), IN("3\r\nabc\r"), IN("\n1"),
            IN("A;name=value\r\n0123456789abcdefghijklmnop\r\n"), IN("0\r\nExpires: never\r\n\r\n"),
            OUT("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n") } },
        "B0.0 Q0.0 POST /x h=h t= l=-1 E0.0 29 B1.0 R1.0 200 l=0 E1.0 0 ");

    exchange("client: a request out, a chunked response in, then a response delimited by the close",
        &(struct exchange) { .accepted = 0, .pieces = {
            OUT("GET /users/1 HTTP/1.1\r\nhost: users:3001\r\nTRACEPARENT: " TP "\r\n\r\n"),
            IN("HTTP/1.1 200 OK\r\ntransfer-encoding: gzip, chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n"),
            OUT("GET /old HTTP/1.0\r\n\r\n"), IN("HTTP/1.0 200 OK\r\nServer: x\r\n\r\nbody until"), IN(" the end") },
            .finish = 1 },
        "B1.0 Q1.0 GET /users/1 h=users:3001 t=" TP " l=0 E1.0 0 B0.0 R0.0 200 l=-1 E0.0 5 "
        "B1.1 Q1.1 GET /old h= t= l=0 E1.1 0 B0.1 R0.1 200 l=-2 E0.1 18 ");

    exchange("client: HEAD's response has no body, 304 neither, whatever their content-length",
        &(struct exchange) { .accepted = 0, .pieces = {
            OUT("HEAD /big HTTP/1.1\r\nHost: h\r\n\r\nGET /cached HTTP/1.1\r\nHost: h\r\n\r\n"),
            IN("HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\nHTTP/1.1 304 Not Modified\r\nContent-Length: 9\r\n\r\n") } },
        "B1.0 Q1.0 HEAD /big h=h t= l=0 E1.0 0 B1.1 Q1.1 GET /cached h=h t= l=0 E1.1 0 "
        "B0.0 R0.0 200 l=0 E0.0 0 B0.1 R0.1 304 l=0 E0.1 0 ");

    exchange("client: a 100 Continue is not the response", &(struct exchange) {
        .accepted = 0, .pieces = { OUT("PUT /f HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\n"),
             IN("HTTP/1.1 100 Continue\r\n\r\n"), OUT("ok"), IN("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n") } },
        "B1.0 Q1.0 PUT /f h=h t= l=2 B0.0 E1.0 2 R0.0 200 l=0 E0.0 0 ");

    exchange("server: bare LF line ends, empty lines before a request", &(struct exchange) {
        .accepted = 1, .pieces = { IN("\r\nGET /lf HTTP/1.1\nHost: h\n\n"), OUT("HTTP/1.1 200 OK\nContent-Length: 1\n\nz") } },
        "B0.0 Q0.0 GET /lf h=h t= l=0 E0.0 0 B1.0 R1.0 200 l=1 E1.0 1 ");

    char target[400];
    char request[600];
    memset(target, 'a', sizeof target);
    target[0] = '/';
    target[sizeof target - 1] = '\0';
    snprintf(request, sizeof request, "GET %s HTTP/1.1\r\nHost: h\r\n\r\n", target);
    char expected[600];
    snprintf(expected, sizeof expected, "B0.0 Q0.0 GET %.256s h=h t= l=0 E0.0 0 ", target);
    exchange("server: a target cut at 256 bytes", &(struct exchange) { .accepted = 1, .pieces = { IN(request) } }, expected);

    exchange("server: a 101 upgrade ends HTTP on the connection", &(struct exchange) {
        .accepted = 1, .pieces = { IN("GET /ws HTTP/1.1\r\nHost: h\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n"),
             OUT("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\n\r\n\x81\x05hello"), IN("\x81\x85xxxx") } },
        "B0.0 Q0.0 GET /ws h=h t= l=0 E0.0 0 B1.0 R1.0 101 l=0 E1.0 0 S1 upgraded ");

    exchange("client: a 2xx answer to CONNECT makes a tunnel, no longer HTTP", &(struct exchange) {
        .accepted = 0, .pieces = { OUT("CONNECT db:5432 HTTP/1.1\r\nHost: db:5432\r\n\r\n"),
             IN("HTTP/1.1 200 Connection Established\r\n\r\n"), OUT("\x16\x03\x01 tunnelled bytes") } },
        "B1.0 Q1.0 CONNECT db:5432 h=db:5432 t= l=0 E1.0 0 B0.0 R0.0 200 l=0 E0.0 0 S0 upgraded ");
}

static void giving_up(void) {
    exchange("server: HTTP/2 prior knowledge", &(struct exchange) {
        .accepted = 1, .pieces = { IN("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n\x00\x00\x12\x04"), OUT("HTTP/1.1 400 Bad Request\r\n\r\n") } },
        "S0 http2 ");

    exchange("server: a TLS ClientHello", &(struct exchange) {
        .accepted = 1, .pieces = { { 0, "\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03", 11 }, OUT("HTTP/1.1 400 Bad Request\r\n\r\n") } },
        "S0 tls ");

    exchange("client: RESP to a Redis node is not HTTP", &(struct exchange) {
        .accepted = 0, .pieces = { OUT("*2\r\n$3\r\nGET\r\n$6\r\nuser:1\r\n"), IN("$-1\r\n") } }, "S1 not_http ");

    exchange("server: garbage bytes", &(struct exchange) {
        .accepted = 1, .pieces = { { 0, "\x00\xff\x13garbage\r\n\r\n", 13 } } }, "S0 not_http ");

    exchange("server: a method-like word with no space", &(struct exchange) {
        .accepted = 1, .pieces = { IN("HELLOTHEREHOWAREYOUTODAYFRIEND\r\n\r\n") } }, "S0 not_http ");

    exchange("server: a response instead of a request", &(struct exchange) {
        .accepted = 1, .pieces = { IN("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n") } }, "S0 response_without_request ");

    exchange("client: a response before any request", &(struct exchange) {
        .accepted = 0, .pieces = { IN("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n"), OUT("GET / HTTP/1.1\r\nHost: h\r\n\r\n") } },
        "S0 response_without_request ");

    exchange("server: a second response with one request", &(struct exchange) {
        .accepted = 1, .pieces = { IN("GET / HTTP/1.1\r\nHost: h\r\n\r\n"), OUT("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n"),
             OUT("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n") } },
        "B0.0 Q0.0 GET / h=h t= l=0 E0.0 0 B1.0 R1.0 200 l=0 E1.0 0 S1 response_without_request ");

    exchange("server: the connection closes mid header", &(struct exchange) {
        .accepted = 1, .pieces = { IN("GET /users/1 HTTP/1.1\r\nHost: loc") }, .finish = 1 }, "B0.0 S0 closed_mid_message ");

    exchange("server: the connection closes mid body", &(struct exchange) {
        .accepted = 1, .pieces = { IN("POST / HTTP/1.1\r\nHost: h\r\nContent-Length: 10\r\n\r\nabc") }, .finish = 1 },
        "B0.0 Q0.0 POST / h=h t= l=10 S0 closed_mid_message ");

    exchange("server: a request-body coding other than chunked is malformed", &(struct exchange) {
        .accepted = 1, .pieces = { IN("POST / HTTP/1.1\r\nTransfer-Encoding: gzip\r\n\r\n") } }, "B0.0 S0 malformed ");

    exchange("server: conflicting content-lengths are malformed", &(struct exchange) {
        .accepted = 1, .pieces = { IN("POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab") } }, "B0.0 S0 malformed ");

    exchange("server: a header line without a colon is malformed", &(struct exchange) {
        .accepted = 1, .pieces = { IN("GET / HTTP/1.1\r\nHost h\r\n\r\n") } }, "B0.0 S0 malformed ");

    // Found by fuzz_parsers.c: status 000 was a response of status 0.
    exchange("client: a status code outside 100 to 599 is not HTTP", &(struct exchange) {
        .accepted = 0, .pieces = { OUT("GET / HTTP/1.1\r\n\r\n"), IN("HTTP/1.1 000 OK\r\n\r\n") } },
        "B1.0 Q1.0 GET / h= t= l=0 E1.0 0 S0 malformed ");

    exchange("server: HTTP/3 in the request line is malformed", &(struct exchange) {
        .accepted = 1, .pieces = { IN("GET / HTTP/3\r\n\r\n") } }, "B0.0 S0 malformed ");

    exchange("client: a bad chunk size is malformed", &(struct exchange) {
        .accepted = 0, .pieces = { OUT("GET / HTTP/1.1\r\n\r\n"), IN("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n") } },
        "B1.0 Q1.0 GET / h= t= l=0 E1.0 0 B0.0 R0.0 200 l=-1 S0 malformed ");

    exchange("server: garbage after a good request is malformed, not not_http", &(struct exchange) {
        .accepted = 1, .pieces = { IN("GET / HTTP/1.1\r\n\r\n"), IN("\x01\x02garbage\r\n\r\n") } },
        "B0.0 Q0.0 GET / h= t= l=0 E0.0 0 S0 malformed ");

    static char large[HTTP_HEAD_MAX + 200];
    snprintf(large, sizeof large, "GET / HTTP/1.1\r\nCookie: ");
    size_t used = strlen(large);
    memset(large + used, 'c', sizeof large - used - 5);
    memcpy(large + sizeof large - 5, "\r\n\r\n", 5);
    exchange("server: a header block over the bounded peek", &(struct exchange) { .accepted = 1, .pieces = { IN(large) } },
        "B0.0 S0 head_too_large ");
    check(last_skipped_bytes == HTTP_HEAD_MAX, "head_too_large counts the bytes kept");
}

int main(void) {
    framing();
    giving_up();
    printf(failures == 0 ? "http parser tests passed\n" : "%d http parser tests FAILED\n", failures);
    return failures != 0;
}
