// SPDX-License-Identifier: EPL-2.0
// Sextant's transparent tracer: loaded with LD_PRELOAD into an unmodified redis-server, it wraps the calls
// Redis 7 makes its network I/O with and emits the "redis" events of docs/redis-events.md; loaded into any other
// process (a Node service, a client), it emits the "http" events of docs/http-events.md instead (http_io.c).
// Only TCP sockets are traced; each wrapper calls the real function first or last exactly once and returns its
// result with its errno untouched.
//
// In a Redis node the wrappers do nothing but one test (recording(): is any "redis" tracepoint enabled?) while no
// session records: no descriptor table, no parsing. A connection is then first met by a traced call when the
// session starts, mid-stream: it is found from its descriptor (discover()) and its parsers wait for a safe point
// before they report anything (struct connection's sync fields). Processes traced for HTTP keep their
// connections from their opening, recording or not.
#define _GNU_SOURCE
#include <arpa/inet.h>
#include <dlfcn.h>
#include <errno.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>

#include "http_io.h"
#include "parse.h"
#include "redis_tp.h"
#include "wrap.h"

#define MAX_FDS 65536
#define MAX_LISTENERS 16
#define MAX_PENDING 64
#define BUS_PORT_OFFSET 10000   // Redis's default cluster-port: the data port + 10000

enum kind { K_CLIENT, K_BUS, K_REPLICA, K_UNKNOWN };
static const char *const KIND_NAMES[] = { "client", "bus", "replica", "unknown" };

// initial-exec: the library is preloaded, so its thread variables sit in the static TLS block and cost a plain
// load instead of a __tls_get_addr call on every wrapped call.
#define THREAD_LOCAL __thread __attribute__((tls_model("initial-exec")))

THREAD_LOCAL int sextant_tls_depth;

struct connection {
    enum kind kind;
    int accepted;
    int opening_traced;          // its accept/connect was traced; 0 when found later (discover())
    unsigned generation;         // the recording stretch whose calls its state has seen (see recording())
    uint32_t watched;            // epoll interest, as redis-events masks: 1 readable, 2 writable
    int watched_known;           // 0 while the interest before the next epoll_ctl is unknown
    // Parsers joined mid-stream report nothing until their bytes are known to start on a boundary (requests:
    // resp_read()):
    int replies_synced;          // replies: after a write that wrote all it was given (Redis adds whole replies)
    int ordinals_known;          // replies counted since the opening, so that a redirect's ordinal is right
    int bus_in_synced, bus_out_synced;   // bus streams: at a read or write that starts with a header ("RCmb")
    struct resp_parser request;
    struct reply_scanner replies;
    struct bus_parser bus_in;
    struct bus_parser bus_out;
    struct http_connection *http;   // not a Redis node: the connection's HTTP events instead
};

struct listener {
    int fd;
    int port;
};

// The real functions.
static ssize_t (*real_read)(int, void *, size_t);
static ssize_t (*real_write)(int, const void *, size_t);
static ssize_t (*real_writev)(int, const struct iovec *, int);
static ssize_t (*real_readv)(int, const struct iovec *, int);
static ssize_t (*real_recv)(int, void *, size_t, int);
static ssize_t (*real_recvfrom)(int, void *, size_t, int, struct sockaddr *, socklen_t *);
static ssize_t (*real_send)(int, const void *, size_t, int);
static ssize_t (*real_sendto)(int, const void *, size_t, int, const struct sockaddr *, socklen_t);
static long (*real_syscall)(long, ...);
static int (*real_accept)(int, struct sockaddr *, socklen_t *);
static int (*real_accept4)(int, struct sockaddr *, socklen_t *, int);
static int (*real_connect)(int, const struct sockaddr *, socklen_t);
static int (*real_listen)(int, int);
static int (*real_close)(int);
static int (*real_epoll_ctl)(int, int, int, struct epoll_event *);
static int (*real_epoll_wait)(int, struct epoll_event *, int, int);

// Connections by descriptor: a connection is only touched by the thread doing I/O on it, but io-threads and the
// main thread open, close and look up concurrently, so its slot is read and replaced atomically (no lock on the
// path of every read and write). Descriptors found not to be TCP connections are remembered until closed.
static struct connection *connections[MAX_FDS];
static unsigned char not_connection[MAX_FDS];
// Descriptors whose connection was closed while recording and not opened again since: a close of one is told
// (close_untracked), as a second close of a freed connection is one (version 9).
static unsigned char freed_connection[MAX_FDS];
// Listening sockets, rarely changed: under a lock.
static struct listener listeners[MAX_LISTENERS];
static int listener_count;
// Whether the node is in a cluster (it listens on a port and on that port's cluster bus port): only there do key
// slots and redirections mean anything, so only there are keys hashed and replies scanned, the parsing that cost
// the most per request recording a standalone node.
static int cluster_node;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

// Commands this thread started and has not ended, as runs of commands of one connection: they end at its next
// traced call. Version 4: that call's own first event tells it (readers end a thread's commands at its next
// event); a call that makes no event of its own tells it with a call_commands_end per run.
struct pending {
    int fd;
    int count;
};
static THREAD_LOCAL struct pending pending[MAX_PENDING];
static THREAD_LOCAL int pending_count;
static THREAD_LOCAL unsigned pending_generation;

static void *next(const char *name) {
    void *function = dlsym(RTLD_NEXT, name);
    if (function == NULL) {
        abort();   // no libc function to call: nothing sensible can go on
    }
    return function;
}

// Resolved on first use: other libraries' constructors (LTTng-UST's own) may call them before ours runs.
static void resolve(void) {
    if (real_epoll_wait != NULL) {
        return;
    }
    real_read = next("read");
    real_write = next("write");
    real_writev = next("writev");
    real_readv = next("readv");
    real_recv = next("recv");
    real_recvfrom = next("recvfrom");
    real_send = next("send");
    real_sendto = next("sendto");
    real_syscall = next("syscall");
    real_accept = next("accept");
    real_accept4 = next("accept4");
    real_connect = next("connect");
    real_listen = next("listen");
    real_close = next("close");
    real_epoll_ctl = next("epoll_ctl");
    real_epoll_wait = next("epoll_wait");   // last: the others are set once it is
}
#define REAL(name) (resolve(), real_##name)

// A Redis node gets the "redis" events, any other process the "http" events. Decided from the program's name
// before main() runs: Redis rewrites its argv for its process title, and /proc/self/exe names redis-check-rdb.
static int http_process = -1;

static int traces_http(void) {
    if (http_process < 0) {
        http_process = strncmp(program_invocation_short_name, "redis-server", 12) != 0
            && strncmp(program_invocation_short_name, "redis-sentinel", 14) != 0;
    }
    return http_process;
}

__attribute__((constructor)) static void decide_protocol(void) {
    traces_http();
}

// Whether a session records any "redis" event: LTTng-UST's own test, a load per tracepoint, no call. The events
// of every client read come first, and the test stops at the first enabled one: a session that records them (as
// ./sextant record's does) costs two loads a call instead of all of them.
static inline int redis_enabled(void) {
#define ON(name) lttng_ust_tracepoint_enabled(redis, name)
    return ON(end_read_client_query) || ON(listen) || ON(new_connection) || ON(connection_kind) || ON(free_client)
        || ON(start_read_client_query) || ON(call_commands_start) || ON(call_commands_end) || ON(write_to_client_start)
        || ON(write_to_client_end) || ON(writes_end) || ON(reads_end) || ON(redirect) || ON(cluster_read_handler_start) || ON(cluster_read_handler_end)
        || ON(cluster_msg_received) || ON(cluster_write_handler_start) || ON(cluster_write_handler_end)
        || ON(cluster_msg_sent) || ON(add_file_event) || ON(delete_file_event) || ON(before_sleep) || ON(after_sleep)
        || ON(readable) || ON(tls_pending) || ON(tls_free) || ON(tls_freed_call) || ON(close_untracked) || ON(abort);
#undef ON
}

// Recording stretches: a call that skipped its work while no session recorded sets idle_seen; the first traced
// call after it starts a new generation. A connection or a thread's pending commands of an older generation
// missed calls, so their state is stale: the connection resynchronises, the commands are dropped (their end was
// not seen).
static int idle_seen;
static unsigned generation;

// Version 5: while the event loop's thread does all of a node's client I/O, a client read's or write's start is
// told by its end event's `took` (the nanoseconds since the call started, on CLOCK_MONOTONIC, LTTng's clock), not by
// an event of its own: two events per read and reply instead of four. Once another thread reads or writes a client
// (io-threads), every start has its event again, for good: the model needs the starts in time order to see two
// threads on one connection at once.
static int io_threads;                    // a thread that does not wait for events did client I/O
static THREAD_LOCAL int loop_thread;      // this thread waits for events (epoll_wait): the event loop's
static THREAD_LOCAL int64_t call_start;   // when this thread's traced read or write started; -1 when its event told it

static int64_t now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t) t.tv_sec * 1000000000 + t.tv_nsec;
}

// A client read or write starts: whether its start needs an event of its own.
static int starts_told(void) {
    if (!loop_thread && !__atomic_load_n(&io_threads, __ATOMIC_RELAXED)) {
        __atomic_store_n(&io_threads, 1, __ATOMIC_RELAXED);
    }
    return __atomic_load_n(&io_threads, __ATOMIC_RELAXED);
}

// Version 7: a client write whose start is untold has no end event of its own either. The thread keeps its
// descriptor, result, took and end until its next event, which a redis:writes_end telling every write kept goes
// before: Redis writes its replies one client after another just before it waits (beforeSleep), so one event
// tells a loop's replies instead of one each. Version 8 keeps reads the same way, with the commands they
// completed, in a redis:reads_end: Redis reads its ready clients one after another after a wait. A thread keeps
// reads or writes, never both: keeping one tells the other first, so that the events stay in order.
#define KEPT_MAX 64
#define KEPT_READS 32
#define KEPT_COMMANDS 256

// The reads or writes a thread kept, in order.
struct kept_calls {
    unsigned count;
    unsigned generation;
    int32_t fd[KEPT_MAX];
    int64_t bytes[KEPT_MAX];
    int64_t took[KEPT_MAX];
    int64_t end[KEPT_MAX];   // CLOCK_MONOTONIC
};

static THREAD_LOCAL struct kept_calls kept_writes;   // at most KEPT_MAX
static THREAD_LOCAL int64_t kept_offered[KEPT_MAX];   // the bytes each kept write was given (version 10)
static THREAD_LOCAL struct {
    struct kept_calls calls;   // at most KEPT_READS
    int32_t counts[KEPT_READS];   // the commands each read completed
    unsigned commands;            // theirs in all
    size_t names_length;
    char names[KEPT_COMMANDS * COMMAND_NAME_MAX];   // every read's names as its batch wrote them, a space between
    int32_t argc[KEPT_COMMANDS];
    int16_t slot[KEPT_COMMANDS];
} kept_reads;

static unsigned current_generation(void);
static void hook_process(void);
static pthread_once_t process_hooks = PTHREAD_ONCE_INIT;   // hook_process, at the first call kept

// Keeps a call that ended at `end`; returns its index.
static unsigned keep_call(struct kept_calls *k, int fd, int64_t bytes, int64_t end) {
    if (k->count == 0) {
        k->generation = current_generation();
        pthread_once(&process_hooks, hook_process);
    }
    unsigned i = k->count++;
    k->fd[i] = fd;
    k->bytes[i] = bytes;
    k->took[i] = end - call_start;
    k->end[i] = end;
    return i;
}

// Whether the kept calls can be told (not kept before a gap in recording), and if so each one's `ago`: the
// nanoseconds from its end to now, the time of the event that tells it.
static int told_ago(const struct kept_calls *k, int64_t *ago) {
    if (k->generation != current_generation()) {
        return 0;
    }
    int64_t at = now();
    for (unsigned i = 0; i < k->count; i++) {
        ago[i] = at - k->end[i];
    }
    return 1;
}

static void forget_reads(void) {
    kept_reads.calls.count = 0;
    kept_reads.commands = 0;
    kept_reads.names_length = 0;
}

// The writes this thread kept, told now.
static void tell_writes(void) {
    int64_t ago[KEPT_MAX];
    if (told_ago(&kept_writes, ago)) {
        tracepoint(redis, writes_end, kept_writes.fd, kept_writes.bytes, kept_writes.took, ago, kept_offered,
                   kept_writes.count);
    }
    kept_writes.count = 0;
}

// The reads this thread kept, told now.
static void tell_reads(void) {
    const struct kept_calls *reads = &kept_reads.calls;
    int64_t ago[KEPT_MAX];
    if (told_ago(reads, ago)) {
        kept_reads.names[kept_reads.names_length] = '\0';
        tracepoint(redis, reads_end, reads->fd, reads->bytes, reads->took, ago, kept_reads.counts, reads->count,
                   kept_reads.names, kept_reads.argc, kept_reads.slot, kept_reads.commands);
    }
    forget_reads();
}

// A process that exits tells what its exiting thread kept (its event loop's, in Redis: the read of a SHUTDOWN).
// Registered with atexit at the first call kept, so that it runs before the libraries' destructors, among them
// the one that unregisters this library's tracepoints; a destructor of its own would run too late.
static void tell_last_calls(void) {
    if (kept_writes.count > 0) {
        tell_writes();
    }
    if (kept_reads.calls.count > 0) {
        tell_reads();
    }
}

// A forked child (Redis's background save) inherits the calls its parent's thread kept: they are the parent's to
// tell, not the child's.
static void forget_kept(void) {
    kept_writes.count = 0;
    forget_reads();
}

static void hook_process(void) {
    atexit(tell_last_calls);
    pthread_atfork(NULL, NULL, forget_kept);
}

// Every event but writes_end and reads_end goes out through this: what the thread kept first, so that events stay
// in order.
#define redis_event(...) do { \
        if (__builtin_expect(kept_writes.count > 0, 0)) { \
            tell_writes(); \
        } \
        if (__builtin_expect(kept_reads.calls.count > 0, 0)) { \
            tell_reads(); \
        } \
        tracepoint(redis, __VA_ARGS__); \
    } while (0)

static void keep_write(int fd, int64_t bytes, int64_t given) {
    int64_t end = now();
    if (kept_reads.calls.count > 0) {
        tell_reads();
    }
    kept_offered[keep_call(&kept_writes, fd, bytes, end)] = given;
    if (kept_writes.count == KEPT_MAX) {
        tell_writes();
    }
}

// A read whose start is untold ends, with the commands it completed so far (a batch of at most BATCH_MAX: those
// after it go out in call_commands_start events, after these).
static void keep_read(int fd, int64_t bytes, struct command_batch *b) {
    int64_t end = now();
    if (kept_writes.count > 0) {
        tell_writes();
    }
    const char *names = batch_names(b);
    size_t length = strlen(names);
    if (kept_reads.calls.count == KEPT_READS || kept_reads.commands + b->count > KEPT_COMMANDS
        || kept_reads.names_length + 1 + length >= sizeof kept_reads.names) {
        tell_reads();
    }
    kept_reads.counts[keep_call(&kept_reads.calls, fd, bytes, end)] = (int32_t) b->count;
    if (length > 0) {
        if (kept_reads.names_length > 0) {
            kept_reads.names[kept_reads.names_length++] = ' ';
        }
        memcpy(kept_reads.names + kept_reads.names_length, names, length);
        kept_reads.names_length += length;
    }
    memcpy(kept_reads.argc + kept_reads.commands, b->argc, b->count * sizeof b->argc[0]);
    memcpy(kept_reads.slot + kept_reads.commands, b->slot, b->count * sizeof b->slot[0]);
    kept_reads.commands += b->count;
}


// Whether to trace this call of a Redis node: the one test every wrapper makes first.
static inline int recording(void) {
    if (__builtin_expect(redis_enabled(), 0)) {
        if (__builtin_expect(__atomic_load_n(&idle_seen, __ATOMIC_RELAXED), 0)
            && __atomic_exchange_n(&idle_seen, 0, __ATOMIC_ACQ_REL)) {
            __atomic_add_fetch(&generation, 1, __ATOMIC_RELEASE);
        }
        return 1;
    }
    if (!__atomic_load_n(&idle_seen, __ATOMIC_RELAXED)) {
        __atomic_store_n(&idle_seen, 1, __ATOMIC_RELAXED);
    }
    return 0;
}

static unsigned current_generation(void) {
    return __atomic_load_n(&generation, __ATOMIC_ACQUIRE);
}


struct connection *sextant_lookup(int fd) {
    if (fd < 0 || fd >= MAX_FDS) {
        return NULL;
    }
    return __atomic_load_n(&connections[fd], __ATOMIC_ACQUIRE);
}

// The thread's commands end now, at a traced call: `told` when the call's first event follows, which tells it.
static void end_commands(int told) {
    if (!told && pending_generation == current_generation()) {
        for (int i = 0; i < pending_count; i++) {
            redis_event(call_commands_end, pending[i].fd, pending[i].count);
        }
    }
    pending_count = 0;
}

// Commands of `fd` this thread has just told the start of.
static void add_pending(int fd, unsigned count) {
    if (pending_count > 0 && pending_generation != current_generation()) {
        pending_count = 0;   // started before a gap in recording: their end was not seen
    }
    if (pending_count == 0 || pending[pending_count - 1].fd != fd) {
        if (pending_count == MAX_PENDING) {
            end_commands(0);   // a thread that parses commands of so many connections without a call between: end them now
        }
        pending_generation = current_generation();
        pending[pending_count++] = (struct pending) { fd, 0 };
    }
    pending[pending_count - 1].count += (int) count;
}

struct io_context {
    int fd;
    struct connection *connection;
    struct command_batch *batch;   // the commands of the read being parsed not yet told
    int64_t bytes;                 // the read's result
    int read_told;                 // whether its end_read_client_query went out
};

static void clear_batch(struct command_batch *b) {
    b->count = 0;
    b->run = 0;
    b->names_length = 0;
}

// Tells the commands of a read so far, in one event: the event's fixed cost (ring buffer, clock, contexts) is
// most of what a command cost to record, paid once per read instead of per command. Version 4: the read's own
// end_read_client_query carries the first batch, a call_commands_start each later one (a read of more than
// BATCH_MAX commands, or the commands after one that makes the connection a replica).
static void start_commands(struct io_context *io) {
    struct command_batch *b = io->batch;
    if (!io->read_told) {
        if (call_start >= 0) {
            keep_read(io->fd, io->bytes, b);
        } else {
            redis_event(end_read_client_query, io->fd, io->bytes, -1, batch_names(b), b->argc, b->slot, b->count);
        }
        io->read_told = 1;
    } else if (b->count > 0) {
        redis_event(call_commands_start, io->fd, batch_names(b), b->argc, b->slot, b->count);
    }
    if (b->count > 0) {
        add_pending(io->fd, b->count);
        clear_batch(b);
    }
}

static void on_command(void *context, const char *name, int argc, int slot) {
    struct io_context *io = context;
    // the last command's name again: the first of its run already made any kind it makes
    if (batch_repeat(io->batch, name, argc, slot)) {
        if (io->batch->count == BATCH_MAX) {
            start_commands(io);
        }
        return;
    }
    struct connection *c = io->connection;
    // a replica's handshake starts with PING (and AUTH): any of its own commands tells; tested a letter further
    // before any strcmp, so that SET costs none
    if (c->kind == K_CLIENT && ((name[0] == 'r' && strcmp(name, "replconf") == 0) || (name[0] == 'p' && strcmp(name, "psync") == 0)
                                || (name[0] == 's' && name[1] == 'y' && strcmp(name, "sync") == 0))) {
        c->kind = K_REPLICA;
        start_commands(io);   // the commands before it were a client's
        redis_event(connection_kind, io->fd, KIND_NAMES[K_REPLICA]);
    }
    if (batch_add(io->batch, name, argc, slot)) {
        start_commands(io);
    }
}

static void on_redirect(void *context, int64_t reply, const char *kind, int slot, const char *target) {
    struct io_context *io = context;
    redis_event(redirect, io->fd, io->connection->ordinals_known ? reply : -1, kind, slot, target);
}

static void on_received(void *context, int type, uint32_t length, int sender_port) {
    char unknown[24];
    struct io_context *io = context;
    redis_event(cluster_msg_received, io->fd, type, bus_type_name(type, unknown, sizeof unknown), length, sender_port);
}

static void on_sent(void *context, int type, uint32_t length, int sender_port) {
    char unknown[24];
    struct io_context *io = context;
    redis_event(cluster_msg_sent, io->fd, type, bus_type_name(type, unknown, sizeof unknown), length, sender_port);
}

/* Addresses. */

static int endpoint(const struct sockaddr_storage *address, char *text, size_t size) {
    if (address->ss_family == AF_INET) {
        const struct sockaddr_in *in = (const struct sockaddr_in *) address;
        inet_ntop(AF_INET, &in->sin_addr, text, (socklen_t) size);
        return ntohs(in->sin_port);
    }
    if (address->ss_family == AF_INET6) {
        const struct sockaddr_in6 *in6 = (const struct sockaddr_in6 *) address;
        inet_ntop(AF_INET6, &in6->sin6_addr, text, (socklen_t) size);
        return ntohs(in6->sin6_port);
    }
    text[0] = '\0';
    return -1;
}

static int local_endpoint(int fd, char *text, size_t size) {
    struct sockaddr_storage address;
    socklen_t length = sizeof address;
    memset(&address, 0, sizeof address);
    if (getsockname(fd, (struct sockaddr *) &address, &length) != 0) {
        text[0] = '\0';
        return -1;
    }
    return endpoint(&address, text, size);
}

static int is_tcp(int fd) {
    int type = 0;
    socklen_t length = sizeof type;
    return getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &length) == 0 && type == SOCK_STREAM;
}

/* Connections. */

static int listening_port(int fd) {
    for (int i = 0; i < listener_count; i++) {
        if (listeners[i].fd == fd) {
            return listeners[i].port;
        }
    }
    return -1;
}

static int listens_on(int port) {
    for (int i = 0; i < listener_count; i++) {
        if (listeners[i].port == port) {
            return 1;
        }
    }
    return 0;
}

// Starts tracing a new socket (a descriptor still traced lost its close: it is replaced).
static void open_connection(int fd, int accepted, int listen_fd, const struct sockaddr_storage *remote) {
    if (fd < 0 || fd >= MAX_FDS) {
        return;
    }
    char local_text[INET6_ADDRSTRLEN], remote_text[INET6_ADDRSTRLEN];
    int local_port = local_endpoint(fd, local_text, sizeof local_text);
    int remote_port = endpoint(remote, remote_text, sizeof remote_text);
    if (local_port < 0 || remote_port < 0) {
        return;   // not TCP over IP: a Unix socket
    }
    struct connection *c = calloc(1, sizeof *c);
    if (c == NULL) {
        return;
    }
    c->accepted = accepted;
    c->opening_traced = 1;
    c->generation = current_generation();
    c->watched_known = c->replies_synced = c->ordinals_known = 1;
    c->bus_in_synced = c->bus_out_synced = 1;
    if (traces_http() && (c->http = http_open(fd, accepted, local_text, local_port, remote_text, remote_port)) == NULL) {
        free(c);
        return;
    }
    pthread_mutex_lock(&lock);
    if (accepted) {
        int port = listening_port(listen_fd);
        c->kind = port > BUS_PORT_OFFSET && listens_on(port - BUS_PORT_OFFSET) ? K_BUS : K_CLIENT;
    } else {
        c->kind = K_UNKNOWN;
    }
    pthread_mutex_unlock(&lock);
    freed_connection[fd] = 0;
    struct connection *old = __atomic_exchange_n(&connections[fd], c, __ATOMIC_ACQ_REL);
    if (old != NULL && old->http != NULL) {
        http_close(old->http, fd);
    }
    free(old);
    if (c->http != NULL) {
        return;
    }
    redis_event(new_connection, fd, accepted, listen_fd, local_text, local_port, remote_text, remote_port, KIND_NAMES[c->kind]);
}

// Done on every close, recording or not (two loads when the descriptor is nothing of ours): a descriptor number
// reused later must not inherit a connection, or a verdict that it is none. Returns whether the descriptor is one
// whose connection was closed before, while recording, and not opened again since: its close is to be told.
static int close_connection(int fd) {
    if (fd < 0 || fd >= MAX_FDS) {
        return 0;
    }
    if (not_connection[fd]) {
        not_connection[fd] = 0;
    }
    if (__builtin_expect(freed_connection[fd], 0)) {
        freed_connection[fd] = 0;
        if (__atomic_load_n(&connections[fd], __ATOMIC_ACQUIRE) == NULL) {
            return !traces_http() && recording();
        }
    }
    struct connection *c = __atomic_load_n(&connections[fd], __ATOMIC_ACQUIRE) == NULL
        ? NULL : __atomic_exchange_n(&connections[fd], NULL, __ATOMIC_ACQ_REL);
    if (listener_count > 0) {
        pthread_mutex_lock(&lock);
        for (int i = 0; i < listener_count; i++) {
            if (listeners[i].fd == fd) {
                listeners[i] = listeners[--listener_count];
                break;
            }
        }
        pthread_mutex_unlock(&lock);
    }
    if (c != NULL && c->http != NULL) {
        http_close(c->http, fd);
        free(c);
    } else if (c != NULL) {
        if (recording()) {
            end_commands(1);
            redis_event(free_client, fd);
            freed_connection[fd] = 1;
        }
        free(c);
    }
    return 0;
}

// A state made in an earlier recording stretch missed the calls between: everything of it restarts unknown.
static void resynchronise(struct connection *c, unsigned now) {
    c->generation = now;
    c->watched_known = c->replies_synced = c->ordinals_known = 0;
    c->bus_in_synced = c->bus_out_synced = 0;
    resp_join(&c->request);
}

// A descriptor met by a traced call of a Redis node with no connection: a TCP connection opened while no session
// recorded, or before (found from its addresses), or something else (remembered as none until closed). Its kind
// comes from its local port: accepted on a listening port (bus on the cluster port), connected otherwise.
static struct connection *discover(int fd) {
    struct sockaddr_storage local;
    socklen_t length = sizeof local;
    int port = -1;
    memset(&local, 0, sizeof local);
    if (getsockname(fd, (struct sockaddr *) &local, &length) == 0 && is_tcp(fd)) {
        char ignored[INET6_ADDRSTRLEN];
        port = endpoint(&local, ignored, sizeof ignored);
    }
    struct connection *c = port < 0 ? NULL : calloc(1, sizeof *c);
    if (c != NULL) {
        pthread_mutex_lock(&lock);
        int listening = listening_port(fd) >= 0;
        c->accepted = listens_on(port);
        c->kind = !c->accepted ? K_UNKNOWN : port > BUS_PORT_OFFSET && listens_on(port - BUS_PORT_OFFSET) ? K_BUS : K_CLIENT;
        pthread_mutex_unlock(&lock);
        if (listening) {
            free(c);
            c = NULL;
        }
    }
    if (c == NULL) {
        not_connection[fd] = 1;
        return NULL;
    }
    resynchronise(c, current_generation());
    freed_connection[fd] = 0;
    struct connection *expected = NULL;
    if (!__atomic_compare_exchange_n(&connections[fd], &expected, c, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
        free(c);   // another thread found it first
        return expected;
    }
    if (c->kind != K_UNKNOWN) {
        redis_event(connection_kind, fd, KIND_NAMES[c->kind]);
    }
    return c;
}

// The connection of a Redis node to trace a call on `fd` with, NULL for none: the first test is the only work
// done while no session records.
static struct connection *redis_connection(int fd) {
    if (sextant_tls_depth > 0 || !recording() || fd < 0 || fd >= MAX_FDS) {
        return NULL;
    }
    struct connection *c = __atomic_load_n(&connections[fd], __ATOMIC_ACQUIRE);
    if (c == NULL) {
        return not_connection[fd] ? NULL : discover(fd);
    }
    unsigned now = current_generation();
    if (__builtin_expect(c->generation != now, 0)) {
        resynchronise(c, now);
    }
    return c;
}

struct connection *sextant_redis_connection(int fd) {
    return traces_http() ? NULL : redis_connection(fd);
}

// The connection to trace a call on `fd` with, NULL for none, in a Redis node or a process traced for HTTP.
static struct connection *traced(int fd) {
    if (traces_http()) {
        return sextant_tls_depth > 0 ? NULL : sextant_lookup(fd);
    }
    return redis_connection(fd);
}

static int bus_header(const void *bytes, size_t length) {
    return length >= 4 && memcmp(bytes, "RCmb", 4) == 0;
}

// A connected socket's first bytes out tell its kind: a bus header, or a replica's handshake. Found mid-stream,
// only a write that starts with a bus header or a RESP array tells.
static void classify_outgoing(int fd, struct connection *c, const void *bytes, size_t length) {
    if (c->kind == K_UNKNOWN && length > 0) {
        if (bus_header(bytes, length)) {
            c->kind = K_BUS;
        } else if (c->opening_traced || *(const char *) bytes == '*') {
            c->kind = K_REPLICA;
        } else {
            return;
        }
        redis_event(connection_kind, fd, KIND_NAMES[c->kind]);
    }
}

// An HTTP connection's call returned `result`: its events, errno kept.
static ssize_t http_done(struct connection *c, int fd, int outgoing, const struct iovec *iov, int count,
                         ssize_t result) {
    int saved = errno;
    http_io(c->http, fd, outgoing, iov, count, result);
    errno = saved;
    return result;
}

// The `iov, count` arguments of http_done for a single buffer.
#define HTTP_ONE(buffer, count) (&(struct iovec) { (void *) (buffer), (count) }), 1

/* The wrappers. */

void sextant_read_start(int fd, struct connection *c) {
    end_commands(1);
    if (c->kind == K_BUS) {
        redis_event(cluster_read_handler_start, fd);
    } else if (starts_told()) {
        redis_event(start_read_client_query, fd);
        call_start = -1;
    } else {
        call_start = now();
    }
}

void sextant_read_end(int fd, struct connection *c, const void *buffer, size_t count, int64_t bytes) {
    struct command_batch batch;
    clear_batch(&batch);
    struct io_context io = { fd, c, &batch, bytes, 0 };
    if (c->kind == K_BUS) {
        redis_event(cluster_read_handler_end, fd, bytes);
        if (!c->bus_in_synced && bytes > 0 && bus_header(buffer, (size_t) bytes)) {
            memset(&c->bus_in, 0, sizeof c->bus_in);
            c->bus_in_synced = 1;
        }
        if (bytes > 0 && c->bus_in_synced) {
            bus_feed(&c->bus_in, buffer, (size_t) bytes, on_received, &io);
        }
        return;
    }
    c->request.keyless = !__atomic_load_n(&cluster_node, __ATOMIC_RELAXED);
    resp_read(&c->request, buffer, count, bytes, on_command, &io);
    start_commands(&io);   // the read's end, with its commands
}

ssize_t read(int fd, void *buffer, size_t count) {
    struct connection *c = traced(fd);
    if (c == NULL) {
        return REAL(read)(fd, buffer, count);
    }
    if (c->http != NULL) {
        return http_done(c, fd, 0, HTTP_ONE(buffer, count), REAL(read)(fd, buffer, count));
    }
    sextant_read_start(fd, c);
    ssize_t result = REAL(read)(fd, buffer, count);
    int saved = errno;
    sextant_read_end(fd, c, buffer, count, result >= 0 ? result : -saved);
    errno = saved;
    return result;
}

// The bytes a write was given: all that Redis 7 holds for the client when below 64 KB (version 10).
static int64_t offered(const struct iovec *iov, int count) {
    int64_t total = 0;
    for (int i = 0; i < count; i++) {
        total += (int64_t) iov[i].iov_len;
    }
    return total;
}

// Both writes: the first `written` bytes of the iovecs went out.
static void wrote(int fd, struct connection *c, const struct iovec *iov, int count, int64_t written) {
    struct io_context io = { fd, c, NULL, 0, 1 };
    if (c->kind == K_BUS && !c->bus_out_synced && count > 0 && bus_header(iov[0].iov_base, iov[0].iov_len)) {
        memset(&c->bus_out, 0, sizeof c->bus_out);
        c->bus_out_synced = 1;
    }
    if (!(c->kind == K_BUS ? c->bus_out_synced : c->replies_synced)) {
        // Redis adds whole replies to a client's buffer before it writes it: once all of it went out, the
        // next write starts a reply.
        if (c->kind != K_BUS && written == offered(iov, count)) {
            memset(&c->replies, 0, sizeof c->replies);
            c->replies_synced = 1;
        }
        return;
    }
    for (int i = 0; i < count && written > 0; i++) {
        size_t part = iov[i].iov_len < (size_t) written ? iov[i].iov_len : (size_t) written;
        if (c->kind == K_BUS) {
            bus_feed(&c->bus_out, iov[i].iov_base, part, on_sent, &io);
        } else if (c->kind == K_CLIENT && __atomic_load_n(&cluster_node, __ATOMIC_RELAXED)) {
            reply_feed(&c->replies, iov[i].iov_base, part, on_redirect, &io);
        }
        written -= (int64_t) part;
    }
}

void sextant_write_start(int fd, struct connection *c, const struct iovec *iov, int count) {
    end_commands(1);
    if (count > 0) {
        classify_outgoing(fd, c, iov[0].iov_base, iov[0].iov_len);
    }
    if (c->kind == K_BUS) {
        redis_event(cluster_write_handler_start, fd);
    } else if (starts_told()) {
        redis_event(write_to_client_start, fd);
        call_start = -1;
    } else {
        call_start = now();
    }
}

void sextant_write_end(int fd, struct connection *c, const struct iovec *iov, int count, int64_t bytes) {
    if (c->kind == K_BUS) {
        redis_event(cluster_write_handler_end, fd, bytes);
    } else if (call_start >= 0) {
        keep_write(fd, bytes, offered(iov, count));
    } else {
        redis_event(write_to_client_end, fd, bytes, -1, offered(iov, count));
    }
    wrote(fd, c, iov, count, bytes);
}

static ssize_t traced_write(int fd, struct connection *c, const struct iovec *iov, int count, int vector) {
    sextant_write_start(fd, c, iov, count);
    ssize_t result = vector ? REAL(writev)(fd, iov, count) : REAL(write)(fd, iov[0].iov_base, iov[0].iov_len);
    int saved = errno;
    sextant_write_end(fd, c, iov, count, result >= 0 ? result : -saved);
    errno = saved;
    return result;
}

ssize_t write(int fd, const void *buffer, size_t count) {
    struct connection *c = traced(fd);
    if (c == NULL) {
        return REAL(write)(fd, buffer, count);
    }
    if (c->http != NULL) {
        return http_done(c, fd, 1, HTTP_ONE(buffer, count), REAL(write)(fd, buffer, count));
    }
    struct iovec one = { (void *) buffer, count };
    return traced_write(fd, c, &one, 1, 0);
}

ssize_t writev(int fd, const struct iovec *iov, int count) {
    struct connection *c = traced(fd);
    if (c == NULL) {
        return REAL(writev)(fd, iov, count);
    }
    if (c->http != NULL) {
        return http_done(c, fd, 1, iov, count, REAL(writev)(fd, iov, count));
    }
    return traced_write(fd, c, iov, count, 1);
}

// Calls Redis does not make, wrapped for the HTTP events of other programs (MSG_PEEK leaves the bytes unread).
ssize_t readv(int fd, const struct iovec *iov, int count) {
    struct connection *c = sextant_lookup(fd);
    ssize_t result = REAL(readv)(fd, iov, count);
    return c != NULL && c->http != NULL ? http_done(c, fd, 0, iov, count, result) : result;
}

ssize_t recv(int fd, void *buffer, size_t count, int flags) {
    struct connection *c = sextant_lookup(fd);
    ssize_t result = REAL(recv)(fd, buffer, count, flags);
    int traced = c != NULL && c->http != NULL && !(flags & MSG_PEEK);
    return traced ? http_done(c, fd, 0, HTTP_ONE(buffer, count), result) : result;
}

ssize_t recvfrom(int fd, void *buffer, size_t count, int flags, struct sockaddr *address, socklen_t *length) {
    struct connection *c = sextant_lookup(fd);
    ssize_t result = REAL(recvfrom)(fd, buffer, count, flags, address, length);
    int traced = c != NULL && c->http != NULL && !(flags & MSG_PEEK);
    return traced ? http_done(c, fd, 0, HTTP_ONE(buffer, count), result) : result;
}

ssize_t send(int fd, const void *buffer, size_t count, int flags) {
    struct connection *c = sextant_lookup(fd);
    ssize_t result = REAL(send)(fd, buffer, count, flags);
    return c != NULL && c->http != NULL ? http_done(c, fd, 1, HTTP_ONE(buffer, count), result) : result;
}

ssize_t sendto(int fd, const void *buffer, size_t count, int flags, const struct sockaddr *address, socklen_t length) {
    struct connection *c = sextant_lookup(fd);
    ssize_t result = REAL(sendto)(fd, buffer, count, flags, address, length);
    return c != NULL && c->http != NULL ? http_done(c, fd, 1, HTTP_ONE(buffer, count), result) : result;
}

static int accepted(int listen_fd, int fd, struct sockaddr *address, socklen_t *length) {
    if (fd >= 0) {
        int saved = errno;
        struct sockaddr_storage remote;
        socklen_t size = sizeof remote;
        memset(&remote, 0, sizeof remote);
        if (address != NULL && length != NULL && *length <= sizeof remote) {
            memcpy(&remote, address, *length);
        } else if (getpeername(fd, (struct sockaddr *) &remote, &size) != 0) {
            remote.ss_family = AF_UNSPEC;
        }
        if (traces_http() || recording()) {
            end_commands(0);
            open_connection(fd, 1, listen_fd, &remote);
        }
        errno = saved;
    }
    return fd;
}

int accept(int listen_fd, struct sockaddr *address, socklen_t *length) {
    return accepted(listen_fd, REAL(accept)(listen_fd, address, length), address, length);
}

int accept4(int listen_fd, struct sockaddr *address, socklen_t *length, int flags) {
    return accepted(listen_fd, REAL(accept4)(listen_fd, address, length, flags), address, length);
}

int connect(int fd, const struct sockaddr *address, socklen_t length) {
    int result = REAL(connect)(fd, address, length);
    int saved = errno;
    if ((result == 0 || saved == EINPROGRESS) && (traces_http() || recording()) && address != NULL
        && length <= sizeof(struct sockaddr_storage)
        && (address->sa_family == AF_INET || address->sa_family == AF_INET6) && is_tcp(fd)) {
        struct sockaddr_storage remote;
        memset(&remote, 0, sizeof remote);
        memcpy(&remote, address, length);
        end_commands(0);
        open_connection(fd, 0, -1, &remote);
    }
    errno = saved;
    return result;
}

int listen(int fd, int backlog) {
    int result = REAL(listen)(fd, backlog);
    int saved = errno;
    char text[INET6_ADDRSTRLEN];
    int port = result == 0 ? local_endpoint(fd, text, sizeof text) : -1;
    if (port >= 0) {
        pthread_mutex_lock(&lock);
        if (listener_count < MAX_LISTENERS) {
            listeners[listener_count++] = (struct listener) { fd, port };
            __atomic_store_n(&cluster_node, cluster_node | listens_on(port - BUS_PORT_OFFSET) | listens_on(port + BUS_PORT_OFFSET), __ATOMIC_RELAXED);
        }
        pthread_mutex_unlock(&lock);
        if (!traces_http() && recording()) {
            redis_event(listen, fd, text, port);
        }
    }
    errno = saved;
    return result;
}

int close(int fd) {
    if (!close_connection(fd)) {
        return REAL(close)(fd);
    }
    int result = REAL(close)(fd);
    int saved = errno;
    end_commands(1);
    redis_event(close_untracked, fd, result == 0 ? 0 : -saved);
    errno = saved;
    return result;
}

// Version 9: a Redis node that aborts (a failed assertion) says so first; what its threads kept is told before.
void abort(void) {
    static void (*real_abort)(void);
    if (real_abort == NULL && (real_abort = (void (*)(void)) dlsym(RTLD_NEXT, "abort")) == NULL) {
        _exit(134);   // not next(): it aborts when a function is missing
    }
    if (!traces_http() && recording()) {
        end_commands(1);
        redis_event(abort);
    }
    real_abort();
    __builtin_unreachable();
}

// Version 9: what the TLS wrappers (tls.c) tell of OpenSSL's objects.
int sextant_redis_recording(void) {
    return !traces_http() && recording();
}

void sextant_tls_pending(int fd, int bytes) {
    // part of the read before it, as a connection_kind is: not a call, so the thread's commands go on
    redis_event(tls_pending, fd, bytes);
}

void sextant_tls_free(int fd, int again) {
    end_commands(1);
    redis_event(tls_free, fd, again);
}

void sextant_tls_freed_call(int fd, const char *call) {
    end_commands(1);
    redis_event(tls_freed_call, fd, call);
}

// libuv (Node) closes descriptors with syscall(SYS_close, fd), not close(): the arguments are passed on as the
// six registers the kernel reads, whatever the call.
long syscall(long number, ...) {
    va_list arguments;
    va_start(arguments, number);
    long a[6];
    for (int i = 0; i < 6; i++) {
        a[i] = va_arg(arguments, long);
    }
    va_end(arguments);
    if (number == SYS_close) {
        close_connection((int) a[0]);
    }
    return REAL(syscall)(number, a[0], a[1], a[2], a[3], a[4], a[5]);
}

static uint32_t mask_of(const struct epoll_event *event) {
    return event == NULL ? 0 : ((event->events & EPOLLIN) ? 1u : 0u) | ((event->events & EPOLLOUT) ? 2u : 0u);
}

int epoll_ctl(int epfd, int op, int fd, struct epoll_event *event) {
    int result = REAL(epoll_ctl)(epfd, op, fd, event);
    int saved = errno;
    struct connection *c = result == 0 ? sextant_redis_connection(fd) : NULL;
    if (c != NULL) {
        uint32_t after = op == EPOLL_CTL_DEL ? 0 : mask_of(event);
        // interest unknown before: both what is now watched and what is not are told
        uint32_t before = c->watched_known ? c->watched : 3u & ~after;
        c->watched = after;
        c->watched_known = 1;
        end_commands(after != before);
        if (after & ~before) {
            redis_event(add_file_event, fd, (int) (after & ~before));
        }
        if (before & ~after) {
            redis_event(delete_file_event, fd, (int) (before & ~after));
        }
    }
    errno = saved;
    return result;
}

// The traced connections among the `ready` events a wait returned that Redis will read (readable, or an error or
// hang-up, which Redis handles by reading), in events of up to READABLE_MAX. Redis's event loop keeps the
// descriptor in each event's data.
#define READABLE_MAX 64
static void tell_readable(const struct epoll_event *events, int ready) {
    int fds[READABLE_MAX];
    unsigned int count = 0;
    for (int i = 0; i < ready; i++) {
        int fd = events[i].data.fd;
        struct connection *c = (events[i].events & (EPOLLIN | EPOLLERR | EPOLLHUP)) ? sextant_lookup(fd) : NULL;
        if (c != NULL && c->http == NULL) {
            fds[count++] = fd;
        }
        if (count == READABLE_MAX || (count > 0 && i == ready - 1)) {
            redis_event(readable, fds, count);
            count = 0;
        }
    }
}

int epoll_wait(int epfd, struct epoll_event *events, int max, int timeout) {
    loop_thread = 1;   // recording or not: a session may start while the loop waits
    if (traces_http() || !recording()) {
        return REAL(epoll_wait)(epfd, events, max, timeout);
    }
    end_commands(1);
    redis_event(before_sleep, timeout);
    int result = REAL(epoll_wait)(epfd, events, max, timeout);
    int saved = errno;
    redis_event(after_sleep, result >= 0 ? result : -saved);
    if (lttng_ust_tracepoint_enabled(redis, readable)) {
        tell_readable(events, result);
    }
    errno = saved;
    return result;
}
