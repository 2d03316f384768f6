// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.tracecompass.analysis.profiling.core.callstack.CallStackAnalysis;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.interval.ITmfStateInterval;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderManager;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.exceptions.TmfTraceException;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphDataProvider;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphEntryModel;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphRowModel;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphState;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphModel;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.project.model.TmfTraceType;
import org.eclipse.tracecompass.tmf.core.project.model.TraceTypeHelper;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.sextant.callstack.core.CallProfileTrace;
import org.sextant.callstack.core.ProfileCallStackAnalysis;
import org.sextant.callstack.core.TimedCallProfileTrace;
import org.sextant.callstack.model.CallTimeline;

/**
 * The flame chart of the timed Intel PT samples on the Trace Compass runtime: the call-stack state system our
 * analysis builds, and what Trace Compass's own Flame Chart data provider makes of it, equal the golden flame
 * charts of tests/fixtures/intel-pt ({@code SAMPLE.flamechart}, worked out by hand; the model's tests hold the
 * timeline to the same files). Untimed profiles are offered no flame chart.
 */
class FlameChartTest {

    /** Trace Compass's call-stack data provider, which its Flame Chart view draws (an id, not an API). */
    private static final String FLAME_CHART_PROVIDER = "org.eclipse.tracecompass.internal.analysis.profiling.callstack.provider.CallStackDataProvider"; //$NON-NLS-1$
    private static final Path FIXTURES = Path.of(System.getProperty("sextant.fixtures")); //$NON-NLS-1$
    private static final Path PT = FIXTURES.resolve("intel-pt"); //$NON-NLS-1$
    private static final Path CALLGRIND = FIXTURES.resolve("callgrind-callpaths").resolve("base.callgrind"); //$NON-NLS-1$ //$NON-NLS-2$

    private static List<String> golden(String sample) throws Exception {
        return Files.readAllLines(PT.resolve(sample + ".flamechart")).stream().sorted().toList(); //$NON-NLS-1$
    }

    /** Every call in the state system: {@code process/tid level start end function}, as in the golden files. */
    @ParameterizedTest
    @ValueSource(strings = { "perf-script-branches", "perf-script-call-ret-trace", "perf-script-call-trace", "perf-script-insn-trace", "sptdecode" })
    void theCallStackStateSystemIsTheGoldenFlameChart(String sample) throws Exception {
        ITmfTrace trace = ProfileTraces.open(new TimedCallProfileTrace(), PT.resolve(sample + ".txt")); //$NON-NLS-1$
        try {
            ProfileCallStackAnalysis module = TmfTraceUtils.getAnalysisModuleOfClass(trace, ProfileCallStackAnalysis.class, ProfileCallStackAnalysis.ID);
            assertNotNull(module, "the flame chart analysis is offered for a timed profile"); //$NON-NLS-1$
            module.schedule();
            assertTrue(module.waitForCompletion(), "the analysis completes"); //$NON-NLS-1$
            ITmfStateSystem ss = module.getStateSystem();
            assertNotNull(ss);
            List<Integer> levels = ss.getQuarks("Processes", "*", "*", CallStackAnalysis.CALL_STACK, "*"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
            List<String> calls = new ArrayList<>();
            for (ITmfStateInterval interval : ss.query2D(levels, ss.getStartTime(), ss.getCurrentEndTime())) {
                if (interval.getValue() != null) {
                    String[] path = ss.getFullAttributePathArray(interval.getAttribute());
                    calls.add(path[1] + '/' + path[2] + ' ' + path[4] + ' ' + interval.getStartTime() + ' ' + (interval.getEndTime() + 1) + ' '
                            + interval.getValue());
                }
            }
            assertEquals(golden(sample), calls.stream().sorted().toList());
        } finally {
            ProfileTraces.close(trace);
        }
    }

    /**
     * What the Flame Chart view draws: a row per level under each thread, a state per call labelled with its
     * function, {@code add} as {@code add} (Trace Compass reads a name that is a hexadecimal number as an
     * address).
     */
    @Test
    void theFlameChartProviderLabelsEachCallWithItsFunction() throws Exception {
        String sample = "perf-script-branches"; //$NON-NLS-1$
        TimedCallProfileTrace trace = (TimedCallProfileTrace) ProfileTraces.open(new TimedCallProfileTrace(), PT.resolve(sample + ".txt")); //$NON-NLS-1$
        try {
            @SuppressWarnings("unchecked")
            ITimeGraphDataProvider<ITimeGraphEntryModel> provider = DataProviderManager.getInstance().getDataProvider(trace, FLAME_CHART_PROVIDER,
                    ITimeGraphDataProvider.class);
            assertNotNull(provider, "Trace Compass's flame chart provider for the timed profile"); //$NON-NLS-1$
            TreeSet<Long> times = new TreeSet<>();
            trace.getTimeline().steps().forEach(step -> times.add(step.time()));
            Map<String, Object> query = new HashMap<>();
            query.put(DataProviderParameterUtils.REQUESTED_TIME_KEY, List.of(times.first(), times.last()));
            TmfModelResponse<TmfTreeModel<ITimeGraphEntryModel>> tree;
            do {
                tree = provider.fetchTree(query, new NullProgressMonitor());
                Thread.sleep(50);
            } while (tree.getStatus() == ITmfResponse.Status.RUNNING);
            assertEquals(ITmfResponse.Status.COMPLETED, tree.getStatus(), tree.getStatusMessage());
            TmfTreeModel<ITimeGraphEntryModel> model = tree.getModel();
            assertNotNull(model);

            // trace > process > thread > one entry per level, in level order
            Map<Long, ITimeGraphEntryModel> byId = new HashMap<>();
            model.getEntries().forEach(entry -> byId.put(entry.getId(), entry));
            Map<Long, String> levels = new HashMap<>();
            Map<Long, Integer> perThread = new HashMap<>();
            for (ITimeGraphEntryModel entry : model.getEntries()) {
                ITimeGraphEntryModel thread = byId.get(entry.getParentId());
                ITimeGraphEntryModel process = thread != null ? byId.get(thread.getParentId()) : null;
                ITimeGraphEntryModel root = process != null ? byId.get(process.getParentId()) : null;
                if (thread != null && process != null && root != null) {
                    int level = perThread.merge(thread.getId(), 1, Integer::sum);
                    levels.put(entry.getId(), process.getName() + '/' + thread.getName() + ' ' + level);
                }
            }
            assertEquals(new TreeSet<>(List.of("callpaths/4242 1", "callpaths/4242 2", "callpaths/4242 3", "callpaths/4242 4", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                    "callpaths/4243 1", "callpaths/4243 2")), new TreeSet<>(levels.values())); //$NON-NLS-1$ //$NON-NLS-2$

            query.put(DataProviderParameterUtils.REQUESTED_TIME_KEY, List.copyOf(times));
            query.put(DataProviderParameterUtils.REQUESTED_ITEMS_KEY, List.copyOf(levels.keySet()));
            TmfModelResponse<TimeGraphModel> rows = provider.fetchRowModel(query, new NullProgressMonitor());
            assertEquals(ITmfResponse.Status.COMPLETED, rows.getStatus(), rows.getStatusMessage());
            TimeGraphModel rowModel = rows.getModel();
            assertNotNull(rowModel);
            List<String> calls = new ArrayList<>();
            for (ITimeGraphRowModel row : rowModel.getRows()) {
                for (ITimeGraphState state : row.getStates()) {
                    if (state.getLabel() != null) {
                        calls.add(levels.get(row.getEntryID()) + ' ' + state.getStartTime() + ' ' + (state.getStartTime() + state.getDuration()) + ' '
                                + state.getLabel());
                    }
                }
            }
            assertEquals(golden(sample), calls.stream().sorted().toList());
        } finally {
            ProfileTraces.close(trace);
        }
    }

    /** The events are the timeline's steps, in time order, which is what sets the trace's time range. */
    @Test
    void theTimedTraceEventsAreTheStepsOfTheTimeline() throws Exception {
        TimedCallProfileTrace trace = (TimedCallProfileTrace) ProfileTraces.open(new TimedCallProfileTrace(), PT.resolve("perf-script-call-ret-trace.txt")); //$NON-NLS-1$
        try {
            CallTimeline timeline = trace.getTimeline();
            assertEquals(10, timeline.size(), "five calls, each entered and left"); //$NON-NLS-1$
            ITmfEvent first = trace.getNext(trace.seekEvent(0L));
            assertNotNull(first);
            assertEquals(TimedCallProfileTrace.ENTER, first.getName());
            assertEquals(1_000_000_100_500L, first.getTimestamp().toNanos());
            assertEquals("run", first.getContent().getFieldValue(String.class, TimedCallProfileTrace.FUNCTION)); //$NON-NLS-1$
            assertEquals(4242L, first.getContent().getFieldValue(Long.class, TimedCallProfileTrace.TID));
            ITmfEvent last = trace.getNext(trace.seekEvent(9L));
            assertNotNull(last);
            assertEquals(TimedCallProfileTrace.LEAVE, last.getName());
            assertEquals(1_000_000_131_000L, last.getTimestamp().toNanos());
        } finally {
            ProfileTraces.close(trace);
        }
    }

    /** Trace Compass's import picks the timed type for timed inputs, the plain one for the others. */
    @Test
    void autoDetectionPicksTheTimedTypeForTimedInputsOnly() throws Exception {
        assertEquals(TimedCallProfileTrace.TRACE_TYPE, traceType(PT.resolve("perf-script-branches.txt"))); //$NON-NLS-1$
        assertEquals(TimedCallProfileTrace.TRACE_TYPE, traceType(PT.resolve("sptdecode.txt"))); //$NON-NLS-1$
        assertEquals(CallProfileTrace.TRACE_TYPE, traceType(CALLGRIND));
    }

    private static String traceType(Path file) throws Exception {
        List<TraceTypeHelper> candidates = TmfTraceType.selectTraceType(file.toString(), null);
        assertFalse(candidates.isEmpty(), file.toString());
        return candidates.get(0).getTraceTypeId();
    }

    /** A callgrind profile is offered no flame chart, and refused by the timed type with a sentence, not a stack trace. */
    @Test
    void untimedProfilesHaveNoFlameChart(@TempDir Path dir) throws Exception {
        ITmfTrace trace = ProfileTraces.open(new CallProfileTrace(), CALLGRIND);
        try {
            assertFalse(TmfTraceUtils.getAnalysisModulesOfClass(trace, CallStackAnalysis.class).iterator().hasNext(), "no call-stack analysis"); //$NON-NLS-1$
        } finally {
            ProfileTraces.close(trace);
        }
        IStatus status = new TimedCallProfileTrace().validate(null, CALLGRIND.toString());
        assertFalse(status.isOK());
        assertEquals(CALLGRIND + ": a call profile without time (callgrind output, folded stacks, or sptdecode text without its time column): " //$NON-NLS-1$
                + "there is no flame chart to draw; open it as a call profile", status.getMessage()); //$NON-NLS-1$
        Path untimed = dir.resolve("untimed.txt"); //$NON-NLS-1$
        Files.writeString(untimed, "TIME      DELTA         INSNs   OPERATION\n                        [+   6] _start+40 -> main\n"); //$NON-NLS-1$
        TimedCallProfileTrace refused = new TimedCallProfileTrace();
        TmfTraceException e = assertThrows(TmfTraceException.class, () -> refused.initTrace(null, untimed.toString(), ITmfEvent.class));
        assertTrue(e.getMessage().startsWith(untimed + ": a call profile without time"), e.getMessage()); //$NON-NLS-1$
        refused.dispose();
    }
}
