// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.timeseries.core;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.exceptions.StateSystemDisposedException;
import org.eclipse.tracecompass.statesystem.core.interval.ITmfStateInterval;
import org.eclipse.tracecompass.tmf.core.analysis.IAnalysisModule;
import org.eclipse.tracecompass.tmf.core.statesystem.TmfStateSystemAnalysisModule;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.sextant.common.core.summary.HeadlessAnalysisException;
import org.sextant.redis.core.RedisLatencyModule;
import org.sextant.redis.core.RequestSegment;
import org.sextant.redis.model.ConnectionKind;
import org.sextant.redis.model.RedisTracker;
import org.sextant.redis.model.Request;
import org.sextant.spans.core.SpansAnalysisModule;
import org.sextant.spans.model.Span;
import org.sextant.spans.model.SpanGraph;
import org.sextant.timeseries.model.LineSink;
import org.sextant.timeseries.model.RedisRequestSchema;
import org.sextant.timeseries.model.SpanSchema;

/**
 * Exports what Sextant models one point per item: the requests of the Redis latency analysis
 * ({@link RedisRequestSchema}) and the spans of the span analysis ({@link SpanSchema}), each sorted by start
 * first (the schemas' ties need time order; the latency store holds requests in the order they ended).
 *
 * <p>
 * The Redis requests are read as the span analysis reads them ({@link RedisLatencyModule#getRequests()}); each node's address and each connection's kind come from the Redis state system, whose attribute tree
 * {@link RedisTracker} documents.
 * </p>
 */
public final class ModelExport {

    /** The Redis analysis's state system, as redis.core's plugin.xml registers it. */
    static final String REDIS_STATE = "org.sextant.redis.core.analysis"; //$NON-NLS-1$

    /**
     * What an export of a model made.
     *
     * @param measurement
     *            its measurement
     * @param version
     *            its schema's version
     * @param points
     *            points made
     * @param series
     *            series made, tie series not counted
     * @param ties
     *            points tagged as ties
     * @param modelSeconds
     *            the time the analyses took (building the model, or finding it built) before the first point
     */
    public record Made(String measurement, int version, long points, long series, long ties, double modelSeconds) {
        Map<String, Object> describe() {
            Map<String, Object> map = new LinkedHashMap<>();
            map.put("schema_version", version); //$NON-NLS-1$
            map.put("points", points); //$NON-NLS-1$
            map.put("series", series); //$NON-NLS-1$
            map.put("ties", ties); //$NON-NLS-1$
            map.put("model_seconds", modelSeconds); //$NON-NLS-1$
            return map;
        }
    }

    private ModelExport() {
    }

    /** @return whether the trace has Redis requests to export */
    static boolean hasRedis(ITmfTrace trace) {
        return RedisLatencyModule.of(trace) != null;
    }

    /** @return whether the trace has HTTP spans to export */
    static boolean hasSpans(ITmfTrace trace) {
        return spansModule(trace) != null;
    }

    /**
     * Writes a point per Redis request.
     *
     * @param trace
     *            a trace or recording with Redis events
     * @param sink
     *            where the points go
     * @param maxSeries
     *            how many series the export may make at most
     * @param monitor
     *            cancellation of the analyses
     * @return what was made
     * @throws HeadlessAnalysisException
     *             when the trace has no Redis events or an analysis fails
     */
    public static Made redis(ITmfTrace trace, LineSink sink, long maxSeries, IProgressMonitor monitor) throws HeadlessAnalysisException {
        RedisLatencyModule latency = RedisLatencyModule.of(trace);
        TmfStateSystemAnalysisModule state = TmfTraceUtils.getAnalysisModuleOfClass(trace, TmfStateSystemAnalysisModule.class, REDIS_STATE);
        if (latency == null || state == null) {
            throw new HeadlessAnalysisException("no Redis events in this trace"); //$NON-NLS-1$
        }
        long start = System.nanoTime();
        complete(latency, monitor);
        complete(state, monitor);
        ITmfStateSystem ss = state.getStateSystem(REDIS_STATE);
        if (latency.getSegmentStore() == null || ss == null) {
            throw new HeadlessAnalysisException("the Redis analyses have no results for this trace"); //$NON-NLS-1$
        }
        List<RequestSegment> segments = latency.getRequests();
        List<Request> requests = new ArrayList<>(segments.size());
        for (RequestSegment segment : segments) {
            requests.add(new Request(segment.getStart(), segment.getEnd(), segment.node(), segment.fd(), segment.command(), segment.peer()));
        }
        requests.sort(Comparator.comparingLong(Request::start).thenComparingLong(Request::end).thenComparing(Request::node)
                .thenComparingInt(Request::fd));
        double modelSeconds = (System.nanoTime() - start) / 1e9;
        RedisRequestSchema schema = new RedisRequestSchema(sink, maxSeries);
        Nodes nodes = new Nodes(ss);
        for (Request request : requests) {
            schema.accept(request, nodes.name(request.node()), nodes.kind(request));
        }
        return new Made(RedisRequestSchema.MEASUREMENT, RedisRequestSchema.VERSION, schema.points(), schema.series(), schema.ties(), modelSeconds);
    }

    /**
     * Writes a point per span.
     *
     * @param trace
     *            a recording with HTTP events
     * @param sink
     *            where the points go
     * @param maxSeries
     *            how many series the export may make at most
     * @param monitor
     *            cancellation of the analyses
     * @return what was made
     * @throws HeadlessAnalysisException
     *             when the trace has no HTTP events or the analysis fails
     */
    public static Made spans(ITmfTrace trace, LineSink sink, long maxSeries, IProgressMonitor monitor) throws HeadlessAnalysisException {
        SpansAnalysisModule module = spansModule(trace);
        if (module == null) {
            throw new HeadlessAnalysisException("no HTTP events in this trace"); //$NON-NLS-1$
        }
        long start = System.nanoTime();
        complete(module, monitor);
        double modelSeconds = (System.nanoTime() - start) / 1e9;
        SpanGraph graph = module.getGraph();
        if (graph == null) {
            throw new HeadlessAnalysisException("the spans are not available"); //$NON-NLS-1$
        }
        SpanSchema schema = new SpanSchema(sink, maxSeries);
        graph.spans().stream().sorted(Comparator.comparingLong(Span::start).thenComparingInt(Span::id)).forEach(schema::accept);
        return new Made(SpanSchema.MEASUREMENT, SpanSchema.VERSION, schema.points(), schema.series(), schema.ties(), modelSeconds);
    }

    private static @Nullable SpansAnalysisModule spansModule(ITmfTrace trace) {
        return TmfTraceUtils.getAnalysisModuleOfClass(trace, SpansAnalysisModule.class, SpansAnalysisModule.ID);
    }

    private static void complete(IAnalysisModule module, IProgressMonitor monitor) throws HeadlessAnalysisException {
        module.schedule();
        if (!module.waitForCompletion(monitor)) {
            throw new HeadlessAnalysisException(module.getName() + " did not complete" + (monitor.isCanceled() ? " (cancelled)" : "")); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        }
    }

    /**
     * The Redis state system's names of nodes and kinds of connections. A connection's kind is one interval of its
     * Kind attribute for many requests (requests come by start, so a connection's come in time order): the last
     * interval of each connection is kept, and the state system asked again only past its end.
     */
    private static final class Nodes {
        private final ITmfStateSystem fState;
        private final Map<String, String> fNames = new HashMap<>();
        private final Map<String, ITmfStateInterval> fKinds = new HashMap<>();

        Nodes(ITmfStateSystem state) {
            fState = state;
        }

        /** @return the node's address, or "pid KEY" for a node that never listened in the trace */
        String name(String key) {
            return fNames.computeIfAbsent(key, k -> {
                ITmfStateInterval address = interval(fState.getCurrentEndTime(), RedisTracker.NODES, k);
                return address == null || address.getValue() == null ? "pid " + k : String.valueOf(address.getValue()); //$NON-NLS-1$
            });
        }

        /** @return the kind of the request's connection at its end (a kind learnt later than the open is known then) */
        ConnectionKind kind(Request request) {
            String connection = request.node() + '/' + request.fd();
            long time = clamp(request.end());
            ITmfStateInterval kind = fKinds.get(connection);
            if (kind == null || !kind.intersects(time)) {
                kind = interval(time, RedisTracker.NODES, request.node(), RedisTracker.CONNECTIONS, Integer.toString(request.fd()),
                        RedisTracker.KIND);
                if (kind == null) {
                    return ConnectionKind.UNKNOWN;
                }
                fKinds.put(connection, kind);
            }
            Object value = kind.getValue();
            return value == null ? ConnectionKind.UNKNOWN : ConnectionKind.of(value.toString());
        }

        private long clamp(long time) {
            return Math.max(fState.getStartTime(), Math.min(time, fState.getCurrentEndTime()));
        }

        private @Nullable ITmfStateInterval interval(long time, String... path) {
            int quark = fState.optQuarkAbsolute(path);
            if (quark == ITmfStateSystem.INVALID_ATTRIBUTE) {
                return null;
            }
            try {
                return fState.querySingleState(clamp(time), quark);
            } catch (StateSystemDisposedException e) {
                return null;
            }
        }
    }
}
