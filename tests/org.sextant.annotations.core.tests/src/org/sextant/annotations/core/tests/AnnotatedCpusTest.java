// SPDX-License-Identifier: EPL-2.0
package org.sextant.annotations.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.model.StyleProperties;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphArrow;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphDataProvider;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphState;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphEntryModel;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sextant.internal.annotations.core.AnnotatedCpusDataProvider;
import org.sextant.internal.annotations.core.AnnotatedThreadsDataProvider;
import org.sextant.internal.annotations.core.AnnotationStyles;
import org.sextant.test.support.Fixture;

/**
 * Annotated CPUs on the OpenMP proof program (2 threads, 5 phases, Sextant's syntax), against what trace-cmd
 * report's text and the program's own log say: each thread's time on CPU, the time inside annotations, its
 * migrations from one CPU to another, what it is inside at a time.
 */
class AnnotatedCpusTest {

    /** A context switch in trace-cmd report's text: CPU, seconds, nanoseconds, the thread out and the thread in. */
    private static final Pattern SWITCH = Pattern.compile("\\[(\\d+)\\] (\\d+)\\.(\\d{9}): sched_switch: .* prev_pid=(\\d+) .* next_pid=(\\d+) "); //$NON-NLS-1$
    private static final String PROGRAM = "omp-imbalance "; //$NON-NLS-1$

    private static AnnotatedRun sRun;
    private static ITimeGraphDataProvider<TimeGraphEntryModel> sProvider;
    /** The CPU numbers of the CPU rows, by entry id. */
    private static final Map<Long, Integer> CPU_ROWS = new HashMap<>();
    /** The running-thread rows, by entry id, with their CPU number. */
    private static final Map<Long, Integer> THREAD_ROWS = new HashMap<>();
    private static Map<Long, List<ITimeGraphState>> sRows;

    @BeforeAll
    static void open() throws Exception {
        sRun = AnnotatedRun.open(Fixture.FTRACE_OMP_SEXTANT);
        sProvider = sRun.provider(AnnotatedCpusDataProvider.ID, ITimeGraphDataProvider.class);
        List<TimeGraphEntryModel> entries = AnnotatedRun.entries(sProvider);
        for (TimeGraphEntryModel entry : entries) {
            if (entry.getName().startsWith("CPU ")) { //$NON-NLS-1$
                CPU_ROWS.put(entry.getId(), Integer.parseInt(entry.getName().substring(4)));
            }
        }
        for (TimeGraphEntryModel entry : entries) {
            Integer cpu = CPU_ROWS.get(entry.getParentId());
            if (cpu != null) {
                THREAD_ROWS.put(entry.getId(), cpu);
            }
        }
        List<Long> ids = new ArrayList<>(CPU_ROWS.keySet());
        ids.addAll(THREAD_ROWS.keySet());
        sRows = AnnotatedRun.rows(sProvider, sRun.everyChange(), ids);
    }

    @AfterAll
    static void close() {
        sRun.close();
    }

    @Test
    void eachCpuHasItsRowAndItsRunningThreadBeneath() {
        assertEquals(new TreeSet<>(List.of(0, 1)), new TreeSet<>(CPU_ROWS.values()), "CPU rows");
        assertEquals(new TreeSet<>(List.of(0, 1)), new TreeSet<>(THREAD_ROWS.values()), "a running-thread row under each CPU");
    }

    /** The running-thread rows give each of the program's threads the time trace-cmd's switches give it, to the ns. */
    @Test
    void threadRowsGiveEachThreadItsTimeOnCpu() {
        for (long tid : sRun.tids()) {
            long shown = THREAD_ROWS.keySet().stream().flatMap(row -> sRows.get(row).stream()).filter(state -> (PROGRAM + tid).equals(state.getLabel()))
                    .mapToLong(ITimeGraphState::getDuration).sum();
            long expected = sRun.fact("cpu.ns." + tid); //$NON-NLS-1$
            System.out.println("thread " + tid + " on CPU: " + shown + " ns shown, " + expected + " ns by trace-cmd's switches"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
            assertEquals(expected, shown, "thread " + tid + " on CPU, ns"); //$NON-NLS-1$
        }
    }

    /** Only the program annotates: the CPU rows are coloured while its threads run inside their annotations. */
    @Test
    void cpuRowsShowTheTimeTheThreadsRanInsideAnnotations() {
        long shown = CPU_ROWS.keySet().stream().flatMap(row -> sRows.get(row).stream()).mapToLong(ITimeGraphState::getDuration).sum();
        long expected = sRun.tids().stream().mapToLong(tid -> sRun.fact("cpu.annotated.ns." + tid)).sum(); //$NON-NLS-1$
        System.out.println("annotated on CPU: " + shown + " ns shown, " + expected + " ns by trace-cmd's switches"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        assertEquals(expected, shown, "annotated time on CPU, ns");
    }

    /** A name's colour is its palette entry, the same in Annotated Threads. */
    @Test
    void aNameHasOneColourInBothTimeGraphs() throws Exception {
        Map<String, Integer> colours = new TreeMap<>();
        for (long row : CPU_ROWS.keySet()) {
            for (ITimeGraphState state : sRows.get(row)) {
                Integer previous = colours.put(state.getLabel(), state.getValue());
                assertTrue(previous == null || previous == state.getValue(), state.getLabel() + " has one colour");
                assertEquals(AnnotationStyles.keyOf(state.getLabel()), state.getStyle().getStyleValues().get(StyleProperties.STYLE_NAME), state.getLabel());
            }
        }
        assertTrue(colours.keySet().containsAll(sRun.begun(sRun.tids().get(1)).keySet()), "every annotation of the worker shows: " + colours.keySet());
        ITimeGraphDataProvider<TimeGraphEntryModel> threads = sRun.provider(AnnotatedThreadsDataProvider.ID, ITimeGraphDataProvider.class);
        List<Long> ids = AnnotatedRun.entries(threads).stream().map(TimeGraphEntryModel::getId).filter(id -> id >= 0 && id < Integer.MAX_VALUE).toList();
        int compared = 0;
        for (List<ITimeGraphState> row : AnnotatedRun.rows(threads, sRun.everyChange(), ids).values()) {
            for (ITimeGraphState state : row) {
                Integer colour = colours.get(state.getLabel());
                if (colour != null) {
                    assertEquals(colour, state.getValue(), state.getLabel() + " in Annotated Threads");
                    compared++;
                }
            }
        }
        assertTrue(compared > 0, "annotations compared");
    }

    /**
     * The arrows are the program's threads changing CPU between two runs, as trace-cmd's switches show them:
     * from the CPU it ran on to the CPU it next ran on, arriving when it was switched in there.
     */
    @Test
    void arrowsAreTheMigrationsOfTheProgramsThreads() throws Exception {
        Map<Long, List<long[]>> runs = new HashMap<>();
        for (String line : Files.readAllLines(sRun.text())) {
            Matcher matcher = SWITCH.matcher(line);
            if (matcher.find()) {
                long time = Long.parseLong(matcher.group(2)) * 1_000_000_000L + Long.parseLong(matcher.group(3));
                runs.computeIfAbsent(Long.parseLong(matcher.group(5)), tid -> new ArrayList<>()).add(new long[] { time, Long.parseLong(matcher.group(1)) });
            }
        }
        List<String> expected = new ArrayList<>();
        for (long tid : sRun.tids()) {
            List<long[]> in = runs.get(tid);
            assertNotNull(in, "thread " + tid + " runs");
            in.sort((a, b) -> Long.compare(a[0], b[0]));
            for (int i = 1; i < in.size(); i++) {
                if (in.get(i)[1] != in.get(i - 1)[1]) {
                    expected.add(in.get(i - 1)[1] + " -> " + in.get(i)[1] + " at " + in.get(i)[0]);
                }
            }
        }
        List<ITimeGraphArrow> arrows = sProvider.fetchArrows(Map.of(DataProviderParameterUtils.REQUESTED_TIME_KEY,
                List.of(sRun.state().getStartTime(), sRun.state().getCurrentEndTime())), new NullProgressMonitor()).getModel();
        assertNotNull(arrows);
        List<String> actual = arrows.stream().map(arrow -> CPU_ROWS.get(arrow.getSourceId()) + " -> " + CPU_ROWS.get(arrow.getDestinationId()) + " at "
                + (arrow.getStartTime() + arrow.getDuration())).sorted().collect(Collectors.toList());
        expected.sort(null);
        System.out.println("migrations of the program's threads: " + actual.size()); //$NON-NLS-1$
        assertFalse(expected.isEmpty(), "the threads migrated");
        assertEquals(expected, actual);
    }

    /** Inside a chunk of phase 2, the tooltip names the thread, its innermost annotation and its whole stack. */
    @Test
    void tooltipTellsTheThreadAndWhatItIsInside() {
        for (Map.Entry<Long, Integer> cpu : CPU_ROWS.entrySet()) {
            for (ITimeGraphState state : sRows.get(cpu.getKey())) {
                if ("phase2.chunk".equals(state.getLabel())) { //$NON-NLS-1$
                    Map<String, String> tooltip = AnnotatedRun.tooltip(sProvider, cpu.getKey(), state.getStartTime() + state.getDuration() / 2);
                    assertEquals(Integer.toString(cpu.getValue()), tooltip.get("CPU"), tooltip::toString); //$NON-NLS-1$
                    assertEquals("phase2.chunk", tooltip.get("Annotation"), tooltip::toString); //$NON-NLS-1$ //$NON-NLS-2$
                    assertEquals("omp.thread > phase2.loop > phase2.chunk", tooltip.get("Stack"), tooltip::toString); //$NON-NLS-1$ //$NON-NLS-2$
                    assertTrue(sRun.tids().stream().anyMatch(tid -> (PROGRAM + tid).equals(tooltip.get("Thread"))), tooltip::toString); //$NON-NLS-1$
                    return;
                }
            }
        }
        throw new AssertionError("no phase2.chunk on a CPU row");
    }
}
