// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.tracecompass.internal.provisional.tmf.core.model.annotations.Annotation;
import org.eclipse.tracecompass.internal.provisional.tmf.core.model.annotations.AnnotationModel;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.interval.ITmfStateInterval;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphDataProvider;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphEntryModel;
import org.eclipse.tracecompass.internal.provisional.tmf.core.model.annotations.IOutputAnnotationProvider;
import org.junit.jupiter.api.Test;
import org.sextant.common.core.SummaryEntryModel;
import org.sextant.common.core.summary.SummaryTree;
import org.sextant.internal.redis.core.RedisSummaryDataProvider;
import org.sextant.internal.redis.core.RedisTimeGraphDataProvider.Rows;
import org.sextant.redis.model.RedisTracker;
import org.sextant.redis.model.UseAfterFreeTracker;
import org.sextant.test.support.Fixture;
import org.sextant.test.support.Golden;

/**
 * Redis issue #12540 on the real Redis 7.0.11 (tests/fixtures/CATALOGUE.md, redis-tls-crash): the main thread and
 * the io thread read client fd 29 at once, the io thread's read fails, the main thread frees the client, and the node
 * aborts on Redis's assertion at the second free. Redis's own crash report (redis.log) is the oracle: its failed
 * assertion, and its list of the clients still connected, which holds every client's descriptor but 29. The same
 * load with {@code io-threads-do-reads no} (redis-tls-no-reads) has none, for all the bytes its reads left in
 * OpenSSL.
 */
class UseAfterFreeTest {

    private static final String NODE = "4469";
    private static final int MAIN = 4469;
    private static final int IO = 4485;

    @Test
    void theCrashIsTheDoubleFreeOfTheClientTwoThreadsReadAtOnce() throws Exception {
        String log = Files.readString(Fixture.REDIS_TLS_CRASH.path().resolve("redis.log")); //$NON-NLS-1$
        assertTrue(log.contains("==> networking.c:1606 'ln != NULL' is not true"), "Redis's own assertion failed"); //$NON-NLS-1$ //$NON-NLS-2$
        List<Integer> connected = new ArrayList<>();
        Matcher client = Pattern.compile(" fd=([0-9]+) ").matcher(log); //$NON-NLS-1$
        while (client.find()) {
            connected.add(Integer.parseInt(client.group(1)));
        }
        assertEquals(19, connected.size(), "Redis's crash report lists 19 clients"); //$NON-NLS-1$
        assertFalse(connected.contains(29), "and not fd 29, the freed one"); //$NON-NLS-1$

        try (Recording recording = Recording.open(Fixture.REDIS_TLS_CRASH)) {
            ITmfStateSystem ss = recording.state();
            List<ITmfStateInterval> state = ss.queryFullState(ss.getCurrentEndTime());
            List<Integer> findings = ss.getQuarks(RedisTracker.NODES, NODE, UseAfterFreeTracker.FREES, "*"); //$NON-NLS-1$
            assertEquals(1, findings.size());
            int finding = findings.get(0);
            assertEquals("double free", state.get(finding).getValue()); //$NON-NLS-1$
            assertEquals(29, state.get(ss.getQuarkRelative(finding, UseAfterFreeTracker.FD)).getValue());
            List<String> steps = new ArrayList<>();
            long previous = Long.MIN_VALUE;
            for (int i = 0;; i++) {
                int step = ss.optQuarkRelative(finding, UseAfterFreeTracker.STEPS, Integer.toString(i));
                if (step == ITmfStateSystem.INVALID_ATTRIBUTE) {
                    break;
                }
                long time = (Long) state.get(ss.getQuarkRelative(step, UseAfterFreeTracker.TIME)).getValue();
                assertTrue(time >= previous, "steps in time order"); //$NON-NLS-1$
                previous = time;
                steps.add(state.get(ss.getQuarkRelative(step, UseAfterFreeTracker.TID)).getValue() + " " //$NON-NLS-1$
                        + state.get(ss.getQuarkRelative(step, UseAfterFreeTracker.ACTION)).getValue());
            }
            // the io thread's last read that left bytes in OpenSSL; both threads reading fd 29; the main thread's free;
            // the abort, on the main thread, at the second freeClient's assertion
            assertEquals(List.of(IO + " pending", MAIN + " read at once", IO + " read at once", MAIN + " free", MAIN + " abort"), steps); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
            assertEquals(1L, recording.counter(recording.nodesByPort().get(7311), ss.getCurrentEndTime(), RedisTracker.RACES),
                    "the two reads at once are the node's one race too"); //$NON-NLS-1$

            SummaryTree summary = SummaryTree.fetch(recording.experiment(), RedisSummaryDataProvider.ID, new NullProgressMonitor());
            SummaryEntryModel node = summary.children(summary.root()).get(0);
            StringBuilder out = new StringBuilder();
            for (SummaryEntryModel group : summary.children(node)) {
                out.append(group.getName()).append(' ').append(group.getValues()).append('\n');
                for (SummaryEntryModel row : summary.children(group)) {
                    out.append("  ").append(row.getName()).append(": ").append(row.getValues()).append('\n'); //$NON-NLS-1$ //$NON-NLS-2$
                }
            }
            Golden.check("redis-tls-crash-summary.txt", out.toString()); //$NON-NLS-1$

            assertEquals(List.of("fd 29"), marked(recording, Rows.NETFLOW)); //$NON-NLS-1$
            assertEquals(List.of("thread " + MAIN, "thread " + IO), marked(recording, Rows.THREADS)); //$NON-NLS-1$ //$NON-NLS-2$
        }
    }

    @Test
    void withoutIoThreadsReadingTheSameLoadHasNone() throws Exception {
        assertFalse(Files.readString(Fixture.REDIS_TLS_NO_READS.path().resolve("redis.log")).contains("ASSERTION FAILED")); //$NON-NLS-1$ //$NON-NLS-2$
        try (Recording recording = Recording.open(Fixture.REDIS_TLS_NO_READS)) {
            ITmfStateSystem ss = recording.state();
            assertEquals(List.of(), ss.getQuarks(RedisTracker.NODES, "*", UseAfterFreeTracker.FREES, "*")); //$NON-NLS-1$ //$NON-NLS-2$
            SummaryTree summary = SummaryTree.fetch(recording.experiment(), RedisSummaryDataProvider.ID, new NullProgressMonitor());
            assertEquals(List.of(), summary.children(summary.children(summary.root()).get(0), RedisSummaryDataProvider.FREES));
        }
    }

    /** @return the rows the view marks with the finding's steps, in row order */
    private static List<String> marked(Recording recording, Rows rows) throws Exception {
        ITmfStateSystem ss = recording.state();
        Map<String, Object> query = Map.of(DataProviderParameterUtils.REQUESTED_TIME_KEY, List.of(ss.getStartTime(), ss.getCurrentEndTime()));
        ITimeGraphDataProvider<TimeGraphEntryModel> provider = recording.provider(rows.id(), ITimeGraphDataProvider.class, query);
        List<TimeGraphEntryModel> entries = provider.fetchTree(query, null).getModel().getEntries();
        AnnotationModel model = ((IOutputAnnotationProvider) provider)
                .fetchAnnotations(Map.of(DataProviderParameterUtils.REQUESTED_TIME_KEY, List.of(ss.getStartTime(), ss.getCurrentEndTime())), null).getModel();
        List<String> marked = new ArrayList<>();
        for (TimeGraphEntryModel entry : entries) {
            for (Annotation marker : model.getAnnotations().getOrDefault("Use after free", List.of())) { //$NON-NLS-1$
                if (marker.getEntryId() == entry.getId() && !marked.contains(entry.getName())) {
                    marked.add(entry.getName());
                }
            }
        }
        return marked;
    }
}
