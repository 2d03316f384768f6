// SPDX-License-Identifier: EPL-2.0
// TLS connections in clear: Redis built with TLS (Debian's redis-server links libssl) hands its plain RESP and
// bus bytes to OpenSSL, which encrypts them and reads and writes the socket itself. These wrappers give the
// clear bytes of SSL_read, SSL_write and their _ex forms the events a plain read or write of the same
// connection (SSL_get_fd) gets, and keep the socket's own reads and writes under OpenSSL (ciphertext, the
// handshake, close_notify) out of the trace. OpenSSL is resolved lazily with dlsym: a process without libssl
// never calls these, and the library does not link it.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <stddef.h>

#include "wrap.h"

typedef struct ssl_st SSL;   // opaque: only pointers cross these wrappers

int SSL_get_fd(const SSL *ssl);
int SSL_accept(SSL *ssl);
int SSL_connect(SSL *ssl);
int SSL_do_handshake(SSL *ssl);
int SSL_shutdown(SSL *ssl);

static void *openssl(const char *name) {
    void *function = dlsym(RTLD_NEXT, name);
    if (function == NULL) {
        abort();   // called from libssl's own caller, yet no libssl function: nothing sensible can go on
    }
    return function;
}

// The real function, of the same type as the wrapper, found at first use (a pointer store: threads racing to
// it store the same value).
#define REAL_SSL(name) \
    static __typeof__(&name) real_##name; \
    if (real_##name == NULL) { \
        real_##name = (__typeof__(&name)) openssl(#name); \
    }

static struct connection *traced(SSL *ssl, int *fd) {
    REAL_SSL(SSL_get_fd)
    *fd = real_SSL_get_fd(ssl);
    return *fd < 0 ? NULL : sextant_redis_connection(*fd);
}

int SSL_read(SSL *ssl, void *buffer, int count) {
    REAL_SSL(SSL_read)
    int fd;
    struct connection *c = traced(ssl, &fd);
    if (c != NULL) {
        sextant_read_start(fd, c);
    }
    sextant_tls_depth++;
    int result = real_SSL_read(ssl, buffer, count);
    sextant_tls_depth--;
    if (c != NULL) {
        sextant_read_end(fd, c, buffer, count > 0 ? (size_t) count : 0, result);
    }
    return result;
}

int SSL_read_ex(SSL *ssl, void *buffer, size_t count, size_t *read) {
    REAL_SSL(SSL_read_ex)
    int fd;
    struct connection *c = traced(ssl, &fd);
    if (c != NULL) {
        sextant_read_start(fd, c);
    }
    sextant_tls_depth++;
    int ok = real_SSL_read_ex(ssl, buffer, count, read);
    sextant_tls_depth--;
    if (c != NULL) {
        sextant_read_end(fd, c, buffer, count, ok == 1 && read != NULL ? (int64_t) *read : 0);
    }
    return ok;
}

int SSL_write(SSL *ssl, const void *buffer, int count) {
    REAL_SSL(SSL_write)
    int fd;
    struct connection *c = traced(ssl, &fd);
    struct iovec one = { (void *) buffer, count > 0 ? (size_t) count : 0 };
    if (c != NULL) {
        sextant_write_start(fd, c, &one, 1);
    }
    sextant_tls_depth++;
    int result = real_SSL_write(ssl, buffer, count);
    sextant_tls_depth--;
    if (c != NULL) {
        sextant_write_end(fd, c, &one, 1, result);
    }
    return result;
}

int SSL_write_ex(SSL *ssl, const void *buffer, size_t count, size_t *written) {
    REAL_SSL(SSL_write_ex)
    int fd;
    struct connection *c = traced(ssl, &fd);
    struct iovec one = { (void *) buffer, count };
    if (c != NULL) {
        sextant_write_start(fd, c, &one, 1);
    }
    sextant_tls_depth++;
    int ok = real_SSL_write_ex(ssl, buffer, count, written);
    sextant_tls_depth--;
    if (c != NULL) {
        sextant_write_end(fd, c, &one, 1, ok == 1 && written != NULL ? (int64_t) *written : 0);
    }
    return ok;
}

// The handshake and the shutdown move only OpenSSL's own records: untraced.
#define UNTRACED(name) \
    int name(SSL *ssl) { \
        REAL_SSL(name) \
        sextant_tls_depth++; \
        int result = real_##name(ssl); \
        sextant_tls_depth--; \
        return result; \
    }

UNTRACED(SSL_accept)
UNTRACED(SSL_connect)
UNTRACED(SSL_do_handshake)
UNTRACED(SSL_shutdown)
