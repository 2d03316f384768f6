// SPDX-License-Identifier: EPL-2.0
package org.sextant.annotations.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.TreeMap;

import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.junit.jupiter.api.Test;
import org.sextant.annotations.core.AnnotationsAnalysisModule;
import org.sextant.annotations.model.AnnotationReport;
import org.sextant.annotations.model.AnnotationTracker;
import org.sextant.internal.annotations.core.StateTimeline;
import org.sextant.test.support.Fixture;
import org.sextant.test.support.Traces;

/**
 * Malformed annotations written for real (tests/fixtures/ftrace-malformed, whose catalogue entry lists each
 * write): every one is counted as the problem it is, and the analysis goes on with the rest.
 */
class MalformedAnnotationsTest {

    /** The longest annotation name: the kernel keeps 4,054 bytes of a marker write, "SX|B|" included. */
    private static final int LONGEST_NAME = 4054 - "SX|B|".length();

    @Test
    void eachProblemIsCountedAndTheRestIsRead() throws Exception {
        ITmfTrace trace = Traces.openFtraceTrace(Fixture.FTRACE_MALFORMED.path().resolve("ftrace").resolve("trace.dat"));
        try {
            AnnotationsAnalysisModule module = TmfTraceUtils.getAnalysisModuleOfClass(trace, AnnotationsAnalysisModule.class, AnnotationsAnalysisModule.ID);
            assertNotNull(module);
            module.schedule();
            assertTrue(module.waitForCompletion());
            ITmfStateSystem ss = module.getStateSystem(AnnotationsAnalysisModule.ID);
            assertNotNull(ss);
            AnnotationReport report = AnnotationReport.of(StateTimeline.of(ss));

            // ends: of a name never begun, with nothing open, an async finish never started; exits: two threads
            // leaving spans open; no syntax: an unknown kind, a counter of "12x", a barrier without a name, a paper
            // task without a processing element, an atrace end without a pid, free text, a counter whose value
            // the kernel's limit cut off
            assertEquals(Map.of(AnnotationTracker.PROBLEM_UNMATCHED_END, 3L, AnnotationTracker.PROBLEM_EXIT_INSIDE, 2L,
                    AnnotationTracker.PROBLEM_UNRECOGNISED, 7L), report.problems());
            Map<Integer, Integer> nameLengths = new TreeMap<>();
            report.annotations().forEach(stats -> {
                assertEquals(0, stats.unfinished(), stats.name() + " is closed by its end or its thread's exit");
                nameLengths.merge(stats.name().length(), 1, Integer::sum);
            });
            assertEquals(Map.of("outer".length(), 1, "left-open".length(), 1, "inner-left-open".length(), 1, LONGEST_NAME, 2), nameLengths,
                    "two long names cut at the kernel's limit, one by the library, one by the kernel");
        } finally {
            Traces.close(trace);
        }
    }
}
