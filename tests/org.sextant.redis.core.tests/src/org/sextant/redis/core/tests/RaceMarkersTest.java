// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.internal.provisional.tmf.core.model.annotations.Annotation;
import org.eclipse.tracecompass.internal.provisional.tmf.core.model.annotations.AnnotationModel;
import org.eclipse.tracecompass.internal.provisional.tmf.core.model.annotations.IOutputAnnotationParameters;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystemBuilder;
import org.eclipse.tracecompass.statesystem.core.StateSystemFactory;
import org.eclipse.tracecompass.statesystem.core.backend.StateHistoryBackendFactory;
import org.eclipse.tracecompass.tmf.core.analysis.TmfAbstractAnalysisModule;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphEntryModel;
import org.eclipse.tracecompass.tmf.core.statesystem.ITmfAnalysisModuleWithStateSystems;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.experiment.TmfExperiment;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.sextant.common.core.SummaryEntryModel;
import org.sextant.common.core.summary.SummaryTree;
import org.sextant.internal.redis.core.RedisSummaryDataProvider;
import org.sextant.internal.redis.core.RedisTimeGraphDataProvider;
import org.sextant.internal.redis.core.RedisTimeGraphDataProvider.Rows;
import org.sextant.parallel.engine.StateSystemWriter;
import org.sextant.redis.model.ConnectionKind;
import org.sextant.redis.model.RedisTracker;

/**
 * Races from the state layer to what users read: the decoded values of two races (RaceTest's shapes: the main
 * thread freeing a client an io thread reads, the paper's double free; two threads writing and reading one
 * connection at once) go through the tracker into a Trace Compass state system (in memory), and the summary
 * lists them per node while Netflow marks them, on their connections' rows, naming the two threads. No real
 * recording has a race (NoRaceTest, and tools/capture/redis-kill.sh could not provoke one), so the values are
 * the detector's.
 */
class RaceMarkersTest {

    private static final String NODE = "6727";
    private static final int MAIN = 6727;
    private static final int IO = 6744;
    private static final long END = 100;

    private final ITmfStateSystemBuilder fState = StateSystemFactory.newStateSystem(StateHistoryBackendFactory.createInMemoryBackend("races", 0)); //$NON-NLS-1$
    private final Module fModule = new Module(fState);
    private final TmfExperiment fTrace = new TmfExperiment(ITmfEvent.class, "races", new ITmfTrace[0], 1000, null); //$NON-NLS-1$

    @BeforeEach
    void twoRaces() {
        RedisTracker tracker = new RedisTracker(new StateSystemWriter(fState), request -> {
            // latencies are not the point
        });
        tracker.listen(0, NODE, "127.0.0.1", 7231); //$NON-NLS-1$
        tracker.open(1, NODE, MAIN, 9, "127.0.0.1:50000", ConnectionKind.CLIENT); //$NON-NLS-1$
        tracker.open(2, NODE, MAIN, 11, "127.0.0.1:50002", ConnectionKind.CLIENT); //$NON-NLS-1$
        tracker.readStart(10, NODE, IO, 9, false);
        tracker.close(12, NODE, MAIN, 9);
        tracker.readEnd(13, NODE, IO, 9, false, -9);
        tracker.writeStart(20, NODE, MAIN, 11, false);
        tracker.readStart(21, NODE, IO, 11, false);
        tracker.writeEnd(25, NODE, MAIN, 11, false, 5, -1);
        tracker.readEnd(26, NODE, IO, 11, false, 27);
        fState.closeHistory(END);
    }

    @AfterEach
    void close() {
        fModule.dispose();
        fTrace.dispose();
    }

    @Test
    void theSummaryListsEachRaceOfTheNode() {
        RedisSummaryDataProvider summary = new RedisSummaryDataProvider(fTrace, fModule, null);
        SummaryTree tree = SummaryTree.of(summary.fetchTree(Map.of(), new NullProgressMonitor()).getModel().getEntries());
        SummaryEntryModel node = tree.children(tree.root()).get(0);
        assertEquals(NODE, node.getKey());
        SummaryEntryModel races = tree.children(node).stream().filter(e -> RedisSummaryDataProvider.RACES.equals(e.getKey())).findFirst().orElseThrow();
        assertEquals(2L, races.getValues().get(RedisSummaryDataProvider.VALUE));
        List<String> listed = new ArrayList<>();
        for (SummaryEntryModel race : tree.children(node, RedisSummaryDataProvider.RACES)) {
            listed.add(race.getKey() + " " + race.getName() + ": " + race.getValues().get(RedisSummaryDataProvider.VALUE)); //$NON-NLS-1$ //$NON-NLS-2$
        }
        assertEquals(List.of("9@12 fd 9: 6744 reading / 6727 close", "11@21 fd 11: 6727 writing / 6744 reading"), listed); //$NON-NLS-1$ //$NON-NLS-2$
    }

    @Test
    void netflowMarksEachRaceOnItsConnectionsRow() {
        RedisTimeGraphDataProvider netflow = new RedisTimeGraphDataProvider(fTrace, fModule, Rows.NETFLOW);
        List<String> categories = netflow.fetchAnnotationCategories(Map.of(), null).getModel().getAnnotationCategories();
        assertEquals(List.of("Races", "Use after free"), categories); //$NON-NLS-1$ //$NON-NLS-2$
        List<TimeGraphEntryModel> rows = netflow.fetchTree(Map.of(), null).getModel().getEntries();
        AnnotationModel model = netflow.fetchAnnotations(Map.of(DataProviderParameterUtils.REQUESTED_TIME_KEY, List.of(0L, END),
                IOutputAnnotationParameters.ANNOTATION_CATEGORIES_KEY, categories), null).getModel();
        List<String> marked = new ArrayList<>();
        for (Annotation race : model.getAnnotations().get("Races")) { //$NON-NLS-1$
            String row = rows.stream().filter(r -> r.getId() == race.getEntryId()).findFirst().orElseThrow().getName();
            marked.add(race.getTime() + "+" + race.getDuration() + " " + row + ": " + race.getLabel()); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        }
        // the close's race lasts until the io thread's read ends; the other, from the read's start to the write's end
        assertEquals(List.of("12+1 fd 9: Race: threads 6744 reading / 6727 close", "21+4 fd 11: Race: threads 6727 writing / 6744 reading"), marked); //$NON-NLS-1$ //$NON-NLS-2$

        // a window after both has none; the Threads view marks no race (a race is a connection's), only frees
        assertEquals(Map.of(), netflow.fetchAnnotations(Map.of(DataProviderParameterUtils.REQUESTED_TIME_KEY, List.of(30L, END)), null).getModel()
                .getAnnotations());
        RedisTimeGraphDataProvider threads = new RedisTimeGraphDataProvider(fTrace, fModule, Rows.THREADS);
        assertEquals(List.of("Use after free"), threads.fetchAnnotationCategories(Map.of(), null).getModel().getAnnotationCategories()); //$NON-NLS-1$
    }

    /** The state system built above, served as the Redis module serves its own. */
    private static final class Module extends TmfAbstractAnalysisModule implements ITmfAnalysisModuleWithStateSystems {
        private final ITmfStateSystem fSs;

        Module(ITmfStateSystem ss) {
            fSs = ss;
        }

        @Override
        public @Nullable ITmfStateSystem getStateSystem(String id) {
            return fSs;
        }

        @Override
        public Iterable<ITmfStateSystem> getStateSystems() {
            return List.of(fSs);
        }

        @Override
        public boolean waitForInitialization() {
            return true;
        }

        @Override
        protected boolean executeAnalysis(IProgressMonitor monitor) {
            return true;
        }

        @Override
        protected void canceling() {
            // built before the test
        }

        @Override
        public void dispose() {
            super.dispose();
            fSs.dispose();
        }
    }
}
