// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.spans.core;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.ToLongFunction;

import org.eclipse.tracecompass.tmf.core.model.OutputElementStyle;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.redis.core.RedisConnectionKey;
import org.sextant.spans.core.SpansAnalysisModule;
import org.sextant.spans.model.RedisCommand;
import org.sextant.spans.model.Service;
import org.sextant.spans.model.Span;
import org.sextant.spans.model.SpanGraph;
import org.sextant.spans.model.SpanKind;
import org.sextant.spans.model.TraceContext;

/**
 * The Spans time graph: under each service, the requests it served and the calls it made, each on as many lanes
 * as were at once in progress, and under each Redis node the commands the spans sent it, a row per connection
 * (named by its {@link RedisConnectionKey}, so that selecting it selects the connection in Redis Netflow); arrows
 * go from each client span to the server span it called, and from each span to its Redis commands. A span is labelled by its
 * route, a command by its name; the tooltip tells the rest (status, trace id, connection). A span's state names the
 * Redis connections its tree used ({@link SpanTrees}), and a service's entry and lanes those of their spans, so
 * that selecting a span, or a service's row, selects its connections in the Redis views.
 */
public class SpansTimeGraphDataProvider extends GraphTimeGraphDataProvider {

    /** The provider's id. */
    public static final String ID = "org.sextant.spans.core.spans"; //$NON-NLS-1$

    private static final String SERVER = "server"; //$NON-NLS-1$
    private static final String CLIENT = "client"; //$NON-NLS-1$
    private static final String ERROR = "error"; //$NON-NLS-1$
    private static final String INCOMPLETE = "incomplete"; //$NON-NLS-1$
    private static final String REDIS = "redis"; //$NON-NLS-1$
    private static final String CALL = "call"; //$NON-NLS-1$
    private static final Map<String, OutputElementStyle> STYLES = new LinkedHashMap<>();
    private static final Comparator<Span> BY_START = Comparator.comparingLong(Span::start);

    static {
        STYLES.put(SERVER, style(SERVER, "#3C78D8")); //$NON-NLS-1$
        STYLES.put(CLIENT, style(CLIENT, "#93C47D")); //$NON-NLS-1$
        STYLES.put(ERROR, style(ERROR, "#CC0000")); //$NON-NLS-1$
        STYLES.put(INCOMPLETE, style(INCOMPLETE, "#999999")); //$NON-NLS-1$
        STYLES.put(REDIS, style(REDIS, "#E69138")); //$NON-NLS-1$
        STYLES.put(CALL, style(CALL, "#444444")); //$NON-NLS-1$
    }

    /** @return the styles of the bars and arrows, by key, as the Spans view draws them */
    public static Map<String, OutputElementStyle> styles() {
        return Collections.unmodifiableMap(STYLES);
    }

    /**
     * @param trace
     *            the recording
     * @param module
     *            its span analysis, scheduled
     */
    public SpansTimeGraphDataProvider(ITmfTrace trace, SpansAnalysisModule module) {
        super(trace, module, ID, STYLES);
    }

    @Override
    protected void layout(SpanGraph graph, Layout layout) {
        Map<Span, Long> rowOf = new IdentityHashMap<>();
        for (Service service : graph.services()) {
            List<Span> served = graph.spans().stream().filter(s -> s.service() == service && s.kind() == SpanKind.SERVER).sorted(BY_START).toList();
            List<Span> calls = graph.spans().stream().filter(s -> s.service() == service && s.kind() == SpanKind.CLIENT).sorted(BY_START).toList();
            if (served.isEmpty() && calls.isEmpty()) {
                continue;
            }
            long group = layout.entry(ROOT, service.name(), false);
            Map<Long, SortedSet<String>> used = new TreeMap<>();
            Place<Span> bar = (row, span) -> {
                rowOf.put(span, row);
                SortedSet<String> connections = SpanTrees.connections(span);
                layout.bar(row, span.start(), end(span), style(span), span.route(), tooltip(span), connections);
                used.computeIfAbsent(row, r -> new TreeSet<>()).addAll(connections);
                used.computeIfAbsent(group, r -> new TreeSet<>()).addAll(connections);
            };
            lanes(layout, group, Messages.Spans_Served, served, Span::start, SpansTimeGraphDataProvider::end, bar);
            lanes(layout, group, Messages.Spans_Calls, calls, Span::start, SpansTimeGraphDataProvider::end, bar);
            used.forEach(layout::tag);
        }
        Map<String, Map<Integer, List<RedisCommand>>> byNode = new TreeMap<>();
        graph.redisCommands().stream().filter(c -> graph.spanOf(c).isPresent())
                .forEach(c -> byNode.computeIfAbsent(c.node(), n -> new TreeMap<>()).computeIfAbsent(c.fd(), fd -> new ArrayList<>()).add(c));
        byNode.forEach((node, connections) -> {
            long group = layout.entry(ROOT, Messages.bind(Messages.Spans_RedisNode, node), false);
            connections.forEach((fd, commands) -> {
                String name = Messages.bind(Messages.Spans_Connection, String.valueOf(fd));
                for (long row : lanes(layout, group, name, commands, RedisCommand::start, RedisCommand::end, (row, command) -> {
                    layout.bar(row, command.start(), command.end(), REDIS, command.command(), Map.of(Messages.Tooltip_Command, command.command(),
                            Messages.Tooltip_Client, command.peer(), Messages.Tooltip_Duration, micros(command.end() - command.start())), List.of());
                    Long from = rowOf.get(graph.spanOf(command).orElseThrow());
                    if (from != null) {
                        layout.arrow(from, row, command.start(), command.start(), CALL);
                    }
                })) {
                    layout.tag(row, List.of(RedisConnectionKey.of(node, fd)));
                }
            });
        });
        for (Span span : graph.spans()) {
            Span server = span.peer();
            if (span.kind() == SpanKind.CLIENT && server != null && rowOf.containsKey(span) && rowOf.containsKey(server)) {
                layout.arrow(rowOf.get(span), rowOf.get(server), span.start(), server.start(), CALL);
            }
        }
    }

    /** Where items go on a lane: a row id and the item. */
    @FunctionalInterface
    private interface Place<T> {
        void at(long row, T item);
    }

    /** Puts items (in start order) on the first lane free at their start, making lanes as needed; returns the lanes. */
    private static <T> List<Long> lanes(Layout layout, long group, String name, List<T> items, ToLongFunction<T> start, ToLongFunction<T> end,
            Place<T> place) {
        List<Long> rows = new ArrayList<>();
        List<Long> free = new ArrayList<>();
        for (T item : items) {
            int lane = 0;
            while (lane < rows.size() && free.get(lane) > start.applyAsLong(item)) {
                lane++;
            }
            if (lane == rows.size()) {
                rows.add(layout.entry(group, name + ' ' + (lane + 1), true));
                free.add(Long.MIN_VALUE);
            }
            free.set(lane, end.applyAsLong(item));
            place.at(rows.get(lane), item);
        }
        return rows;
    }

    /** @return its end, or for a span whose response never came the last time known of it */
    private static long end(Span span) {
        return span.complete() ? span.end() : Math.max(span.start(), Math.max(span.requestEnd(), span.responseStart()));
    }

    private static String style(Span span) {
        if (!span.complete()) {
            return INCOMPLETE;
        }
        if (span.error()) {
            return ERROR;
        }
        return span.kind() == SpanKind.SERVER ? SERVER : CLIENT;
    }

    private static Map<String, String> tooltip(Span span) {
        Map<String, String> tooltip = new LinkedHashMap<>();
        tooltip.put(Messages.Tooltip_Request, span.method() + ' ' + span.target());
        tooltip.put(Messages.Tooltip_Status, span.status() < 0 ? Messages.Tooltip_NoResponse : Integer.toString(span.status()));
        if (span.complete()) {
            tooltip.put(Messages.Tooltip_Duration, micros(span.duration()));
        }
        span.context().map(TraceContext::traceId).ifPresent(trace -> tooltip.put(Messages.Tooltip_Trace, trace));
        tooltip.put(Messages.Tooltip_Connection, "fd " + span.fd() + ' ' + span.local() + " \u2192 " + span.remote()); //$NON-NLS-1$ //$NON-NLS-2$
        Span parent = span.parent();
        if (parent != null) {
            tooltip.put(Messages.Tooltip_Parent, parent.service().name() + ' ' + parent.route());
        }
        return tooltip;
    }

    /** @return nanoseconds as microseconds, "1234.5 µs" */
    static String micros(long nanos) {
        return String.format("%.1f \u00b5s", nanos / 1000.0); //$NON-NLS-1$
    }
}
