// SPDX-License-Identifier: EPL-2.0
// LTTng-UST tracepoints of provider "http", schema version 1: docs/http-events.md is the contract.
#undef TRACEPOINT_PROVIDER
#define TRACEPOINT_PROVIDER http

#undef TRACEPOINT_INCLUDE
#define TRACEPOINT_INCLUDE "./http_tp.h"

#if !defined(SEXTANT_HTTP_TP_H) || defined(TRACEPOINT_HEADER_MULTI_READ)
#define SEXTANT_HTTP_TP_H

#include <lttng/tracepoint.h>
#include <stdint.h>

TRACEPOINT_EVENT(http, connection,
    TP_ARGS(int, fd, int, accepted, const char *, local_addr, int, local_port, const char *, remote_addr,
            int, remote_port),
    TP_FIELDS(ctf_integer(int, fd, fd) ctf_integer(int, accepted, accepted)
              ctf_string(local_addr, local_addr) ctf_integer(int, local_port, local_port)
              ctf_string(remote_addr, remote_addr) ctf_integer(int, remote_port, remote_port)))

TRACEPOINT_EVENT(http, close,
    TP_ARGS(int, fd),
    TP_FIELDS(ctf_integer(int, fd, fd)))

TRACEPOINT_EVENT(http, message_begin,
    TP_ARGS(int, fd, int, outgoing, uint32_t, seq),
    TP_FIELDS(ctf_integer(int, fd, fd) ctf_integer(int, outgoing, outgoing) ctf_integer(uint32_t, seq, seq)))

TRACEPOINT_EVENT(http, request_head,
    TP_ARGS(int, fd, int, outgoing, uint32_t, seq, const char *, method, const char *, target, const char *, host,
            const char *, traceparent, int64_t, body_length),
    TP_FIELDS(ctf_integer(int, fd, fd) ctf_integer(int, outgoing, outgoing) ctf_integer(uint32_t, seq, seq)
              ctf_string(method, method) ctf_string(target, target) ctf_string(host, host)
              ctf_string(traceparent, traceparent) ctf_integer(int64_t, body_length, body_length)))

TRACEPOINT_EVENT(http, response_head,
    TP_ARGS(int, fd, int, outgoing, uint32_t, seq, int, status, int64_t, body_length),
    TP_FIELDS(ctf_integer(int, fd, fd) ctf_integer(int, outgoing, outgoing) ctf_integer(uint32_t, seq, seq)
              ctf_integer(int, status, status) ctf_integer(int64_t, body_length, body_length)))

TRACEPOINT_EVENT(http, message_end,
    TP_ARGS(int, fd, int, outgoing, uint32_t, seq, int64_t, body_bytes),
    TP_FIELDS(ctf_integer(int, fd, fd) ctf_integer(int, outgoing, outgoing) ctf_integer(uint32_t, seq, seq)
              ctf_integer(int64_t, body_bytes, body_bytes)))

TRACEPOINT_EVENT(http, skipped,
    TP_ARGS(int, fd, int, outgoing, const char *, reason, int64_t, bytes),
    TP_FIELDS(ctf_integer(int, fd, fd) ctf_integer(int, outgoing, outgoing) ctf_string(reason, reason)
              ctf_integer(int64_t, bytes, bytes)))

TRACEPOINT_EVENT(http, other_io,
    TP_ARGS(int, fd, int, outgoing, int64_t, bytes),
    TP_FIELDS(ctf_integer(int, fd, fd) ctf_integer(int, outgoing, outgoing) ctf_integer(int64_t, bytes, bytes)))

#endif

#include <lttng/tracepoint-event.h>
