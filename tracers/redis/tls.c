// SPDX-License-Identifier: EPL-2.0
// TLS connections in clear: Redis built with TLS (Debian's redis-server links libssl) hands its plain RESP and
// bus bytes to OpenSSL, which encrypts them and reads and writes the socket itself. These wrappers give the
// clear bytes of SSL_read, SSL_write and their _ex forms the events a plain read or write of the same
// connection (SSL_get_fd) gets, and keep the socket's own reads and writes under OpenSSL (ciphertext, the
// handshake, close_notify) out of the trace. OpenSSL is resolved lazily with dlsym: a process without libssl
// never calls these, and the library does not link it.
//
// Version 9: the bytes OpenSSL still holds after a read (SSL_pending), which reach Redis only through its list of
// connections with pending data, not through a readable event; and the life of OpenSSL's objects: SSL_free tells
// the object's descriptor, a second SSL_free of it or a read or write of it once freed are told before they run (a
// double free, a use after free: Redis issue #12540), found by the object's address, never by reading it.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <stddef.h>

#include "wrap.h"

typedef struct ssl_st SSL;   // opaque: only pointers cross these wrappers
typedef struct ssl_ctx_st SSL_CTX;

int SSL_get_fd(const SSL *ssl);
int SSL_accept(SSL *ssl);
int SSL_connect(SSL *ssl);
int SSL_do_handshake(SSL *ssl);
int SSL_shutdown(SSL *ssl);
int SSL_pending(const SSL *ssl);
SSL *SSL_new(SSL_CTX *ctx);
void SSL_free(SSL *ssl);

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

// Objects freed while recording, by address, with their descriptor: FREED_BUCKETS buckets of FREED_WAYS, the
// oldest entry of a full bucket replaced. An entry goes when SSL_new returns its address again. Looked up without
// a lock (an entry's descriptor is stored before its address); changed under one.
#define FREED_BUCKETS 1024
#define FREED_WAYS 4
static struct {
    SSL *ssl[FREED_WAYS];
    int fd[FREED_WAYS];
    unsigned next;
} freed[FREED_BUCKETS];
static int freed_count;   // entries in use: no lookup while none
static pthread_mutex_t freed_lock = PTHREAD_MUTEX_INITIALIZER;

static unsigned bucket_of(const SSL *ssl) {
    uintptr_t a = (uintptr_t) ssl;
    return (unsigned) ((a >> 4) ^ (a >> 14)) % FREED_BUCKETS;
}

// Whether the object was freed and not made again since; its descriptor then in *fd.
static int was_freed(const SSL *ssl, int *fd) {
    if (__atomic_load_n(&freed_count, __ATOMIC_RELAXED) == 0) {
        return 0;
    }
    unsigned b = bucket_of(ssl);
    for (int i = 0; i < FREED_WAYS; i++) {
        if (__atomic_load_n(&freed[b].ssl[i], __ATOMIC_ACQUIRE) == ssl) {
            *fd = freed[b].fd[i];
            return 1;
        }
    }
    return 0;
}

static void remember_freed(SSL *ssl, int fd) {
    unsigned b = bucket_of(ssl);
    pthread_mutex_lock(&freed_lock);
    unsigned i = freed[b].next++ % FREED_WAYS;
    if (freed[b].ssl[i] == NULL) {
        __atomic_add_fetch(&freed_count, 1, __ATOMIC_RELAXED);
    }
    __atomic_store_n(&freed[b].ssl[i], NULL, __ATOMIC_RELEASE);
    freed[b].fd[i] = fd;
    __atomic_store_n(&freed[b].ssl[i], ssl, __ATOMIC_RELEASE);
    pthread_mutex_unlock(&freed_lock);
}

static void forget_freed(SSL *ssl) {
    if (__atomic_load_n(&freed_count, __ATOMIC_RELAXED) == 0) {
        return;
    }
    unsigned b = bucket_of(ssl);
    pthread_mutex_lock(&freed_lock);
    for (int i = 0; i < FREED_WAYS; i++) {
        if (freed[b].ssl[i] == ssl) {
            __atomic_store_n(&freed[b].ssl[i], NULL, __ATOMIC_RELEASE);
            __atomic_sub_fetch(&freed_count, 1, __ATOMIC_RELAXED);
        }
    }
    pthread_mutex_unlock(&freed_lock);
}

// A call on a freed object: told (while recording), and then not traced, as its descriptor may be another's now.
static int freed_call(const SSL *ssl, const char *call) {
    int fd;
    if (!was_freed(ssl, &fd)) {
        return 0;
    }
    if (sextant_redis_recording()) {
        sextant_tls_freed_call(fd, call);
    }
    return 1;
}

// After a read that moved bytes: those OpenSSL holds still.
static void pending_after(SSL *ssl, int fd) {
    REAL_SSL(SSL_pending)
    int pending = real_SSL_pending(ssl);
    if (pending > 0) {
        sextant_tls_pending(fd, pending);
    }
}

static struct connection *traced(SSL *ssl, int *fd) {
    REAL_SSL(SSL_get_fd)
    *fd = real_SSL_get_fd(ssl);
    return *fd < 0 ? NULL : sextant_redis_connection(*fd);
}

int SSL_read(SSL *ssl, void *buffer, int count) {
    REAL_SSL(SSL_read)
    int fd;
    struct connection *c = freed_call(ssl, "read") ? NULL : traced(ssl, &fd);
    if (c != NULL) {
        sextant_read_start(fd, c);
    }
    sextant_tls_depth++;
    int result = real_SSL_read(ssl, buffer, count);
    sextant_tls_depth--;
    if (c != NULL) {
        sextant_read_end(fd, c, buffer, count > 0 ? (size_t) count : 0, result);
        if (result > 0) {
            pending_after(ssl, fd);
        }
    }
    return result;
}

int SSL_read_ex(SSL *ssl, void *buffer, size_t count, size_t *read) {
    REAL_SSL(SSL_read_ex)
    int fd;
    struct connection *c = freed_call(ssl, "read") ? NULL : traced(ssl, &fd);
    if (c != NULL) {
        sextant_read_start(fd, c);
    }
    sextant_tls_depth++;
    int ok = real_SSL_read_ex(ssl, buffer, count, read);
    sextant_tls_depth--;
    if (c != NULL) {
        sextant_read_end(fd, c, buffer, count, ok == 1 && read != NULL ? (int64_t) *read : 0);
        if (ok == 1) {
            pending_after(ssl, fd);
        }
    }
    return ok;
}

int SSL_write(SSL *ssl, const void *buffer, int count) {
    REAL_SSL(SSL_write)
    int fd;
    struct connection *c = freed_call(ssl, "write") ? NULL : traced(ssl, &fd);
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
    struct connection *c = freed_call(ssl, "write") ? NULL : traced(ssl, &fd);
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

SSL *SSL_new(SSL_CTX *ctx) {
    REAL_SSL(SSL_new)
    SSL *ssl = real_SSL_new(ctx);
    if (ssl != NULL) {
        forget_freed(ssl);   // an address freed before is a new object now
    }
    return ssl;
}

void SSL_free(SSL *ssl) {
    REAL_SSL(SSL_free)
    if (ssl != NULL && sextant_redis_recording()) {
        int fd;
        int again = was_freed(ssl, &fd);
        if (!again) {
            REAL_SSL(SSL_get_fd)
            fd = real_SSL_get_fd(ssl);
            remember_freed(ssl, fd);
        }
        sextant_tls_free(fd, again);
    }
    sextant_tls_depth++;
    real_SSL_free(ssl);
    sextant_tls_depth--;
}
