// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.redis.core;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.event.ITmfLostEvent;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.redis.model.BusMessages;
import org.sextant.redis.model.CommandNames;
import org.sextant.redis.model.ConnectionKind;
import org.sextant.redis.model.RedisTracker;

/**
 * One small handler per Redis event of {@code docs/redis-events.md}: each reads its fields and calls the
 * tracker. Every event of a thread but those of {@link #NOT_CALLS} first tells the tracker that the thread made a
 * traced call, which ends the commands it started (events version 4 has no event of its own for that). Events of
 * a connection without an {@code fd} field are skipped; any other missing field is unknown. Where the tracer
 * discarded events of a node (a lost-events marker in its trace), the tracker is told so.
 */
final class RedisEventHandlers {

    /** A Redis event's effect on the model. */
    @FunctionalInterface
    interface Handler {
        void handle(RedisTracker tracker, RedisEventFields event);
    }

    private static final String PROVIDER = "redis:"; //$NON-NLS-1$
    private static final String BYTES = "bytes"; //$NON-NLS-1$
    private static final String COMMAND = "command"; //$NON-NLS-1$
    private static final String TOOK = "took"; //$NON-NLS-1$
    private static final String AGO = "ago"; //$NON-NLS-1$
    private static final String FDS = "fds"; //$NON-NLS-1$
    private static final String SLOT = "slot"; //$NON-NLS-1$
    private static final String COMMANDS = "commands"; //$NON-NLS-1$
    private static final String MASK = "mask"; //$NON-NLS-1$
    private static final String SENDER_PORT = "sender_port"; //$NON-NLS-1$

    private static final Map<String, Handler> HANDLERS = new HashMap<>();
    private static final Set<String> WITHOUT_FD = Set.of("listen", "before_sleep", "after_sleep", "readable", "writes_end", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
            "reads_end"); //$NON-NLS-1$
    /**
     * The events that are not a thread's next traced call: a command's start, and a kind its command told, come
     * from the read that brought the command; the command ends of versions 1 to 3 say themselves what ends; and
     * the ends of client reads and writes, whose calls started earlier ({@link #transferStart}), and the reads and
     * writes a thread kept, which ended earlier ({@link #readsEnd}, {@link #writesEnd}).
     */
    private static final Set<String> NOT_CALLS = Set.of("call_command_start", "call_commands_start", "connection_kind", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            "call_command_end", "call_commands_end", "end_read_client_query", "write_to_client_end", "writes_end", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
            "reads_end"); //$NON-NLS-1$

    static {
        on("listen", (t, e) -> t.listen(e.time(), e.node(), e.text("addr"), e.integer("port"))); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        on("new_connection", (t, e) -> t.open(e.time(), e.node(), e.tid(), e.fd(), endpoint(e, "local"), endpoint(e, "remote"), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                e.integer("accepted") != 0, ConnectionKind.of(e.text("kind")))); //$NON-NLS-1$ //$NON-NLS-2$
        on("connection_kind", (t, e) -> t.kind(e.time(), e.node(), e.fd(), ConnectionKind.of(e.text("kind")))); //$NON-NLS-1$ //$NON-NLS-2$
        on("free_client", (t, e) -> t.close(e.time(), e.node(), e.tid(), e.fd())); //$NON-NLS-1$
        on("start_read_client_query", (t, e) -> t.readStart(e.time(), e.node(), e.tid(), e.fd(), false)); //$NON-NLS-1$
        on("end_read_client_query", (t, e) -> { //$NON-NLS-1$
            transferStart(t, e, true);
            t.readEnd(e.time(), e.node(), e.tid(), e.fd(), false, e.number(BYTES));
            commandsStart(t, e); // version 4: the read's commands; none before
        });
        on("call_command_start", (t, e) -> t.commandStart(e.time(), e.node(), e.tid(), e.fd(), e.text(COMMAND), e.integer("slot"))); //$NON-NLS-1$ //$NON-NLS-2$
        on("call_commands_start", RedisEventHandlers::commandsStart); //$NON-NLS-1$
        on("call_command_end", (t, e) -> t.commandEnd(e.time(), e.node(), e.tid(), e.fd(), e.text(COMMAND))); //$NON-NLS-1$
        on("call_commands_end", (t, e) -> t.commandsEnd(e.time(), e.node(), e.tid(), e.fd(), e.integer("count"))); //$NON-NLS-1$ //$NON-NLS-2$
        on("write_to_client_start", (t, e) -> t.writeStart(e.time(), e.node(), e.tid(), e.fd(), false)); //$NON-NLS-1$
        on("write_to_client_end", (t, e) -> { //$NON-NLS-1$
            transferStart(t, e, false);
            t.writeEnd(e.time(), e.node(), e.tid(), e.fd(), false, e.number(BYTES));
        });
        on("writes_end", RedisEventHandlers::writesEnd); //$NON-NLS-1$
        on("reads_end", RedisEventHandlers::readsEnd); //$NON-NLS-1$
        on("cluster_read_handler_start", (t, e) -> t.readStart(e.time(), e.node(), e.tid(), e.fd(), true)); //$NON-NLS-1$
        on("cluster_read_handler_end", (t, e) -> t.readEnd(e.time(), e.node(), e.tid(), e.fd(), true, e.number(BYTES))); //$NON-NLS-1$
        on("cluster_write_handler_start", (t, e) -> t.writeStart(e.time(), e.node(), e.tid(), e.fd(), true)); //$NON-NLS-1$
        on("cluster_write_handler_end", (t, e) -> t.writeEnd(e.time(), e.node(), e.tid(), e.fd(), true, e.number(BYTES))); //$NON-NLS-1$
        on("cluster_msg_received", (t, e) -> t.busMessage(e.time(), e.node(), e.fd(), false, messageType(e), e.integer(SENDER_PORT))); //$NON-NLS-1$
        on("cluster_msg_sent", (t, e) -> t.busMessage(e.time(), e.node(), e.fd(), true, messageType(e), e.integer(SENDER_PORT))); //$NON-NLS-1$
        on("redirect", (t, e) -> t.redirect(e.time(), e.node(), e.fd(), e.number("reply"), e.text("kind"), e.integer("slot"), e.text("target"))); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
        on("add_file_event", (t, e) -> t.fileEvent(e.time(), e.node(), e.fd(), e.integer(MASK), true)); //$NON-NLS-1$
        on("delete_file_event", (t, e) -> t.fileEvent(e.time(), e.node(), e.fd(), e.integer(MASK), false)); //$NON-NLS-1$
        on("before_sleep", (t, e) -> t.sleep(e.time(), e.node(), e.tid())); //$NON-NLS-1$
        on("after_sleep", (t, e) -> t.wake(e.time(), e.node(), e.tid(), e.integer("ready"))); //$NON-NLS-1$ //$NON-NLS-2$
        on("readable", (t, e) -> { //$NON-NLS-1$
            for (long fd : e.numbers(FDS)) {
                t.readable(e.time(), e.node(), (int) fd);
            }
        });
    }

    private final RedisTracker fTracker;
    /** The node each trace of an experiment is (per-process buffers: one node per trace), once known. */
    private final Map<ITmfTrace, String> fNodeOfTrace = new HashMap<>();

    /**
     * @param tracker
     *            the model the events go to
     */
    RedisEventHandlers(RedisTracker tracker) {
        fTracker = tracker;
    }

    private static void on(String name, Handler handler) {
        Handler withFd = WITHOUT_FD.contains(name) ? handler : (t, e) -> {
            if (e.fd() >= 0) {
                handler.handle(t, e);
            }
        };
        HANDLERS.put(PROVIDER + name, NOT_CALLS.contains(name) ? withFd : (t, e) -> {
            t.called(e.time(), e.node(), e.tid());
            withFd.handle(t, e);
        });
    }

    /**
     * @param name
     *            an event name
     * @return whether it is a Redis event the model reads
     */
    static boolean isRedisEvent(String name) {
        return HANDLERS.containsKey(name);
    }

    /**
     * @param name
     *            an event name
     * @return the handler of that Redis event, null for any other event
     */
    static @Nullable Handler handler(String name) {
        return HANDLERS.get(name);
    }

    /**
     * Applies an event to the model; events of other names are ignored.
     *
     * @param event
     *            any event, in time order
     */
    void handle(ITmfEvent event) {
        if (event instanceof ITmfLostEvent lost) {
            String node = fNodeOfTrace.get(event.getTrace());
            if (node != null) {
                fTracker.lost(lost.getTimeRange().getStartTime().toNanos(), node);
            }
            return;
        }
        @Nullable Handler handler = HANDLERS.get(event.getName());
        if (handler != null) {
            RedisEvent redisEvent = RedisEvent.of(event);
            fNodeOfTrace.putIfAbsent(event.getTrace(), redisEvent.node());
            handler.handle(fTracker, redisEvent);
        }
    }

    /**
     * The start of the client read or write a {@code end_read_client_query} or {@code write_to_client_end} ends,
     * the thread's traced call: version 5 tells it by the end's {@code took} (nanoseconds since the call started,
     * -1 when a start event told it, as every start of versions 1 to 4).
     */
    private static void transferStart(RedisTracker tracker, RedisEventFields event, boolean read) {
        long took = event.number(TOOK);
        if (took < 0) {
            return;
        }
        long start = keptCall(tracker, event, 0, took)[0]; // a call told at its end, as if kept until then
        if (read) {
            tracker.readStart(start, event.node(), event.tid(), event.fd(), false);
        } else {
            tracker.writeStart(start, event.node(), event.tid(), event.fd(), false);
        }
    }

    /**
     * Version 7: the client writes the thread made since its previous event, whose starts and ends were untold, in
     * order, each a write of version 5 ({@link #keptCall}).
     */
    private static void writesEnd(RedisTracker tracker, RedisEventFields event) {
        long[] fds = event.numbers(FDS);
        long[] bytes = event.numbers(BYTES);
        long[] took = event.numbers(TOOK);
        long[] ago = event.numbers(AGO);
        int writes = Math.min(Math.min(fds.length, bytes.length), Math.min(took.length, ago.length));
        for (int i = 0; i < writes; i++) {
            int fd = (int) fds[i];
            if (fd >= 0) {
                long[] call = keptCall(tracker, event, ago[i], took[i]);
                tracker.writeStart(call[0], event.node(), event.tid(), fd, false);
                tracker.writeEnd(call[1], event.node(), event.tid(), fd, false, bytes[i]);
            }
        }
    }

    /**
     * Version 8: the client reads the thread made since its previous event, whose starts and ends were untold, in
     * order, each a read of version 5 ({@link #keptCall}) whose {@code counts} commands start at its end: they follow
     * one another in {@code commands}, {@code argc} and {@code slot}, as in an {@code end_read_client_query}.
     */
    private static void readsEnd(RedisTracker tracker, RedisEventFields event) {
        long[] fds = event.numbers(FDS);
        long[] bytes = event.numbers(BYTES);
        long[] took = event.numbers(TOOK);
        long[] ago = event.numbers(AGO);
        long[] counts = event.numbers("counts"); //$NON-NLS-1$
        long[] slots = event.numbers(SLOT);
        List<String> names = CommandNames.of(event.text(COMMANDS), slots.length);
        int reads = Math.min(Math.min(Math.min(fds.length, bytes.length), Math.min(took.length, ago.length)), counts.length);
        int next = 0;
        for (int i = 0; i < reads; i++) {
            int fd = (int) fds[i];
            long last = Math.min(next + Math.max(counts[i], 0), Math.min(names.size(), slots.length));
            if (fd >= 0) {
                long[] call = keptCall(tracker, event, ago[i], took[i]);
                tracker.readStart(call[0], event.node(), event.tid(), fd, false);
                tracker.readEnd(call[1], event.node(), event.tid(), fd, false, bytes[i]);
                for (int k = next; k < last; k++) {
                    tracker.commandStart(call[1], event.node(), event.tid(), fd, names.get(k), (int) slots[k]);
                }
            }
            next = (int) last;
        }
    }

    /**
     * A call a thread kept (versions 7 and 8; version 5's ends tell their own call, at an {@code ago} of 0): it
     * ended {@code ago} nanoseconds before the event that tells it and started {@code took} before its end, both
     * taken no earlier than the node's latest event ({@link RedisTracker#untoldStart}); the thread's commands end at
     * its start, as at any call.
     *
     * @return its start and end
     */
    private static long[] keptCall(RedisTracker tracker, RedisEventFields event, long ago, long took) {
        long end = tracker.untoldStart(event.time() - Math.max(ago, 0), event.time(), event.node());
        long start = tracker.untoldStart(end - Math.max(took, 0), end, event.node());
        tracker.called(start, event.node(), event.tid());
        return new long[] { start, end };
    }

    /**
     * Versions 3 on: the commands of one read in one event ({@link CommandNames}), each started as version 1 and
     * 2's {@code call_command_start} started it, in order, at the event's time.
     */
    private static void commandsStart(RedisTracker tracker, RedisEventFields event) {
        long[] slots = event.numbers(SLOT);
        int i = 0;
        for (String command : CommandNames.of(event.text(COMMANDS), slots.length)) {
            tracker.commandStart(event.time(), event.node(), event.tid(), event.fd(), command, i < slots.length ? (int) slots[i] : -1);
            i++;
        }
    }

    /** @return the connection's local or remote end, "address:port", empty when unknown */
    private static String endpoint(RedisEventFields event, String side) {
        String address = event.text(side + "_addr"); //$NON-NLS-1$
        return address.isEmpty() ? "" : address + ':' + event.integer(side + "_port"); //$NON-NLS-1$ //$NON-NLS-2$
    }

    /** The type's name as the tracer gave it, or from its number (a static instrumentation may give only that). */
    private static String messageType(RedisEventFields event) {
        String name = event.text("type_name"); //$NON-NLS-1$
        return name.isEmpty() ? BusMessages.name(event.integer("type")) : name; //$NON-NLS-1$
    }
}
