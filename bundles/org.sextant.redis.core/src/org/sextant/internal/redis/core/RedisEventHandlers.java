// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.redis.core;

import java.util.HashMap;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.event.ITmfLostEvent;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.redis.model.RedisEventNormalizer;
import org.sextant.redis.model.RedisTracker;
import org.sextant.redis.model.UseAfterFreeTracker;

/**
 * One small handler per Redis event of {@code docs/redis-events.md}: each reads its fields and hands them, decoded,
 * to a {@link RedisEventNormalizer}, which turns every version's events into the tracker's current form. A missing
 * field is unknown (-1, or empty). Where the tracer discarded events of a node (a lost-events marker in its trace),
 * the model is told so.
 */
final class RedisEventHandlers {

    /** A Redis event's fields, handed to the normaliser. */
    @FunctionalInterface
    interface Handler {
        void handle(RedisEventNormalizer normalizer, RedisEventFields event);
    }

    private static final String PROVIDER = "redis:"; //$NON-NLS-1$
    private static final String BYTES = "bytes"; //$NON-NLS-1$
    private static final String COMMAND = "command"; //$NON-NLS-1$
    private static final String TOOK = "took"; //$NON-NLS-1$
    private static final String AGO = "ago"; //$NON-NLS-1$
    private static final String OFFERED = "offered"; //$NON-NLS-1$
    private static final String FDS = "fds"; //$NON-NLS-1$
    private static final String SLOT = "slot"; //$NON-NLS-1$
    private static final String COMMANDS = "commands"; //$NON-NLS-1$
    private static final String KIND = "kind"; //$NON-NLS-1$
    private static final String MASK = "mask"; //$NON-NLS-1$

    private static final Map<String, Handler> HANDLERS = new HashMap<>();

    static {
        on("listen", (n, e) -> n.listen(e.time(), e.node(), e.tid(), e.text("addr"), e.integer("port"))); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        on("new_connection", (n, e) -> n.newConnection(e.time(), e.node(), e.tid(), e.fd(), endpoint(e, "local"), endpoint(e, "remote"), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                e.integer("accepted") != 0, e.text(KIND))); //$NON-NLS-1$
        on("connection_kind", (n, e) -> n.connectionKind(e.time(), e.node(), e.fd(), e.text(KIND))); //$NON-NLS-1$
        on("free_client", (n, e) -> n.freeClient(e.time(), e.node(), e.tid(), e.fd())); //$NON-NLS-1$
        on("start_read_client_query", (n, e) -> n.startReadClientQuery(e.time(), e.node(), e.tid(), e.fd())); //$NON-NLS-1$
        on("end_read_client_query", (n, e) -> n.endReadClientQuery(e.time(), e.node(), e.tid(), e.fd(), e.number(BYTES), e.number(TOOK), //$NON-NLS-1$
                e.text(COMMANDS), e.numbers(SLOT)));
        on("call_command_start", (n, e) -> n.callCommandStart(e.time(), e.node(), e.tid(), e.fd(), e.text(COMMAND), e.integer(SLOT))); //$NON-NLS-1$
        on("call_commands_start", (n, e) -> n.callCommandsStart(e.time(), e.node(), e.tid(), e.fd(), e.text(COMMANDS), e.numbers(SLOT))); //$NON-NLS-1$
        on("call_command_end", (n, e) -> n.callCommandEnd(e.time(), e.node(), e.tid(), e.fd(), e.text(COMMAND))); //$NON-NLS-1$
        on("call_commands_end", (n, e) -> n.callCommandsEnd(e.time(), e.node(), e.tid(), e.fd(), e.integer("count"))); //$NON-NLS-1$ //$NON-NLS-2$
        on("write_to_client_start", (n, e) -> n.writeToClientStart(e.time(), e.node(), e.tid(), e.fd())); //$NON-NLS-1$
        on("write_to_client_end", (n, e) -> n.writeToClientEnd(e.time(), e.node(), e.tid(), e.fd(), e.number(BYTES), e.number(TOOK), e.number(OFFERED))); //$NON-NLS-1$
        on("writes_end", (n, e) -> n.writesEnd(e.time(), e.node(), e.tid(), e.numbers(FDS), e.numbers(BYTES), e.numbers(TOOK), e.numbers(AGO), //$NON-NLS-1$
                e.numbers(OFFERED)));
        on("reads_end", (n, e) -> n.readsEnd(e.time(), e.node(), e.tid(), e.numbers(FDS), e.numbers(BYTES), e.numbers(TOOK), e.numbers(AGO), //$NON-NLS-1$
                e.numbers("counts"), e.text(COMMANDS), e.numbers(SLOT))); //$NON-NLS-1$
        on("cluster_read_handler_start", (n, e) -> n.busTransferStart(e.time(), e.node(), e.tid(), e.fd(), false)); //$NON-NLS-1$
        on("cluster_read_handler_end", (n, e) -> n.busTransferEnd(e.time(), e.node(), e.tid(), e.fd(), false, e.number(BYTES))); //$NON-NLS-1$
        on("cluster_write_handler_start", (n, e) -> n.busTransferStart(e.time(), e.node(), e.tid(), e.fd(), true)); //$NON-NLS-1$
        on("cluster_write_handler_end", (n, e) -> n.busTransferEnd(e.time(), e.node(), e.tid(), e.fd(), true, e.number(BYTES))); //$NON-NLS-1$
        on("cluster_msg_received", (n, e) -> busMessage(n, e, false)); //$NON-NLS-1$
        on("cluster_msg_sent", (n, e) -> busMessage(n, e, true)); //$NON-NLS-1$
        on("redirect", (n, e) -> n.redirect(e.time(), e.node(), e.tid(), e.fd(), e.number("reply"), e.text(KIND), e.integer(SLOT), e.text("target"))); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        on("add_file_event", (n, e) -> n.fileEvent(e.time(), e.node(), e.tid(), e.fd(), e.integer(MASK), true)); //$NON-NLS-1$
        on("delete_file_event", (n, e) -> n.fileEvent(e.time(), e.node(), e.tid(), e.fd(), e.integer(MASK), false)); //$NON-NLS-1$
        on("before_sleep", (n, e) -> n.beforeSleep(e.time(), e.node(), e.tid())); //$NON-NLS-1$
        on("after_sleep", (n, e) -> n.afterSleep(e.time(), e.node(), e.tid(), e.integer("ready"))); //$NON-NLS-1$ //$NON-NLS-2$
        on("readable", (n, e) -> n.readable(e.time(), e.node(), e.tid(), e.numbers(FDS))); //$NON-NLS-1$
        on("tls_pending", (n, e) -> n.tlsPending(e.time(), e.node(), e.tid(), e.fd(), e.number(BYTES))); //$NON-NLS-1$
        on("tls_free", (n, e) -> n.tlsFree(e.time(), e.node(), e.tid(), e.fd(), e.integer("again") == 1)); //$NON-NLS-1$ //$NON-NLS-2$
        on("tls_freed_call", (n, e) -> n.tlsFreedCall(e.time(), e.node(), e.tid(), e.fd(), e.text("call"))); //$NON-NLS-1$ //$NON-NLS-2$
        on("close_untracked", (n, e) -> n.closeUntracked(e.time(), e.node(), e.tid(), e.fd(), e.integer("result"))); //$NON-NLS-1$ //$NON-NLS-2$
        on("abort", (n, e) -> n.abort(e.time(), e.node(), e.tid())); //$NON-NLS-1$
    }

    private final RedisEventNormalizer fNormalizer;
    /** The node each trace of an experiment is (per-process buffers: one node per trace), once known. */
    private final Map<ITmfTrace, String> fNodeOfTrace = new HashMap<>();

    /**
     * @param tracker
     *            the model the events go to
     */
    RedisEventHandlers(RedisTracker tracker) {
        fNormalizer = new RedisEventNormalizer(tracker);
    }

    /**
     * @param tracker
     *            the model the events go to
     * @param frees
     *            the use-after-free finder they go to as well
     */
    RedisEventHandlers(RedisTracker tracker, UseAfterFreeTracker frees) {
        fNormalizer = new RedisEventNormalizer(tracker, frees);
    }

    private static void on(String name, Handler handler) {
        HANDLERS.put(PROVIDER + name, handler);
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
                fNormalizer.lost(lost.getTimeRange().getStartTime().toNanos(), node);
            }
            return;
        }
        @Nullable Handler handler = HANDLERS.get(event.getName());
        if (handler != null) {
            RedisEvent redisEvent = RedisEvent.of(event);
            fNodeOfTrace.putIfAbsent(event.getTrace(), redisEvent.node());
            handler.handle(fNormalizer, redisEvent);
        }
    }

    private static void busMessage(RedisEventNormalizer normalizer, RedisEventFields event, boolean sent) {
        normalizer.busMessage(event.time(), event.node(), event.tid(), event.fd(), sent, event.integer("type"), event.text("type_name"), //$NON-NLS-1$ //$NON-NLS-2$
                event.integer("sender_port")); //$NON-NLS-1$
    }

    /** @return the connection's local or remote end, "address:port", empty when unknown */
    private static String endpoint(RedisEventFields event, String side) {
        String address = event.text(side + "_addr"); //$NON-NLS-1$
        return address.isEmpty() ? "" : address + ':' + event.integer(side + "_port"); //$NON-NLS-1$ //$NON-NLS-2$
    }
}
