// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.redis.core;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.segmentstore.core.ISegment;
import org.eclipse.tracecompass.segmentstore.core.ISegmentStore;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.exceptions.StateSystemDisposedException;
import org.eclipse.tracecompass.statesystem.core.interval.ITmfStateInterval;
import org.eclipse.tracecompass.tmf.core.analysis.IAnalysisModule;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.sextant.headless.core.BuildOptions;
import org.sextant.headless.core.HeadlessAnalysisException;
import org.sextant.headless.core.IHeadlessAnalysis;
import org.sextant.redis.core.RedisAnalysisModule;
import org.sextant.redis.core.RedisLatencyModule;
import org.sextant.redis.model.CommandType;
import org.sextant.redis.model.LatencyStats;
import org.sextant.redis.model.RedisTracker;

/**
 * {@code sextant analyze --analysis redis}: per node, its connections by kind, requests per command with their
 * latency percentiles, client and bus bytes, and bus messages sent and received per type. Runs on a trace with
 * Redis events or on the experiment of a recording's traces (one per node).
 */
public class RedisHeadlessAnalysis implements IHeadlessAnalysis {

    private static final double NANOS_PER_MICRO = 1000.0;

    @Override
    public boolean appliesTo(ITmfTrace trace) {
        return module(trace, RedisAnalysisModule.class, RedisAnalysisModule.ID) != null;
    }

    @Override
    public Map<String, Object> run(ITmfTrace trace, BuildOptions options, IProgressMonitor monitor) throws HeadlessAnalysisException {
        RedisAnalysisModule model = complete(module(trace, RedisAnalysisModule.class, RedisAnalysisModule.ID), monitor);
        RedisLatencyModule latency = complete(module(trace, RedisLatencyModule.class, RedisLatencyModule.ID), monitor);
        ITmfStateSystem ss = model.getStateSystem(RedisAnalysisModule.ID);
        ISegmentStore<ISegment> segments = latency.getSegmentStore();
        if (ss == null || segments == null) {
            throw new HeadlessAnalysisException("the Redis analysis did not complete"); //$NON-NLS-1$
        }
        try {
            return summarize(ss, latencies(segments));
        } catch (StateSystemDisposedException e) {
            throw new HeadlessAnalysisException("the Redis state system was closed while being read"); //$NON-NLS-1$
        }
    }

    private static <M extends IAnalysisModule> M complete(@Nullable M module, IProgressMonitor monitor) throws HeadlessAnalysisException {
        if (module == null) {
            throw new HeadlessAnalysisException("no Redis events in this trace"); //$NON-NLS-1$
        }
        module.schedule();
        if (!module.waitForCompletion(monitor)) {
            throw new HeadlessAnalysisException(module.getName() + " did not complete" + (monitor.isCanceled() ? " (cancelled)" : "")); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        }
        return module;
    }

    private static <M extends IAnalysisModule> @Nullable M module(ITmfTrace trace, Class<M> type, String id) {
        return TmfTraceUtils.getAnalysisModuleOfClass(trace, type, id);
    }

    /** @return latencies in nanoseconds per node, then per command */
    private static Map<String, Map<String, List<Long>>> latencies(ISegmentStore<ISegment> segments) {
        Map<String, Map<String, List<Long>>> latencies = new HashMap<>();
        for (ISegment segment : segments) {
            if (segment instanceof RequestSegment request) {
                latencies.computeIfAbsent(request.node(), node -> new TreeMap<>())
                        .computeIfAbsent(request.command(), command -> new ArrayList<>()).add(request.getLength());
            }
        }
        return latencies;
    }

    private static Map<String, Object> summarize(ITmfStateSystem ss, Map<String, Map<String, List<Long>>> latencies) throws StateSystemDisposedException {
        List<ITmfStateInterval> state = ss.queryFullState(ss.getCurrentEndTime());
        List<Map<String, Object>> nodes = new ArrayList<>();
        for (int node : ss.getQuarks(RedisTracker.NODES, "*")) { //$NON-NLS-1$
            String key = ss.getAttributeName(node);
            Map<String, Object> summary = new LinkedHashMap<>();
            summary.put("pid", key); //$NON-NLS-1$
            summary.put("address", String.valueOf(state.get(node).getValue())); //$NON-NLS-1$
            summary.put("connections", counters(ss, state, node, RedisTracker.OPENED)); //$NON-NLS-1$
            Map<String, Object> requests = counters(ss, state, node, RedisTracker.COMMANDS);
            summary.put("requests", requests); //$NON-NLS-1$
            Map<String, Long> byType = new TreeMap<>();
            requests.forEach((command, count) -> byType.merge(CommandType.of(command).label(), (Long) count, Long::sum));
            summary.put("requests_by_type", byType); //$NON-NLS-1$
            summary.put("latency_us", latencyPercentiles(latencies.getOrDefault(key, Map.of()))); //$NON-NLS-1$
            summary.put("bytes", counters(ss, state, node, RedisTracker.VOLUME)); //$NON-NLS-1$
            Map<String, Object> bus = new LinkedHashMap<>();
            bus.put("sent", counters(ss, state, node, RedisTracker.BUS, RedisTracker.SENT)); //$NON-NLS-1$
            bus.put("received", counters(ss, state, node, RedisTracker.BUS, RedisTracker.RECEIVED)); //$NON-NLS-1$
            summary.put("bus_messages", bus); //$NON-NLS-1$
            nodes.add(summary);
        }
        nodes.sort((a, b) -> String.valueOf(a.get("address")).compareTo(String.valueOf(b.get("address")))); //$NON-NLS-1$ //$NON-NLS-2$
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("nodes", nodes); //$NON-NLS-1$
        return result;
    }

    /** @return the final values of the counters under {@code node/path}, by name */
    private static Map<String, Object> counters(ITmfStateSystem ss, List<ITmfStateInterval> state, int node, String... path) {
        Map<String, Object> counters = new TreeMap<>();
        int parent = ss.optQuarkRelative(node, path);
        if (parent != ITmfStateSystem.INVALID_ATTRIBUTE) {
            for (int counter : ss.getSubAttributes(parent, false)) {
                if (state.get(counter).getValue() instanceof Long value && value != 0) {
                    counters.put(ss.getAttributeName(counter), value);
                }
            }
        }
        return counters;
    }

    private static Map<String, Object> latencyPercentiles(Map<String, List<Long>> perCommand) {
        Map<String, Object> result = new TreeMap<>();
        perCommand.forEach((command, latencies) -> {
            LatencyStats stats = LatencyStats.of(latencies.stream().mapToLong(Long::longValue).toArray());
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("count", stats.count()); //$NON-NLS-1$
            entry.put("p50", micros(stats.p50())); //$NON-NLS-1$
            entry.put("p90", micros(stats.p90())); //$NON-NLS-1$
            entry.put("p99", micros(stats.p99())); //$NON-NLS-1$
            entry.put("max", micros(stats.max())); //$NON-NLS-1$
            result.put(command, entry);
        });
        return result;
    }

    private static double micros(long nanos) {
        return Math.round(nanos / NANOS_PER_MICRO * 10) / 10.0;
    }
}
