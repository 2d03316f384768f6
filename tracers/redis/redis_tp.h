// SPDX-License-Identifier: EPL-2.0
// LTTng-UST tracepoints of provider "redis", schema version 10: docs/redis-events.md is the contract.
#undef TRACEPOINT_PROVIDER
#define TRACEPOINT_PROVIDER redis

#undef TRACEPOINT_INCLUDE
#define TRACEPOINT_INCLUDE "./redis_tp.h"

#if !defined(SEXTANT_REDIS_TP_H) || defined(TRACEPOINT_HEADER_MULTI_READ)
#define SEXTANT_REDIS_TP_H

#include <lttng/tracepoint.h>
#include <stdint.h>

TRACEPOINT_EVENT(redis, listen,
    TP_ARGS(int, fd, const char *, addr, int, port),
    TP_FIELDS(ctf_integer(int, fd, fd) ctf_string(addr, addr) ctf_integer(int, port, port)))

TRACEPOINT_EVENT(redis, new_connection,
    TP_ARGS(int, fd, int, accepted, int, listen_fd, const char *, local_addr, int, local_port,
            const char *, remote_addr, int, remote_port, const char *, kind),
    TP_FIELDS(ctf_integer(int, fd, fd) ctf_integer(int, accepted, accepted) ctf_integer(int, listen_fd, listen_fd)
              ctf_string(local_addr, local_addr) ctf_integer(int, local_port, local_port)
              ctf_string(remote_addr, remote_addr) ctf_integer(int, remote_port, remote_port)
              ctf_string(kind, kind)))

TRACEPOINT_EVENT(redis, connection_kind,
    TP_ARGS(int, fd, const char *, kind),
    TP_FIELDS(ctf_integer(int, fd, fd) ctf_string(kind, kind)))

/* Events with only a descriptor. */
TRACEPOINT_EVENT_CLASS(redis, fd_class,
    TP_ARGS(int, fd),
    TP_FIELDS(ctf_integer(int, fd, fd)))
TRACEPOINT_EVENT_INSTANCE(redis, fd_class, free_client, TP_ARGS(int, fd))
TRACEPOINT_EVENT_INSTANCE(redis, fd_class, start_read_client_query, TP_ARGS(int, fd))
TRACEPOINT_EVENT_INSTANCE(redis, fd_class, write_to_client_start, TP_ARGS(int, fd))
TRACEPOINT_EVENT_INSTANCE(redis, fd_class, cluster_read_handler_start, TP_ARGS(int, fd))
TRACEPOINT_EVENT_INSTANCE(redis, fd_class, cluster_write_handler_start, TP_ARGS(int, fd))

/* Ends of reads and writes: the call's return value, negative -errno on error. */
TRACEPOINT_EVENT_CLASS(redis, bytes_class,
    TP_ARGS(int, fd, int64_t, bytes),
    TP_FIELDS(ctf_integer(int, fd, fd) ctf_integer(int64_t, bytes, bytes)))
TRACEPOINT_EVENT_INSTANCE(redis, bytes_class, cluster_read_handler_end, TP_ARGS(int, fd, int64_t, bytes))
TRACEPOINT_EVENT_INSTANCE(redis, bytes_class, cluster_write_handler_end, TP_ARGS(int, fd, int64_t, bytes))

/* A client read's end and the complete commands of its bytes, in order (version 4: the first batch of
 * call_commands_start's fields, which version 3 sent in an event of its own right after this one); version 5: and
 * `took`, the nanoseconds since the read started, -1 when its start_read_client_query told it. */
TRACEPOINT_EVENT(redis, end_read_client_query,
    TP_ARGS(int, fd, int64_t, bytes, int64_t, took, const char *, commands, const int32_t *, argc, const int16_t *, slot,
            unsigned int, count),
    TP_FIELDS(ctf_integer(int, fd, fd) ctf_integer(int64_t, bytes, bytes) ctf_integer(int64_t, took, took)
              ctf_string(commands, commands)
              ctf_sequence(int32_t, argc, argc, unsigned int, count) ctf_sequence(int16_t, slot, slot, unsigned int, count)))

/* A client write's end (version 5: and `took`, as end_read_client_query's; version 10: and `offered`, the bytes the
 * call was given). */
TRACEPOINT_EVENT(redis, write_to_client_end,
    TP_ARGS(int, fd, int64_t, bytes, int64_t, took, int64_t, offered),
    TP_FIELDS(ctf_integer(int, fd, fd) ctf_integer(int64_t, bytes, bytes) ctf_integer(int64_t, took, took)
              ctf_integer(int64_t, offered, offered)))

/* Version 7: the client writes a thread made since its last event while their starts were untold, in order: their
 * descriptors, results, took (as write_to_client_end's) and `ago`, the nanoseconds from each write's end to this
 * event; version 10: and `offered`, as write_to_client_end's. Right before the thread's next event, or when it has
 * kept 64. */
TRACEPOINT_EVENT(redis, writes_end,
    TP_ARGS(const int32_t *, fds, const int64_t *, bytes, const int64_t *, took, const int64_t *, ago,
            const int64_t *, offered, unsigned int, count),
    TP_FIELDS(ctf_sequence(int32_t, fds, fds, unsigned int, count) ctf_sequence(int64_t, bytes, bytes, unsigned int, count)
              ctf_sequence(int64_t, took, took, unsigned int, count) ctf_sequence(int64_t, ago, ago, unsigned int, count)
              ctf_sequence(int64_t, offered, offered, unsigned int, count)))

/* Version 8: the client reads a thread made since its last event while their starts were untold, in order: their
 * descriptors, results, took and ago (as writes_end's), how many commands each completed (`counts`), and those
 * commands in order, as end_read_client_query's (`commands`: each read's names as version 6 writes them, a space
 * between reads; `argc` and `slot`, one per command). Right before the thread's next event or a write, or when it
 * has kept 32 reads or could not keep the next one's commands. */
TRACEPOINT_EVENT(redis, reads_end,
    TP_ARGS(const int32_t *, fds, const int64_t *, bytes, const int64_t *, took, const int64_t *, ago,
            const int32_t *, counts, unsigned int, reads, const char *, commands, const int32_t *, argc,
            const int16_t *, slot, unsigned int, count),
    TP_FIELDS(ctf_sequence(int32_t, fds, fds, unsigned int, reads) ctf_sequence(int64_t, bytes, bytes, unsigned int, reads)
              ctf_sequence(int64_t, took, took, unsigned int, reads) ctf_sequence(int64_t, ago, ago, unsigned int, reads)
              ctf_sequence(int32_t, counts, counts, unsigned int, reads) ctf_string(commands, commands)
              ctf_sequence(int32_t, argc, argc, unsigned int, count) ctf_sequence(int16_t, slot, slot, unsigned int, count)))

/* The first `count` commands started on the connection and not ended end now (version 2: one event per run;
 * version 4: only from a call that makes no event of its own, as the thread's next event ends them). */
TRACEPOINT_EVENT(redis, call_commands_end,
    TP_ARGS(int, fd, int, count),
    TP_FIELDS(ctf_integer(int, fd, fd) ctf_integer(int, count, count)))

/* The complete commands of the bytes just read, in order (version 3: one event per read, not one per command):
 * their names (struct command_batch in parse.h; version 6: a run of one name once, "get*16"), argument counts, and
 * the cluster slots of their keys (their second argument), -1 when they have none. Version 4: only the batches after the read's end_read_client_query. */
TRACEPOINT_EVENT(redis, call_commands_start,
    TP_ARGS(int, fd, const char *, commands, const int32_t *, argc, const int16_t *, slot, unsigned int, count),
    TP_FIELDS(ctf_integer(int, fd, fd) ctf_string(commands, commands)
              ctf_sequence(int32_t, argc, argc, unsigned int, count) ctf_sequence(int16_t, slot, slot, unsigned int, count)))

/* A MOVED or ASK error written to a client: the reply's ordinal on the connection, the slot, the node to ask. */
TRACEPOINT_EVENT(redis, redirect,
    TP_ARGS(int, fd, int64_t, reply, const char *, kind, int, slot, const char *, target),
    TP_FIELDS(ctf_integer(int, fd, fd) ctf_integer(int64_t, reply, reply) ctf_string(kind, kind) ctf_integer(int, slot, slot)
              ctf_string(target, target)))

TRACEPOINT_EVENT_CLASS(redis, bus_message_class,
    TP_ARGS(int, fd, int, type, const char *, type_name, uint32_t, length, int, sender_port),
    TP_FIELDS(ctf_integer(int, fd, fd) ctf_integer(int, type, type) ctf_string(type_name, type_name)
              ctf_integer(uint32_t, length, length) ctf_integer(int, sender_port, sender_port)))
TRACEPOINT_EVENT_INSTANCE(redis, bus_message_class, cluster_msg_received,
    TP_ARGS(int, fd, int, type, const char *, type_name, uint32_t, length, int, sender_port))
TRACEPOINT_EVENT_INSTANCE(redis, bus_message_class, cluster_msg_sent,
    TP_ARGS(int, fd, int, type, const char *, type_name, uint32_t, length, int, sender_port))

/* Version 9: the clear bytes OpenSSL holds for a traced connection after an SSL read of it (SSL_pending), when
 * there are some: they reach Redis only by another read, which no readable event announces. */
TRACEPOINT_EVENT(redis, tls_pending,
    TP_ARGS(int, fd, int, bytes),
    TP_FIELDS(ctf_integer(int, fd, fd) ctf_integer(int, bytes, bytes)))

/* Version 9: a TLS connection's OpenSSL object freed (SSL_free): its descriptor when it was made (-1 unknown), and
 * `again` 1 when this object was freed before and not made again since (a double free). */
TRACEPOINT_EVENT(redis, tls_free,
    TP_ARGS(int, fd, int, again),
    TP_FIELDS(ctf_integer(int, fd, fd) ctf_integer(int, again, again)))

/* Version 9: an SSL call (`call`: read, write) on an OpenSSL object already freed, told before the call runs: a
 * use after free; `fd` is the descriptor the object had when it was freed. */
TRACEPOINT_EVENT(redis, tls_freed_call,
    TP_ARGS(int, fd, const char *, call),
    TP_FIELDS(ctf_integer(int, fd, fd) ctf_string(call, call)))

/* Version 9: close of a descriptor whose connection the tracer saw closed and not opened again since: its result
 * (0, or -errno: -EBADF for a descriptor closed twice). */
TRACEPOINT_EVENT(redis, close_untracked,
    TP_ARGS(int, fd, int, result),
    TP_FIELDS(ctf_integer(int, fd, fd) ctf_integer(int, result, result)))

/* Version 9: the process calls abort(): Redis's failed assertions end so (serverAssert), with no traced call
 * before (the second freeClient of issue #12540 fails its assertion before it closes anything). */
TRACEPOINT_EVENT(redis, abort,
    TP_ARGS(),
    TP_FIELDS())

TRACEPOINT_EVENT_CLASS(redis, file_event_class,
    TP_ARGS(int, fd, int, mask),
    TP_FIELDS(ctf_integer(int, fd, fd) ctf_integer(int, mask, mask)))
TRACEPOINT_EVENT_INSTANCE(redis, file_event_class, add_file_event, TP_ARGS(int, fd, int, mask))
TRACEPOINT_EVENT_INSTANCE(redis, file_event_class, delete_file_event, TP_ARGS(int, fd, int, mask))

TRACEPOINT_EVENT(redis, before_sleep,
    TP_ARGS(int, timeout),
    TP_FIELDS(ctf_integer(int, timeout, timeout)))

TRACEPOINT_EVENT(redis, after_sleep,
    TP_ARGS(int, ready),
    TP_FIELDS(ctf_integer(int, ready, ready)))

/* The traced connections the wait just returned readable (their reads are pending from now on). */
TRACEPOINT_EVENT(redis, readable,
    TP_ARGS(const int *, fds, unsigned int, count),
    TP_FIELDS(ctf_sequence(int, fds, fds, unsigned int, count)))

#endif

#include <lttng/tracepoint-event.h>
