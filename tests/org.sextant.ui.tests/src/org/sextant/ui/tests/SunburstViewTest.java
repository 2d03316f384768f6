// SPDX-License-Identifier: EPL-2.0
package org.sextant.ui.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.ui.IWorkbenchPage;
import org.junit.jupiter.api.Test;
import org.sextant.callstack.model.CallTree;
import org.sextant.callstack.model.Sunburst;
import org.sextant.internal.callstack.ui.DeltaProfileView;
import org.sextant.internal.callstack.ui.SunburstCanvas;
import org.sextant.internal.callstack.ui.SunburstView;
import org.sextant.test.support.Fixture;
import org.sextant.test.support.ui.WorkbenchDriver;

/**
 * The call-stack sunburst in a real workbench: it follows the selection of a callgrind profile opened as a
 * trace, zooms into a subtree, then compares the run with the one that has an extra call path, side by side
 * and in differential mode; the delta profile of an instruction flow lists its sections. Screenshots go to
 * {@code sextant.screenshots}.
 */
class SunburstViewTest {

    private static final String PROFILE_TRACE_TYPE = "org.sextant.callstack.core.profile"; //$NON-NLS-1$
    private static final Duration TIMEOUT = Duration.ofSeconds(90);

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
