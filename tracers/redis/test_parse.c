// SPDX-License-Identifier: EPL-2.0
// The tracer's payload parsers fed as Redis's reads and writes feed them: requests and bus messages cut at
// every possible byte, binary payloads that look like RESP or like a bus header, and bytes that are neither.
// make test [O=BUILD_DIR] builds and runs it; it prints one line per check and exits non-zero on a failure.
#include <stdio.h>
#include <string.h>

#include "parse.h"

static int failures;

static void check(int ok, const char *what) {
    printf("%s %s\n", ok ? "ok  " : "FAIL", what);
    failures += !ok;
}

/* Commands seen, as "name/argc " in order. */
static char seen[1024];

/* Slots of the commands seen, as "slot " in order. */
static char slots[1024];

static void on_command(void *context, const char *name, int argc, int slot) {
    (void) context;
    size_t used = strlen(seen);
    snprintf(seen + used, sizeof seen - used, "%s/%d ", name, argc);
    used = strlen(slots);
    snprintf(slots + used, sizeof slots - used, "%d ", slot);
}

/* Adds each command to the batch given as context, as the tracer does. */
static void on_batch(void *context, const char *name, int argc, int slot) {
    batch_add(context, name, argc, slot);
}

static void on_redirect(void *context, int64_t reply, const char *kind, int slot, const char *target) {
    (void) context;
    size_t used = strlen(seen);
    snprintf(seen + used, sizeof seen - used, "%lld:%s:%d:%s ", (long long) reply, kind, slot, target);
}

/* Feeds the bytes to a fresh reply scanner in two pieces cut at `cut`; returns what it saw. */
static const char *reply_cut(const char *bytes, size_t length, size_t cut) {
    struct reply_scanner scanner;
    memset(&scanner, 0, sizeof scanner);
    seen[0] = '\0';
    reply_feed(&scanner, bytes, cut, on_redirect, NULL);
    reply_feed(&scanner, bytes + cut, length - cut, on_redirect, NULL);
    return seen;
}

static int reply_every_cut(const char *bytes, size_t length, const char *expected) {
    for (size_t cut = 0; cut <= length; cut++) {
        if (strcmp(reply_cut(bytes, length, cut), expected) != 0) {
            printf("     cut at %zu: saw \"%s\", expected \"%s\"\n", cut, seen, expected);
            return 0;
        }
    }
    return 1;
}

static void on_message(void *context, int type, uint32_t length, int sender_port) {
    (void) context;
    size_t used = strlen(seen);
    snprintf(seen + used, sizeof seen - used, "%d:%u:%d ", type, length, sender_port);
}

/* Feeds the bytes to a fresh RESP parser in two pieces cut at `cut`; returns what it saw. */
static const char *resp_cut(const char *bytes, size_t length, size_t cut) {
    struct resp_parser parser;
    memset(&parser, 0, sizeof parser);
    seen[0] = '\0';
    slots[0] = '\0';
    resp_feed(&parser, bytes, cut, on_command, NULL);
    resp_feed(&parser, bytes + cut, length - cut, on_command, NULL);
    return seen;
}

static int resp_every_cut(const char *bytes, size_t length, const char *expected) {
    for (size_t cut = 0; cut <= length; cut++) {
        if (strcmp(resp_cut(bytes, length, cut), expected) != 0) {
            printf("     cut at %zu: saw \"%s\", expected \"%s\"\n", cut, seen, expected);
            return 0;
        }
    }
    return 1;
}

/* A parser joined before the byte at `join`, fed the rest in two short reads cut at `cut` (each read asked for
   more than it got, as a drained socket gives); returns what it reported. */
static const char *resp_joined(const char *bytes, size_t length, size_t join, size_t cut) {
    struct resp_parser parser;
    resp_join(&parser);
    seen[0] = '\0';
    slots[0] = '\0';
    resp_read(&parser, bytes + join, 65536, (int64_t) (cut - join), on_command, NULL);
    resp_read(&parser, bytes + cut, 65536, (int64_t) (length - cut), on_command, NULL);
    return seen;
}

/* Whether `part` is `whole` or a suffix of it that starts on a command ("name/argc "). */
static int command_suffix(const char *part, const char *whole) {
    size_t p = strlen(part), w = strlen(whole);
    return p == 0 || (p <= w && strcmp(whole + w - p, part) == 0 && (p == w || whole[w - p - 1] == ' '));
}

/* A bus header: "RCmb", totlen, ver 1, sender port, type; big-endian. */
static size_t bus_message(uint8_t *out, uint32_t totlen, uint16_t port, uint16_t type) {
    memset(out, 0xAB, totlen);   // a body of non-zero filler, "RCmb" nowhere
    memcpy(out, "RCmb", 4);
    uint8_t fields[10] = { totlen >> 24, totlen >> 16, totlen >> 8, totlen, 0, 1, port >> 8, port, type >> 8, type };
    memcpy(out + 4, fields, sizeof fields);
    return totlen;
}

int main(void) {
    const char set[] = "*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$5\r\nv\r\n*1\r\n";   // a value holding CRLF and '*'
    check(resp_every_cut(set, sizeof set - 1, "set/3 "), "a SET whose value looks like RESP, cut anywhere");

    const char pipeline[] = "*1\r\n$4\r\nPING\r\n*2\r\n$3\r\nGET\r\n$1\r\nk\r\n*2\r\n$7\r\nPUBLISH\r\n$0\r\n\r\n";
    check(resp_every_cut(pipeline, sizeof pipeline - 1, "ping/1 get/2 publish/2 "), "three pipelined commands, cut anywhere");

    const char inline_command[] = "PING\r\nping hello\n";
    check(resp_every_cut(inline_command, sizeof inline_command - 1, "ping/1 ping/2 "), "inline commands");

    // Whole commands are read in one pass, cut ones byte by byte: both must give the same for what the one pass
    // reads word by word or by its shortest route: capitals 'A' to 'Z' only (not '@', '[', '`' or '{'), a name past
    // eight bytes, one too short for a word at the end of the bytes, lengths of three digits or with a leading
    // zero, a count past nine.
    char odd_lengths[512] = "*1\r\n$8\r\n@AZ[`az{\r\n*2\r\n$13\r\nZRANGEBYSCORE\r\n$03\r\nk{}\r\n*10\r\n$3\r\nDEL\r\n";
    for (int i = 0; i < 9; i++) {
        strcat(odd_lengths, "$1\r\na\r\n");
    }
    strcat(odd_lengths, "*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$100\r\n");
    memset(odd_lengths + strlen(odd_lengths), 'v', 100);
    strcat(odd_lengths, "\r\n*1\r\n$4\r\nPiNG\r\n");
    check(resp_every_cut(odd_lengths, strlen(odd_lengths), "@az[`az{/1 zrangebyscore/2 del/10 set/3 ping/1 "),
          "odd names, lengths and counts, whole and cut anywhere");

    char long_name[80] = "*1\r\n$40\r\n";
    strcat(long_name, "ABCDEFGHIJABCDEFGHIJABCDEFGHIJABCDEFGHIJ\r\n");
    check(strcmp(resp_cut(long_name, strlen(long_name), 5), "abcdefghijabcdefghijabcdefghija/1 ") == 0,
          "a name longer than COMMAND_NAME_MAX is cut, not overrun");

    // A session starting mid-stream: values that look like RESP, CRLFs inside payloads, an inline-looking value.
    // Joined before any byte and cut anywhere after it, the parser reports a tail of the true commands, never
    // garbage; and from the first read that starts on a command after a short read, every command.
    const char mid_stream[] = "*3\r\n$3\r\nSET\r\n$1\r\nk\r\n$15\r\n*1\r\n$4\r\nPING\r\nx\r\n"
                          "*2\r\n$3\r\nGET\r\n$1\r\nk\r\n"
                          "*3\r\n$3\r\nSET\r\n$2\r\nk2\r\n$11\r\nGET a\r\n*2\r\n\r\n"
                          "*1\r\n$4\r\nPING\r\n";
    const char *all = "set/3 get/2 set/3 ping/1 ";
    size_t stream_length = sizeof mid_stream - 1;
    size_t boundaries[] = { 0, 42, 62, 101 };   // where each command starts
    int no_garbage = 1, every_command = 1;
    for (size_t join = 0; join <= stream_length; join++) {
        for (size_t cut = join; cut <= stream_length; cut++) {
            no_garbage &= command_suffix(resp_joined(mid_stream, stream_length, join, cut), all);
            if (!no_garbage) {
                printf("     joined at %zu, cut at %zu: saw \"%s\"\n", join, cut, seen);
                break;
            }
        }
    }
    check(no_garbage, "a parser joined mid-stream reports a tail of the commands, joined and cut anywhere");
    for (size_t b = 1; b < sizeof boundaries / sizeof boundaries[0]; b++) {
        const char *expected = strstr(all, b == 1 ? "get/2" : b == 2 ? "set/3 ping" : "ping/1");
        if (strcmp(resp_joined(mid_stream, stream_length, boundaries[b] - 1, boundaries[b]), expected) != 0) {
            printf("     joined at %zu: saw \"%s\", expected \"%s\"\n", boundaries[b] - 1, seen, expected);
            every_command = 0;
        }
    }
    check(every_command, "it reports every command from the read after a short read that starts on a command");
    // The limit (docs/redis-events.md): a value holding whole commands, read exactly around them after a short
    // read, passes for them, and the rest of the value for an inline command.
    struct resp_parser joined;
    resp_join(&joined);
    seen[0] = '\0';
    resp_read(&joined, mid_stream + 24, 65536, 1, on_command, NULL);
    resp_read(&joined, mid_stream + 25, 65536, 14, on_command, NULL);
    resp_read(&joined, mid_stream + 39, 65536, (int64_t) (stream_length - 39), on_command, NULL);
    check(strcmp(seen, "ping/1 x/1 get/2 set/3 ping/1 ") == 0,
          "a read that is exactly whole commands inside a value is taken for them (the known limit)");
    const char garbage[] = "*2\r\n$x\r\n*1\r\n$4\r\nPING\r\n";
    check(strcmp(resp_cut(garbage, sizeof garbage - 1, 0), "") == 0, "bytes that are not RESP stop the parsing");

    // Found by fuzz_parsers.c: a count past an int wrapped into a small argc ("*4294967298" read as 2).
    const char huge_count[] = "*4294967298\r\n$3\r\nGET\r\n$1\r\nk\r\n";
    check(strcmp(resp_cut(huge_count, sizeof huge_count - 1, 0), "") == 0, "a count no int holds is not RESP");

    // Slots as CLUSTER KEYSLOT answers them (redis-server 7.0.15): foo 12182, {user1000}.following and
    // {user1000}.followers 3443, foo{}{bar} 8363 (an empty first tag: the whole key), foo{{bar}}zap 4015 ("{bar").
    check(key_slot("foo", 3) == 12182 && key_slot("{user1000}.following", 20) == 3443 && key_slot("{user1000}.followers", 20) == 3443
          && key_slot("foo{}{bar}", 10) == 8363 && key_slot("foo{{bar}}zap", 13) == 4015, "key slots, hash tags");
    const char keyed[] = "*2\r\n$3\r\nGET\r\n$3\r\nfoo\r\n*1\r\n$4\r\nPING\r\n*3\r\n$3\r\nSET\r\n$20\r\n{user1000}.following\r\n$1\r\nv\r\n";
    int slots_ok = 1;
    for (size_t cut = 0; cut < sizeof keyed; cut++) {
        resp_cut(keyed, sizeof keyed - 1, cut);
        slots_ok &= strcmp(slots, "12182 -1 3443 ") == 0;
    }
    check(slots_ok, "the slot of each command's key, cut anywhere; none for a command without arguments");
    int keyless_ok = 1;
    for (size_t cut = 0; cut < sizeof keyed; cut++) {
        struct resp_parser parser = { .keyless = 1 };
        seen[0] = '\0';
        slots[0] = '\0';
        resp_feed(&parser, keyed, cut, on_command, NULL);
        resp_feed(&parser, keyed + cut, sizeof keyed - 1 - cut, on_command, NULL);
        keyless_ok &= strcmp(seen, "get/2 ping/1 set/3 ") == 0 && strcmp(slots, "-1 -1 -1 ") == 0;
    }
    check(keyless_ok, "a keyless parser (a node not in a cluster) gives the same commands, every slot -1, cut anywhere");

    // Events version 3 on: a read's commands in one event, names packed with a space between them.
    struct command_batch batch = { 0 };
    resp_feed(&(struct resp_parser) { 0 }, keyed, sizeof keyed - 1, on_batch, &batch);
    check(batch.count == 3 && strcmp(batch_names(&batch), "get ping set") == 0
          && batch.argc[0] == 2 && batch.argc[1] == 1 && batch.argc[2] == 3
          && batch.slot[0] == 12182 && batch.slot[1] == -1 && batch.slot[2] == 3443, "a read's commands in one batch");
    const char odd_names[] = "*1\r\n$5\r\nA B\tc\r\n*1\r\n$2\r\n\0x\r\n*1\r\n$2\r\n\xc3\xa9\r\n*1\r\n$3\r\na*2\r\n";
    batch = (struct command_batch) { 0 };
    resp_feed(&(struct resp_parser) { 0 }, odd_names, sizeof odd_names - 1, on_batch, &batch);
    check(batch.count == 4 && strcmp(batch_names(&batch), "a?b?c ? ?? a?2") == 0,
          "a name's separators, marks, control and non-ASCII bytes are '?', an empty name is \"?\": the names split back");

    // Version 6: runs of a name.
    batch = (struct command_batch) { 0 };
    check(strcmp(batch_names(&batch), "") == 0, "an empty batch has no names");
    const char *order[] = { "get", "get", "set", "get", "ge", "ge", "ge", "gets" };
    for (size_t i = 0; i < sizeof order / sizeof order[0]; i++) {
        batch_add(&batch, order[i], 2, (int) i);
    }
    check(batch.count == 8 && strcmp(batch_names(&batch), "get*2 set get ge*3 gets") == 0 && batch.slot[7] == 7,
          "consecutive commands of a name are one run, written with its length when it holds more than one");
    batch_add(&batch, "gets", 2, 8);
    check(strcmp(batch_names(&batch), "get*2 set get ge*3 gets*2") == 0, "a batch's names can be read, then added to");
    batch = (struct command_batch) { 0 };
    int full_at = 0;
    for (int i = 1; i <= BATCH_MAX && full_at == 0; i++) {
        full_at = batch_add(&batch, "get", 2, -1) ? i : 0;
    }
    check(full_at == BATCH_MAX && strcmp(batch_names(&batch), "get*64") == 0, "a full batch of one name is one run");
    batch = (struct command_batch) { 0 };
    full_at = 0;
    for (int i = 1; i <= BATCH_MAX && full_at == 0; i++) {
        full_at = batch_add(&batch, i % 2 ? "abcdefghijabcdefghijabcdefghijabcdefghij" : "bcdefghijabcdefghijabcdefghijabcdefghij", 2,
                            16383) ? i : 0;
    }
    check(full_at == BATCH_MAX && strlen(batch_names(&batch)) == sizeof batch.names - 1 && batch.slot[BATCH_MAX - 1] == 16383,
          "a batch of BATCH_MAX longest names, no two in a row alike, fills its buffer exactly, then reports full");

    const char replies[] = "+OK\r\n$5\r\n-ASK \r\n*2\r\n:1\r\n-ERR x\r\n%1\r\n+a\r\n$-1\r\n"
                           "-MOVED 3999 127.0.0.1:7102\r\n_\r\n-ASK 12182 10.0.0.2:7103\r\n";
    check(reply_every_cut(replies, sizeof replies - 1, "5:MOVED:3999:127.0.0.1:7102 7:ASK:12182:10.0.0.2:7103 "),
          "redirections among replies of every type, with their ordinals, cut anywhere");
    check(strcmp(reply_cut("-MOVED x 1:2\r\n-ERR MOVED 1 a:1\r\nhello", 36, 0), "") == 0,
          "malformed redirections and bytes that are not RESP are not redirections");

    // Found by fuzz_parsers.c: a map's count doubled past a long (undefined behaviour), the redirection after it lost.
    const char huge_map[] = "%6789012345678901234\r\n-MOVED 1 a:1\r\n";
    check(strcmp(reply_cut(huge_map, sizeof huge_map - 1, 0), "") == 0, "an aggregate of 2^62 elements is not RESP");

    uint8_t stream[3 * 2400];
    size_t length = bus_message(stream, 2256, 7101, 0);
    length += bus_message(stream + length, 2300, 7102, 4);
    length += bus_message(stream + length, 14, 7103, 1);
    for (size_t cut = 0; cut <= length; cut += 1) {
        struct bus_parser parser;
        memset(&parser, 0, sizeof parser);
        seen[0] = '\0';
        bus_feed(&parser, stream, cut, on_message, NULL);
        bus_feed(&parser, stream + cut, length - cut, on_message, NULL);
        if (strcmp(seen, "0:2256:7101 4:2300:7102 1:14:7103 ") != 0) {
            printf("     cut at %zu: saw \"%s\"\n", cut, seen);
            check(0, "three bus messages, cut anywhere");
            break;
        }
        if (cut == length) {
            check(1, "three bus messages, cut anywhere");
        }
    }

    struct bus_parser parser;
    memset(&parser, 0, sizeof parser);
    seen[0] = '\0';
    bus_feed(&parser, (const uint8_t *) "*1\r\n$4\r\nPING\r\n", 14, on_message, NULL);
    bus_feed(&parser, stream, length, on_message, NULL);
    check(strcmp(seen, "") == 0, "a stream that does not start with RCmb is not a bus");

    char name[24];
    check(strcmp(bus_type_name(4, name, sizeof name), "PUBLISH") == 0 && strcmp(bus_type_name(42, name, sizeof name), "UNKNOWN_42") == 0,
          "bus type names");

    printf("%s\n", failures ? "parser tests FAILED" : "parser tests passed");
    return failures != 0;
}
