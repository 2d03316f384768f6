// SPDX-License-Identifier: EPL-2.0
// An incremental HTTP/1.1 parser of both directions of one TCP connection, fed the bytes of each read and
// write in order, in pieces of any size. It finds message boundaries (request and status lines, headers,
// content-length and chunked bodies, keep-alive and pipelining) and decodes the few header fields the "http"
// events carry; bodies are skipped by count, never copied. Only an unfinished header block is kept, in a fixed
// buffer per direction: a longer one makes the parser give up on the connection (head_too_large). HTTP/2 prior
// knowledge, TLS and bytes that are not HTTP are recognised from a connection's first bytes and left alone.
#ifndef SEXTANT_HTTP_H
#define SEXTANT_HTTP_H

#include <stddef.h>
#include <stdint.h>

#define HTTP_HEAD_MAX 8192          // the bounded peek: a header block longer than this is not parsed
#define HTTP_METHOD_MAX 24
#define HTTP_TARGET_MAX 257         // path and query cut at 256 bytes, and the NUL
#define HTTP_HOST_MAX 257
#define HTTP_TRACEPARENT_MAX 129    // W3C version 00 needs 55; longer future versions are cut

#define HTTP_BODY_CHUNKED (-1)
#define HTTP_BODY_UNTIL_CLOSE (-2)

// Why the parser gave up on a connection (the `reason` of http:skipped).
enum http_reason {
    HTTP_PARSING = 0,
    HTTP_SKIP_HTTP2,
    HTTP_SKIP_TLS,
    HTTP_SKIP_NOT_HTTP,
    HTTP_SKIP_RESPONSE_WITHOUT_REQUEST,
    HTTP_SKIP_CLOSED_MID_MESSAGE,
    HTTP_SKIP_HEAD_TOO_LARGE,
    HTTP_SKIP_MALFORMED,
    HTTP_SKIP_UPGRADED,
};

const char *http_reason_name(enum http_reason reason);

// A decoded header block.
struct http_head {
    char method[HTTP_METHOD_MAX];   // requests
    char target[HTTP_TARGET_MAX];
    char host[HTTP_HOST_MAX];
    char traceparent[HTTP_TRACEPARENT_MAX];
    int status;                     // responses
    int64_t body_length;            // n, HTTP_BODY_CHUNKED or HTTP_BODY_UNTIL_CLOSE
};

// One direction of a connection.
struct http_stream {
    int state;
    uint32_t begun;                 // messages begun: the next message's seq
    int recognised;                 // the current message's start line has been recognised
    size_t head_length;
    int line_length;                // bytes of the current head line, CR excluded
    int64_t body_left;              // of a content-length body, or of the current chunk
    int64_t body_bytes;             // payload bytes of the current message so far (chunk framing excluded)
    int64_t chunk_size;
    int chunk_digits;
    char head[HTTP_HEAD_MAX];
};

// Both directions. `accepted`: requests come in (this process is the server); else they go out.
struct http_parser {
    int accepted;
    enum http_reason gave_up;
    int seen_http;                  // a message has been recognised on this connection
    uint64_t head_requests;         // bit seq % 64: request seq was HEAD, its response has no body
    uint64_t tunnel_requests;       // bit seq % 64: request seq was CONNECT, a 2xx response ends HTTP
    struct http_stream in;
    struct http_stream out;
};

// What the parser found, in the order it found it. `outgoing` 1: bytes this process wrote; 0: read.
struct http_callbacks {
    void (*message_begin)(void *context, int outgoing, uint32_t seq);
    void (*request_head)(void *context, int outgoing, uint32_t seq, const struct http_head *head);
    void (*response_head)(void *context, int outgoing, uint32_t seq, const struct http_head *head);
    void (*message_end)(void *context, int outgoing, uint32_t seq, int64_t body_bytes);
    void (*skipped)(void *context, int outgoing, enum http_reason reason, int64_t bytes);
};

void http_init(struct http_parser *parser, int accepted);

// Bytes that crossed the connection in one direction.
void http_feed(struct http_parser *parser, int outgoing, const char *bytes, size_t length,
               const struct http_callbacks *callbacks, void *context);

// That direction ended (end of file read, or the connection closed): a body delimited by the close ends,
// an unfinished message is reported as closed_mid_message.
void http_finish(struct http_parser *parser, int outgoing, const struct http_callbacks *callbacks, void *context);

#endif
