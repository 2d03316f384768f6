// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

/** Sections between instruction pairs, as the kernel nests them, on two threads; runs of instructions and of classes. */
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

    /**
     * pushf, cli, pushf, cli, popf, sti, popf at 0..6 on one thread. Opening at any start and closing at the first
     * end: one section, 0 to 4, and two ends with none open. Matched: the popf at 4 closes the pushf at 2 and
     * abandons the cli at 3, the sti closes the cli at 1, the last popf the first pushf.
     */
    @Test
    void matchedPairsNestWhereFirstStartToFirstEndDoesNot() {
        String[] flow = { "pushf", "cli", "pushf", "cli", "popf", "sti", "popf" };
        DeltaProfiler first = new DeltaProfiler(DeltaProfiler.Pattern.parse("cli,pushf:sti,popf"));
        DeltaProfiler matched = new DeltaProfiler(DeltaProfiler.Pattern.parse("match"));
        for (int i = 0; i < flow.length; i++) {
            first.instruction(1, i, flow[i], i + 1);
            matched.instruction(1, i, flow[i], i + 1);
        }
        assertEquals(List.of(new DeltaProfiler.Pair(1, 1, 0, 4, 4)), first.pairs());
        assertEquals(2, first.unmatchedEnds());
        assertEquals(List.of(new DeltaProfiler.Pair(1, 3, 2, 2, 2), new DeltaProfiler.Pair(1, 2, 1, 4, 4), new DeltaProfiler.Pair(1, 1, 0, 6, 6)),
                matched.pairs());
        assertEquals(1, matched.abandoned());
        assertEquals(0, matched.unmatchedEnds());
    }

    @Test
    void matchedPatternsParseAndPrint() {
        assertEquals(DeltaProfiler.Matched.INTERRUPTS, DeltaProfiler.Pattern.parse(" Match "));
        assertEquals("match:cli=sti,pushf=popf,pushfq=popfq", DeltaProfiler.Matched.INTERRUPTS.text());
        assertEquals(new DeltaProfiler.Matched(Map.of("lock", "unlock")), DeltaProfiler.Pattern.parse("match: LOCK = unlock"));
        assertEquals(DeltaProfiler.Matched.INTERRUPTS, DeltaProfiler.Pattern.parse(DeltaProfiler.Matched.INTERRUPTS.text()));
        assertThrows(IllegalArgumentException.class, () -> DeltaProfiler.Pattern.parse("match:cli"));
        assertThrows(IllegalArgumentException.class, () -> DeltaProfiler.Pattern.parse("match:"));
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
        assertEquals(new DeltaProfiler.Pairs(Set.of("cli", "pushf"), Set.of("sti")), DeltaProfiler.Pattern.parse(" CLI, pushf : sti"));
        assertThrows(IllegalArgumentException.class, () -> DeltaProfiler.Pattern.parse("cli"));
        assertThrows(IllegalArgumentException.class, () -> DeltaProfiler.Pattern.parse("cli:"));
    }

    /** The Delta Profile view shows the pattern in use as text the user edits and parses again. */
    @Test
    void aPatternPrintsAsItParses() {
        assertEquals("cli,pushf,pushfq:popf,popfq,sti", DeltaProfiler.Pattern.INTERRUPTS.text());
        assertEquals(DeltaProfiler.Pattern.INTERRUPTS, DeltaProfiler.Pattern.parse(DeltaProfiler.Pattern.INTERRUPTS.text()));
    }

    /**
     * A spin loop's pauses, strictly consecutive: each run's instructions are its pauses, its time runs to the
     * instruction that ends it; a run still going when the trace ends has no end.
     */
    @Test
    void runsOfOneInstructionAreSections() {
        DeltaProfiler profiler = new DeltaProfiler(DeltaProfiler.Pattern.parse("run:pause"));
        String[] thread = { "mov", "pause", "pause", "pause", "cmp", "pause", "jne", "pause" };
        for (int i = 0; i < thread.length; i++) {
            profiler.instruction(3, 100 + 10 * i, thread[i], i + 1);
        }
        assertEquals(List.of(new DeltaProfiler.Pair(3, 2, 110, 30, 3), new DeltaProfiler.Pair(3, 6, 150, 10, 1)), profiler.pairs());
    }

    /**
     * Floating-point sections: x87 and SSE instructions with up to two others between them; the third other
     * instruction ends the section, whose time runs to the first instruction after its last floating-point one.
     */
    @Test
    void sectionsOfAClassTolerateItsGap() {
        DeltaProfiler profiler = new DeltaProfiler(DeltaProfiler.Pattern.parse("class:fpu/2"));
        String[] thread = { "mov", "fld", "add", "mulsd", "inc", "cmp", "addsd", "jne", "mov", "lea", "vaddpd", "ret" };
        for (int i = 0; i < thread.length; i++) {
            profiler.instruction(9, 10 * i, thread[i], i + 1);
        }
        assertEquals(List.of(new DeltaProfiler.Pair(9, 2, 10, 60, 6)), profiler.pairs(), "fld (line 2) to addsd, left at jne; vaddpd still open");
    }

    @Test
    void runPatternsPrintAsTheyParse() {
        assertEquals(new DeltaProfiler.Runs(Set.of("nop", "pause"), null, 0), DeltaProfiler.Pattern.parse("run: PAUSE,nop"));
        assertEquals("run:nop,pause", DeltaProfiler.Pattern.parse("run:pause,nop").text());
        assertEquals("run:pause/3", DeltaProfiler.Pattern.parse("run:pause/3").text());
        assertEquals(new DeltaProfiler.Runs(Set.of(), InstructionClass.FPU, DeltaProfiler.Runs.CLASS_GAP), DeltaProfiler.Pattern.parse("class:FPU"));
        assertEquals("class:x87/0", DeltaProfiler.Pattern.parse("class:x87/0").text());
        assertEquals("class:sse", DeltaProfiler.Pattern.parse("class:sse/16").text());
        IllegalArgumentException unknown = assertThrows(IllegalArgumentException.class, () -> DeltaProfiler.Pattern.parse("class:gpu"));
        assertEquals("no instruction class gpu; the classes: x87, sse, avx, fpu", unknown.getMessage());
        assertThrows(IllegalArgumentException.class, () -> DeltaProfiler.Pattern.parse("run:pause/-1"));
        assertThrows(IllegalArgumentException.class, () -> DeltaProfiler.Pattern.parse("run:"));
    }

    @Test
    void classesAreToldByMnemonic() {
        assertTrue(InstructionClass.X87.contains("fldz"));
        assertTrue(InstructionClass.SSE.contains("cvtsi2sd"));
        assertTrue(InstructionClass.SSE.contains("mulps"));
        assertFalse(InstructionClass.SSE.contains("stosd"), "a string instruction");
        assertFalse(InstructionClass.SSE.contains("pushfd"));
        assertTrue(InstructionClass.AVX.contains("vfmadd231sd"));
        assertFalse(InstructionClass.FPU.contains("add"));
        assertEquals("pause", Mnemonics.of("f3 90", null));
        assertEquals("nop", Mnemonics.of("0f 1f 44 00 00", null));
        assertEquals(Mnemonics.OTHER, Mnemonics.of("41 90", null), "xchg %r8, %rax");
    }
}
