// SPDX-License-Identifier: EPL-2.0
package org.sextant.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;

import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Event;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.TimeGraphViewer;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.ITimeEvent;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.ITimeGraphEntry;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.widgets.TimeGraphControl;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.IWorkbenchPage;
import org.junit.jupiter.api.Test;
import org.sextant.callstack.core.TimedCallProfileTrace;
import org.sextant.callstack.model.CallTree;
import org.sextant.callstack.model.Sunburst;
import org.sextant.internal.callstack.ui.CalleeTable;
import org.sextant.internal.callstack.ui.DeltaProfileView;
import org.sextant.internal.callstack.ui.SunburstCanvas;
import org.sextant.internal.callstack.ui.SunburstLegend;
import org.sextant.internal.callstack.ui.SunburstView;
import org.sextant.test.support.Fixture;
import org.sextant.test.support.ui.WorkbenchDriver;

/**
 * The call-stack sunburst in a real workbench: it follows the selection of a callgrind profile opened as a
 * trace, zooms into a subtree, then compares the run with the one that has an extra call path, side by side
 * and in differential mode with the legend's scale; names are written on the arcs, the legend says what the
 * colours are, the keyboard moves the selection and zooms, the table beside lists the selected arc's callees; the
 * selection follows Trace Compass's Flame Graph of the same trace, both ways; the delta profile of an instruction
 * flow lists its sections. Screenshots (at 1600x1000 under tools/screenshots.sh) go to {@code sextant.screenshots}.
 */
class SunburstViewTest {

    private static final String PROFILE_TRACE_TYPE = "org.sextant.callstack.core.profile"; //$NON-NLS-1$
    private static final Duration TIMEOUT = Duration.ofSeconds(90);
    private static final String FLAME_GRAPH = "org.eclipse.tracecompass.internal.analysis.timing.ui.flamegraph.flamegraphView"; //$NON-NLS-1$

    @Test
    void showsTheProfileZoomsAndComparesTwoRuns() throws Exception {
        Path runs = Fixture.CALLGRIND_CALLPATHS.path();
        WorkbenchDriver.openTrace(runs.resolve("base.callgrind"), PROFILE_TRACE_TYPE); //$NON-NLS-1$
        SunburstView view = (SunburstView) WorkbenchDriver.showView(SunburstView.ID);
        IWorkbenchPage page = WorkbenchDriver.window().getActivePage();
        page.setPartState(page.getReference(view), IWorkbenchPage.STATE_MAXIMIZED);
        SunburstCanvas main = view.getMainCanvas();
        assertNotNull(main);
        WorkbenchDriver.waitUntil(() -> main.getSunburst() != null, TIMEOUT, "the sunburst of base.callgrind"); //$NON-NLS-1$
        CallTree tree = main.getTree();
        assertNotNull(tree);
        assertEquals(129_422, tree.root().total(), "callgrind's totals line"); //$NON-NLS-1$

        // the arc under the centre's right edge, in the first ring, is the only child of the root
        Rectangle area = main.getClientArea();
        Sunburst.Arc first = main.arcAt(area.width / 2 + Math.min(area.width, area.height) / 6, area.height / 2);
        assertNotNull(first, "an arc right of the centre"); //$NON-NLS-1$
        main.focus(first.node());
        WorkbenchDriver.spin(Duration.ofMillis(200));
        assertEquals(first.node(), main.getFocus());

        Job comparing = view.compare(runs.resolve("extra.callgrind")); //$NON-NLS-1$
        assertNotNull(comparing, "a trace is shown to compare"); //$NON-NLS-1$
        comparing.join();
        WorkbenchDriver.waitUntil(() -> view.getComparison() != null, TIMEOUT, "the comparison to be shown"); //$NON-NLS-1$
        WorkbenchDriver.screenshot(screenshot("sunburst-compare.png")); //$NON-NLS-1$

        view.setDifferential(true);
        SunburstLegend legend = view.getLegend();
        assertNotNull(legend);
        assertTrue(legend.getTitle().startsWith("Change of own cost on the path"), legend.getTitle()); //$NON-NLS-1$
        assertEquals(22_200, main.getLargestChange(), "the scale goes to checksum's own 22,200, either way"); //$NON-NLS-1$
        CallTree union = main.getTree();
        assertNotNull(union);
        List<String> checksum = List.of("0x000000000001ab70", "(below main) [callpaths]", "__libc_start_main@@GLIBC_2.34", "(below main) [libc.so.6]", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                "main", "run", "compute", "checksum"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        CallTree.Node added = union.find(checksum);
        assertNotNull(added, "the differential sunburst draws the added path"); //$NON-NLS-1$
        assertEquals(22_200, added.total());
        Path differential = screenshot("sunburst-view.png"); //$NON-NLS-1$
        WorkbenchDriver.screenshot(differential);
        Path exported = Files.createTempFile("sunburst", ".png"); //$NON-NLS-1$ //$NON-NLS-2$
        view.savePng(exported);
        assertTrue(Files.size(exported) > 1000, "an exported PNG"); //$NON-NLS-1$
        Files.delete(exported);
        page.setPartState(page.getReference(view), IWorkbenchPage.STATE_RESTORED);
    }

    /**
     * The whole callpaths program (its loader's and libc's start code around main): names on the arcs where they
     * fit, cut with an ellipsis where they do not; the legend lists the costliest functions drawn; the keyboard
     * selects down the costliest path, along a ring and back up, zooms in and out; the table lists the selection's
     * callees, the costliest first.
     */
    @Test
    void namesOnArcsLegendKeysAndCallees() throws Exception {
        Path profile = Path.of(System.getProperty("sextant.fixtures"), "callgrind-variety", "callpaths-base.callgrind"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        WorkbenchDriver.openTrace(profile, PROFILE_TRACE_TYPE);
        SunburstView view = (SunburstView) WorkbenchDriver.showView(SunburstView.ID);
        IWorkbenchPage page = WorkbenchDriver.window().getActivePage();
        page.setPartState(page.getReference(view), IWorkbenchPage.STATE_MAXIMIZED);
        SunburstCanvas main = view.getMainCanvas();
        assertNotNull(main);
        WorkbenchDriver.waitUntil(() -> main.getTree() != null && main.getTree().root().total() == 251_923, TIMEOUT, "the sunburst of callpaths-base"); //$NON-NLS-1$
        WorkbenchDriver.spin(Duration.ofMillis(300));
        CallTree tree = main.getTree();
        List<SunburstCanvas.Label> labels = main.getLabels();
        assertEquals("all", labels.get(0).text(), "the centre"); //$NON-NLS-1$ //$NON-NLS-2$
        assertTrue(labels.stream().anyMatch(label -> label.text().equals("main")), labels::toString); //$NON-NLS-1$
        assertTrue(labels.stream().anyMatch(label -> label.text().equals("run")), labels::toString); //$NON-NLS-1$
        SunburstCanvas.Label cut = labels.stream().filter(label -> label.text().endsWith("\u2026")).findFirst().orElseThrow(); //$NON-NLS-1$
        assertTrue(cut.node().name().startsWith(cut.text().substring(0, cut.text().length() - 1)), cut::toString);

        SunburstLegend legend = view.getLegend();
        assertNotNull(legend);
        assertEquals("0x000000000001ab70", legend.getKeys().get(0).label(), "the loader's entry: everything is under it"); //$NON-NLS-1$ //$NON-NLS-2$
        assertTrue(legend.getKeys().size() >= 5);

        press(main, SWT.ARROW_DOWN);
        press(main, SWT.ARROW_DOWN);
        CallTree.Node selected = main.getSelection();
        assertNotNull(selected);
        assertEquals("(below main) [callpaths]", selected.name(), "the costliest path, two levels down"); //$NON-NLS-1$ //$NON-NLS-2$
        press(main, SWT.ARROW_RIGHT);
        assertEquals(2, main.getSelection().depth(), "along the ring"); //$NON-NLS-1$
        assertTrue(main.getSelection() != selected);
        press(main, SWT.ARROW_UP);
        assertEquals("0x000000000001ab70", main.getSelection().name()); //$NON-NLS-1$
        CallTree.Node run = tree.find(List.of("0x000000000001ab70", "(below main) [callpaths]", "__libc_start_main@@GLIBC_2.34", "(below main) [libc.so.6]", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                "main", "run")); //$NON-NLS-1$ //$NON-NLS-2$
        main.select(run);
        press(main, SWT.CR);
        assertEquals(run, main.getFocus(), "Enter zooms into the selection"); //$NON-NLS-1$
        press(main, SWT.BS);
        assertEquals(run.parent(), main.getFocus(), "Backspace zooms out a level"); //$NON-NLS-1$
        press(main, SWT.ESC);
        assertEquals(tree.root(), main.getFocus(), "Escape shows the whole tree"); //$NON-NLS-1$

        CalleeTable details = view.getDetails();
        assertNotNull(details);
        assertEquals(3, details.getTable().getItemCount(), "run calls compute, parse, report"); //$NON-NLS-1$
        assertEquals("compute", details.getTable().getItem(0).getText(0)); //$NON-NLS-1$
        assertEquals("79,900", details.getTable().getItem(0).getText(2)); //$NON-NLS-1$
        assertEquals("61.7", details.getTable().getItem(0).getText(3), "of run's 129,414"); //$NON-NLS-1$ //$NON-NLS-2$
        assertTrue(details.getTitle().startsWith("run: 129,414 instructions in all"), details.getTitle()); //$NON-NLS-1$
        WorkbenchDriver.spin(Duration.ofMillis(300));
        WorkbenchDriver.screenshot(screenshot("sunburst-labels.png")); //$NON-NLS-1$
        page.setPartState(page.getReference(view), IWorkbenchPage.STATE_RESTORED);
    }

    /**
     * The branches sample as a timed profile, in the sunburst and in Trace Compass's Flame Graph: a call path
     * selected in the sunburst is selected there, and one selected there is selected in the sunburst.
     */
    @Test
    void theSelectionFollowsTheFlameGraph() throws Exception {
        Path sample = Path.of(System.getProperty("sextant.fixtures"), "intel-pt", "perf-script-branches.txt"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        WorkbenchDriver.openTrace(sample, TimedCallProfileTrace.TRACE_TYPE);
        IViewPart flameGraph = WorkbenchDriver.showView(FLAME_GRAPH);
        SunburstView view = (SunburstView) WorkbenchDriver.showView(SunburstView.ID);
        SunburstCanvas main = view.getMainCanvas();
        assertNotNull(main);
        TimeGraphControl control = (TimeGraphControl) flameGraph.getSite().getSelectionProvider();
        TimeGraphViewer viewer = (TimeGraphViewer) control.getTimeDataProvider();
        // both boxes the test selects: the flame graph fills its entries as its provider answers, and a selection
        // from the sunburst that comes before the box is there finds nothing to select
        WorkbenchDriver.waitUntil(() -> main.getTree() != null && box(viewer, "parse") != null && box(viewer, "compute") != null, TIMEOUT, //$NON-NLS-1$ //$NON-NLS-2$
                "the sunburst and the flame graph"); //$NON-NLS-1$

        main.select(main.getTree().find(List.of("main", "run", "compute"))); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        WorkbenchDriver.waitUntil(() -> selectedName(control).equals("compute"), TIMEOUT, "compute selected in the flame graph"); //$NON-NLS-1$ //$NON-NLS-2$

        IWorkbenchPage page = WorkbenchDriver.window().getActivePage();
        page.activate(flameGraph);
        page.setPartState(page.getReference(flameGraph), IWorkbenchPage.STATE_MAXIMIZED);
        WorkbenchDriver.spin(Duration.ofMillis(500));
        WorkbenchDriver.screenshot(screenshot("sunburst-flame-graph.png")); //$NON-NLS-1$
        page.setPartState(page.getReference(flameGraph), IWorkbenchPage.STATE_RESTORED);

        viewer.setSelectedEvent(box(viewer, "parse"), null); //$NON-NLS-1$
        control.fireSelectionChanged();
        WorkbenchDriver.waitUntil(() -> main.getSelection() != null && main.getSelection().path().equals(List.of("main", "run", "parse")), TIMEOUT, //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                "main > run > parse selected in the sunburst"); //$NON-NLS-1$
    }

    private static void press(SunburstCanvas canvas, int key) {
        Event event = new Event();
        event.keyCode = key;
        event.character = (char) key;
        canvas.notifyListeners(SWT.KeyDown, event);
    }

    private static @Nullable ITimeEvent box(TimeGraphViewer viewer, String function) {
        for (ITimeGraphEntry entry : WorkbenchDriver.entries(viewer)) {
            Iterator<? extends ITimeEvent> events = entry.getTimeEventsIterator();
            while (events != null && events.hasNext()) {
                ITimeEvent event = events.next();
                if (function.equals(event.getLabel())) {
                    return event;
                }
            }
        }
        return null;
    }

    private static String selectedName(TimeGraphControl control) {
        for (Object element : ((IStructuredSelection) control.getSelection()).toList()) {
            if (element instanceof ITimeEvent event) {
                return String.valueOf(event.getLabel());
            }
        }
        return ""; //$NON-NLS-1$
    }

    /** The instruction-flow sample has two sections: pushfq at line 3 (300 ns), cli at line 14 (200 ns). */
    @Test
    void deltaProfileViewListsTheLongestSectionsWithTheirLines() throws Exception {
        Path sample = Path.of(System.getProperty("sextant.fixtures"), "intel-pt", "perf-script-insn-trace.txt"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        WorkbenchDriver.openTrace(sample, PROFILE_TRACE_TYPE);
        DeltaProfileView view = (DeltaProfileView) WorkbenchDriver.showView(DeltaProfileView.ID);
        WorkbenchDriver.waitUntil(() -> view.getLongest().getItemCount() == 2, TIMEOUT, "the two sections"); //$NON-NLS-1$
        assertEquals("3", view.getLongest().getItem(0).getText(0)); //$NON-NLS-1$
        assertEquals("300", view.getLongest().getItem(0).getText(2)); //$NON-NLS-1$
        assertEquals("14", view.getLongest().getItem(1).getText(0)); //$NON-NLS-1$
        WorkbenchDriver.screenshot(screenshot("delta-profile-view.png")); //$NON-NLS-1$
    }

    /**
     * The pattern field takes the headless --pattern's syntax: cli:sti makes one section, from the cli at line 5
     * (in _raw_spin_lock_irqsave) to the first sti, 700 ns later, the cli at line 14 opening nothing; a text that
     * is no pattern is said so under the field, and the sections shown stay.
     */
    @Test
    void deltaProfileViewTakesAnotherPatternAndSaysWhenATextIsNone() throws Exception {
        Path sample = Path.of(System.getProperty("sextant.fixtures"), "intel-pt", "perf-script-insn-trace.txt"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        WorkbenchDriver.openTrace(sample, PROFILE_TRACE_TYPE);
        DeltaProfileView view = (DeltaProfileView) WorkbenchDriver.showView(DeltaProfileView.ID);
        WorkbenchDriver.waitUntil(() -> view.getLongest().getItemCount() == 2, TIMEOUT, "the two sections of the default pattern"); //$NON-NLS-1$
        Job reading = view.applyPattern("cli:sti"); //$NON-NLS-1$
        assertNotNull(reading, "the profile is read again for another pattern"); //$NON-NLS-1$
        reading.join();
        WorkbenchDriver.waitUntil(() -> view.getLongest().getItemCount() == 1, TIMEOUT, "the one cli ... sti section"); //$NON-NLS-1$
        assertEquals("5", view.getLongest().getItem(0).getText(0)); //$NON-NLS-1$
        assertEquals("700", view.getLongest().getItem(0).getText(2)); //$NON-NLS-1$
        assertEquals("", view.getPatternError()); //$NON-NLS-1$

        assertNull(view.applyPattern("cli"), "no pattern, nothing read"); //$NON-NLS-1$ //$NON-NLS-2$
        assertTrue(view.getPatternError().startsWith("Not a pattern: \"cli\". A pattern is the start mnemonics, a colon"), view.getPatternError()); //$NON-NLS-1$
        assertEquals(1, view.getLongest().getItemCount(), "the sections shown stay"); //$NON-NLS-1$
        WorkbenchDriver.screenshot(screenshot("delta-profile-pattern.png")); //$NON-NLS-1$

        assertNull(view.applyPattern("pushfq,cli,pushf:sti,popfq,popf"), "the default pattern, which the trace was read with"); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals("", view.getPatternError()); //$NON-NLS-1$
        assertEquals(2, view.getLongest().getItemCount());
    }

    private static Path screenshot(String name) {
        return Path.of(System.getProperty("sextant.screenshots", "target/screenshots"), name); //$NON-NLS-1$ //$NON-NLS-2$
    }
}
