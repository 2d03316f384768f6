// SPDX-License-Identifier: EPL-2.0
#include "http.h"

#include <string.h>
#include <strings.h>

enum { S_IDLE, S_HEAD, S_BODY, S_UNTIL_CLOSE, S_CHUNK_SIZE, S_CHUNK_EXTENSION, S_CHUNK_SIZE_LF, S_CHUNK_DATA,
       S_CHUNK_DATA_CR, S_CHUNK_DATA_LF, S_TRAILER, S_DONE };

// What a message's first bytes are: not known yet, an HTTP/1 start line, or a reason to give up.
#define UNDECIDED (-1)
#define RECOGNISED 0

static const char *const REASONS[] = {
    "parsing", "http2", "tls", "not_http", "response_without_request", "closed_mid_message", "head_too_large",
    "malformed", "upgraded",
};

const char *http_reason_name(enum http_reason reason) {
    return REASONS[reason];
}

void http_init(struct http_parser *parser, int accepted) {
    memset(parser, 0, sizeof *parser);
    parser->accepted = accepted;
}

static int carries_requests(const struct http_parser *p, int outgoing) {
    return outgoing != p->accepted;
}

static struct http_stream *stream_of(struct http_parser *p, int outgoing) {
    return outgoing ? &p->out : &p->in;
}

static void give_up(struct http_parser *p, int outgoing, enum http_reason reason, int64_t bytes,
                    const struct http_callbacks *cb, void *context) {
    p->gave_up = reason;
    cb->skipped(context, outgoing, reason, bytes);
}

/* Recognising a start line. */

// 1 while `bytes` are a prefix of `text`, 0 once they differ.
static int prefix_of(const char *bytes, size_t length, const char *text) {
    size_t n = strlen(text);
    return memcmp(bytes, text, length < n ? length : n) == 0;
}

static int classify_request(const char *b, size_t n) {
    if (prefix_of(b, n, "HTTP/")) {
        return n < 5 ? UNDECIDED : HTTP_SKIP_RESPONSE_WITHOUT_REQUEST;
    }
    size_t i = 0;
    while (i < n && ((b[i] >= 'A' && b[i] <= 'Z') || b[i] == '-')) {
        i++;
    }
    if (i >= HTTP_METHOD_MAX) {
        return HTTP_SKIP_NOT_HTTP;
    }
    if (i == n) {
        return UNDECIDED;
    }
    return i > 0 && b[i] == ' ' ? RECOGNISED : HTTP_SKIP_NOT_HTTP;
}

// "HTTP/1.x nnn": D a digit, anything else literal.
static int classify_response(const char *b, size_t n) {
    // S: a status code's first digit, 1 to 5 (RFC 9110 15: "values outside the range 100..599 are invalid")
    static const char PATTERN[] = "HTTP/1.D SDD";
    for (size_t i = 0; i < n && i < sizeof PATTERN - 1; i++) {
        int ok = PATTERN[i] == 'D' ? b[i] >= '0' && b[i] <= '9'
                 : PATTERN[i] == 'S' ? b[i] >= '1' && b[i] <= '5' : b[i] == PATTERN[i];
        if (!ok) {
            return HTTP_SKIP_NOT_HTTP;
        }
    }
    return n < sizeof PATTERN - 1 ? UNDECIDED : RECOGNISED;
}

static int classify(const char *b, size_t n, int requests) {
    if ((unsigned char) b[0] == 0x16) {   // a TLS handshake record: content type 22, then version 3.x
        return n < 2 ? UNDECIDED : b[1] == 0x03 ? HTTP_SKIP_TLS : HTTP_SKIP_NOT_HTTP;
    }
    static const char PREFACE[] = "PRI * HTTP/2.0";
    if (prefix_of(b, n, PREFACE)) {
        return n < sizeof PREFACE - 1 ? UNDECIDED : HTTP_SKIP_HTTP2;
    }
    return requests ? classify_request(b, n) : classify_response(b, n);
}

/* Decoding a complete header block. */

static void copy_cut(char *to, size_t size, const char *from, size_t length) {
    size_t n = length < size - 1 ? length : size - 1;
    memcpy(to, from, n);
    to[n] = '\0';
}

static int64_t decimal(const char *b, size_t n) {
    if (n == 0 || n > 18) {
        return -1;
    }
    int64_t value = 0;
    for (size_t i = 0; i < n; i++) {
        if (b[i] < '0' || b[i] > '9') {
            return -1;
        }
        value = value * 10 + (b[i] - '0');
    }
    return value;
}

static int names(const char *name, size_t length, const char *expected) {
    return strlen(expected) == length && strncasecmp(name, expected, length) == 0;
}

// The last transfer coding of a Transfer-Encoding value is chunked.
static int ends_chunked(const char *v, size_t n) {
    while (n > 0 && (v[n - 1] == ' ' || v[n - 1] == '\t')) {
        n--;
    }
    return n >= 7 && strncasecmp(v + n - 7, "chunked", 7) == 0 && (n == 7 || v[n - 8] == ' ' || v[n - 8] == ',');
}

// Fills `head`; 0 when the block is not a well-formed HTTP/1.x head.
static int decode(const char *b, size_t n, int request, struct http_head *head) {
    memset(head, 0, sizeof *head);
    const char *end = b + n;
    const char *line = b;
    const char *eol = memchr(line, '\n', (size_t) (end - line));
    size_t line_length = (size_t) (eol - line) - (eol > line && eol[-1] == '\r');
    if (request) {
        const char *space = memchr(line, ' ', line_length);
        const char *second = space == NULL ? NULL : memchr(space + 1, ' ', line_length - (size_t) (space + 1 - line));
        if (second == NULL || space - line >= HTTP_METHOD_MAX || second == space + 1
            || line + line_length - (second + 1) != 8 || !prefix_of(second + 1, 7, "HTTP/1.")
            || second[8] < '0' || second[8] > '9') {
            return 0;
        }
        copy_cut(head->method, sizeof head->method, line, (size_t) (space - line));
        copy_cut(head->target, sizeof head->target, space + 1, (size_t) (second - space - 1));
    } else {
        if (classify_response(line, line_length) != RECOGNISED || (line_length > 12 && line[12] != ' ')) {
            return 0;   // checked again: the final response after an interim one was not classified
        }
        head->status = (line[9] - '0') * 100 + (line[10] - '0') * 10 + (line[11] - '0');
    }
    int64_t length = -1;
    int chunked = 0;
    int other_coding = 0;
    for (line = eol + 1; line < end; line = eol + 1) {
        eol = memchr(line, '\n', (size_t) (end - line));
        line_length = (size_t) (eol - line) - (eol > line && eol[-1] == '\r');
        if (line_length == 0) {
            break;
        }
        if (line[0] == ' ' || line[0] == '\t') {
            continue;   // an obsolete folded continuation: of no field we read
        }
        const char *colon = memchr(line, ':', line_length);
        if (colon == NULL || colon == line || colon[-1] == ' ' || colon[-1] == '\t') {
            return 0;
        }
        size_t name_length = (size_t) (colon - line);
        const char *value = colon + 1;
        const char *value_end = line + line_length;
        while (value < value_end && (*value == ' ' || *value == '\t')) {
            value++;
        }
        while (value_end > value && (value_end[-1] == ' ' || value_end[-1] == '\t')) {
            value_end--;
        }
        size_t value_length = (size_t) (value_end - value);
        if (names(line, name_length, "content-length")) {
            int64_t parsed = decimal(value, value_length);
            if (parsed < 0 || (length >= 0 && parsed != length)) {
                return 0;
            }
            length = parsed;
        } else if (names(line, name_length, "transfer-encoding")) {
            chunked = ends_chunked(value, value_length);
            other_coding = !chunked;
        } else if (request && names(line, name_length, "host")) {
            copy_cut(head->host, sizeof head->host, value, value_length);
        } else if (names(line, name_length, "traceparent")) {
            copy_cut(head->traceparent, sizeof head->traceparent, value, value_length);
        }
    }
    if (chunked) {
        head->body_length = HTTP_BODY_CHUNKED;
    } else if (other_coding) {
        if (request) {
            return 0;   // a request body of unknown length cannot be delimited (RFC 9112 6.3)
        }
        head->body_length = HTTP_BODY_UNTIL_CLOSE;
    } else if (length >= 0) {
        head->body_length = length;
    } else {
        head->body_length = request ? 0 : HTTP_BODY_UNTIL_CLOSE;
    }
    return 1;
}

/* The state machine of one direction. */

static void end_message(struct http_stream *s, int outgoing, const struct http_callbacks *cb, void *context) {
    cb->message_end(context, outgoing, s->begun - 1, s->body_bytes);
    s->state = S_IDLE;
    s->recognised = 0;
}

static void start_body(struct http_stream *s, int64_t length, int outgoing, const struct http_callbacks *cb,
                       void *context) {
    s->body_bytes = 0;
    if (length == 0) {
        end_message(s, outgoing, cb, context);
    } else if (length == HTTP_BODY_CHUNKED) {
        s->state = S_CHUNK_SIZE;
        s->chunk_size = 0;
        s->chunk_digits = 0;
    } else if (length == HTTP_BODY_UNTIL_CLOSE) {
        s->state = S_UNTIL_CLOSE;
    } else {
        s->state = S_BODY;
        s->body_left = length;
    }
}

static void head_complete(struct http_parser *p, struct http_stream *s, int outgoing,
                          const struct http_callbacks *cb, void *context) {
    int request = carries_requests(p, outgoing);
    struct http_head head;
    if (!decode(s->head, s->head_length, request, &head)) {
        give_up(p, outgoing, HTTP_SKIP_MALFORMED, (int64_t) s->head_length, cb, context);
        return;
    }
    uint32_t seq = s->begun - 1;
    uint64_t bit = 1ull << (seq % 64);
    if (request) {
        p->head_requests = strcmp(head.method, "HEAD") == 0 ? p->head_requests | bit : p->head_requests & ~bit;
        p->tunnel_requests = strcmp(head.method, "CONNECT") == 0 ? p->tunnel_requests | bit : p->tunnel_requests & ~bit;
        cb->request_head(context, outgoing, seq, &head);
        start_body(s, head.body_length, outgoing, cb, context);
        return;
    }
    if (head.status >= 100 && head.status < 200 && head.status != 101) {
        s->state = S_IDLE;   // an interim response: the final one follows, as the same message (still recognised)
        return;
    }
    int upgraded = head.status == 101 || ((p->tunnel_requests & bit) && head.status >= 200 && head.status < 300);
    if (upgraded || (p->head_requests & bit) || head.status == 204 || head.status == 304) {
        head.body_length = 0;
    }
    cb->response_head(context, outgoing, seq, &head);
    start_body(s, head.body_length, outgoing, cb, context);
    if (upgraded) {
        give_up(p, outgoing, HTTP_SKIP_UPGRADED, 0, cb, context);
    }
}

// Head bytes up to the end of the header block; returns how many it took.
static size_t take_head(struct http_parser *p, struct http_stream *s, int outgoing, const char *bytes, size_t length,
                        const struct http_callbacks *cb, void *context) {
    size_t used = 0;
    int complete = 0;
    while (used < length && s->head_length < HTTP_HEAD_MAX) {
        char c = bytes[used++];
        s->head[s->head_length++] = c;
        if (c == '\n') {
            if (s->line_length == 0 && s->head_length > 1) {
                complete = 1;
                break;
            }
            s->line_length = 0;
        } else if (c != '\r') {
            s->line_length++;
        }
    }
    if (!s->recognised) {
        int requests = carries_requests(p, outgoing);
        int verdict = classify(s->head, s->head_length, requests);
        if (verdict == RECOGNISED && !requests && stream_of(p, !outgoing)->begun <= s->begun) {
            verdict = HTTP_SKIP_RESPONSE_WITHOUT_REQUEST;   // no request of ours waits for this response
        }
        if (verdict == HTTP_SKIP_NOT_HTTP && p->seen_http) {
            verdict = HTTP_SKIP_MALFORMED;
        }
        if (verdict == UNDECIDED && complete) {
            verdict = p->seen_http ? HTTP_SKIP_MALFORMED : HTTP_SKIP_NOT_HTTP;
        }
        if (verdict > RECOGNISED) {
            give_up(p, outgoing, (enum http_reason) verdict, (int64_t) s->head_length, cb, context);
            return used;
        }
        if (verdict == RECOGNISED) {
            s->recognised = 1;
            p->seen_http = 1;
            cb->message_begin(context, outgoing, s->begun++);
        }
    }
    if (complete) {
        head_complete(p, s, outgoing, cb, context);
    } else if (s->head_length == HTTP_HEAD_MAX) {
        give_up(p, outgoing, HTTP_SKIP_HEAD_TOO_LARGE, (int64_t) s->head_length, cb, context);
    }
    return used;
}

static int hex_value(char c) {
    if (c >= '0' && c <= '9') {
        return c - '0';
    }
    if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f') {
        return (c | 0x20) - 'a' + 10;
    }
    return -1;
}

// One byte of chunk framing (size line, data's CRLF, trailer); 0 when it is not valid framing.
static int chunk_byte(struct http_stream *s, char c, int outgoing, const struct http_callbacks *cb, void *context) {
    switch (s->state) {
    case S_CHUNK_SIZE: {
        int digit = hex_value(c);
        if (digit >= 0 && s->chunk_size < (INT64_MAX >> 4)) {
            s->chunk_size = s->chunk_size * 16 + digit;
            s->chunk_digits++;
            return 1;
        }
        if (s->chunk_digits == 0 || digit >= 0) {
            return 0;
        }
        if (c == ';' || c == ' ' || c == '\t') {
            s->state = S_CHUNK_EXTENSION;
            return 1;
        }
        if (c == '\r') {
            s->state = S_CHUNK_SIZE_LF;
            return 1;
        }
        if (c != '\n') {
            return 0;
        }
        break;
    }
    case S_CHUNK_EXTENSION:
        if (c != '\n') {
            return 1;
        }
        break;
    case S_CHUNK_SIZE_LF:
        if (c != '\n') {
            return 0;
        }
        break;
    case S_CHUNK_DATA_CR:
        if (c == '\r') {
            s->state = S_CHUNK_DATA_LF;
            return 1;
        }
        if (c != '\n') {
            return 0;
        }
        __attribute__((fallthrough));   // a bare LF ends the chunk's data too
    case S_CHUNK_DATA_LF:
        if (c != '\n') {
            return 0;
        }
        s->state = S_CHUNK_SIZE;
        s->chunk_size = 0;
        s->chunk_digits = 0;
        return 1;
    case S_TRAILER:
        if (c == '\n') {
            if (s->line_length == 0) {
                end_message(s, outgoing, cb, context);
            }
            s->line_length = 0;
        } else if (c != '\r') {
            s->line_length++;
        }
        return 1;
    default:
        return 0;
    }
    // the size line ended
    if (s->chunk_size == 0) {
        s->state = S_TRAILER;
        s->line_length = 0;
    } else {
        s->state = S_CHUNK_DATA;
        s->body_left = s->chunk_size;
    }
    return 1;
}

void http_feed(struct http_parser *p, int outgoing, const char *bytes, size_t length,
               const struct http_callbacks *cb, void *context) {
    struct http_stream *s = stream_of(p, outgoing);
    while (length > 0 && p->gave_up == HTTP_PARSING) {
        size_t used = 0;
        switch (s->state) {
        case S_IDLE:
            if (!s->recognised && (bytes[0] == '\r' || bytes[0] == '\n')) {
                used = 1;   // empty lines before a message (RFC 9112 2.2)
                break;
            }
            s->state = S_HEAD;
            s->head_length = 0;
            s->line_length = 0;
            continue;
        case S_HEAD:
            used = take_head(p, s, outgoing, bytes, length, cb, context);
            break;
        case S_BODY: {
            used = (int64_t) length < s->body_left ? length : (size_t) s->body_left;
            s->body_left -= (int64_t) used;
            s->body_bytes += (int64_t) used;
            if (s->body_left == 0) {
                end_message(s, outgoing, cb, context);
            }
            break;
        }
        case S_UNTIL_CLOSE:
            used = length;
            s->body_bytes += (int64_t) used;
            break;
        case S_CHUNK_DATA:
            used = (int64_t) length < s->body_left ? length : (size_t) s->body_left;
            s->body_left -= (int64_t) used;
            s->body_bytes += (int64_t) used;
            if (s->body_left == 0) {
                s->state = S_CHUNK_DATA_CR;
            }
            break;
        default:
            used = 1;
            if (!chunk_byte(s, bytes[0], outgoing, cb, context)) {
                give_up(p, outgoing, HTTP_SKIP_MALFORMED, s->body_bytes, cb, context);
            }
            break;
        }
        bytes += used;
        length -= used;
    }
}

void http_finish(struct http_parser *p, int outgoing, const struct http_callbacks *cb, void *context) {
    struct http_stream *s = stream_of(p, outgoing);
    if (p->gave_up != HTTP_PARSING || s->state == S_DONE) {
        return;
    }
    if (s->state == S_UNTIL_CLOSE) {
        end_message(s, outgoing, cb, context);
    } else if (s->state != S_IDLE || s->recognised) {
        int64_t seen = s->state == S_HEAD ? (int64_t) s->head_length : s->body_bytes;
        give_up(p, outgoing, HTTP_SKIP_CLOSED_MID_MESSAGE, seen, cb, context);
        return;
    }
    s->state = S_DONE;
}
