// SPDX-License-Identifier: EPL-2.0
// LTTng-UST tracepoints of provider "sextant_fields": one event per kind of field lttng-ust writes, so that a
// recording holds every field class LTTng's CTF 1.8 and CTF 2 metadata describe (ust-fields.c).
#undef LTTNG_UST_TRACEPOINT_PROVIDER
#define LTTNG_UST_TRACEPOINT_PROVIDER sextant_fields

#undef LTTNG_UST_TRACEPOINT_INCLUDE
#define LTTNG_UST_TRACEPOINT_INCLUDE "./fields_tp.h"

#if !defined(SEXTANT_FIELDS_TP_H) || defined(LTTNG_UST_TRACEPOINT_HEADER_MULTI_READ)
#define SEXTANT_FIELDS_TP_H

#include <lttng/tracepoint.h>
#include <stdint.h>

LTTNG_UST_TRACEPOINT_ENUM(sextant_fields, parity,
    LTTNG_UST_TP_ENUM_VALUES(
        lttng_ust_field_enum_value("even", 0)
        lttng_ust_field_enum_value("odd", 1)))

LTTNG_UST_TRACEPOINT_EVENT(sextant_fields, begin,
    LTTNG_UST_TP_ARGS(const char *, program, int, threads, int, steps),
    LTTNG_UST_TP_FIELDS(
        lttng_ust_field_string(program, program)
        lttng_ust_field_integer(int, threads, threads)
        lttng_ust_field_integer(int, steps, steps)))

/* Integers of every size and signedness, in hexadecimal and in network byte order, a float, a double, an enum. */
LTTNG_UST_TRACEPOINT_EVENT(sextant_fields, numbers,
    LTTNG_UST_TP_ARGS(int, thread, int, step),
    LTTNG_UST_TP_FIELDS(
        lttng_ust_field_integer(int, thread, thread)
        lttng_ust_field_integer(int8_t, small, (int8_t) (step - 100))
        lttng_ust_field_integer(uint16_t, unsigned_short, (uint16_t) (step * 300))
        lttng_ust_field_integer(int32_t, negative, -step * 1000003)
        lttng_ust_field_integer(uint64_t, large, UINT64_C(0xFFFFFFFF00000000) + (uint64_t) step)
        lttng_ust_field_integer_hex(uint32_t, hex, 0xC0DE0000u + (uint32_t) step)
        lttng_ust_field_integer_network(uint32_t, network, 0x01020304u * (uint32_t) (step + 1))
        lttng_ust_field_float(float, ratio, step / 4.0f)
        lttng_ust_field_float(double, precise, step / 3.0)
        lttng_ust_field_enum(sextant_fields, parity, int, parity, step % 2)))

/* Strings, and arrays and sequences of integers and of characters. */
LTTNG_UST_TRACEPOINT_EVENT(sextant_fields, texts,
    LTTNG_UST_TP_ARGS(int, step, const char *, word, const int64_t *, values, unsigned int, length),
    LTTNG_UST_TP_FIELDS(
        lttng_ust_field_string(word, word)
        lttng_ust_field_array(int64_t, triple, values, 3)
        lttng_ust_field_sequence(int64_t, values, values, unsigned int, length)
        lttng_ust_field_array_text(char, tag, word, 4)
        lttng_ust_field_sequence_text(char, prefix, word, unsigned int, length)
        lttng_ust_field_integer(int, step, step)))

LTTNG_UST_TRACEPOINT_EVENT(sextant_fields, end,
    LTTNG_UST_TP_ARGS(int, events),
    LTTNG_UST_TP_FIELDS(lttng_ust_field_integer(int, events, events)))

#endif

#include <lttng/tracepoint-event.h>
