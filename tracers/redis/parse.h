// SPDX-License-Identifier: EPL-2.0
// Incremental parsers of what crosses a Redis connection: RESP requests (command names) and cluster bus
// message headers. They see the bytes of each read or write in order, in pieces of any size, and copy nothing
// but the few bytes they need: binary-safe payloads are skipped by count.
#ifndef SEXTANT_REDIS_PARSE_H
#define SEXTANT_REDIS_PARSE_H

#include <stddef.h>
#include <stdint.h>

#define COMMAND_NAME_MAX 32

// A RESP request parser: arrays of bulk strings ("*2\r\n$3\r\nget\r\n$1\r\nk\r\n") and inline commands ("PING\r\n").
struct resp_parser {
    int state;
    int64_t number;          // the number being read: array count or bulk length
    int64_t args_left;       // bulk strings still to come in this command
    int64_t bulk_left;       // payload bytes (and CRLF) still to skip
    int argc;
    int arg_index;
    char name[COMMAND_NAME_MAX];
    int name_len;
    uint16_t key_crc;        // CRC16 of the second argument (the key of single-key commands) so far
    uint16_t tag_crc;        // and of its hash tag, the bytes between its first '{' and the next '}'
    int tag_state;           // where the key is in its hash tag: enum key_tag in parse.c
    int broken;              // bytes that are not RESP: stop parsing this connection
    int strict;              // arrays only, with nothing between them (resp_boundary)
    int joining;             // joined mid-stream: nothing reported until a read starts on a command (resp_read)
    int after_short;         // while joining, the last read returned less than it asked
    int keyless;             // slots do not matter (the node is not in a cluster): every slot is -1, keys are skipped
};

// Called once per complete command with its name (lower case, NUL-terminated, cut at COMMAND_NAME_MAX - 1) and
// the cluster slot of its second argument (its key, for single-key commands), -1 when it has none or is inline (or
// the parser is keyless).
typedef void (*command_fn)(void *context, const char *name, int argc, int slot);

void resp_feed(struct resp_parser *parser, const char *bytes, size_t length, command_fn on_command, void *context);

// Whether the bytes of one read can be taken to start and end on command boundaries, so that a parser that
// joins a connection mid-stream (its earlier bytes unseen) may start there: they are one or more whole RESP
// arrays of bulk strings back to back, from the first byte to the last, nothing else (no inline command, no
// blank line, no partial command at either end). Bytes from inside a payload pass only if the rest of that
// payload is itself such arrays and the read ends exactly where they do.
int resp_boundary(const char *bytes, size_t length);

// Starts the parser over on a connection whose earlier bytes it has not seen (a session started mid-stream).
void resp_join(struct resp_parser *parser);

// The bytes of one read that asked for `asked` bytes and returned `result` (<= 0: none). A parser that joined
// mid-stream reports nothing until a safe point: a read that follows a short one (the socket was drained, so
// this read starts where the client's writes so far ended: clients write whole commands) and whose bytes
// resp_boundary() accepts. From that read on it parses every byte, as resp_feed.
void resp_read(struct resp_parser *parser, const char *bytes, size_t asked, int64_t result, command_fn on_command,
               void *context);

// The commands of one read, packed for one event (events version 3: a redis:call_commands_start; version 4 on: the
// read's own redis:end_read_client_query) instead of an event each: their names in one string, and their argc and
// slots side by side, one per command. Names are separated by a space. Version 6: a run of consecutive commands
// of the same name gives that name once, followed by '*' and the run's length when it holds more than one
// ("get*16 set"), so that a pipeline of one command costs its name once. A name's bytes outside printable ASCII
// ('!' to '~'), and '*', are written '?', so that no name holds the separator or the mark (Redis's own command
// names hold neither); an empty name (one that began with a NUL byte) is written "?".
#define BATCH_MAX 64

struct command_batch {
    unsigned count;
    unsigned run;            // the commands of the last run of names
    size_t run_start;        // where the last run's name starts in names
    size_t names_length;     // the names so far, without the last run's length
    // names of at most COMMAND_NAME_MAX - 1 bytes and their separators: a run of one takes COMMAND_NAME_MAX bytes at
    // most, a longer run (its length has at most 2 digits) fewer than that per command, so the names always fit
    char names[BATCH_MAX * COMMAND_NAME_MAX];
    int32_t argc[BATCH_MAX];
    int16_t slot[BATCH_MAX];
};

// Adds a command to a batch that is not full (count < BATCH_MAX) if its name is the last run's, as written (a name
// written with a '?' for a byte never is: it starts a run of its own, which reads back the same); returns whether
// it did. Inline: a pipeline's commands nearly all take this path, and the call cost as much as the test.
static inline int batch_repeat(struct command_batch *b, const char *name, int argc, int slot) {
    if (b->count == 0) {
        return 0;
    }
    const char *last = b->names + b->run_start;
    size_t length = b->names_length - b->run_start, k = 0;
    while (k < length && name[k] == last[k]) {
        k++;
    }
    if (k < length || name[k] != '\0') {
        return 0;
    }
    b->argc[b->count] = argc;
    b->slot[b->count] = (int16_t) slot;
    b->count++;
    b->run++;
    return 1;
}

// Adds a command to a batch that is not full (count < BATCH_MAX); returns whether the batch is full now.
int batch_add(struct command_batch *batch, const char *name, int argc, int slot);

// The batch's names as an event carries them, the last run's length written ("" for an empty batch).
const char *batch_names(struct command_batch *batch);

#define ERROR_LINE_MAX 96

// A RESP reply scanner: it follows the elements of replies (RESP2 and RESP3) without copying them, counts the
// top-level replies, and reads the error lines of cluster redirections ("-MOVED 3999 127.0.0.1:7102").
struct reply_scanner {
    int state;
    char type;               // the type byte of the element being read
    int64_t number;          // its length or count
    int negative;
    int64_t bulk_left;       // payload bytes (and CRLF) still to skip
    int64_t owed;            // elements the current top-level reply still holds
    int64_t replies;         // top-level replies begun on this connection
    char line[ERROR_LINE_MAX];
    int line_len;
    int broken;              // not RESP: stop scanning this connection
};

// Called once per MOVED or ASK error: the reply's ordinal on the connection (from 1), "MOVED" or "ASK", the slot,
// and the node to ask, "address:port".
typedef void (*redirect_fn)(void *context, int64_t reply, const char *kind, int slot, const char *target);

void reply_feed(struct reply_scanner *scanner, const char *bytes, size_t length, redirect_fn on_redirect, void *context);

// The cluster slot of a key (Redis's keyHashSlot: CRC16 of its hash tag if it has a non-empty one, mod 16384).
int key_slot(const char *key, size_t length);

#define BUS_HEADER 14   // "RCmb", totlen (u32), ver (u16), port (u16), type (u16), all big-endian

// A cluster bus stream parser: message after message, each a header and a body of totlen bytes in all.
struct bus_parser {
    uint8_t header[BUS_HEADER];
    int have;                // header bytes seen of the current message
    uint64_t body_left;      // bytes of the current message after its header still to skip
    int broken;              // not a bus stream
};

// Called once per message whose header completed.
typedef void (*message_fn)(void *context, int type, uint32_t length, int sender_port);

void bus_feed(struct bus_parser *parser, const uint8_t *bytes, size_t length, message_fn on_message, void *context);

const char *bus_type_name(int type, char *buffer, size_t size);

#endif
