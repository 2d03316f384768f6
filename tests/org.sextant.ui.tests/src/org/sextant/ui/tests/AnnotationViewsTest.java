// SPDX-License-Identifier: EPL-2.0
package org.sextant.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.TreeSet;

import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.jface.viewers.TreeViewer;
import org.eclipse.swtchart.Chart;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Tree;
import org.eclipse.swt.widgets.TreeItem;
import org.eclipse.tracecompass.tmf.core.signal.TmfSignalManager;
import org.eclipse.tracecompass.tmf.core.signal.TmfWindowRangeUpdatedSignal;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimeRange;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.ui.viewers.tree.ITmfTreeViewerEntry;
import org.eclipse.tracecompass.tmf.ui.viewers.tree.TmfGenericTreeEntry;
import org.eclipse.tracecompass.tmf.ui.views.TmfView;
import org.eclipse.tracecompass.tmf.ui.views.xychart.TmfChartView;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sextant.common.core.SummaryEntryModel;
import org.sextant.ftrace.core.FtraceTextTrace;
import org.sextant.internal.annotations.core.AnnotationsSummaryDataProvider;
import org.sextant.internal.annotations.ui.AnnotatedCpusView;
import org.sextant.internal.annotations.ui.AnnotatedThreadsView;
import org.sextant.internal.annotations.ui.AnnotationsSummaryView;
import org.sextant.internal.annotations.ui.BarriersView;
import org.sextant.test.support.Fixture;
import org.sextant.test.support.ui.WorkbenchDriver;

/**
 * The annotation views in a real Trace Compass workbench, on the OpenMP proof program's recording (2 threads, 5
 * phases, Sextant's syntax) opened as ftrace text: each draws the program, the summary's worst barrier instance
 * is one click away, Trace Compass's statistics view lists the annotations; a screenshot of each goes to
 * {@code sextant.screenshots} (docs/images with tools/screenshots.sh).
 */
class AnnotationViewsTest {

    private static final String STATISTICS_VIEW = "org.eclipse.tracecompass.analysis.timing.ui.segstore.statistics:org.sextant.annotations.core.instances"; //$NON-NLS-1$
    private static final Duration TIMEOUT = Duration.ofSeconds(90);

    @BeforeAll
    static void openRecording() throws Exception {
        ITmfTrace trace = WorkbenchDriver.openTrace(Fixture.FTRACE_OMP_SEXTANT.path().resolve("ftrace").resolve("trace.txt"), FtraceTextTrace.TRACE_TYPE); //$NON-NLS-1$ //$NON-NLS-2$
        // the whole program in view, once the trace is indexed: every phase and barrier instance shows
        WorkbenchDriver.waitForJobs(TIMEOUT);
        TmfSignalManager.dispatchSignal(new TmfWindowRangeUpdatedSignal(AnnotationViewsTest.class, trace.getTimeRange(), trace));
    }

    @Test
    void annotatedCpusDrawsEachCpuAndItsRunningThread() throws Exception {
        TreeSet<String> rows = WorkbenchDriver.rowsWithStates(WorkbenchDriver.showTimeGraph(AnnotatedCpusView.ID, "annotated-cpus.png", TIMEOUT)); //$NON-NLS-1$
        assertTrue(rows.containsAll(List.of("CPU 0", "CPU 1", "Running thread")), () -> "rows drawn: " + rows); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
    }

    @Test
    void annotatedThreadsDrawsTheProgramsThreadsAndTheirStacks() throws Exception {
        TreeSet<String> rows = WorkbenchDriver.rowsWithStates(WorkbenchDriver.showTimeGraph(AnnotatedThreadsView.ID, "annotated-threads.png", TIMEOUT)); //$NON-NLS-1$
        assertEquals(2, rows.stream().filter(name -> name.startsWith("omp-imbalance ")).count(), () -> "rows drawn: " + rows); //$NON-NLS-1$
        assertTrue(rows.containsAll(List.of("On CPU", "Depth 3", "Barrier")), () -> "rows drawn: " + rows); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
    }

    @Test
    void barriersDrawsTheSkewOfEachInstance() throws Exception {
        TmfChartView view = (TmfChartView) WorkbenchDriver.showView(BarriersView.ID);
        Chart chart = view.getChartViewer().getSwtChart();
        WorkbenchDriver.waitUntil(() -> ViewsTest.drawn(chart, id -> id.endsWith("omp.barrier")), TIMEOUT, "the skews of omp.barrier"); //$NON-NLS-1$ //$NON-NLS-2$
        WorkbenchDriver.screenshotMaximized(view, "barriers.png", TIMEOUT); //$NON-NLS-1$
    }

    /** Selecting the worst instance of omp.barrier in the summary selects it, first arrival to last, everywhere. */
    @Test
    void theWorstBarrierInstanceIsOneClickAway() throws Exception {
        AnnotationsSummaryView view = (AnnotationsSummaryView) WorkbenchDriver.showView(AnnotationsSummaryView.ID);
        TreeViewer viewer = view.getViewer().getTreeViewer();
        WorkbenchDriver.waitUntil(() -> worstInstance(viewer.getInput()) != null, TIMEOUT, "the summary's barrier instances"); //$NON-NLS-1$
        TmfGenericTreeEntry<?> worst = worstInstance(viewer.getInput());
        SummaryEntryModel instance = (SummaryEntryModel) worst.getModel();
        viewer.setSelection(new StructuredSelection(worst), true);
        long first = instance.getNumber(AnnotationsSummaryDataProvider.TIME).longValue();
        long last = first + instance.getNumber(AnnotationsSummaryDataProvider.MAX).longValue();
        WorkbenchDriver.waitUntil(() -> selection().getStartTime().toNanos() == first, TIMEOUT, "the instance to be selected"); //$NON-NLS-1$
        assertEquals(last, selection().getEndTime().toNanos(), "selection's end: the last arrival");
        // for the screenshot: the groups, and the barrier's worst instances
        viewer.collapseAll();
        viewer.expandToLevel(2);
        viewer.setSelection(new StructuredSelection(worst), true);
        WorkbenchDriver.screenshotMaximized(view, "annotations-summary.png", TIMEOUT); //$NON-NLS-1$
    }

    /** Trace Compass's statistics of the annotation instances, per annotation name. */
    @Test
    void statisticsListEachAnnotation() throws Exception {
        TmfView view = (TmfView) WorkbenchDriver.showView(STATISTICS_VIEW);
        Tree tree = tree(view.getParentComposite());
        WorkbenchDriver.waitUntil(() -> names(tree.getItems()).contains("phase2.chunk"), TIMEOUT, "the statistics of phase2.chunk"); //$NON-NLS-1$
        tree.getColumn(0).pack();
        WorkbenchDriver.screenshotMaximized(view, "annotation-statistics.png", TIMEOUT); //$NON-NLS-1$
    }

    private static TmfTimeRange selection() {
        return TmfTraceManager.getInstance().getCurrentTraceContext().getSelectionRange();
    }

    /** The first instance listed under omp.barrier in the barriers group: the worst, as the summary sorts them. */
    private static TmfGenericTreeEntry<?> worstInstance(Object input) {
        if (!(input instanceof ITmfTreeViewerEntry root)) {
            return null;
        }
        for (ITmfTreeViewerEntry trace : root.getChildren()) {
            for (ITmfTreeViewerEntry group : trace.getChildren()) {
                if (group instanceof TmfGenericTreeEntry<?> entry && entry.getModel() instanceof SummaryEntryModel model
                        && AnnotationsSummaryDataProvider.BARRIERS.equals(model.getKey())) {
                    for (ITmfTreeViewerEntry barrier : group.getChildren()) {
                        if (barrier.getName().equals("omp.barrier") && !barrier.getChildren().isEmpty()) { //$NON-NLS-1$
                            return (TmfGenericTreeEntry<?>) barrier.getChildren().get(0);
                        }
                    }
                }
            }
        }
        return null;
    }

    /** The first tree under a control: the statistics view's. */
    static Tree tree(Control control) {
        if (control instanceof Tree tree) {
            return tree;
        }
        if (control instanceof Composite composite) {
            for (Control child : composite.getChildren()) {
                Tree tree = tree(child);
                if (tree != null) {
                    return tree;
                }
            }
        }
        return null;
    }

    /** The texts of the items, their children's included. */
    static TreeSet<String> names(TreeItem[] items) {
        TreeSet<String> names = new TreeSet<>();
        for (TreeItem item : items) {
            names.add(item.getText());
            names.addAll(names(item.getItems()));
        }
        return names;
    }
}
