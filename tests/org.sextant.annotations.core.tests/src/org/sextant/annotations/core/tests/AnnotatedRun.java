// SPDX-License-Identifier: EPL-2.0
package org.sextant.annotations.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.interval.ITmfStateInterval;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphDataProvider;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphRowModel;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphState;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphEntryModel;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphModel;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataProvider;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.sextant.annotations.core.AnnotationsAnalysisModule;
import org.sextant.ftrace.core.FtraceTextTrace;
import org.sextant.test.support.Fixture;
import org.sextant.test.support.Traces;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * An annotated program's recording fixture opened as a user opens it (its ftrace text), with its annotations
 * state system built, the program's own log beside it, and the data-provider queries the tests share.
 */
final class AnnotatedRun implements AutoCloseable {

    private final Fixture fFixture;
    private final ITmfTrace fTrace;
    private final ITmfStateSystem fState;
    private final JsonObject fLog;

    private AnnotatedRun(Fixture fixture, ITmfTrace trace, ITmfStateSystem state, JsonObject log) {
        fFixture = fixture;
        fTrace = trace;
        fState = state;
        fLog = log;
    }

    /** @return the fixture opened, with its annotations state system built */
    static AnnotatedRun open(Fixture fixture) throws Exception {
        ITmfTrace trace = Traces.open(new FtraceTextTrace(), fixture.path().resolve("ftrace").resolve("trace.txt")); //$NON-NLS-1$ //$NON-NLS-2$
        try {
            AnnotationsAnalysisModule module = TmfTraceUtils.getAnalysisModuleOfClass(trace, AnnotationsAnalysisModule.class, AnnotationsAnalysisModule.ID);
            assertNotNull(module, "the annotations analysis applies to the trace");
            assertTrue(module.schedule().isOK());
            assertTrue(module.waitForCompletion(), "the annotations analysis completes");
            ITmfStateSystem state = module.getStateSystem(AnnotationsAnalysisModule.ID);
            assertNotNull(state);
            JsonObject log;
            try (Reader reader = Files.newBufferedReader(fixture.path().resolve("omp-imbalance.json"))) {
                log = new JsonParser().parse(reader).getAsJsonObject(); // Gson 2.7, as Trace Compass 6.2 ships it
            }
            return new AnnotatedRun(fixture, trace, state, log);
        } catch (Exception | AssertionError e) {
            Traces.close(trace);
            throw e;
        }
    }

    ITmfStateSystem state() {
        return fState;
    }

    /** @return the recording's ftrace text, as trace-cmd report printed it */
    Path text() {
        return fFixture.path().resolve("ftrace").resolve("trace.txt");
    }

    /** @return a fact the catalogue counted with trace-cmd report */
    long fact(String key) {
        return fFixture.fact(key);
    }

    /** @return the thread ids of the program's threads, by OpenMP thread number, as its log says */
    List<Long> tids() {
        List<Long> tids = new ArrayList<>();
        for (JsonElement thread : fLog.getAsJsonArray("per_thread")) {
            tids.add(thread.getAsJsonObject().get("tid").getAsLong());
        }
        return tids;
    }

    /** @return the program's log entry of the thread with that id */
    JsonObject thread(long tid) {
        for (JsonElement thread : fLog.getAsJsonArray("per_thread")) {
            if (thread.getAsJsonObject().get("tid").getAsLong() == tid) {
                return thread.getAsJsonObject();
            }
        }
        throw new AssertionError("no thread " + tid + " in the program's log");
    }

    /**
     * @return how many annotations of each name the thread began (spans, or the paper syntax's tasks), as the
     *         program's log counts them
     */
    Map<String, Integer> begun(long tid) {
        return logged(tid, thread(tid).getAsJsonObject("annotations").has("task") ? "task" : "begin");
    }

    /** @return how many annotations of a kind (a key of the log's "annotations": "barrier_enter", ...) the thread wrote, by name */
    Map<String, Integer> logged(long tid, String kind) {
        Map<String, Integer> counts = new HashMap<>();
        JsonObject annotations = thread(tid).getAsJsonObject("annotations");
        if (annotations.has(kind)) {
            annotations.getAsJsonObject(kind).entrySet().forEach(name -> counts.put(name.getKey(), name.getValue().getAsInt()));
        }
        return counts;
    }

    /** @return the recording's trace-cmd file, unpacked */
    Path dat() {
        return fFixture.path().resolve("ftrace").resolve("trace.dat");
    }

    /** @return when each thread entered the barrier at each phase (CLOCK_MONOTONIC, the trace's clock), by phase then tid */
    List<Map<Long, Long>> barrierEnters() {
        List<Map<Long, Long>> phases = new ArrayList<>();
        for (long tid : tids()) {
            int phase = 0;
            for (JsonElement entry : thread(tid).getAsJsonArray("phases")) {
                if (phases.size() <= phase) {
                    phases.add(new HashMap<>());
                }
                phases.get(phase++).put(tid, entry.getAsJsonObject().get("barrier_enter_ns").getAsLong());
            }
        }
        return phases;
    }

    /** @return a data provider of the trace, as a view gets it, with its tree fetched once complete */
    <P extends ITmfTreeDataProvider<? extends ITmfTreeDataModel>> P provider(String id, Class<?> type) throws InterruptedException {
        return Traces.provider(fTrace, id, type, Map.of());
    }

    /** @return the entries of a provider's tree */
    static <M extends ITmfTreeDataModel> List<M> entries(ITmfTreeDataProvider<M> provider) {
        TmfTreeModel<M> tree = provider.fetchTree(Map.of(), new NullProgressMonitor()).getModel();
        assertNotNull(tree);
        return tree.getEntries();
    }

    /**
     * @return the start of every interval of the state system: requested as a view's pixels, these times give
     *         each row all of its states, as a view zoomed in far enough would
     */
    List<Long> everyChange() throws Exception {
        List<Integer> quarks = new ArrayList<>();
        for (int quark = 0; quark < fState.getNbAttributes(); quark++) {
            quarks.add(quark);
        }
        TreeSet<Long> times = new TreeSet<>();
        for (ITmfStateInterval interval : fState.query2D(quarks, fState.getStartTime(), fState.getCurrentEndTime())) {
            times.add(interval.getStartTime());
        }
        return List.copyOf(times);
    }

    /** @return the states of the rows at those times, by entry id */
    static Map<Long, List<ITimeGraphState>> rows(ITimeGraphDataProvider<TimeGraphEntryModel> provider, List<Long> times, List<Long> ids) {
        TmfModelResponse<TimeGraphModel> response = provider.fetchRowModel(
                Map.of(DataProviderParameterUtils.REQUESTED_TIME_KEY, times, DataProviderParameterUtils.REQUESTED_ITEMS_KEY, ids), new NullProgressMonitor());
        assertEquals(ITmfResponse.Status.COMPLETED, response.getStatus(), response.getStatusMessage());
        Map<Long, List<ITimeGraphState>> rows = new HashMap<>();
        for (ITimeGraphRowModel row : response.getModel().getRows()) {
            rows.put(row.getEntryID(), row.getStates());
        }
        return rows;
    }

    /** @return the tooltip of an entry at a time */
    static Map<String, String> tooltip(ITimeGraphDataProvider<TimeGraphEntryModel> provider, long id, long time) {
        Map<String, String> tooltip = provider.fetchTooltip(Map.of(DataProviderParameterUtils.REQUESTED_TIME_KEY, List.of(time),
                DataProviderParameterUtils.REQUESTED_ITEMS_KEY, List.of(id)), new NullProgressMonitor()).getModel();
        assertNotNull(tooltip);
        return tooltip;
    }

    @Override
    public void close() {
        Traces.close(fTrace);
    }
}
