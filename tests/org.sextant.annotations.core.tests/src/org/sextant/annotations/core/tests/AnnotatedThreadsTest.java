// SPDX-License-Identifier: EPL-2.0
package org.sextant.annotations.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphDataProvider;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphState;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphEntryModel;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.sextant.internal.annotations.core.AnnotatedThreadsDataProvider;
import org.sextant.test.support.Fixture;

/**
 * Annotated Threads on the OpenMP proof program, recorded once in Sextant's syntax and once in atrace's: a row
 * per program thread with its CPU, stack depths and barrier beneath, the annotations each thread began exactly
 * as many times as the program's log says, its barrier waits where the log says it entered the barrier.
 */
class AnnotatedThreadsTest {

    private static final String PROGRAM = "omp-imbalance "; //$NON-NLS-1$
    /** How long a marker write may take: the program reads the clock of its log just after writing one. */
    private static final long MARKER_LATENCY = 100_000;

    /** The rows of one run: each thread's entry and its children, by name. */
    private record Rows(Map<String, TimeGraphEntryModel> threads, Map<Long, Map<String, Long>> children, Map<Long, List<ITimeGraphState>> states) {
    }

    private static Rows rows(AnnotatedRun run, ITimeGraphDataProvider<TimeGraphEntryModel> provider) throws Exception {
        List<TimeGraphEntryModel> entries = AnnotatedRun.entries(provider);
        Map<String, TimeGraphEntryModel> threads = new TreeMap<>();
        Map<Long, String> byId = new HashMap<>();
        for (TimeGraphEntryModel entry : entries) {
            if (entry.getParentId() == Integer.MAX_VALUE) {
                threads.put(entry.getName(), entry);
                byId.put(entry.getId(), entry.getName());
            }
        }
        Map<Long, Map<String, Long>> children = new HashMap<>();
        List<Long> ids = new ArrayList<>();
        for (TimeGraphEntryModel entry : entries) {
            if (byId.containsKey(entry.getParentId())) {
                children.computeIfAbsent(entry.getParentId(), p -> new TreeMap<>()).put(entry.getName(), entry.getId());
                ids.add(entry.getId());
            }
        }
        ids.addAll(byId.keySet());
        return new Rows(threads, children, AnnotatedRun.rows(provider, run.everyChange(), ids));
    }

    @ParameterizedTest
    @EnumSource(names = { "FTRACE_OMP_SEXTANT", "FTRACE_OMP_ATRACE" })
    void eachThreadBeganItsAnnotationsAsOftenAsItsLogSays(Fixture fixture) throws Exception {
        try (AnnotatedRun run = AnnotatedRun.open(fixture)) {
            Rows rows = rows(run, run.provider(AnnotatedThreadsDataProvider.ID, ITimeGraphDataProvider.class));
            List<String> expectedThreads = run.tids().stream().map(tid -> PROGRAM + tid).sorted().toList();
            assertEquals(expectedThreads, List.copyOf(rows.threads().keySet()), "the threads that annotated");
            for (long tid : run.tids()) {
                long thread = rows.threads().get(PROGRAM + tid).getId();
                Map<String, Long> children = rows.children().get(thread);
                assertTrue(children.keySet().containsAll(List.of("On CPU", "Depth 1", "Depth 2", "Depth 3")), () -> tid + ": " + children.keySet()); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                Map<String, Integer> shown = new TreeMap<>();
                children.forEach((name, id) -> {
                    if (name.startsWith("Depth ")) { //$NON-NLS-1$
                        rows.states().get(id).forEach(state -> shown.merge(state.getLabel(), 1, Integer::sum));
                    }
                });
                assertEquals(new TreeMap<>(run.begun(tid)), shown, "annotations of thread " + tid);
            }
        }
    }

    /**
     * Each thread waits at omp.barrier once a phase, from its arrival: stamped by the kernel during the marker
     * write, just before the program time-stamps the arrival in its log.
     */
    @ParameterizedTest
    @EnumSource(names = { "FTRACE_OMP_SEXTANT" })
    void barrierRowsShowEachWaitFromItsArrival(Fixture fixture) throws Exception {
        try (AnnotatedRun run = AnnotatedRun.open(fixture)) {
            ITimeGraphDataProvider<TimeGraphEntryModel> provider = run.provider(AnnotatedThreadsDataProvider.ID, ITimeGraphDataProvider.class);
            Rows rows = rows(run, provider);
            List<Map<Long, Long>> enters = run.barrierEnters();
            for (long tid : run.tids()) {
                long barrier = rows.children().get(rows.threads().get(PROGRAM + tid).getId()).get("Barrier"); //$NON-NLS-1$
                List<ITimeGraphState> waits = rows.states().get(barrier);
                assertEquals(enters.size(), waits.size(), "waits of thread " + tid);
                for (int phase = 0; phase < waits.size(); phase++) {
                    ITimeGraphState wait = waits.get(phase);
                    long early = enters.get(phase).get(tid) - wait.getStartTime();
                    assertEquals("omp.barrier", wait.getLabel()); //$NON-NLS-1$
                    assertTrue(early >= 0 && early < MARKER_LATENCY, "thread " + tid + " phase " + phase + ": arrival stamped " + early + " ns before the log's"); //$NON-NLS-1$
                }
                Map<String, String> tooltip = AnnotatedRun.tooltip(provider, barrier, waits.get(0).getStartTime() + waits.get(0).getDuration() / 2);
                assertEquals("omp.barrier", tooltip.get("Waiting at barrier"), tooltip::toString); //$NON-NLS-1$ //$NON-NLS-2$
                assertEquals(PROGRAM + tid, tooltip.get("Thread"), tooltip::toString); //$NON-NLS-1$
            }
        }
    }
}
