// SPDX-License-Identifier: EPL-2.0
// What the wrappers of wrap.c share with those of other files (tls.c): the traced connections, and the events
// around a read or a write whose bytes another library moves (OpenSSL reads and writes the socket itself).
#ifndef SEXTANT_REDIS_WRAP_H
#define SEXTANT_REDIS_WRAP_H

#include <stdint.h>
#include <sys/uio.h>

struct connection;

// Inside OpenSSL (depth > 0): the socket's own reads and writes carry ciphertext, and are not traced.
extern __thread int sextant_tls_depth __attribute__((tls_model("initial-exec")));

// The traced connection on this descriptor, NULL when it is none.
struct connection *sextant_lookup(int fd);

// The connection of a Redis node to trace a call on this descriptor with: NULL when no session records, when the
// descriptor is no TCP connection, inside OpenSSL, and in a process traced for HTTP.
struct connection *sextant_redis_connection(int fd);

// A read of up to `count` bytes of the connection starts; it ended with `bytes` (its result, <= 0 when nothing
// came) in `buffer`.
void sextant_read_start(int fd, struct connection *c);
void sextant_read_end(int fd, struct connection *c, const void *buffer, size_t count, int64_t bytes);

// A write of the iovecs starts; it ended with `bytes` of them written (<= 0 when none).
void sextant_write_start(int fd, struct connection *c, const struct iovec *iov, int count);
void sextant_write_end(int fd, struct connection *c, const struct iovec *iov, int count, int64_t bytes);

// Version 9, for the TLS wrappers: whether a Redis node records; and the events of OpenSSL's objects
// (docs/redis-events.md): bytes OpenSSL holds after a read, an object freed (again: 1 when it was freed before), a
// call on an object freed.
int sextant_redis_recording(void);
void sextant_tls_pending(int fd, int bytes);
void sextant_tls_free(int fd, int again);
void sextant_tls_freed_call(int fd, const char *call);

#endif
