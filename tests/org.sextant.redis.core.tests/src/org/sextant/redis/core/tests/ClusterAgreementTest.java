// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.StateSystemUtils;
import org.eclipse.tracecompass.statesystem.core.interval.ITmfStateInterval;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.event.ITmfEventField;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.model.xy.ISeriesModel;
import org.eclipse.tracecompass.tmf.core.model.xy.ITmfTreeXYDataProvider;
import org.eclipse.tracecompass.tmf.core.model.xy.ITmfXyModel;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.trace.ITmfContext;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sextant.internal.redis.core.DataVolumeDataProvider;
import org.sextant.redis.model.BusMessages;
import org.sextant.redis.model.Operation;
import org.sextant.redis.model.RedisTracker;
import org.sextant.test.support.Fixture;

/**
 * The Redis model of a real 3-node cluster against sources that owe nothing to the tracer: each node's own
 * CLUSTER INFO counters, read by redis-cli just before and just after the publish load, and the write system
 * calls perf recorded in the kernel. The load window of a node runs from its first CLUSTER command of the two
 * readings to the second: the bus messages it sent and received in between are what its counters moved by.
 */
class ClusterAgreementTest {

    private static final int SYS_WRITE = 1;
    private static final int SYS_WRITEV = 20;
    private static final int PUBLISHER = 7101;

    private static Recording sRecording;
    private static List<Syscall> sWrites;

    /** A write or writev perf recorded: entry time, thread, descriptor, return value. */
    private record Syscall(long enter, long tid, long fd, long result) {
    }

    @BeforeAll
    static void open() throws Exception {
        sRecording = Recording.open(Fixture.REDIS_CLUSTER);
        sWrites = writes(sRecording.member("kernel"));
    }

    @AfterAll
    static void close() {
        sRecording.close();
    }

    @Test
    void busMessagesPerTypeEqualEachNodesClusterInfo() throws Exception {
        Map<Integer, Integer> nodes = sRecording.nodesByPort();
        assertEquals(List.of(7101, 7102, 7103), List.copyOf(nodes.keySet()));
        for (Map.Entry<Integer, Integer> node : nodes.entrySet()) {
            long[] window = window(node.getValue());
            Map<String, Long> counted = sRecording.busMoves(node.getValue(), window[0], window[1]);
            Map<String, Long> redis = Recording.clusterInfoMoves(Fixture.REDIS_CLUSTER, node.getKey());
            assertEquals(redis, counted, "node " + node.getKey() + ": CLUSTER INFO moved by " + redis);
        }
    }

    @Test
    void busBytesOutAgreeWithPerfsWrites() throws Exception {
        for (Map.Entry<Integer, Integer> node : sRecording.nodesByPort().entrySet()) {
            int n = node.getValue();
            long[] window = window(n);
            long modelled = sRecording.counter(n, window[1], RedisTracker.VOLUME, RedisTracker.BUS_OUT)
                    - sRecording.counter(n, window[0], RedisTracker.VOLUME, RedisTracker.BUS_OUT);
            long kernel = 0;
            for (Syscall write : sWrites) {
                if (write.tid() == sRecording.pid(n) && write.enter() >= window[0] && write.enter() < window[1] && write.result() > 0
                        && "bus".equals(kind(n, write.fd(), write.enter()))) { //$NON-NLS-1$
                    kernel += write.result();
                }
            }
            System.out.printf("node %d: bus bytes out in the load window: %d modelled, %d written per perf%n", node.getKey(), modelled, kernel); //$NON-NLS-1$
            assertTrue(kernel > 0, "node " + node.getKey() + " wrote to the bus");
            assertEquals(kernel, modelled, kernel * 0.05, "node " + node.getKey());
        }
    }

    /** perf's clock and LTTng's line up: each bus write the tracer saw contains the system call perf saw. */
    @Test
    void eachTracedBusWriteContainsItsSystemCall() throws Exception {
        ITmfStateSystem ss = sRecording.state();
        for (int node : sRecording.nodesByPort().values()) {
            int checked = 0;
            for (int connection : ss.getQuarks(node, RedisTracker.CONNECTIONS, "*")) { //$NON-NLS-1$
                long fd = Long.parseLong(ss.getAttributeName(connection));
                for (ITmfStateInterval interval : StateSystemUtils.queryHistoryRange(ss, connection, ss.getStartTime(), ss.getCurrentEndTime())) {
                    if (Operation.BUS_WRITING.label().equals(interval.getValue())) {
                        checked++;
                        assertTrue(sWrites.stream().anyMatch(w -> w.fd() == fd && w.tid() == sRecording.pid(node)
                                && w.enter() >= interval.getStartTime() && w.enter() <= interval.getEndTime()),
                                () -> "a write system call on fd " + fd + " within " + interval + "; nearest of the node: " + nearest(sRecording.pid(node), interval.getStartTime()));
                    }
                }
            }
            assertTrue(checked > 10, "bus writes of node " + ss.getAttributeName(node));
        }
    }

    /** Redis Data Volume shows the publish amplification: the publisher's bus bytes out over its client bytes in. */
    @Test
    void dataVolumeShowsTheAmplificationOfPublishes() throws Exception {
        int publisher = sRecording.nodesByPort().get(PUBLISHER);
        long[] window = window(publisher);
        List<Long> times = new ArrayList<>();
        for (int i = 0; i <= 100; i++) {
            times.add(window[0] + (window[1] - window[0]) * i / 100);
        }
        Map<String, Object> query = new HashMap<>();
        query.put(DataProviderParameterUtils.REQUESTED_TIME_KEY, times);
        ITmfTreeXYDataProvider<ITmfTreeDataModel> provider = sRecording.provider(DataVolumeDataProvider.ID, ITmfTreeXYDataProvider.class, query);
        TmfTreeModel<ITmfTreeDataModel> tree = provider.fetchTree(query, new NullProgressMonitor()).getModel();
        Map<String, Long> series = new HashMap<>();
        long nodeId = tree.getEntries().stream().filter(e -> e.getName().startsWith("127.0.0.1:" + PUBLISHER)).findFirst().orElseThrow().getId(); //$NON-NLS-1$
        tree.getEntries().stream().filter(e -> e.getParentId() == nodeId).forEach(e -> series.put(e.getName(), e.getId()));
        query.put(DataProviderParameterUtils.REQUESTED_ITEMS_KEY, List.copyOf(series.values()));
        TmfModelResponse<ITmfXyModel> response = provider.fetchXY(query, new NullProgressMonitor());
        assertEquals(ITmfResponse.Status.COMPLETED, response.getStatus(), response.getStatusMessage());
        Map<Long, Double> bytes = new HashMap<>();
        for (ISeriesModel model : response.getModel().getSeriesData()) {
            long[] x = model.getXAxis();
            double[] perSecond = model.getData();
            double total = 0;
            for (int i = 1; i < x.length; i++) {
                total += perSecond[i] * (x[i] - x[i - 1]) / 1e9;
            }
            bytes.put(model.getId(), total);
        }
        double busOut = bytes.get(series.get(RedisTracker.BUS_OUT));
        double clientIn = bytes.get(series.get(RedisTracker.CLIENT_IN));
        long modelled = sRecording.counter(publisher, window[1], RedisTracker.VOLUME, RedisTracker.BUS_OUT)
                - sRecording.counter(publisher, window[0], RedisTracker.VOLUME, RedisTracker.BUS_OUT);
        System.out.printf("node %d: %.0f bus bytes out for %.0f client bytes in: amplification %.1f%n", PUBLISHER, busOut, clientIn, busOut / clientIn); //$NON-NLS-1$
        assertEquals(modelled, busOut, 1, "the chart's rates integrate to the model's bytes");
        // 100 publishes of ~90 bytes each become 2 bus messages of a 2256-byte header and the payload
        assertTrue(busOut / clientIn > 20, "amplification " + busOut / clientIn);
    }

    /** @return the node's write perf recorded closest to that time, to tell what went wrong */
    private static Syscall nearest(long pid, long time) {
        return sWrites.stream().filter(w -> w.tid() == pid).min(Comparator.comparingLong(w -> Math.abs(w.enter() - time))).orElse(null);
    }

    /** @return the node's load window: the times of its last two CLUSTER commands (CLUSTER INFO before, after) */
    private static long[] window(int node) throws Exception {
        List<Long> clusterCommands = sRecording.increments(node, RedisTracker.COMMANDS, "cluster"); //$NON-NLS-1$
        assertTrue(clusterCommands.size() >= 2, "CLUSTER INFO before and after the load");
        return new long[] { clusterCommands.get(clusterCommands.size() - 2), clusterCommands.get(clusterCommands.size() - 1) };
    }

    /** @return what the connection of that descriptor was at that time ({@code Kind}), null if none */
    private static String kind(int node, long fd, long time) throws Exception {
        ITmfStateSystem ss = sRecording.state();
        int quark = ss.optQuarkRelative(node, RedisTracker.CONNECTIONS, Long.toString(fd), RedisTracker.KIND);
        Object kind = quark == ITmfStateSystem.INVALID_ATTRIBUTE ? null : ss.querySingleState(time, quark).getValue();
        return kind == null ? null : kind.toString();
    }

    /** @return the write and writev calls in perf's trace, each entry paired with its thread's next exit */
    private static List<Syscall> writes(ITmfTrace kernel) {
        List<Syscall> writes = new ArrayList<>();
        Map<Long, long[]> entered = new HashMap<>();
        ITmfContext context = kernel.seekEvent(0L);
        for (ITmfEvent event = kernel.getNext(context); event != null; event = kernel.getNext(context)) {
            ITmfEventField content = event.getContent();
            Long tid = content.getFieldValue(Long.class, "perf_tid"); //$NON-NLS-1$
            Long id = content.getFieldValue(Long.class, "id"); //$NON-NLS-1$
            if (tid == null || id == null || (id != SYS_WRITE && id != SYS_WRITEV)) {
                continue;
            }
            if (event.getName().equals("raw_syscalls:sys_enter")) { //$NON-NLS-1$
                Long fd = content.getFieldValue(Long.class, "args.args[0]"); // Trace Compass flattens perf's args array //$NON-NLS-1$
                entered.put(tid, new long[] { event.getTimestamp().toNanos(), fd == null ? -1 : fd });
            } else if (event.getName().equals("raw_syscalls:sys_exit")) { //$NON-NLS-1$
                long[] entry = entered.remove(tid);
                Long result = content.getFieldValue(Long.class, "ret"); //$NON-NLS-1$
                if (entry != null && result != null) {
                    writes.add(new Syscall(entry[0], tid, entry[1], result));
                }
            }
        }
        context.dispose();
        assertTrue(writes.size() > 100, "perf's trace holds the nodes' writes");
        return writes;
    }
}
