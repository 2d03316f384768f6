// SPDX-License-Identifier: EPL-2.0
// The "http" events of one traced TCP connection: the wrappers (wrap.c) hand it what each call moved, and it
// runs the HTTP parser (http.h) over it and emits the events of docs/http-events.md.
#ifndef SEXTANT_HTTP_IO_H
#define SEXTANT_HTTP_IO_H

#include <sys/types.h>
#include <sys/uio.h>

struct http_connection;

// A socket accepted (1) or connected (0): emits http:connection; NULL when out of memory.
struct http_connection *http_open(int fd, int accepted, const char *local_addr, int local_port,
                                  const char *remote_addr, int remote_port);

// A read (outgoing 0) or write (1) on it returned `result`: the first `result` bytes of the iovecs moved.
void http_io(struct http_connection *connection, int fd, int outgoing, const struct iovec *iov, int count,
             ssize_t result);

// The socket is closed: emits what an unfinished message calls for, then http:close, and frees the connection.
void http_close(struct http_connection *connection, int fd);

#endif
