// SPDX-License-Identifier: EPL-2.0
// What the wrappers of wrap.c share with those of other files (tls.c): the traced connections, and the events
// around a read or a write whose bytes another library moves (OpenSSL reads and writes the socket itself).
#ifndef SEXTANT_REDIS_WRAP_H
#define SEXTANT_REDIS_WRAP_H

#include <stdint.h>
#include <sys/uio.h>

struct connection;

// Inside OpenSSL (depth > 0): the socket's own reads and writes carry ciphertext, and are not traced.
extern __thread int sextant_tls_depth;

// The traced connection on this descriptor, NULL when it is none.
struct connection *sextant_lookup(int fd);

// The same, when it carries Redis's events: NULL also for a connection of a process traced for HTTP.
struct connection *sextant_redis_connection(int fd);

// A read of the connection's bytes starts; it ended with `bytes` (its result, <= 0 when nothing came) in `buffer`.
void sextant_read_start(int fd, struct connection *c);
void sextant_read_end(int fd, struct connection *c, const void *buffer, int64_t bytes);

// A write of the iovecs starts; it ended with `bytes` of them written (<= 0 when none).
void sextant_write_start(int fd, struct connection *c, const struct iovec *iov, int count);
void sextant_write_end(int fd, struct connection *c, const struct iovec *iov, int count, int64_t bytes);

#endif
