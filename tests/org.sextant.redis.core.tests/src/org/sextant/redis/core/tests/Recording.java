// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.core.tests;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.tracecompass.segmentstore.core.ISegment;
import org.eclipse.tracecompass.segmentstore.core.ISegmentStore;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.StateSystemUtils;
import org.eclipse.tracecompass.statesystem.core.exceptions.AttributeNotFoundException;
import org.eclipse.tracecompass.statesystem.core.exceptions.StateSystemDisposedException;
import org.eclipse.tracecompass.statesystem.core.interval.ITmfStateInterval;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataProvider;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.eclipse.tracecompass.tmf.core.trace.experiment.TmfExperiment;
import org.sextant.redis.core.RedisAnalysisModule;
import org.sextant.redis.core.RedisLatencyModule;
import org.sextant.redis.model.BusMessages;
import org.sextant.redis.model.RedisTracker;
import org.sextant.test.support.Fixture;
import org.sextant.test.support.Traces;

/**
 * A Redis recording fixture opened as the experiment users open, with its Redis model built: the state system,
 * its nodes and the queries the tests share.
 */
final class Recording implements AutoCloseable {

    private final TmfExperiment fExperiment;
    private final ITmfStateSystem fState;

    private Recording(TmfExperiment experiment, ITmfStateSystem state) {
        fExperiment = experiment;
        fState = state;
    }

    /** @return the fixture opened, with its Redis model built */
    static Recording open(Fixture fixture) throws Exception {
        TmfExperiment experiment = Traces.openRecording(fixture);
        try {
            RedisAnalysisModule module = TmfTraceUtils.getAnalysisModuleOfClass(experiment, RedisAnalysisModule.class, RedisAnalysisModule.ID);
            assertNotNull(module, "the Redis analysis applies to the recording");
            assertTrue(module.schedule().isOK());
            assertTrue(module.waitForCompletion(), "the Redis analysis completes");
            ITmfStateSystem state = module.getStateSystem(RedisAnalysisModule.ID);
            assertNotNull(state);
            return new Recording(experiment, state);
        } catch (Exception | AssertionError e) {
            Traces.close(experiment);
            throw e;
        }
    }

    TmfExperiment experiment() {
        return fExperiment;
    }

    /** @return the requests the Redis Events Latency views list: the latency module's segments, once it is built */
    ISegmentStore<ISegment> requests() {
        RedisLatencyModule module = TmfTraceUtils.getAnalysisModuleOfClass(fExperiment, RedisLatencyModule.class, RedisLatencyModule.ID);
        assertNotNull(module);
        assertTrue(module.schedule().isOK());
        assertTrue(module.waitForCompletion());
        ISegmentStore<ISegment> requests = module.getSegmentStore();
        assertNotNull(requests);
        return requests;
    }

    ITmfStateSystem state() {
        return fState;
    }

    /** @return the member trace of that name ("kernel" for perf's) */
    ITmfTrace member(String name) {
        return fExperiment.getChildren(ITmfTrace.class).stream().filter(t -> t.getName().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no trace " + name + " in " + fExperiment.getChildren()));
    }

    /** @return the node attributes by the port they listen on */
    Map<Integer, Integer> nodesByPort() throws StateSystemDisposedException {
        Map<Integer, Integer> nodes = new TreeMap<>();
        for (int node : fState.getQuarks(RedisTracker.NODES, "*")) { //$NON-NLS-1$
            Object address = fState.querySingleState(fState.getCurrentEndTime(), node).getValue();
            if (address != null) {
                String text = address.toString();
                nodes.put(Integer.parseInt(text.substring(text.lastIndexOf(':') + 1)), node);
            }
        }
        return nodes;
    }

    /** @return the node's pid */
    int pid(int node) {
        return Integer.parseInt(fState.getAttributeName(node));
    }

    /**
     * @return per command, how many the node ran before its first INFO: what that INFO's commandstats count
     */
    Map<String, Long> commandsBeforeFirstInfo(int node) throws StateSystemDisposedException, AttributeNotFoundException {
        long info = increments(node, RedisTracker.COMMANDS, "info").get(0); //$NON-NLS-1$
        Map<String, Long> counted = new TreeMap<>();
        for (String command : children(node, info - 1, RedisTracker.COMMANDS).keySet()) {
            counted.put(command, counter(node, info - 1, RedisTracker.COMMANDS, command));
        }
        return counted;
    }

    /**
     * @return per command (subcommands counted under their command, as the tracer names them), its calls and
     *         rejected calls in an INFO commandstats the fixture saved
     */
    static Map<String, Long> commandstats(Path file) throws IOException {
        Map<String, Long> counts = new TreeMap<>();
        for (String line : Files.readAllLines(file)) {
            if (!line.startsWith("cmdstat_")) { //$NON-NLS-1$
                continue;
            }
            String name = line.substring("cmdstat_".length(), line.indexOf(':')); //$NON-NLS-1$
            int bar = name.indexOf('|');
            String command = bar < 0 ? name : name.substring(0, bar);
            long count = 0;
            for (String field : line.substring(line.indexOf(':') + 1).split(",")) { //$NON-NLS-1$
                if (field.startsWith("calls=") || field.startsWith("rejected_calls=")) { //$NON-NLS-1$ //$NON-NLS-2$
                    count += Long.parseLong(field.substring(field.indexOf('=') + 1));
                }
            }
            counts.merge(command, count, Long::sum);
        }
        return counts;
    }

    /**
     * @return how many times the client connections entered each stage, and each stage with each thread in it
     *         ("reading by 6744")
     */
    Map<String, Integer> stages() throws StateSystemDisposedException, AttributeNotFoundException {
        Map<String, Integer> stages = new TreeMap<>();
        for (int connection : fState.getQuarks(RedisTracker.NODES, "*", RedisTracker.STAGES, "*")) { //$NON-NLS-1$ //$NON-NLS-2$
            int thread = fState.getQuarkRelative(connection, RedisTracker.THREAD);
            for (ITmfStateInterval interval : StateSystemUtils.queryHistoryRange(fState, connection, fState.getStartTime(), fState.getCurrentEndTime())) {
                if (interval.getValue() instanceof String stage) {
                    Object tid = fState.querySingleState(interval.getStartTime(), thread).getValue();
                    stages.merge(stage, 1, Integer::sum);
                    stages.merge(stage + " by " + tid, 1, Integer::sum); //$NON-NLS-1$
                }
            }
        }
        return stages;
    }

    /** @return the counter's value at that time, 0 if not counted yet */
    long counter(int node, long time, String... path) throws StateSystemDisposedException {
        int quark = fState.optQuarkRelative(node, path);
        if (quark == ITmfStateSystem.INVALID_ATTRIBUTE) {
            return 0;
        }
        Object value = fState.querySingleState(time, quark).getValue();
        return value instanceof Long count ? count : 0;
    }

    /** @return the times a counter of the node went up, in order */
    List<Long> increments(int node, String... path) throws StateSystemDisposedException, AttributeNotFoundException {
        int quark = fState.optQuarkRelative(node, path);
        List<Long> times = new ArrayList<>();
        if (quark == ITmfStateSystem.INVALID_ATTRIBUTE) {
            return times;
        }
        long previous = 0;
        for (ITmfStateInterval interval : StateSystemUtils.queryHistoryRange(fState, quark, fState.getStartTime(), fState.getCurrentEndTime())) {
            if (interval.getValue() instanceof Long value) {
                if (value > previous) {
                    times.add(interval.getStartTime());
                }
                previous = value;
            }
        }
        return times;
    }

    /** @return the values under a node's attribute at that time, by child name, for the children holding one */
    Map<String, Object> children(int node, long time, String... path) throws StateSystemDisposedException {
        Map<String, Object> values = new TreeMap<>();
        int parent = fState.optQuarkRelative(node, path);
        if (parent != ITmfStateSystem.INVALID_ATTRIBUTE) {
            for (int child : fState.getSubAttributes(parent, false)) {
                Object value = fState.querySingleState(time, child).getValue();
                if (value != null) {
                    values.put(fState.getAttributeName(child), value);
                }
            }
        }
        return values;
    }

    /** @return a data provider of the experiment, as a view gets it, with its tree fetched once complete */
    <P extends ITmfTreeDataProvider<? extends ITmfTreeDataModel>> P provider(String id, Class<P> type, Map<String, Object> query)
            throws InterruptedException {
        return Traces.provider(fExperiment, id, type, query);
    }

    /**
     * @return the {@code cluster_stats_messages_*} counters of a CLUSTER INFO the fixture saved as
     *         {@code cluster-info/<port>-<when>.txt}, without that prefix
     */
    static Map<String, Long> clusterInfo(Fixture fixture, int port, String when) throws IOException {
        Path file = fixture.path().resolve("cluster-info").resolve(port + "-" + when + ".txt"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        String prefix = "cluster_stats_messages_"; //$NON-NLS-1$
        Map<String, Long> counters = new TreeMap<>();
        for (String line : Files.readAllLines(file)) {
            int colon = line.indexOf(':');
            if (line.startsWith(prefix) && colon > 0) {
                counters.put(line.substring(prefix.length(), colon), Long.parseLong(line.substring(colon + 1).trim()));
            }
        }
        return counters;
    }

    /**
     * @return the moves of a node's non-zero per-type bus counters between the fixture's two CLUSTER INFO
     *         readings, "ping_sent" and so on
     */
    static Map<String, Long> clusterInfoMoves(Fixture fixture, int port) throws IOException {
        Map<String, Long> before = clusterInfo(fixture, port, "before"); //$NON-NLS-1$
        Map<String, Long> moves = new TreeMap<>();
        clusterInfo(fixture, port, "after").forEach((key, after) -> { //$NON-NLS-1$
            long moved = after - before.getOrDefault(key, 0L);
            if (moved != 0 && !key.equals("sent") && !key.equals("received")) { //$NON-NLS-1$ //$NON-NLS-2$
                moves.put(key, moved);
            }
        });
        return moves;
    }

    /**
     * @return the node's bus messages per type that moved between two times, named as CLUSTER INFO names them
     *         ("ping_sent" and so on)
     */
    Map<String, Long> busMoves(int node, long from, long to) throws StateSystemDisposedException {
        Map<String, Long> counted = new TreeMap<>();
        for (String direction : new String[] { RedisTracker.SENT, RedisTracker.RECEIVED }) {
            for (String type : children(node, to, RedisTracker.BUS, direction).keySet()) {
                long moved = counter(node, to, RedisTracker.BUS, direction, type) - counter(node, from, RedisTracker.BUS, direction, type);
                if (moved != 0) {
                    counted.put(BusMessages.clusterInfoName(type) + '_' + (direction.equals(RedisTracker.SENT) ? "sent" : "received"), moved); //$NON-NLS-1$ //$NON-NLS-2$
                }
            }
        }
        return counted;
    }

    @Override
    public void close() {
        Traces.close(fExperiment);
    }
}
