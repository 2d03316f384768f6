// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.junit.jupiter.api.Test;
import org.sextant.callstack.core.CallProfileTrace;
import org.sextant.common.core.summary.AnalysisOptions;
import org.sextant.internal.callstack.core.CallStackHeadlessAnalysis;

/**
 * {@code sextant analyze --analysis callstack} as the command line runs it, on callgrind profiles of the
 * callgrind-variety fixture: the summary names the totals callgrind declares and which the tree equals, lists
 * {@code --top N} functions by inclusive and own cost, and with {@code --baseline} what changed since the other run.
 */
class CallStackHeadlessTest {

    private static final Path VARIETY = Path.of(System.getProperty("sextant.fixtures"), "callgrind-variety"); //$NON-NLS-1$

    private static Map<String, Object> analyse(String profile, AnalysisOptions options) throws Exception {
        ITmfTrace trace = ProfileTraces.open(new CallProfileTrace(), VARIETY.resolve(profile));
        try {
            return new CallStackHeadlessAnalysis().run(trace, options, new NullProgressMonitor());
        } finally {
            ProfileTraces.close(trace);
        }
    }

    @SuppressWarnings("unchecked")
    private static <T> T at(Map<String, Object> summary, String... keys) {
        Object value = summary;
        for (String key : keys) {
            value = ((Map<String, Object>) value).get(key);
        }
        return (T) value;
    }

    /** callgrind wrote the summary 2 instructions above the totals: both are said, and the tree's is the totals. */
    @Test
    void bothDeclaredTotalsAreReportedWithTheOneTheTreeEquals() throws Exception {
        Map<String, Object> summary = analyse("threads-instr.callgrind", AnalysisOptions.DEFAULT.listing(3, null)); //$NON-NLS-1$
        assertEquals(Map.of("summary", 1_933_436L, "totals", 1_933_434L, "tree_equals", "totals"), at(summary, "instructions", "declared")); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$
        assertEquals(1_933_434L, (Long) at(summary, "instructions", "total")); //$NON-NLS-1$ //$NON-NLS-2$
        List<Map<String, Object>> top = at(summary, "instructions", "top_inclusive"); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals(3, top.size());
        assertEquals("clone", top.get(0).get("function"), "the threads' first function: their work is under it"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        assertEquals(3, ((List<?>) at(summary, "instructions", "top_self")).size()); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals(3, ((List<?>) at(summary, "instructions", "costliest_paths")).size()); //$NON-NLS-1$ //$NON-NLS-2$
    }

    /** The extra run calls checksum 100 times from compute (22,200 instructions), and nothing else changed. */
    @Test
    void theBaselineDifferentialListsTheNewCallAndWhatGrewWithIt() throws Exception {
        Map<String, Object> summary = analyse("callpaths-extra.callgrind", AnalysisOptions.DEFAULT.listing(20, VARIETY.resolve("callpaths-base.callgrind").toString())); //$NON-NLS-1$ //$NON-NLS-2$
        Map<String, Object> total = at(summary, "baseline", "instructions", "total"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        assertEquals(251_923L, total.get("before")); //$NON-NLS-1$
        assertEquals(274_523L, total.get("after")); //$NON-NLS-1$
        assertEquals(22_600L, total.get("delta")); //$NON-NLS-1$
        List<Map<String, Object>> functions = at(summary, "baseline", "instructions", "functions"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        Map<String, Object> checksum = functions.stream().filter(f -> "checksum".equals(f.get("function"))).findFirst().orElseThrow(); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals("appeared", checksum.get("change")); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals(22_200L, checksum.get("inclusive_after")); //$NON-NLS-1$
        assertEquals(null, checksum.get("inclusive_ratio"), "nothing before: no ratio"); //$NON-NLS-1$ //$NON-NLS-2$
        assertTrue(functions.stream().allMatch(f -> !"vanished".equals(f.get("change")) && !"shrank".equals(f.get("change"))), functions::toString); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        assertEquals(1L, (Long) at(summary, "baseline", "instructions", "paths_appeared")); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        assertEquals(0L, (Long) at(summary, "baseline", "instructions", "paths_vanished")); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
    }
}
