// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

/** Sections between instruction pairs, as the kernel nests them, on two threads. */
class DeltaProfilerTest {

    @Test
    void aSectionRunsFromTheFirstOpeningToTheFirstClosing() {
        DeltaProfiler profiler = new DeltaProfiler(DeltaProfiler.Pattern.INTERRUPTS);
        String[] thread1 = { "mov", "pushf", "pop", "cli", "add", "push", "popf", "ret" };
        for (int i = 0; i < thread1.length; i++) {
            profiler.instruction(1, 1000 + 10 * i, thread1[i], i + 1);
            profiler.instruction(2, 1005 + 10 * i, i == 2 ? "cli" : i == 5 ? "sti" : "nop", 100 + i);
        }
        List<DeltaProfiler.Pair> pairs = profiler.pairs();
        assertEquals(List.of(new DeltaProfiler.Pair(2, 102, 1025, 30, 3), new DeltaProfiler.Pair(1, 2, 1010, 50, 5)), pairs,
                "thread 2: cli at 1025 to sti at 1055; thread 1: pushf (line 2) to popf, the cli inside opening nothing");
        assertEquals(0, profiler.unmatchedEnds());
        assertEquals(new DeltaProfiler.Pair(1, 2, 1010, 50, 5), profiler.outliers(1).get(0));
    }

    @Test
    void anEndBeforeAnyStartIsCountedButMakesNoPair() {
        DeltaProfiler profiler = new DeltaProfiler(DeltaProfiler.Pattern.parse("lock:unlock"));
        profiler.instruction(7, 1, "unlock", 1);
        profiler.instruction(7, 2, "lock", 2);
        profiler.instruction(7, 9, "unlock", 3);
        assertEquals(1, profiler.unmatchedEnds());
        assertEquals(List.of(new DeltaProfiler.Pair(7, 2, 2, 7, 1)), profiler.pairs());
    }

    @Test
    void histogramsCoverEveryValue() {
        DeltaProfiler.Histogram histogram = DeltaProfiler.Histogram.of(new long[] { 10, 11, 19, 30, 10 }, 4);
        assertEquals(10, histogram.min());
        assertEquals(6, histogram.width(), "20 / 4 + 1");
        assertArrayEquals(new long[] { 3, 1, 0, 1 }, histogram.counts());
        assertEquals(0, DeltaProfiler.Histogram.of(new long[0], 4).counts().length);
    }

    @Test
    void patternsParseAndRefuseNonsense() {
        assertEquals(new DeltaProfiler.Pattern(Set.of("cli", "pushf"), Set.of("sti")), DeltaProfiler.Pattern.parse(" CLI, pushf : sti"));
        assertThrows(IllegalArgumentException.class, () -> DeltaProfiler.Pattern.parse("cli"));
        assertThrows(IllegalArgumentException.class, () -> DeltaProfiler.Pattern.parse("cli:"));
    }

    /** The Delta Profile view shows the pattern in use as text the user edits and parses again. */
    @Test
    void aPatternPrintsAsItParses() {
        assertEquals("cli,pushf,pushfq:popf,popfq,sti", DeltaProfiler.Pattern.INTERRUPTS.text());
        assertEquals(DeltaProfiler.Pattern.INTERRUPTS, DeltaProfiler.Pattern.parse(DeltaProfiler.Pattern.INTERRUPTS.text()));
    }
}
