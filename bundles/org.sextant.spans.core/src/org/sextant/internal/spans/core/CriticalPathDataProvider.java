// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.spans.core;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

import org.eclipse.tracecompass.tmf.core.model.OutputElementStyle;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.spans.core.SpansAnalysisModule;
import org.sextant.spans.model.CriticalPath;
import org.sextant.spans.model.RedisCommand;
import org.sextant.spans.model.Span;
import org.sextant.spans.model.SpanGraph;
import org.sextant.spans.model.TraceContext;

/**
 * The critical path of each request that entered the traced services ({@link Requests}), slowest first: a
 * request's entry shows its whole span; expanded, a row per service (and Redis node) on its path shows what the
 * request waited for there: the service's own work, the network between two services, a Redis command, a call to
 * a service that was not traced. A Redis step's state and row name its connection, and a request's entry and bar
 * the connections of its tree ({@link SpanTrees}), so that they select the rows of those connections in the Redis
 * views.
 */
public class CriticalPathDataProvider extends GraphTimeGraphDataProvider {

    /** The provider's id. */
    public static final String ID = "org.sextant.spans.core.criticalpath"; //$NON-NLS-1$

    private static final String REQUEST = "request"; //$NON-NLS-1$
    private static final Map<String, OutputElementStyle> STYLES = new LinkedHashMap<>();

    static {
        STYLES.put(REQUEST, style(REQUEST, "#3C78D8")); //$NON-NLS-1$
        STYLES.put(CriticalPath.Kind.WORK.name(), style(CriticalPath.Kind.WORK.name(), "#6AA84F")); //$NON-NLS-1$
        STYLES.put(CriticalPath.Kind.NETWORK.name(), style(CriticalPath.Kind.NETWORK.name(), "#B7B7B7")); //$NON-NLS-1$
        STYLES.put(CriticalPath.Kind.CALL.name(), style(CriticalPath.Kind.CALL.name(), "#8E7CC3")); //$NON-NLS-1$
        STYLES.put(CriticalPath.Kind.REDIS.name(), style(CriticalPath.Kind.REDIS.name(), "#E69138")); //$NON-NLS-1$
    }

    /** @return the styles of the bars and arrows, by key, as the critical path view draws them */
    public static Map<String, OutputElementStyle> styles() {
        return Collections.unmodifiableMap(STYLES);
    }

    /**
     * @param trace
     *            the recording
     * @param module
     *            its span analysis, scheduled
     */
    public CriticalPathDataProvider(ITmfTrace trace, SpansAnalysisModule module) {
        super(trace, module, ID, STYLES);
    }

    @Override
    protected void layout(SpanGraph graph, Layout layout) {
        List<Span> requests = new ArrayList<>(Requests.of(graph));
        requests.sort(Comparator.comparingLong(Span::duration).reversed());
        for (Span request : requests) {
            long entry = layout.entry(ROOT, Messages.bind(Messages.CriticalPath_Request, new Object[] { request.service().name(), request.route(),
                    SpansTimeGraphDataProvider.micros(request.duration()) }), true);
            Map<String, String> tooltip = new LinkedHashMap<>();
            tooltip.put(Messages.Tooltip_Request, request.method() + ' ' + request.target());
            tooltip.put(Messages.Tooltip_Status, Integer.toString(request.status()));
            tooltip.put(Messages.Tooltip_Duration, SpansTimeGraphDataProvider.micros(request.duration()));
            request.context().map(TraceContext::traceId).ifPresent(trace -> tooltip.put(Messages.Tooltip_Trace, trace));
            List<RedisCommand> commands = SpanTrees.commands(request);
            SortedSet<String> tree = SpanTrees.connections(request);
            layout.bar(entry, request.start(), request.end(), REQUEST, request.route(), tooltip, tree);
            layout.tag(entry, tree);
            Map<String, Long> rows = new LinkedHashMap<>();
            Map<Long, SortedSet<String>> used = new TreeMap<>();
            for (CriticalPath.Step step : CriticalPath.of(request)) {
                long row = rows.computeIfAbsent(step.where(), where -> layout.entry(entry, where, true));
                List<String> connections = step.kind() == CriticalPath.Kind.REDIS ? connection(step, commands) : List.of();
                layout.bar(row, step.start(), step.end(), step.kind().name(), Steps.label(step),
                        Map.of(Messages.Tooltip_Step, Steps.label(step), Messages.Tooltip_Duration, SpansTimeGraphDataProvider.micros(step.duration())),
                        connections);
                used.computeIfAbsent(row, r -> new TreeSet<>()).addAll(connections);
            }
            used.forEach(layout::tag);
        }
    }

    /**
     * @return the connection of a Redis step: the step is its command's time on its node, so the command of the
     *         request's tree with that node and those times
     */
    private static List<String> connection(CriticalPath.Step step, List<RedisCommand> commands) {
        return commands.stream().filter(c -> c.start() == step.start() && c.end() == step.end() && step.where().endsWith(' ' + c.node()))
                .map(SpanTrees::connection).limit(1).toList();
    }
}
