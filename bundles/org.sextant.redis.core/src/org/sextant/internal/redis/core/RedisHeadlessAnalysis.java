// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.redis.core;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.analysis.IAnalysisModule;
import org.eclipse.tracecompass.tmf.core.statesystem.ITmfAnalysisModuleWithStateSystems;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.sextant.common.core.FailureReporter;
import org.sextant.common.core.SummaryEntryModel;
import org.sextant.common.core.summary.AnalysisOptions;
import org.sextant.common.core.summary.HeadlessAnalysisException;
import org.sextant.common.core.summary.IHeadlessAnalysis;
import org.sextant.common.core.summary.SummaryTree;
import org.sextant.common.model.series.DurationStats;
import org.sextant.redis.core.RedisLatencyModule;
import org.sextant.redis.core.RedisParallelModule;
import org.sextant.redis.core.RedisPathModule;

/**
 * {@code sextant analyze --analysis redis}: per node, its connections by kind, requests per command with their
 * latency percentiles (microseconds), client and bus bytes, and bus messages sent and received per type, as
 * {@link RedisSummaryDataProvider} serves them; then the paths of requests across nodes, as
 * {@link RequestPathsDataProvider} serves them: each redirection from its reply to its retry, the publications
 * with their bus messages, each replica's stream in bytes. Runs on a trace with Redis events or on the
 * experiment of a recording's traces (one per node).
 */
public class RedisHeadlessAnalysis implements IHeadlessAnalysis {

    private static final double NANOS_PER_MICRO = 1000.0;
    private static final String[] PERCENTILES = { "p50", "p90", "p99", "max" }; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$

    @Override
    public boolean appliesTo(ITmfTrace trace) {
        return RedisTraces.stateModule(trace) != null;
    }

    @Override
    public Map<String, Object> run(ITmfTrace trace, AnalysisOptions options, IProgressMonitor monitor) throws HeadlessAnalysisException {
        ITmfAnalysisModuleWithStateSystems state = RedisTraces.stateModule(trace);
        if (state instanceof RedisParallelModule parallel) {
            parallel.setMode(options.build());
        }
        complete(state, monitor);
        complete(module(trace, RedisLatencyModule.class, RedisLatencyModule.ID), monitor);
        complete(module(trace, RedisPathModule.class, RedisPathModule.ID), monitor);
        SummaryTree summary = SummaryTree.fetch(trace, RedisSummaryDataProvider.ID, monitor);
        List<Map<String, Object>> nodes = new ArrayList<>();
        for (SummaryEntryModel node : summary.children(summary.root())) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("pid", node.getKey()); //$NON-NLS-1$
            entry.put("address", String.valueOf(node.getValues().get(RedisSummaryDataProvider.VALUE))); //$NON-NLS-1$
            entry.put("connections", counters(summary, node, RedisSummaryDataProvider.CONNECTIONS)); //$NON-NLS-1$
            entry.put("requests", counters(summary, node, RedisSummaryDataProvider.REQUESTS)); //$NON-NLS-1$
            entry.put("requests_by_type", counters(summary, node, RedisSummaryDataProvider.REQUESTS_BY_TYPE)); //$NON-NLS-1$
            entry.put("requests_by_data_structure", counters(summary, node, RedisSummaryDataProvider.REQUESTS_BY_STRUCTURE)); //$NON-NLS-1$
            entry.put("memory", memory(summary, node)); //$NON-NLS-1$
            entry.put("latency_us", latencies(summary, node)); //$NON-NLS-1$
            entry.put("bytes", counters(summary, node, RedisSummaryDataProvider.BYTES)); //$NON-NLS-1$
            Map<String, Object> bus = new LinkedHashMap<>();
            bus.put("sent", counters(summary, node, RedisSummaryDataProvider.BUS_SENT)); //$NON-NLS-1$
            bus.put("received", counters(summary, node, RedisSummaryDataProvider.BUS_RECEIVED)); //$NON-NLS-1$
            entry.put("bus_messages", bus); //$NON-NLS-1$
            entry.put("races", races(summary, node)); //$NON-NLS-1$
            entry.put("frees", frees(summary, node)); //$NON-NLS-1$
            nodes.add(entry);
        }
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("nodes", nodes); //$NON-NLS-1$
        result.put("paths", paths(SummaryTree.fetch(trace, RequestPathsDataProvider.ID, monitor))); //$NON-NLS-1$
        result.put("build", RedisTraces.describeBuild(Objects.requireNonNull(state))); //$NON-NLS-1$
        return result;
    }

    private static void complete(@Nullable IAnalysisModule module, IProgressMonitor monitor) throws HeadlessAnalysisException {
        if (module == null) {
            throw new HeadlessAnalysisException("no Redis events in this trace"); //$NON-NLS-1$
        }
        module.schedule();
        if (!module.waitForCompletion(monitor)) {
            String failure = module instanceof FailureReporter reporter ? reporter.getFailure() : null;
            if (failure != null) {
                throw HeadlessAnalysisException.badInput(failure);
            }
            throw new HeadlessAnalysisException(module.getName() + " did not complete" + (monitor.isCanceled() ? " (cancelled)" : "")); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        }
    }

    private static <M extends IAnalysisModule> @Nullable M module(ITmfTrace trace, Class<M> type, String id) {
        return TmfTraceUtils.getAnalysisModuleOfClass(trace, type, id);
    }

    private static Map<String, Object> counters(SummaryTree summary, SummaryEntryModel node, String group) {
        return SummaryTree.byKey(summary.children(node, group), RedisSummaryDataProvider.VALUE);
    }

    private static Map<String, Object> latencies(SummaryTree summary, SummaryEntryModel node) {
        Map<String, Object> result = new LinkedHashMap<>();
        for (SummaryEntryModel command : summary.children(node, RedisSummaryDataProvider.LATENCY)) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("count", command.getNumber(RedisSummaryDataProvider.VALUE)); //$NON-NLS-1$
            for (int i = 0; i < PERCENTILES.length; i++) {
                entry.put(PERCENTILES[i], micros(command.getNumber(RedisSummaryDataProvider.P50 + i).longValue()));
            }
            result.put(String.valueOf(command.getKey()), entry);
        }
        return result;
    }

    /**
     * The largest query buffer (bytes), the most replies owed and the most reply bytes held (null where the tracer
     * did not tell what writes were given) of the node's connections.
     */
    private static Map<String, Object> memory(SummaryTree summary, SummaryEntryModel node) {
        Map<String, Object> counters = counters(summary, node, RedisSummaryDataProvider.MEMORY);
        Map<String, Object> memory = new LinkedHashMap<>();
        memory.put("query_buffer_max_bytes", counters.get(RedisSummaryDataProvider.QUERY_BUFFER)); //$NON-NLS-1$
        memory.put("replies_owed_max", counters.get(RedisSummaryDataProvider.REPLIES_OWED)); //$NON-NLS-1$
        memory.put("reply_bytes_max", counters.get(RedisSummaryDataProvider.REPLY_BYTES)); //$NON-NLS-1$
        return memory;
    }

    /** Each race: its time, connection and what the two threads did; none on a sound run. */
    private static List<Object> races(SummaryTree summary, SummaryEntryModel node) {
        return listed(summary, node, RedisSummaryDataProvider.RACES, "threads"); //$NON-NLS-1$
    }

    /** Each use after free or double free: the time of its first step, its connection and its steps; none on a sound run. */
    private static List<Object> frees(SummaryTree summary, SummaryEntryModel node) {
        return listed(summary, node, RedisSummaryDataProvider.FREES, "finding"); //$NON-NLS-1$
    }

    /** The rows of a group keyed "&lt;fd&gt;@&lt;time&gt;": each its time, its connection and its value under {@code name}. */
    private static List<Object> listed(SummaryTree summary, SummaryEntryModel node, String group, String name) {
        List<Object> listed = new ArrayList<>();
        for (SummaryEntryModel row : summary.children(node, group)) {
            Map<String, Object> entry = new LinkedHashMap<>();
            String key = String.valueOf(row.getKey());
            entry.put("time", Long.parseLong(key.substring(key.indexOf('@') + 1))); //$NON-NLS-1$
            entry.put("connection", row.getName()); //$NON-NLS-1$
            entry.put(name, String.valueOf(row.getValues().get(RedisSummaryDataProvider.VALUE)));
            listed.add(entry);
        }
        return listed;
    }

    private static Map<String, Object> paths(SummaryTree paths) {
        Map<String, Object> result = new LinkedHashMap<>();
        List<Object> redirections = new ArrayList<>();
        for (SummaryEntryModel hop : paths.children(paths.root(), RequestPathsDataProvider.REDIRECTIONS)) {
            redirections.add(path(hop));
        }
        result.put("redirections", redirections); //$NON-NLS-1$
        List<SummaryEntryModel> publications = paths.children(paths.root(), RequestPathsDataProvider.PUBLICATIONS);
        long[] durations = publications.stream().mapToLong(p -> p.getNumber(RequestPathsDataProvider.DURATION).longValue()).toArray();
        Map<String, Object> publish = new LinkedHashMap<>();
        publish.put("count", publications.size()); //$NON-NLS-1$
        publish.put("bus_messages", publications.stream().mapToLong(p -> p.getNumber(RequestPathsDataProvider.VALUE).longValue()).sum()); //$NON-NLS-1$
        if (durations.length > 0) {
            DurationStats stats = DurationStats.of(durations);
            Map<String, Object> toLastReading = new LinkedHashMap<>(); // in this order, run after run
            toLastReading.put("p50", micros(stats.p50())); //$NON-NLS-1$
            toLastReading.put("max", micros(stats.max())); //$NON-NLS-1$
            publish.put("to_last_reading_us", toLastReading); //$NON-NLS-1$
        }
        result.put("publications", publish); //$NON-NLS-1$
        List<Object> streams = new ArrayList<>();
        for (SummaryEntryModel stream : paths.children(paths.root(), RequestPathsDataProvider.REPLICATION)) {
            Map<String, Object> entry = path(stream);
            entry.put("bytes", stream.getNumber(RequestPathsDataProvider.VALUE)); //$NON-NLS-1$
            streams.add(entry);
        }
        result.put("replication", streams); //$NON-NLS-1$
        return result;
    }

    private static Map<String, Object> path(SummaryEntryModel entry) {
        Map<String, Object> path = new LinkedHashMap<>();
        path.put("path", entry.getName()); //$NON-NLS-1$
        path.put("start", entry.getNumber(RequestPathsDataProvider.START)); //$NON-NLS-1$
        path.put("duration_us", micros(entry.getNumber(RequestPathsDataProvider.DURATION).longValue())); //$NON-NLS-1$
        return path;
    }

    private static double micros(long nanos) {
        return Math.round(nanos / NANOS_PER_MICRO * 10) / 10.0;
    }
}
