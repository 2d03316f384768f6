// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.redis.core;

import java.text.MessageFormat;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.segmentstore.core.ISegment;
import org.eclipse.tracecompass.segmentstore.core.ISegmentStore;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.exceptions.StateSystemDisposedException;
import org.eclipse.tracecompass.statesystem.core.interval.ITmfStateInterval;
import org.eclipse.tracecompass.tmf.core.statesystem.ITmfAnalysisModuleWithStateSystems;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.common.core.SummaryDataProvider;
import org.sextant.common.model.series.DurationStats;
import org.sextant.redis.core.RedisLatencyModule;
import org.sextant.redis.core.RequestSegment;
import org.sextant.redis.model.CommandType;
import org.sextant.redis.model.DataStructure;
import org.sextant.redis.model.RedisTracker;
import org.sextant.redis.model.UseAfterFree;

/**
 * What each Redis node did over the whole trace, as a data tree: a node (keyed by pid, in the order of its
 * address, with its address as value) and under it groups keyed by the constants below, whose items (keyed by
 * name, in name order) hold their counts: connections opened by kind, requests per command, per type (read,
 * write, other, as Redis flags the command) and per {@link DataStructure}, the memory of its connections (the
 * largest query buffer in bytes, the most replies owed to one connection at any time, and the most reply bytes held
 * for one where the tracer told them), bytes per counter, cluster bus messages sent and received per type,
 * and per command the latency percentiles of the requests whose read and reply were traced (from
 * {@link RedisLatencyModule}), and its races, if it had any: each overlap of two threads on a connection, keyed by
 * its descriptor and time, with what the two threads did as value; and its uses after free and double frees, if it had
 * any ({@link Frees}), keyed by descriptor and the time of their first step, with their steps as value. Counters that stayed zero are left out. Columns: name, value, then the latency's
 * 50th, 90th and 99th percentiles and maximum (nanoseconds).
 */
public class RedisSummaryDataProvider extends SummaryDataProvider {

    /** The data provider id, as registered in plugin.xml. */
    public static final String ID = "org.sextant.redis.core.summary"; //$NON-NLS-1$
    /** The key of a node's connections opened, by kind. */
    public static final String CONNECTIONS = "connections"; //$NON-NLS-1$
    /** The key of a node's requests, by command. */
    public static final String REQUESTS = "requests"; //$NON-NLS-1$
    /** The key of a node's requests, by type. */
    public static final String REQUESTS_BY_TYPE = "requests by type"; //$NON-NLS-1$
    /** The key of a node's requests, by data structure. */
    public static final String REQUESTS_BY_STRUCTURE = "requests by data structure"; //$NON-NLS-1$
    /** The key of a node's connections' memory: the largest values of {@link #QUERY_BUFFER}, {@link #REPLIES_OWED} and {@link #REPLY_BYTES}. */
    public static final String MEMORY = "memory"; //$NON-NLS-1$
    /** The key of the largest query buffer of a node's connections, in bytes. */
    public static final String QUERY_BUFFER = "query buffer"; //$NON-NLS-1$
    /** The key of the most replies a node owed one connection. */
    public static final String REPLIES_OWED = "replies owed"; //$NON-NLS-1$
    /** The key of the most reply bytes a node held for one connection, absent where the tracer did not tell them. */
    public static final String REPLY_BYTES = "reply bytes"; //$NON-NLS-1$
    /** The key of a node's latency percentiles, by command. */
    public static final String LATENCY = "latency"; //$NON-NLS-1$
    /** The key of a node's byte counters. */
    public static final String BYTES = "bytes"; //$NON-NLS-1$
    /** The key of a node's bus messages sent, by type. */
    public static final String BUS_SENT = "bus sent"; //$NON-NLS-1$
    /** The key of a node's bus messages received, by type. */
    public static final String BUS_RECEIVED = "bus received"; //$NON-NLS-1$
    /** The key of a node's races, each keyed by "&lt;fd&gt;@&lt;time in nanoseconds&gt;", the connection its name. */
    public static final String RACES = "races"; //$NON-NLS-1$
    /**
     * The key of a node's uses after free and double frees, each keyed by "&lt;fd&gt;@&lt;time in nanoseconds of its
     * first step&gt;", the connection its name, its steps its value.
     */
    public static final String FREES = "frees"; //$NON-NLS-1$
    /** The column of the value: a node's address, a count, the requests with a latency. */
    public static final int VALUE = 0;
    /** The column of the latency's median. */
    public static final int P50 = 1;
    /** The column of the latency's 90th percentile. */
    public static final int P90 = 2;
    /** The column of the latency's 99th percentile. */
    public static final int P99 = 3;
    /** The column of the latency's maximum. */
    public static final int MAX = 4;

    private final @Nullable RedisLatencyModule fLatency;

    /**
     * @param trace
     *            the trace or experiment
     * @param module
     *            its Redis module (or any module whose first state system is a {@link RedisTracker}'s), scheduled
     * @param latency
     *            its latency module, scheduled, or null when it has none
     */
    public RedisSummaryDataProvider(ITmfTrace trace, ITmfAnalysisModuleWithStateSystems module, @Nullable RedisLatencyModule latency) {
        super(trace, module, List.of(Messages.Summary_Name, Messages.Summary_Value, Messages.Summary_P50, Messages.Summary_P90,
                Messages.Summary_P99, Messages.Summary_Max));
        fLatency = latency;
    }

    @Override
    public String getId() {
        return ID;
    }

    /** The latency module's segment store appears once it is complete. */
    @Override
    protected boolean isComplete() {
        RedisLatencyModule latency = fLatency;
        return latency == null || latency.getSegmentStore() != null;
    }

    @Override
    protected void addRows(ITmfStateSystem ss, Rows rows) throws StateSystemDisposedException {
        Map<String, Map<String, List<Long>>> latencies = latencies();
        List<ITmfStateInterval> state = ss.queryFullState(ss.getCurrentEndTime());
        List<Integer> nodes = new ArrayList<>(ss.getQuarks(RedisTracker.NODES, "*")); //$NON-NLS-1$
        nodes.sort(Comparator.comparing(node -> String.valueOf(state.get(node).getValue())));
        for (int node : nodes) {
            String pid = ss.getAttributeName(node);
            long nodeId = rows.add(rows.root(), Nodes.label(ss, node), pid, state.get(node).getValue());
            Map<String, Long> requests = counters(ss, state, node, RedisTracker.COMMANDS);
            Map<String, Long> byType = new TreeMap<>();
            requests.forEach((command, count) -> byType.merge(CommandType.of(command).label(), count, Long::sum));
            addCounters(rows, nodeId, Messages.Summary_Connections, CONNECTIONS, counters(ss, state, node, RedisTracker.OPENED));
            addCounters(rows, nodeId, Messages.Summary_Requests, REQUESTS, requests);
            addCounters(rows, nodeId, Messages.Summary_RequestsByType, REQUESTS_BY_TYPE, byType);
            addCounters(rows, nodeId, Messages.Summary_RequestsByStructure, REQUESTS_BY_STRUCTURE,
                    counters(ss, state, node, RedisTracker.DATA_STRUCTURES));
            addMemory(ss, rows, node, nodeId);
            long latencyId = rows.add(nodeId, Messages.Summary_Latency, LATENCY);
            new TreeMap<>(latencies.getOrDefault(pid, Map.of())).forEach((command, nanos) -> {
                DurationStats stats = DurationStats.of(nanos.stream().mapToLong(Long::longValue).toArray());
                rows.add(latencyId, command, command, stats.count(), stats.p50(), stats.p90(), stats.p99(), stats.max());
            });
            addCounters(rows, nodeId, Messages.Summary_Bytes, BYTES, counters(ss, state, node, RedisTracker.VOLUME));
            addCounters(rows, nodeId, Messages.Summary_BusSent, BUS_SENT, counters(ss, state, node, RedisTracker.BUS, RedisTracker.SENT));
            addCounters(rows, nodeId, Messages.Summary_BusReceived, BUS_RECEIVED, counters(ss, state, node, RedisTracker.BUS, RedisTracker.RECEIVED));
            addRaces(ss, rows, node, nodeId);
            addFrees(ss, rows, node, nodeId);
        }
    }

    /** The node's uses after free and double frees, under a group that only appears when there are some. */
    private static void addFrees(ITmfStateSystem ss, Rows rows, int node, long nodeId) throws StateSystemDisposedException {
        List<UseAfterFree> frees = Frees.of(ss, node);
        if (frees.isEmpty()) {
            return;
        }
        long group = rows.add(nodeId, Messages.Summary_Frees, FREES, (long) frees.size());
        for (UseAfterFree finding : frees) {
            String fd = Integer.toString(finding.fd());
            rows.add(group, MessageFormat.format(Messages.Netflow_Connection, fd), fd + '@' + finding.steps().get(0).time(), Frees.text(finding, ss.getStartTime()));
        }
    }

    /** The node's races, in time order, under a group that only appears when there are some. */
    private static void addRaces(ITmfStateSystem ss, Rows rows, int node, long nodeId) throws StateSystemDisposedException {
        List<ITmfStateInterval> races = Races.of(ss, node, ss.getStartTime(), ss.getCurrentEndTime());
        if (races.isEmpty()) {
            return;
        }
        long group = rows.add(nodeId, Messages.Summary_Races, RACES, (long) races.size());
        for (ITmfStateInterval race : races) {
            String fd = ss.getAttributeName(ss.getParentAttributeQuark(race.getAttribute()));
            rows.add(group, MessageFormat.format(Messages.Netflow_Connection, fd), fd + '@' + race.getStartTime(), race.getValue());
        }
    }

    /**
     * The largest query buffer, the most replies owed and the most reply bytes held (where the tracer told what
     * writes were given) of the node's connections, over the whole trace.
     */
    private static void addMemory(ITmfStateSystem ss, Rows rows, int node, long nodeId) throws StateSystemDisposedException {
        long group = rows.add(nodeId, Messages.Summary_Memory, MEMORY);
        rows.add(group, Messages.Summary_QueryBuffer, QUERY_BUFFER, largest(ss, ss.getQuarks(node, RedisTracker.CONNECTIONS, "*", RedisTracker.QUERY_BUFFER))); //$NON-NLS-1$
        rows.add(group, Messages.Summary_RepliesOwed, REPLIES_OWED, largest(ss, ss.getQuarks(node, RedisTracker.CONNECTIONS, "*", RedisTracker.REPLIES_OWED))); //$NON-NLS-1$
        List<Integer> replyBytes = ss.getQuarks(node, RedisTracker.CONNECTIONS, "*", RedisTracker.REPLY_BYTES); //$NON-NLS-1$
        if (!replyBytes.isEmpty()) {
            rows.add(group, Messages.Summary_ReplyBytes, REPLY_BYTES, largest(ss, replyBytes));
        }
    }

    /** @return the largest value the attributes held, 0 if none */
    private static long largest(ITmfStateSystem ss, Collection<Integer> quarks) throws StateSystemDisposedException {
        long largest = 0;
        if (!quarks.isEmpty()) {
            for (ITmfStateInterval interval : ss.query2D(quarks, ss.getStartTime(), ss.getCurrentEndTime())) {
                if (interval.getValue() instanceof Long value) {
                    largest = Math.max(largest, value);
                }
            }
        }
        return largest;
    }

    private static void addCounters(Rows rows, long parent, String name, String key, Map<String, Long> counters) {
        long group = rows.add(parent, name, key);
        counters.forEach((counter, value) -> rows.add(group, counter, counter, value));
    }

    /** @return the final values of the counters under {@code node/path} that are not zero, by name */
    private static Map<String, Long> counters(ITmfStateSystem ss, List<ITmfStateInterval> state, int node, String... path) {
        Map<String, Long> counters = new TreeMap<>();
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

    /** @return the latencies in nanoseconds per node, then per command; none while the latency module runs */
    private Map<String, Map<String, List<Long>>> latencies() {
        RedisLatencyModule latency = fLatency;
        ISegmentStore<ISegment> segments = latency == null ? null : latency.getSegmentStore();
        Map<String, Map<String, List<Long>>> latencies = new HashMap<>();
        if (segments != null) {
            for (ISegment segment : segments) {
                if (segment instanceof RequestSegment request) {
                    latencies.computeIfAbsent(request.node(), node -> new HashMap<>())
                            .computeIfAbsent(request.command(), command -> new ArrayList<>()).add(request.getLength());
                }
            }
        }
        return latencies;
    }
}
