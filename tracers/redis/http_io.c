// SPDX-License-Identifier: EPL-2.0
#include "http_io.h"

#include <stdlib.h>

#include "http.h"
#include "http_tp.h"

struct http_connection {
    int fd;
    struct http_parser parser;
};

static void on_begin(void *context, int outgoing, uint32_t seq) {
    struct http_connection *c = context;
    tracepoint(http, message_begin, c->fd, outgoing, seq);
}

static void on_request(void *context, int outgoing, uint32_t seq, const struct http_head *head) {
    struct http_connection *c = context;
    tracepoint(http, request_head, c->fd, outgoing, seq, head->method, head->target, head->host, head->traceparent,
               head->body_length);
}

static void on_response(void *context, int outgoing, uint32_t seq, const struct http_head *head) {
    struct http_connection *c = context;
    tracepoint(http, response_head, c->fd, outgoing, seq, head->status, head->body_length);
}

static void on_end(void *context, int outgoing, uint32_t seq, int64_t body_bytes) {
    struct http_connection *c = context;
    tracepoint(http, message_end, c->fd, outgoing, seq, body_bytes);
}

static void on_skipped(void *context, int outgoing, enum http_reason reason, int64_t bytes) {
    struct http_connection *c = context;
    tracepoint(http, skipped, c->fd, outgoing, http_reason_name(reason), bytes);
}

static const struct http_callbacks EVENTS = { on_begin, on_request, on_response, on_end, on_skipped };

struct http_connection *http_open(int fd, int accepted, const char *local_addr, int local_port,
                                  const char *remote_addr, int remote_port) {
    struct http_connection *c = malloc(sizeof *c);
    if (c == NULL) {
        return NULL;
    }
    c->fd = fd;
    http_init(&c->parser, accepted);
    tracepoint(http, connection, fd, accepted, local_addr, local_port, remote_addr, remote_port);
    return c;
}

void http_io(struct http_connection *c, int fd, int outgoing, const struct iovec *iov, int count, ssize_t result) {
    c->fd = fd;
    if (result == 0 && !outgoing && count > 0 && iov[0].iov_len > 0) {
        http_finish(&c->parser, 0, &EVENTS, c);   // end of file: the peer will send no more
        return;
    }
    ssize_t left = result;
    for (int i = 0; i < count && left > 0 && c->parser.gave_up == HTTP_PARSING; i++) {
        size_t part = iov[i].iov_len < (size_t) left ? iov[i].iov_len : (size_t) left;
        http_feed(&c->parser, outgoing, iov[i].iov_base, part, &EVENTS, c);
        left -= (ssize_t) part;
    }
    if (result > 0 && c->parser.gave_up == HTTP_SKIP_NOT_HTTP) {
        tracepoint(http, other_io, fd, outgoing, result);
    }
}

void http_close(struct http_connection *c, int fd) {
    c->fd = fd;
    http_finish(&c->parser, 1, &EVENTS, c);
    http_finish(&c->parser, 0, &EVENTS, c);
    tracepoint(http, close, fd);
    free(c);
}
