// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

import org.eclipse.tracecompass.analysis.timing.core.segmentstore.AbstractSegmentStoreAnalysisModule;
import org.eclipse.tracecompass.segmentstore.core.ISegment;
import org.eclipse.tracecompass.segmentstore.core.ISegmentStore;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphArrow;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphDataProvider;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphEntryModel;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataProvider;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sextant.common.core.SummaryEntryModel;
import org.sextant.internal.redis.core.LinkSegment;
import org.sextant.internal.redis.core.RedisTimeGraphDataProvider;
import org.sextant.internal.redis.core.RequestPathsDataProvider;
import org.sextant.redis.core.RedisLatencyModule;
import org.sextant.redis.core.RedisPathModule;
import org.sextant.redis.core.RequestSegment;
import org.sextant.redis.model.Link;
import org.sextant.redis.model.RedisTracker;
import org.sextant.test.support.Fixture;

/**
 * The paths of requests across a real cluster against sources that owe nothing to the model: the log of a client
 * without cluster support, which retried every MOVED by hand on the node it named, and the primary's own
 * replication offset, read with INFO before and after the load.
 */
class RequestPathsTest {

    private static final int PRIMARY = 7121;

    private static Recording sRecording;
    private static List<LinkSegment> sLinks;

    @BeforeAll
    static void build() throws Exception {
        sRecording = Recording.open(Fixture.REDIS_PATHS);
        sLinks = new ArrayList<>();
        for (ISegment segment : segments(RedisPathModule.class, RedisPathModule.ID)) {
            sLinks.add((LinkSegment) segment);
        }
        sLinks.sort(Comparator.comparingLong(LinkSegment::getStart));
    }

    @AfterAll
    static void close() {
        sRecording.close();
    }

    private static ISegmentStore<ISegment> segments(Class<? extends AbstractSegmentStoreAnalysisModule> type, String id) {
        var module = TmfTraceUtils.getAnalysisModuleOfClass(sRecording.experiment(), type, id);
        assertNotNull(module, id);
        assertTrue(module.schedule().isOK());
        assertTrue(module.waitForCompletion(), id + " completes");
        ISegmentStore<ISegment> store = module.getSegmentStore();
        assertNotNull(store);
        return store;
    }

    private static List<LinkSegment> links(Link.Kind kind) {
        return sLinks.stream().filter(link -> link.kind().equals(kind.name())).toList();
    }

    private static String pidOf(int port) throws Exception {
        return Integer.toString(sRecording.pid(sRecording.nodesByPort().get(port)));
    }

    @Test
    void everyMovedIsLinkedToItsRetryOnTheNodeItNamed() throws Exception {
        List<String> log = Files.readAllLines(Fixture.REDIS_PATHS.path().resolve("client.log")); //$NON-NLS-1$
        List<String[]> moved = log.stream().filter(line -> line.startsWith("MOVED ")).map(line -> line.split(" ")).toList(); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals("retried " + moved.size(), log.get(log.size() - 1)); //$NON-NLS-1$
        List<LinkSegment> redirects = links(Link.Kind.REDIRECT);
        assertEquals(moved.size(), redirects.size(), "one link per MOVED of the client's log"); //$NON-NLS-1$
        for (int i = 0; i < moved.size(); i++) {
            LinkSegment link = redirects.get(i);
            String target = moved.get(i)[2];
            assertEquals(pidOf(PRIMARY), link.fromNode());
            assertEquals(pidOf(Integer.parseInt(target.substring(target.lastIndexOf(':') + 1))), link.toNode(), "MOVED " + i + " retried on " + target); //$NON-NLS-1$ //$NON-NLS-2$
            assertEquals("set", link.label()); //$NON-NLS-1$
            assertTrue(link.getEnd() > link.getStart());
        }
    }

    @Test
    void theReplicaStreamEqualsTheAdvanceOfThePrimarysOffset() throws Exception {
        long advance = offset("after.txt") - offset("before.txt"); //$NON-NLS-1$ //$NON-NLS-2$
        assertTrue(advance > 0);
        // the load window: the primary's two INFO commands, before and after the load
        List<RequestSegment> infos = new ArrayList<>();
        for (ISegment segment : segments(RedisLatencyModule.class, RedisLatencyModule.ID)) {
            if (segment instanceof RequestSegment request && request.command().equals("info") && request.node().equals(pidOf(PRIMARY))) { //$NON-NLS-1$
                infos.add(request);
            }
        }
        infos.sort(Comparator.comparingLong(RequestSegment::getStart));
        long from = infos.get(infos.size() - 2).getStart();
        long to = infos.get(infos.size() - 1).getStart();
        long bytes = links(Link.Kind.REPLICATION).stream().filter(link -> link.getStart() > from && link.getStart() < to)
                .mapToLong(link -> Long.parseLong(link.label())).sum();
        assertEquals(advance, bytes, "replication bytes written to the replica in the window, each linked to the replica's read"); //$NON-NLS-1$
        for (LinkSegment link : links(Link.Kind.REPLICATION)) {
            assertEquals(pidOf(PRIMARY), link.fromNode());
            assertEquals(pidOf(7124), link.toNode());
        }
    }

    private static long offset(String file) throws Exception {
        Path path = Fixture.REDIS_PATHS.path().resolve("replication").resolve(file); //$NON-NLS-1$
        return Files.readAllLines(path).stream().filter(line -> line.startsWith("master_repl_offset:")) //$NON-NLS-1$
                .mapToLong(line -> Long.parseLong(line.substring(line.indexOf(':') + 1).trim())).findFirst().orElseThrow();
    }

    @Test
    void theRequestPathsProviderListsEachRedirectionAndTheReplicasStream() throws Exception {
        ITmfTreeDataProvider<SummaryEntryModel> provider = sRecording.provider(RequestPathsDataProvider.ID, ITmfTreeDataProvider.class, Map.of());
        List<SummaryEntryModel> entries = Objects.requireNonNull(provider.fetchTree(Map.of(), null).getModel()).getEntries();
        SummaryEntryModel redirections = group(entries, RequestPathsDataProvider.REDIRECTIONS);
        List<SummaryEntryModel> hops = entries.stream().filter(entry -> entry.getParentId() == redirections.getId()).toList();
        assertEquals(16, hops.size());
        assertEquals(16L, redirections.getNumber(RequestPathsDataProvider.VALUE).longValue());
        assertTrue(hops.get(0).getName().startsWith("set: 127.0.0.1:7121 (pid "), hops.get(0).getName()); //$NON-NLS-1$
        SummaryEntryModel replication = group(entries, RequestPathsDataProvider.REPLICATION);
        List<SummaryEntryModel> streams = entries.stream().filter(entry -> entry.getParentId() == replication.getId()).toList();
        assertEquals(1, streams.size(), "one replica"); //$NON-NLS-1$
        long bytes = links(Link.Kind.REPLICATION).stream().mapToLong(link -> Long.parseLong(link.label())).sum();
        assertEquals(bytes, streams.get(0).getNumber(RequestPathsDataProvider.VALUE).longValue());
    }

    @Test
    void netflowsArrowsAreTheHopsBetweenConnectionRows() throws Exception {
        ITmfStateSystem ss = sRecording.state();
        Map<String, Object> query = new HashMap<>();
        query.put(DataProviderParameterUtils.REQUESTED_TIME_KEY, List.of(ss.getStartTime(), ss.getCurrentEndTime()));
        ITimeGraphDataProvider<TimeGraphEntryModel> netflow = sRecording.provider(RedisTimeGraphDataProvider.Rows.NETFLOW.id(),
                ITimeGraphDataProvider.class, query);
        List<ITimeGraphArrow> arrows = Objects.requireNonNull(netflow.fetchArrows(query, null).getModel());
        assertEquals(sLinks.size(), arrows.size(), "an arrow per hop");
        for (ITimeGraphArrow arrow : arrows) {
            assertEquals(RedisTracker.CONNECTIONS, ss.getAttributeName(ss.getParentAttributeQuark((int) arrow.getSourceId())));
            assertEquals(RedisTracker.CONNECTIONS, ss.getAttributeName(ss.getParentAttributeQuark((int) arrow.getDestinationId())));
        }
    }

    private static SummaryEntryModel group(List<SummaryEntryModel> entries, String key) {
        return entries.stream().filter(entry -> key.equals(entry.getKey())).findFirst().orElseThrow();
    }

    @Test
    void everyPublishFansOutToEachPeerAndEachBusMessageIsLinkedToItsReading() throws Exception {
        // the cluster recording: 100 PUBLISHes on 7101; CLUSTER INFO: publish_sent 200, publish_received 100 on 7102 and 7103
        try (Recording cluster = Recording.open(Fixture.REDIS_CLUSTER)) {
            RedisPathModule module = TmfTraceUtils.getAnalysisModuleOfClass(cluster.experiment(), RedisPathModule.class, RedisPathModule.ID);
            assertNotNull(module);
            assertTrue(module.schedule().isOK());
            assertTrue(module.waitForCompletion());
            Map<Integer, Integer> nodes = cluster.nodesByPort();
            Map<String, Long> fanOut = new TreeMap<>();
            Map<String, Long> bus = new TreeMap<>();
            for (ISegment segment : module.getSegmentStore()) {
                LinkSegment link = (LinkSegment) segment;
                (link.kind().equals(Link.Kind.FAN_OUT.name()) ? fanOut : bus).merge(link.fromNode() + ">" + link.toNode(), 1L, Long::sum); //$NON-NLS-1$
            }
            String publisher = Integer.toString(cluster.pid(nodes.get(7101)));
            assertEquals(Map.of(publisher + '>' + publisher, 200L), fanOut, "a PUBLISH to each of its 2 peers, 100 times"); //$NON-NLS-1$
            assertEquals(Map.of(publisher + '>' + cluster.pid(nodes.get(7102)), 100L, publisher + '>' + cluster.pid(nodes.get(7103)), 100L), bus,
                    "each bus PUBLISH linked to its reading on the peer"); //$NON-NLS-1$
        }
    }
}
