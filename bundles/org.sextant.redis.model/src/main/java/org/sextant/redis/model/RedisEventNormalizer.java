// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.model;

import java.util.List;

/**
 * The tracer's events of every version ({@code docs/redis-events.md}, versions 1 to 10, and a static
 * instrumentation's), as decoded values, turned into the model's {@link RedisActivity}, and into the
 * {@link UseAfterFreeTracker}'s calls when one is given: one method per event, in time order. The protocol's history stays here:
 * <ul>
 * <li>a thread's commands end at its next traced call (version 4): every event that is a call tells
 * {@link RedisActivity#called} first, but a command's start, a kind its command told, the command ends of
 * versions 1 to 3 (which say themselves what ends) and the ends of client calls (whose calls started earlier);</li>
 * <li>a read's commands come with its end (version 4), their names as runs ({@code get*16}, version 6:
 * {@link CommandNames});</li>
 * <li>a client call's untold start (version 5: {@code took}) and the calls a thread kept and told later, in one
 * event (version 7's {@code writes_end}, version 8's {@code reads_end}: {@code ago}), become a start and an end,
 * each no earlier than the node's latest activity ({@link #untold});</li>
 * <li>a bus message's type may come as a number only (a static instrumentation);</li>
 * <li>the bytes OpenSSL keeps after a read (version 9's {@code tls_pending}) belong to the read, as a kind its command
 * tells does: no call of their own.</li>
 * </ul>
 * Events of a connection whose {@code fd} is missing (-1) are skipped, after the call they are.
 */
public final class RedisEventNormalizer {

    /** The errno of a close of a descriptor that is not open. */
    private static final int EBADF = 9;

    private final RedisActivity fModel;
    /** Null when the frees are not wanted. */
    private final UseAfterFreeTracker fFrees;

    /**
     * @param model
     *            takes the current form of the events
     */
    public RedisEventNormalizer(RedisActivity model) {
        this(model, null);
    }

    /**
     * @param model
     *            takes the current form of the events
     * @param frees
     *            takes the connections' lives and frees, null for none
     */
    public RedisEventNormalizer(RedisActivity model, UseAfterFreeTracker frees) {
        fModel = model;
        fFrees = frees;
    }

    /** {@code redis:listen}. */
    public void listen(long time, String node, int tid, String address, int port) {
        fModel.called(time, node, tid);
        fModel.listen(time, node, address, port);
    }

    /** {@code redis:new_connection}; {@code local} and {@code remote} are "address:port", empty when unknown. */
    public void newConnection(long time, String node, int tid, int fd, String local, String remote, boolean accepted, String kind) {
        if (call(time, node, tid, fd)) {
            fModel.open(time, node, tid, fd, local, remote, accepted, ConnectionKind.of(kind));
            if (fFrees != null) {
                fFrees.open(node, fd);
            }
        }
    }

    /** {@code redis:connection_kind}: not a call of its own (a command may have told it). */
    public void connectionKind(long time, String node, int fd, String kind) {
        if (fd >= 0) {
            fModel.kind(time, node, fd, ConnectionKind.of(kind));
        }
    }

    /** {@code redis:free_client}. */
    public void freeClient(long time, String node, int tid, int fd) {
        if (call(time, node, tid, fd)) {
            fModel.close(time, node, tid, fd);
            if (fFrees != null) {
                fFrees.free(time, node, tid, fd);
            }
        }
    }

    /** {@code redis:start_read_client_query}. */
    public void startReadClientQuery(long time, String node, int tid, int fd) {
        if (call(time, node, tid, fd)) {
            readStart(time, node, tid, fd);
        }
    }

    /**
     * {@code redis:end_read_client_query}: version 4 adds the read's commands ({@code commands}, one {@code slot}
     * each; none before), version 5 its untold start ({@code took}, -1 when a start event told it).
     */
    public void endReadClientQuery(long time, String node, int tid, int fd, long bytes, long took, String commands, long[] slots) {
        if (fd < 0) {
            return;
        }
        if (took >= 0) {
            readStart(keptCall(time, node, tid, 0, took)[0], node, tid, fd);
        }
        readEnd(time, node, tid, fd, bytes);
        commandsStart(time, node, tid, fd, commands, slots);
    }

    /** {@code redis:call_command_start}, versions 1 and 2: one command. */
    public void callCommandStart(long time, String node, int tid, int fd, String command, int slot) {
        if (fd >= 0) {
            fModel.commandStart(time, node, tid, fd, command, slot);
        }
    }

    /** {@code redis:call_commands_start}, versions 3 on: the commands of one read, or those after its first 64. */
    public void callCommandsStart(long time, String node, int tid, int fd, String commands, long[] slots) {
        if (fd >= 0) {
            commandsStart(time, node, tid, fd, commands, slots);
        }
    }

    /** {@code redis:call_command_end}, version 1. */
    public void callCommandEnd(long time, String node, int tid, int fd, String command) {
        if (fd >= 0) {
            fModel.commandEnd(time, node, tid, fd, command);
        }
    }

    /** {@code redis:call_commands_end}, versions 2 on (4 on: only at a call that tells nothing else). */
    public void callCommandsEnd(long time, String node, int tid, int fd, int count) {
        if (fd >= 0) {
            fModel.commandsEnd(time, node, tid, fd, count);
        }
    }

    /** {@code redis:write_to_client_start}. */
    public void writeToClientStart(long time, String node, int tid, int fd) {
        if (call(time, node, tid, fd)) {
            fModel.writeStart(time, node, tid, fd, false);
        }
    }

    /**
     * {@code redis:write_to_client_end}: version 5 adds its untold start ({@code took}, as a read's), version 10 the
     * bytes it was given ({@code offered}, -1 before).
     */
    public void writeToClientEnd(long time, String node, int tid, int fd, long bytes, long took, long offered) {
        if (fd < 0) {
            return;
        }
        if (took >= 0) {
            fModel.writeStart(keptCall(time, node, tid, 0, took)[0], node, tid, fd, false);
        }
        fModel.writeEnd(time, node, tid, fd, false, bytes, offered);
    }

    /**
     * {@code redis:writes_end}, version 7: the client writes the thread made since its previous event, whose starts
     * and ends were untold, in order, each a write of version 5 that ended {@code ago} before this event; version 10
     * adds what each was given ({@code offered}, empty before).
     */
    public void writesEnd(long time, String node, int tid, long[] fds, long[] bytes, long[] took, long[] ago, long[] offered) {
        int writes = Math.min(Math.min(fds.length, bytes.length), Math.min(took.length, ago.length));
        for (int i = 0; i < writes; i++) {
            int fd = (int) fds[i];
            if (fd >= 0) {
                long[] call = keptCall(time, node, tid, ago[i], took[i]);
                fModel.writeStart(call[0], node, tid, fd, false);
                fModel.writeEnd(call[1], node, tid, fd, false, bytes[i], i < offered.length ? offered[i] : -1);
            }
        }
    }

    /**
     * {@code redis:reads_end}, version 8: the client reads the thread made since its previous event, whose starts
     * and ends were untold, in order, each a read of version 5 that ended {@code ago} before this event, whose
     * {@code counts} commands start at its end: they follow one another in {@code commands} and {@code slots}.
     */
    public void readsEnd(long time, String node, int tid, long[] fds, long[] bytes, long[] took, long[] ago, long[] counts, String commands,
            long[] slots) {
        List<String> names = CommandNames.of(commands, slots.length);
        int reads = Math.min(Math.min(Math.min(fds.length, bytes.length), Math.min(took.length, ago.length)), counts.length);
        int next = 0;
        for (int i = 0; i < reads; i++) {
            int fd = (int) fds[i];
            long last = Math.min(next + Math.max(counts[i], 0), Math.min(names.size(), slots.length));
            if (fd >= 0) {
                long[] call = keptCall(time, node, tid, ago[i], took[i]);
                readStart(call[0], node, tid, fd);
                readEnd(call[1], node, tid, fd, bytes[i]);
                for (int k = next; k < last; k++) {
                    fModel.commandStart(call[1], node, tid, fd, names.get(k), (int) slots[k]);
                }
            }
            next = (int) last;
        }
    }

    /** {@code redis:cluster_read_handler_start} and {@code cluster_write_handler_start}. */
    public void busTransferStart(long time, String node, int tid, int fd, boolean write) {
        if (call(time, node, tid, fd)) {
            if (write) {
                fModel.writeStart(time, node, tid, fd, true);
            } else {
                fModel.readStart(time, node, tid, fd, true);
            }
        }
    }

    /** {@code redis:cluster_read_handler_end} and {@code cluster_write_handler_end}. */
    public void busTransferEnd(long time, String node, int tid, int fd, boolean write, long bytes) {
        if (call(time, node, tid, fd)) {
            if (write) {
                fModel.writeEnd(time, node, tid, fd, true, bytes, -1);
            } else {
                fModel.readEnd(time, node, tid, fd, true, bytes);
            }
        }
    }

    /**
     * {@code redis:cluster_msg_sent} and {@code cluster_msg_received}; a static instrumentation may give the type's
     * number only ({@code typeName} empty).
     */
    public void busMessage(long time, String node, int tid, int fd, boolean sent, int type, String typeName, int senderPort) {
        if (call(time, node, tid, fd)) {
            fModel.busMessage(time, node, fd, sent, typeName.isEmpty() ? BusMessages.name(type) : typeName, senderPort);
        }
    }

    /** {@code redis:redirect}. */
    public void redirect(long time, String node, int tid, int fd, long reply, String kind, int slot, String target) {
        if (call(time, node, tid, fd)) {
            fModel.redirect(time, node, fd, reply, kind, slot, target);
        }
    }

    /** {@code redis:add_file_event} and {@code delete_file_event}. */
    public void fileEvent(long time, String node, int tid, int fd, int mask, boolean added) {
        if (call(time, node, tid, fd)) {
            fModel.fileEvent(time, node, fd, mask, added);
        }
    }

    /** {@code redis:before_sleep}. */
    public void beforeSleep(long time, String node, int tid) {
        fModel.called(time, node, tid);
        fModel.sleep(time, node, tid);
    }

    /** {@code redis:after_sleep}. */
    public void afterSleep(long time, String node, int tid, int ready) {
        fModel.called(time, node, tid);
        fModel.wake(time, node, tid, ready);
    }

    /** {@code redis:readable}, version 2. */
    public void readable(long time, String node, int tid, long[] fds) {
        fModel.called(time, node, tid);
        for (long fd : fds) {
            fModel.readable(time, node, (int) fd);
        }
    }

    /** {@code redis:tls_pending}, version 9: part of the read before it, not a call. */
    public void tlsPending(long time, String node, int tid, int fd, long bytes) {
        if (fd >= 0 && fFrees != null) {
            fFrees.pending(time, node, tid, fd, bytes);
        }
    }

    /** {@code redis:tls_free}, version 9: {@code again} when the object was freed before. */
    public void tlsFree(long time, String node, int tid, int fd, boolean again) {
        if (call(time, node, tid, fd) && fFrees != null) {
            if (again) {
                fFrees.freeAgain(time, node, tid, fd, false);
            } else {
                fFrees.free(time, node, tid, fd);
            }
        }
    }

    /** {@code redis:tls_freed_call}, version 9: {@code call} is "read" or "write". */
    public void tlsFreedCall(long time, String node, int tid, int fd, String call) {
        if (call(time, node, tid, fd) && fFrees != null) {
            fFrees.freedCall(time, node, tid, fd, "write".equals(call)); //$NON-NLS-1$
        }
    }

    /**
     * {@code redis:close_untracked}, version 9: a close of a descriptor whose connection closed before; refused as
     * not open ({@code -EBADF}), a second close; else the number held something the tracer does not follow.
     */
    public void closeUntracked(long time, String node, int tid, int fd, int result) {
        if (call(time, node, tid, fd) && result == -EBADF && fFrees != null) {
            fFrees.freeAgain(time, node, tid, fd, true);
        }
    }

    /** {@code redis:abort}, version 9. */
    public void abort(long time, String node, int tid) {
        fModel.called(time, node, tid);
        if (fFrees != null) {
            fFrees.abort(time, node, tid);
        }
    }

    /** Events of the node were discarded from that time on (a lost-events marker). */
    public void lost(long time, String node) {
        fModel.lost(time, node);
    }

    private void readStart(long time, String node, int tid, int fd) {
        fModel.readStart(time, node, tid, fd, false);
        if (fFrees != null) {
            fFrees.readStart(time, node, tid, fd);
        }
    }

    private void readEnd(long time, String node, int tid, int fd, long bytes) {
        fModel.readEnd(time, node, tid, fd, false, bytes);
        if (fFrees != null) {
            fFrees.readEnd(node, tid, fd);
        }
    }

    /** An event that is the thread's traced call: @return whether it names a connection, to be told */
    private boolean call(long time, String node, int tid, int fd) {
        fModel.called(time, node, tid);
        return fd >= 0;
    }

    /**
     * Versions 3 on: the commands of one read in one event ({@link CommandNames}), each started as version 1 and
     * 2's {@code call_command_start} started it, in order, at the event's time.
     */
    private void commandsStart(long time, String node, int tid, int fd, String commands, long[] slots) {
        int i = 0;
        for (String command : CommandNames.of(commands, slots.length)) {
            fModel.commandStart(time, node, tid, fd, command, i < slots.length ? (int) slots[i] : -1);
            i++;
        }
    }

    /**
     * A call whose start the tracer did not tell (version 5's ends tell their own call, at an {@code ago} of 0) or
     * that a thread kept (versions 7 and 8): it ended {@code ago} nanoseconds before the event that tells it and
     * started {@code took} before its end, both {@link #untold}; the thread's commands end at its start, as at any
     * call.
     *
     * @return its start and end
     */
    private long[] keptCall(long time, String node, int tid, long ago, long took) {
        long end = untold(time - Math.max(ago, 0), time, node);
        long start = untold(end - Math.max(took, 0), end, node);
        fModel.called(start, node, tid);
        return new long[] { start, end };
    }

    /**
     * When an untold moment of a call was, as the model can take it: not before the node's latest activity, since
     * the state is written in time order. Only a call that overlaps events of the node's other threads moves; the
     * tracer tells the starts of every call once a second thread does client I/O. A node's first event gives no
     * bound, and its call may have started before the trace did: it starts at the event.
     *
     * @param moment
     *            nanoseconds by the tracer's clock
     * @param first
     *            nanoseconds, where a node's first event takes it: the time of what tells it
     * @return the moment, or the node's latest activity if later; {@code first} for a node's first event
     */
    long untold(long moment, long first, String node) {
        long latest = fModel.latest(node);
        return latest == Long.MIN_VALUE ? first : Math.max(moment, latest);
    }
}
