// SPDX-License-Identifier: EPL-2.0
package org.sextant.kernel.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystemBuilder;
import org.eclipse.tracecompass.statesystem.core.StateSystemFactory;
import org.eclipse.tracecompass.statesystem.core.backend.StateHistoryBackendFactory;
import org.junit.jupiter.api.Test;
import org.sextant.parallel.engine.Histories;

/**
 * The comparison of two histories, which reads them window of time by window of time: equal histories of many
 * intervals (more than one window holds) agree, and each kind of difference is found and named, wherever in time
 * it lies.
 */
class HistoriesTest {

    private static final int CHANGES = 100_000;
    private static final long END = 3L * CHANGES + 10;

    /**
     * Three counters changing in turn, {@code CHANGES} times in all; {@code changed} gives the change whose value
     * is one more than it should be, -1 for none; {@code skipped} a change left out, -1 for none.
     */
    private static ITmfStateSystem history(long changed, long skipped, String... extra) {
        ITmfStateSystemBuilder ss = StateSystemFactory.newStateSystem(StateHistoryBackendFactory.createInMemoryBackend("test", 0));
        int[] quarks = { ss.getQuarkAbsoluteAndAdd("Total"), ss.getQuarkAbsoluteAndAdd("CPUs", "0"), ss.getQuarkAbsoluteAndAdd("CPUs", "1") };
        for (String name : extra) {
            ss.getQuarkAbsoluteAndAdd(name);
        }
        for (long i = 0; i < CHANGES; i++) {
            if (i != skipped) {
                ss.modifyAttribute(3 * i + 1, i == changed ? i + 1 : i, quarks[(int) (i % quarks.length)]);
            }
        }
        ss.closeHistory(END);
        return ss;
    }

    @Test
    void equalHistoriesAgree() throws Exception {
        assertNull(Histories.firstDifference(history(-1, -1), history(-1, -1)));
        assertNull(Histories.firstMismatch(history(-1, -1), history(-1, -1, "more")), "an attribute only in the second is allowed");
    }

    @Test
    void aDifferentValueIsNamed() throws Exception {
        long change = CHANGES - 8;
        long start = 3 * change + 1;
        assertEquals("CPUs/1: " + start + ".." + (start + 8) + "=" + change + " in one and " + start + ".." + (start + 8) + "=" + (change + 1)
                + " in the other", Histories.firstDifference(history(-1, -1), history(change, -1)));
    }

    @Test
    void aMissingChangeIsNamed() throws Exception {
        assertEquals("Total: 2998..3006=999 in one and 2998..3015=999 in the other", Histories.firstDifference(history(-1, -1), history(-1, 1002)));
    }

    @Test
    void aMissingAttributeIsNamed() throws Exception {
        assertEquals("attribute counts differ: 5 and 4", Histories.firstDifference(history(-1, -1, "more"), history(-1, -1)));
        assertEquals("attribute more is missing", Histories.firstMismatch(history(-1, -1, "more"), history(-1, -1)));
    }
}
