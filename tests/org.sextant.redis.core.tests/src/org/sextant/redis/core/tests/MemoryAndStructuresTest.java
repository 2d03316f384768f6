// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.tracecompass.segmentstore.core.ISegment;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphEntryModel;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.junit.jupiter.api.Test;
import org.sextant.common.core.SummaryEntryModel;
import org.sextant.common.core.summary.SummaryTree;
import org.sextant.internal.redis.core.RedisSummaryDataProvider;
import org.sextant.internal.redis.core.RedisTimeGraphDataProvider;
import org.sextant.internal.redis.core.RedisTimeGraphDataProvider.Rows;
import org.sextant.redis.core.RedisAnalysisModule;
import org.sextant.redis.core.RequestSegment;
import org.sextant.redis.model.DataStructure;
import org.sextant.redis.model.RedisTracker;
import org.sextant.test.support.Fixture;

/**
 * The model's Connections -> Memory and Requests -> Data structure against Redis's own account of a recorded run
 * (redis-memory, CATALOGUE.md): {@code CLIENT LIST} sampled during the run, {@code INFO commandstats} at its end.
 */
class MemoryAndStructuresTest {

    /** The sampler's name, set by CLIENT SETNAME before its first CLIENT LIST. */
    private static final String SAMPLER = "sextant-sampler"; //$NON-NLS-1$
    /**
     * How many more bytes the model's query buffer may hold than CLIENT LIST's {@code qbuf}: Redis moves the
     * arguments of a command under way it has parsed out of its query buffer (into {@code argv}), the model sees
     * only bytes read and commands completed. In this run, the SET sent in parts has a 31-byte header.
     */
    private static final long QUERY_BUFFER_TOLERANCE = 64;

    /**
     * How many fewer reply bytes the model may hold than CLIENT LIST's {@code obl} and {@code omem} (less each
     * block's header): {@code omem} counts each reply block at its allocated size, and the last one is partly
     * filled (jemalloc gives a block of one 200,000-byte reply 224 KiB, whose rest the next reply fills); it also
     * counts the part of the first block already written. Exact where Redis holds its static buffer only.
     */
    private static final long REPLY_BYTES_TOLERANCE = 32 * 1024;
    /** What {@code omem} counts per reply block besides its bytes: Redis 7's list node and block header. */
    private static final long REPLY_BLOCK_HEADER = 40;
    /**
     * The samples of the client that stops reading: Redis wrote it 64 KB or more at a time, each write taking all
     * it was given, while it held more, so the model takes each write to carry every reply executed before it.
     */
    private static final String STALLED = "stalled:"; //$NON-NLS-1$

    /**
     * At each sampled instant (the sampler's CLIENT LIST, read and executed by the main thread with nothing else
     * between), every other client's query buffer in the model is CLIENT LIST's {@code qbuf} within the tolerance,
     * its reply bytes are what {@code obl} and {@code omem} count within theirs, and the model owes it replies
     * exactly when Redis holds reply bytes for it ({@code obl}, {@code oll}), but while the client that stops reading
     * waits for them. Netflow's tooltip shows them.
     */
    @Test
    void connectionsMemoryAgreesWithClientListAtEverySample() throws Exception {
        List<Sample> samples = samples();
        try (Recording recording = Recording.open(Fixture.REDIS_MEMORY)) {
            ITmfStateSystem ss = recording.state();
            int node = ss.getQuarks(RedisTracker.NODES, "*").get(0); //$NON-NLS-1$
            String sampler = samples.get(0).clients().stream().filter(c -> SAMPLER.equals(c.get("name"))).findFirst().orElseThrow().get("fd"); //$NON-NLS-1$ //$NON-NLS-2$
            List<Long> instants = new ArrayList<>();
            for (ISegment segment : recording.requests()) {
                RequestSegment request = (RequestSegment) segment;
                if (Integer.toString(request.fd()).equals(sampler) && request.command().equals("client")) { //$NON-NLS-1$
                    instants.add(request.getStart());
                }
            }
            instants.sort(null);
            assertEquals(samples.size() + 1, instants.size(), "a CLIENT SETNAME, then a CLIENT LIST per sample");

            int compared = 0;
            int owing = 0;
            long largest = 0;
            long largestReply = 0;
            for (int i = 0; i < samples.size(); i++) {
                long time = instants.get(i + 1);
                for (Map<String, String> client : samples.get(i).clients()) {
                    if (client.get("fd").equals(sampler)) { //$NON-NLS-1$
                        continue; // its own CLIENT LIST is in its query buffer as it runs
                    }
                    String where = "sample " + (i + 1) + " (" + samples.get(i).what() + "), fd " + client.get("fd"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                    long queued = value(ss, node, client.get("fd"), RedisTracker.QUERY_BUFFER, time, where); //$NON-NLS-1$
                    long qbuf = Long.parseLong(client.get("qbuf")); //$NON-NLS-1$
                    assertTrue(queued >= qbuf && queued - qbuf <= QUERY_BUFFER_TOLERANCE, where + ": model " + queued + ", qbuf " + qbuf);
                    long oll = Long.parseLong(client.get("oll")); //$NON-NLS-1$
                    long held = Long.parseLong(client.get("obl")) + Long.parseLong(client.get("omem")) - REPLY_BLOCK_HEADER * oll; //$NON-NLS-1$ //$NON-NLS-2$
                    long replyBytes = value(ss, node, client.get("fd"), RedisTracker.REPLY_BYTES, time, where); //$NON-NLS-1$
                    assertTrue(replyBytes <= held && held - replyBytes <= REPLY_BYTES_TOLERANCE,
                            where + ": model holds " + replyBytes + " reply bytes, CLIENT LIST " + held); //$NON-NLS-1$ //$NON-NLS-2$
                    long owed = value(ss, node, client.get("fd"), RedisTracker.REPLIES_OWED, time, where); //$NON-NLS-1$
                    if (!samples.get(i).what().startsWith(STALLED)) {
                        assertEquals(held > 0, owed > 0, where + ": model owes " + owed + ", obl " + client.get("obl") + ", oll " + oll); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                    }
                    compared++;
                    owing += held > 0 ? 1 : 0;
                    largest = Math.max(largest, qbuf);
                    largestReply = Math.max(largestReply, held);
                }
            }
            assertEquals(List.of(154, 36, 150000L, 3800784L), List.of(compared, owing, largest, largestReply),
                    "clients compared, of them held reply bytes, the largest qbuf, the most reply bytes held");

            // Netflow's tooltip on the connection of the SET sent in parts, at the fourth sample: 31 + 3 * 50,000 bytes
            String parts = samples.get(3).clients().stream().filter(c -> c.get("qbuf").equals("150000")).findFirst().orElseThrow().get("fd"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            RedisAnalysisModule module = TmfTraceUtils.getAnalysisModuleOfClass(recording.experiment(), RedisAnalysisModule.class, RedisAnalysisModule.ID);
            assertNotNull(module);
            RedisTimeGraphDataProvider netflow = new RedisTimeGraphDataProvider(recording.experiment(), module, Rows.NETFLOW);
            TimeGraphEntryModel row = netflow.fetchTree(Map.of(), null).getModel().getEntries().stream()
                    .filter(entry -> entry.getName().equals("fd " + parts)).findFirst().orElseThrow(); //$NON-NLS-1$
            Map<String, String> tooltip = netflow.fetchTooltip(Map.of(DataProviderParameterUtils.REQUESTED_TIME_KEY, List.of(instants.get(4)),
                    DataProviderParameterUtils.REQUESTED_ITEMS_KEY, List.of(row.getId())), null).getModel();
            assertNotNull(tooltip);
            assertEquals(List.of("150031", "0", "0"),
                    List.of(tooltip.get(RedisTracker.QUERY_BUFFER), tooltip.get(RedisTracker.REPLIES_OWED), tooltip.get(RedisTracker.REPLY_BYTES)));
        }
    }

    /**
     * The model's requests per data structure are Redis's own count of the commands it ran, by the same table:
     * INFO commandstats was taken before the INFO itself counted and before the SHUTDOWN, both "other". The
     * summary lists them, and the connections' largest memory.
     */
    @Test
    void dataStructuresAreTheCommandsRedisRanByType() throws Exception {
        Map<String, Long> expected = new TreeMap<>();
        Recording.commandstats(Fixture.REDIS_MEMORY.path().resolve("commandstats.txt")) //$NON-NLS-1$
                .forEach((command, calls) -> expected.merge(DataStructure.of(command).label(), calls, Long::sum));
        expected.merge(DataStructure.OTHER.label(), 2L, Long::sum);
        assertEquals(Map.of("string", 232L, "list", 450L, "hash", 50L, "set", 100L, "sorted set", 100L, "stream", 5L, //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$
                "pubsub", 4L, "other", 148L), expected); //$NON-NLS-1$ //$NON-NLS-2$
        try (Recording recording = Recording.open(Fixture.REDIS_MEMORY)) {
            ITmfStateSystem ss = recording.state();
            Map<String, Long> counted = new TreeMap<>();
            for (int structure : ss.getQuarks(RedisTracker.NODES, "*", RedisTracker.DATA_STRUCTURES, "*")) { //$NON-NLS-1$ //$NON-NLS-2$
                counted.put(ss.getAttributeName(structure), (Long) ss.querySingleState(ss.getCurrentEndTime(), structure).getValue());
            }
            assertEquals(expected, counted);

            SummaryTree summary = SummaryTree.fetch(recording.experiment(), RedisSummaryDataProvider.ID, new NullProgressMonitor());
            SummaryEntryModel node = summary.children(summary.root()).get(0);
            assertEquals(expected, summary(summary, node, RedisSummaryDataProvider.REQUESTS_BY_STRUCTURE));
            // the SET sent in parts before its last part; the client that stops reading: ten GETs in one read, and
            // the replies of its 30 GETs held (6,000,330 bytes) less what the kernel took before its last ten came
            assertEquals(Map.of(RedisSummaryDataProvider.QUERY_BUFFER, 150031L, RedisSummaryDataProvider.REPLIES_OWED, 10L,
                    RedisSummaryDataProvider.REPLY_BYTES, 3787244L),
                    summary(summary, node, RedisSummaryDataProvider.MEMORY));
        }
    }

    private static Map<String, Object> summary(SummaryTree summary, SummaryEntryModel node, String group) {
        return SummaryTree.byKey(summary.children(node, group), RedisSummaryDataProvider.VALUE);
    }

    private static long value(ITmfStateSystem ss, int node, String fd, String attribute, long time, String where) throws Exception {
        int quark = ss.optQuarkRelative(node, RedisTracker.CONNECTIONS, fd, attribute);
        assertTrue(quark != ITmfStateSystem.INVALID_ATTRIBUTE, where + ": no " + attribute + " in the model"); //$NON-NLS-1$
        Object value = ss.querySingleState(time, quark).getValue();
        assertNotNull(value, where + ": the model has no " + attribute + " then"); //$NON-NLS-1$
        return (Long) value;
    }

    /** A sample of client-list.log: what the node was doing, and its clients' CLIENT LIST fields by name. */
    private record Sample(String what, List<Map<String, String>> clients) {
    }

    /** @return each sample of client-list.log */
    private static List<Sample> samples() throws Exception {
        List<Sample> samples = new ArrayList<>();
        for (String line : Files.readAllLines(Fixture.REDIS_MEMORY.path().resolve("client-list.log"))) { //$NON-NLS-1$
            if (line.startsWith("# sample ")) { //$NON-NLS-1$
                samples.add(new Sample(line.substring(line.indexOf(' ', "# sample ".length()) + 1), new ArrayList<>())); //$NON-NLS-1$
                continue;
            }
            Map<String, String> fields = new LinkedHashMap<>();
            for (String field : line.split(" ")) { //$NON-NLS-1$
                int equals = field.indexOf('=');
                if (equals > 0) {
                    fields.put(field.substring(0, equals), field.substring(equals + 1));
                }
            }
            samples.get(samples.size() - 1).clients().add(fields);
        }
        return samples;
    }
}
