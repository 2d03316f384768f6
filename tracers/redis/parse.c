// SPDX-License-Identifier: EPL-2.0
#include "parse.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

enum { R_START, R_COUNT, R_BULK_TYPE, R_BULK_LENGTH, R_BULK_DATA, R_INLINE, R_INLINE_REST, R_LF };

static void reset_command(struct resp_parser *p) {
    p->state = R_START;
    p->number = 0;
    p->argc = 0;
    p->arg_index = 0;
    p->name_len = 0;
    p->name[0] = '\0';
}

static void name_byte(struct resp_parser *p, char c) {
    if (p->name_len < COMMAND_NAME_MAX - 1) {
        p->name[p->name_len++] = (char) tolower((unsigned char) c);
        p->name[p->name_len] = '\0';
    }
}

static void complete(struct resp_parser *p, command_fn on_command, void *context) {
    if (p->name_len > 0) {
        on_command(context, p->name, p->argc);
    }
    reset_command(p);
}

// A number ends at '\r' (its '\n' is skipped by R_LF, which then goes to `next`).
static int digit(struct resp_parser *p, char c) {
    if (c >= '0' && c <= '9' && p->number < (INT64_MAX - 9) / 10) {
        p->number = p->number * 10 + (c - '0');
        return 1;
    }
    return 0;
}

void resp_feed(struct resp_parser *p, const char *bytes, size_t length, command_fn on_command, void *context) {
    size_t i = 0;
    while (i < length && !p->broken) {
        char c = bytes[i];
        switch (p->state) {
        case R_START:
            if (c == '*') {
                p->state = R_COUNT;
            } else if (c == '\r' || c == '\n') {
                // blank lines between inline commands
            } else {
                p->state = R_INLINE;
                p->argc = 1;
                name_byte(p, c);
            }
            i++;
            break;
        case R_COUNT:
        case R_BULK_LENGTH:
            if (c == '\r') {
                if (p->state == R_COUNT) {
                    p->args_left = p->argc = (int) p->number;
                    p->state = R_LF;
                    p->bulk_left = -1;   // after the count's LF: a bulk string header
                } else {
                    p->bulk_left = p->number + 2;
                    p->state = R_LF;
                }
                p->number = 0;
            } else if (!digit(p, c)) {
                p->broken = 1;
            }
            i++;
            break;
        case R_LF:
            if (c != '\n') {
                p->broken = 1;
            } else if (p->bulk_left < 0) {
                p->state = p->args_left > 0 ? R_BULK_TYPE : R_START;
                if (p->args_left <= 0) {
                    reset_command(p);   // "*0" or "*-1": nothing to run
                }
            } else {
                p->state = R_BULK_DATA;
            }
            i++;
            break;
        case R_BULK_TYPE:
            if (c != '$') {
                p->broken = 1;
            }
            p->state = R_BULK_LENGTH;
            i++;
            break;
        case R_BULK_DATA: {
            size_t take = length - i;
            if ((int64_t) take > p->bulk_left) {
                take = (size_t) p->bulk_left;
            }
            if (p->arg_index == 0) {
                // the command's name: the first argument without its CRLF
                for (size_t k = 0; k < take; k++) {
                    if (p->bulk_left - (int64_t) k > 2) {
                        name_byte(p, bytes[i + k]);
                    }
                }
            }
            p->bulk_left -= (int64_t) take;
            i += take;
            if (p->bulk_left == 0) {
                p->arg_index++;
                if (--p->args_left == 0) {
                    complete(p, on_command, context);
                } else {
                    p->state = R_BULK_TYPE;
                }
            }
            break;
        }
        case R_INLINE:
        case R_INLINE_REST:
            if (c == '\n') {
                complete(p, on_command, context);
            } else if (c == ' ' || c == '\t' || c == '\r') {
                if (c != '\r' && p->state == R_INLINE) {
                    p->state = R_INLINE_REST;
                }
                if (c == ' ' && p->state == R_INLINE_REST) {
                    p->argc++;
                }
            } else if (p->state == R_INLINE) {
                name_byte(p, c);
            }
            i++;
            break;
        default:
            p->broken = 1;
        }
    }
}

void bus_feed(struct bus_parser *p, const uint8_t *bytes, size_t length, message_fn on_message, void *context) {
    size_t i = 0;
    while (i < length && !p->broken) {
        if (p->body_left > 0) {
            size_t take = length - i;
            if (take > p->body_left) {
                take = (size_t) p->body_left;
            }
            p->body_left -= take;
            i += take;
            continue;
        }
        p->header[p->have++] = bytes[i++];
        if (p->have < BUS_HEADER) {
            continue;
        }
        p->have = 0;
        if (memcmp(p->header, "RCmb", 4) != 0) {
            p->broken = 1;
            break;
        }
        uint32_t total = (uint32_t) p->header[4] << 24 | (uint32_t) p->header[5] << 16 | (uint32_t) p->header[6] << 8 | p->header[7];
        int port = p->header[10] << 8 | p->header[11];
        int type = p->header[12] << 8 | p->header[13];
        if (total < BUS_HEADER) {
            p->broken = 1;
            break;
        }
        p->body_left = total - BUS_HEADER;
        on_message(context, type, total, port);
    }
}

const char *bus_type_name(int type, char *buffer, size_t size) {
    static const char *const names[] = { "PING", "PONG", "MEET", "FAIL", "PUBLISH", "FAILOVER_AUTH_REQUEST",
                                         "FAILOVER_AUTH_ACK", "UPDATE", "MFSTART", "MODULE", "PUBLISHSHARD" };
    if (type >= 0 && type < (int) (sizeof names / sizeof names[0])) {
        return names[type];
    }
    snprintf(buffer, size, "UNKNOWN_%d", type);
    return buffer;
}
