// SPDX-License-Identifier: EPL-2.0
#include "parse.h"

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SLOTS 16384

// CRC16-CCITT (XMODEM: polynomial 0x1021, initial 0), the checksum of Redis Cluster's key slots.
static uint16_t crc16_byte(uint16_t crc, unsigned char byte) {
    crc ^= (uint16_t) (byte << 8);
    for (int bit = 0; bit < 8; bit++) {
        crc = (crc & 0x8000) ? (uint16_t) ((crc << 1) ^ 0x1021) : (uint16_t) (crc << 1);
    }
    return crc;
}

// Where a key is with respect to its hash tag, byte after byte.
enum key_tag { TAG_BEFORE, TAG_OPEN, TAG_INSIDE, TAG_FOUND, TAG_NONE };

static void key_byte(uint16_t *crc, uint16_t *tag_crc, int *tag_state, unsigned char byte) {
    *crc = crc16_byte(*crc, byte);
    switch (*tag_state) {
    case TAG_BEFORE:
        if (byte == '{') {
            *tag_state = TAG_OPEN;
            *tag_crc = 0;
        }
        break;
    case TAG_OPEN:   // "{}" is no tag: the whole key counts
        *tag_state = byte == '}' ? TAG_NONE : TAG_INSIDE;
        *tag_crc = crc16_byte(*tag_crc, byte);
        break;
    case TAG_INSIDE:
        if (byte == '}') {
            *tag_state = TAG_FOUND;
        } else {
            *tag_crc = crc16_byte(*tag_crc, byte);
        }
        break;
    default:
        break;
    }
}

static int key_slot_of(uint16_t crc, uint16_t tag_crc, int tag_state) {
    return (tag_state == TAG_FOUND ? tag_crc : crc) & (SLOTS - 1);
}

int key_slot(const char *key, size_t length) {
    uint16_t crc = 0, tag_crc = 0;
    int tag_state = TAG_BEFORE;
    for (size_t i = 0; i < length; i++) {
        key_byte(&crc, &tag_crc, &tag_state, (unsigned char) key[i]);
    }
    return key_slot_of(crc, tag_crc, tag_state);
}

enum { R_START, R_COUNT, R_BULK_TYPE, R_BULK_LENGTH, R_BULK_DATA, R_INLINE, R_INLINE_REST, R_LF };

static void reset_command(struct resp_parser *p) {
    p->state = R_START;
    p->number = 0;
    p->argc = 0;
    p->arg_index = 0;
    p->name_len = 0;
    p->name[0] = '\0';
    p->key_crc = 0;
    p->tag_crc = 0;
    p->tag_state = TAG_BEFORE;
}

static void name_byte(struct resp_parser *p, char c) {
    if (p->name_len < COMMAND_NAME_MAX - 1) {
        p->name[p->name_len++] = (char) tolower((unsigned char) c);
        p->name[p->name_len] = '\0';
    }
}

static void complete(struct resp_parser *p, command_fn on_command, void *context) {
    if (p->name_len > 0) {
        on_command(context, p->name, p->argc, p->state == R_INLINE || p->state == R_INLINE_REST || p->argc < 2
                ? -1 : key_slot_of(p->key_crc, p->tag_crc, p->tag_state));
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
                if (p->state == R_COUNT && p->number > INT_MAX) {
                    p->broken = 1;   // no count Redis takes ("invalid multibulk length"): argc would wrap
                } else if (p->state == R_COUNT) {
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
            if (p->arg_index <= 1) {
                // the command's name, then its key: the first two arguments without their CRLF
                for (size_t k = 0; k < take; k++) {
                    if (p->bulk_left - (int64_t) k > 2) {
                        if (p->arg_index == 0) {
                            name_byte(p, bytes[i + k]);
                        } else {
                            key_byte(&p->key_crc, &p->tag_crc, &p->tag_state, (unsigned char) bytes[i + k]);
                        }
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
                if (c == ' ' && p->state == R_INLINE_REST && p->argc < INT_MAX) {
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

enum { S_TYPE, S_LINE, S_LF, S_PAYLOAD };

// More elements owed than this is no reply a connection carries but damaged bytes, whose counts added up would
// overflow.
#define AGGREGATE_MAX ((int64_t) 1 << 40)

// An error line of a redirection: "MOVED <slot> <address:port>" or "ASK <slot> <address:port>".
static void error_line(struct reply_scanner *s, redirect_fn on_redirect, void *context) {
    s->line[s->line_len] = '\0';
    const char *kind = strncmp(s->line, "MOVED ", 6) == 0 ? "MOVED" : strncmp(s->line, "ASK ", 4) == 0 ? "ASK" : NULL;
    if (kind == NULL) {
        return;
    }
    char *rest = s->line + strlen(kind) + 1;
    char *end;
    long slot = strtol(rest, &end, 10);
    if (end != rest && *end == ' ' && slot >= 0 && slot < SLOTS) {
        on_redirect(context, s->replies, kind, (int) slot, end + 1);
    }
}

// The header line of an element ended: its payload or children follow.
static void element_line(struct reply_scanner *s, redirect_fn on_redirect, void *context) {
    int64_t n = s->negative ? -s->number : s->number;
    switch (s->type) {
    case '$': case '!': case '=':   // bulk string, blob error, verbatim string: n bytes and CRLF, none if -1
        s->bulk_left = n >= 0 ? n + 2 : 0;
        s->state = s->bulk_left > 0 ? S_PAYLOAD : S_TYPE;
        return;
    case '*': case '~': case '>':   // array, set, push: n elements
    case '%': case '|':             // map, attribute: n keys and n values
        if (n > AGGREGATE_MAX || s->owed > AGGREGATE_MAX) {
            s->broken = 1;
            return;
        }
        s->owed += n <= 0 ? 0 : s->type == '%' || s->type == '|' ? 2 * n : n;
        break;
    case '-':
        error_line(s, on_redirect, context);
        break;
    default:                        // simple string, integer, null, double, boolean, big number
        break;
    }
    s->state = S_TYPE;
}

static int counted(char type) {
    return strchr("$!=*~>%|", type) != NULL;
}

void reply_feed(struct reply_scanner *s, const char *bytes, size_t length, redirect_fn on_redirect, void *context) {
    size_t i = 0;
    while (i < length && !s->broken) {
        char c = bytes[i];
        switch (s->state) {
        case S_TYPE:
            if (strchr("+-:$*_,#!=(%~>|", c) == NULL || c == '\0') {
                s->broken = 1;
                break;
            }
            if (s->owed > 0) {
                s->owed--;
            } else {
                s->replies++;
            }
            s->type = c;
            s->number = 0;
            s->negative = 0;
            s->line_len = 0;
            s->state = S_LINE;
            i++;
            break;
        case S_LINE:
            if (c == '\r') {
                s->state = S_LF;
            } else if (counted(s->type)) {
                if (c == '-' && s->number == 0 && !s->negative) {
                    s->negative = 1;
                } else if (c >= '0' && c <= '9' && s->number < (INT64_MAX - 9) / 10) {
                    s->number = s->number * 10 + (c - '0');
                } else {
                    s->broken = 1;
                }
            } else if (s->type == '-' && s->line_len < ERROR_LINE_MAX - 1) {
                s->line[s->line_len++] = c;
            }
            i++;
            break;
        case S_LF:
            if (c != '\n') {
                s->broken = 1;
                break;
            }
            i++;
            element_line(s, on_redirect, context);
            break;
        case S_PAYLOAD: {
            size_t take = length - i;
            if ((int64_t) take > s->bulk_left) {
                take = (size_t) s->bulk_left;
            }
            s->bulk_left -= (int64_t) take;
            i += take;
            if (s->bulk_left == 0) {
                s->state = S_TYPE;
            }
            break;
        }
        default:
            s->broken = 1;
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
