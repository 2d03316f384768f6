// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderManager;
import org.eclipse.tracecompass.tmf.core.model.OutputElementStyle;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataProvider;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.sextant.callstack.core.CallProfileTrace;
import org.sextant.callstack.core.TimedCallProfileTrace;
import org.sextant.callstack.model.Profile;
import org.sextant.internal.callstack.core.BaselineDataProvider;
import org.sextant.internal.callstack.core.CallTreeDataProvider;
import org.sextant.internal.callstack.core.CallTreeDiffDataProvider;
import org.sextant.internal.callstack.core.DeltaProfileDataProvider;
import org.sextant.internal.callstack.core.FunctionTableDataProvider;
import org.sextant.internal.callstack.core.SyscallLatencyDataProvider;

/**
 * The call-profile data providers on the Trace Compass runtime, read as a trace server reads them: by provider
 * id, through Trace Compass's data-provider manager, their labels only. The call trees equal the folded stacks
 * worked out by hand for each Intel PT sample (tests/fixtures/intel-pt); every provider's answer to a fixed set
 * of queries equals a golden file under {@code tests/fixtures/golden} ({@code callstack-*.txt}), an entry a line,
 * indented by depth, its labels separated by {@code |} and its style in brackets. A change of output fails here
 * first; once it is understood to be right, regenerate the files with {@code SEXTANT_UPDATE_GOLDEN=1} in the
 * environment.
 */
class CallProfileProvidersTest {

    private static final Path FIXTURES = Path.of(System.getProperty("sextant.fixtures")); //$NON-NLS-1$
    private static final Path PT = FIXTURES.resolve("intel-pt"); //$NON-NLS-1$
    private static final Path RUNS = FIXTURES.resolve("callgrind-callpaths"); //$NON-NLS-1$
    private static final Path VARIETY = FIXTURES.resolve("callgrind-variety"); //$NON-NLS-1$

    private static ITmfTrace open(Path file) throws Exception {
        return ProfileTraces.open(Profile.isTimed(file) ? new TimedCallProfileTrace() : new CallProfileTrace(), file);
    }

    @SuppressWarnings("unchecked")
    private static TmfModelResponse<TmfTreeModel<ITmfTreeDataModel>> fetch(ITmfTrace trace, String id, Map<String, Object> parameters) {
        ITmfTreeDataProvider<ITmfTreeDataModel> provider = DataProviderManager.getInstance().getDataProvider(trace, id, ITmfTreeDataProvider.class);
        assertNotNull(provider, id + " for " + trace.getName()); //$NON-NLS-1$
        return provider.fetchTree(parameters, new NullProgressMonitor());
    }

    private static List<ITmfTreeDataModel> entries(ITmfTrace trace, String id, Map<String, Object> parameters) {
        TmfModelResponse<TmfTreeModel<ITmfTreeDataModel>> response = fetch(trace, id, parameters);
        assertEquals(ITmfResponse.Status.COMPLETED, response.getStatus(), response.getStatusMessage());
        TmfTreeModel<ITmfTreeDataModel> model = response.getModel();
        assertNotNull(model);
        return model.getEntries();
    }

    /** The call paths under the first entry named {@code all}, with their own cost, as folded stacks. */
    private static List<String> folded(List<ITmfTreeDataModel> entries, String weight) {
        Map<Long, String> paths = new HashMap<>();
        long weightId = entries.stream().filter(e -> e.getParentId() == -1 && e.getName().equals(weight)).findFirst().orElseThrow().getId();
        long all = entries.stream().filter(e -> e.getParentId() == weightId).findFirst().orElseThrow().getId();
        paths.put(all, ""); //$NON-NLS-1$
        List<String> lines = new ArrayList<>();
        for (ITmfTreeDataModel entry : entries) {
            String parent = paths.get(entry.getParentId());
            if (parent != null) {
                String path = parent.isEmpty() ? entry.getName() : parent + ';' + entry.getName();
                paths.put(entry.getId(), path);
                if (Long.parseLong(entry.getLabels().get(2)) > 0) {
                    lines.add(path + ' ' + entry.getLabels().get(2));
                }
            }
        }
        return lines.stream().sorted().toList();
    }

    @ParameterizedTest(name = "{0} by {1}")
    @CsvSource({ "perf-script-branches, instructions", "perf-script-branches, time", "perf-script-call-ret-trace, time", "perf-script-call-trace, time",
            "perf-script-insn-trace, instructions", "perf-script-insn-trace, time", "sptdecode, instructions", "sptdecode, time" })
    void theCallTreesAreTheHandMadeFoldedStacks(String sample, String weight) throws Exception {
        ITmfTrace trace = open(PT.resolve(sample + ".txt")); //$NON-NLS-1$
        try {
            List<String> golden = Files.readAllLines(PT.resolve(sample + '.' + weight + ".folded")).stream().sorted().toList(); //$NON-NLS-1$
            assertEquals(golden, folded(entries(trace, CallTreeDataProvider.ID, Map.of()), weight));
            assertEquals(golden, folded(entries(trace, CallTreeDataProvider.ID, Map.of(CallTreeDataProvider.WEIGHT_KEY, weight)), weight));
        } finally {
            ProfileTraces.close(trace);
        }
    }

    @Test
    void callTreesPerScopeAreTheGolden() throws Exception {
        StringBuilder out = new StringBuilder();
        dump(RUNS.resolve("base.callgrind"), CallTreeDataProvider.ID, Map.of(), out); //$NON-NLS-1$
        dump(PT.resolve("perf-script-branches.txt"), CallTreeDataProvider.ID, Map.of(CallTreeDataProvider.SCOPE_KEY, "thread"), out); //$NON-NLS-1$ //$NON-NLS-2$
        dump(PT.resolve("perf-script-branches.txt"), CallTreeDataProvider.ID, Map.of(CallTreeDataProvider.SCOPE_KEY, "cpu", //$NON-NLS-1$ //$NON-NLS-2$
                CallTreeDataProvider.WEIGHT_KEY, "time", CallTreeDataProvider.MAX_DEPTH_KEY, 2), out); //$NON-NLS-1$
        dump(PT.resolve("sptdecode.txt"), CallTreeDataProvider.ID, Map.of(CallTreeDataProvider.SCOPE_KEY, "process", CallTreeDataProvider.MAX_DEPTH_KEY, 0), //$NON-NLS-1$ //$NON-NLS-2$
                out);
        check("callstack-calltree.txt", out.toString()); //$NON-NLS-1$
    }

    /**
     * The second callgrind run calls checksum from compute: that path appears, and compute and its callers grew;
     * the worker thread of the branches sample against the whole sample: the main thread's paths appear.
     */
    @Test
    void theDifferentialOfTwoRunsIsTheGolden() throws Exception {
        StringBuilder out = new StringBuilder();
        dump(RUNS.resolve("base.callgrind"), CallTreeDiffDataProvider.ID, Map.of(CallTreeDiffDataProvider.COMPARISON_KEY, RUNS.resolve("extra.callgrind").toString()), out); //$NON-NLS-1$ //$NON-NLS-2$
        Path branches = PT.resolve("perf-script-branches.txt"); //$NON-NLS-1$
        dump(branches, CallTreeDiffDataProvider.ID, Map.of(CallTreeDiffDataProvider.COMPARISON_KEY, branches.toString(), CallTreeDataProvider.WEIGHT_KEY,
                "time", CallTreeDataProvider.SCOPE_KEY, "thread", CallTreeDataProvider.GROUP_KEY, "callpaths/4243"), out); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        String text = out.toString();
        check("callstack-differential.txt", text); //$NON-NLS-1$
        assertTrue(text.contains("checksum | /tmp/cg/callpaths | 22200 | 22200 |  |  | 22200 | 22200 | appeared [appeared]"), //$NON-NLS-1$
                "callgrind's calls=100 to checksum"); //$NON-NLS-1$
    }

    /**
     * The instruction-flow sample has two sections with the default pattern (pushfq at line 3, 300 ns; cli at
     * line 14, 200 ns), one with cli:sti (the cli at line 5, 700 ns), and with matched pairs the default's two,
     * the cli at line 5 abandoned by the popfq that closes its pushfq; inputs of no instructions have none.
     */
    @Test
    void theDeltaProfilesAreTheGolden() throws Exception {
        StringBuilder out = new StringBuilder();
        Path insn = PT.resolve("perf-script-insn-trace.txt"); //$NON-NLS-1$
        dump(insn, DeltaProfileDataProvider.ID, Map.of(), out);
        dump(insn, DeltaProfileDataProvider.ID, Map.of(DeltaProfileDataProvider.PATTERN_KEY, "cli:sti", DeltaProfileDataProvider.BINS_KEY, 4, //$NON-NLS-1$
                DeltaProfileDataProvider.LONGEST_KEY, "1"), out); //$NON-NLS-1$
        dump(RUNS.resolve("base.callgrind"), DeltaProfileDataProvider.ID, Map.of(), out); //$NON-NLS-1$
        dump(insn, DeltaProfileDataProvider.ID, Map.of(DeltaProfileDataProvider.PATTERN_KEY, "match", DeltaProfileDataProvider.BINS_KEY, 4), out); //$NON-NLS-1$
        check("callstack-deltas.txt", out.toString()); //$NON-NLS-1$
    }

    /**
     * The system-call sample's two call sites, worked out by hand in the model's ProfileTest (write: 4 calls, 4, 6,
     * 8 and 50 us; read: one of 2 us; 2 unfinished); the branches sample's one system call of 20 us; a
     * callgrind run has none.
     */
    @Test
    void theSyscallLatenciesAreTheGolden() throws Exception {
        StringBuilder out = new StringBuilder();
        dump(PT.resolve("perf-script-syscalls.txt"), SyscallLatencyDataProvider.ID, Map.of(), out); //$NON-NLS-1$
        dump(PT.resolve("perf-script-branches.txt"), SyscallLatencyDataProvider.ID, Map.of(), out); //$NON-NLS-1$
        dump(RUNS.resolve("base.callgrind"), SyscallLatencyDataProvider.ID, Map.of(), out); //$NON-NLS-1$
        check("callstack-syscalls.txt", out.toString()); //$NON-NLS-1$
    }

    /**
     * The flat profiles: the costliest functions of the whole callpaths program (its loader's and libc's start code
     * around main) and, with their callers and callees; the instruction-level dump of the threads program, whose
     * summary callgrind wrote 2 above its totals, both listed with what they are to the tree; a thread of the
     * branches sample, by time.
     */
    @Test
    void theFunctionTablesAreTheGolden() throws Exception {
        StringBuilder out = new StringBuilder();
        dump(VARIETY.resolve("callpaths-base.callgrind"), FunctionTableDataProvider.ID, Map.of(FunctionTableDataProvider.TOP_KEY, 6, //$NON-NLS-1$
                FunctionTableDataProvider.NEIGHBOURS_KEY, 3), out);
        dump(VARIETY.resolve("threads-instr.callgrind"), FunctionTableDataProvider.ID, Map.of(FunctionTableDataProvider.TOP_KEY, 3, //$NON-NLS-1$
                FunctionTableDataProvider.NEIGHBOURS_KEY, 2), out);
        dump(PT.resolve("perf-script-branches.txt"), FunctionTableDataProvider.ID, Map.of(CallTreeDataProvider.SCOPE_KEY, "thread", //$NON-NLS-1$ //$NON-NLS-2$
                CallTreeDataProvider.WEIGHT_KEY, "time", FunctionTableDataProvider.TOP_KEY, 3), out); //$NON-NLS-1$
        check("callstack-functions.txt", out.toString()); //$NON-NLS-1$
    }

    /**
     * The run of callpaths.c that also calls checksum against the one that does not: checksum appeared, and compute
     * and everything above it grew by its calls and the instructions that make them; the branches sample against
     * the call/return trace, by time, their only common weight.
     */
    @Test
    void theChangesSinceABaselineAreTheGolden() throws Exception {
        StringBuilder out = new StringBuilder();
        dump(VARIETY.resolve("callpaths-extra.callgrind"), BaselineDataProvider.ID, Map.of(BaselineDataProvider.BASELINE_KEY, //$NON-NLS-1$
                VARIETY.resolve("callpaths-base.callgrind").toString(), FunctionTableDataProvider.TOP_KEY, 8), out); //$NON-NLS-1$
        dump(PT.resolve("perf-script-branches.txt"), BaselineDataProvider.ID, Map.of(BaselineDataProvider.BASELINE_KEY, //$NON-NLS-1$
                PT.resolve("perf-script-call-ret-trace.txt").toString(), FunctionTableDataProvider.TOP_KEY, 4), out); //$NON-NLS-1$
        String text = out.toString();
        check("callstack-baseline.txt", text); //$NON-NLS-1$
        assertTrue(text.contains("    checksum | /build/callpaths | 0 | 22200 | 22200 |  | 0 | 22200 | 22200 |  | appeared |"), //$NON-NLS-1$
                "callgrind's calls=100 to checksum"); //$NON-NLS-1$
    }

    /** A query that makes no sense fails with a sentence naming the parameter, or the file and line at fault. */
    @Test
    void badQueriesFailWithASentence() throws Exception {
        Path base = RUNS.resolve("base.callgrind"); //$NON-NLS-1$
        ITmfTrace trace = open(base);
        try {
            assertFails(trace, CallTreeDataProvider.ID, Map.of(CallTreeDataProvider.WEIGHT_KEY, "cycles"), //$NON-NLS-1$
                    "weight: cycles is not one of instructions, time"); //$NON-NLS-1$
            assertFails(trace, CallTreeDataProvider.ID, Map.of(CallTreeDataProvider.WEIGHT_KEY, "time"), "weight: base.callgrind has no time costs"); //$NON-NLS-1$ //$NON-NLS-2$
            assertFails(trace, CallTreeDataProvider.ID, Map.of(CallTreeDataProvider.GROUP_KEY, "nope"), "group: no group nope in the all scope"); //$NON-NLS-1$ //$NON-NLS-2$
            assertFails(trace, CallTreeDataProvider.ID, Map.of(CallTreeDataProvider.MAX_DEPTH_KEY, -1), "max_depth: not a count: -1"); //$NON-NLS-1$
            assertFails(trace, CallTreeDiffDataProvider.ID, Map.of(), "comparison: the path of the profile file to compare with is missing"); //$NON-NLS-1$
            Path missing = RUNS.resolve("missing.callgrind"); //$NON-NLS-1$
            assertFails(trace, CallTreeDiffDataProvider.ID, Map.of(CallTreeDiffDataProvider.COMPARISON_KEY, missing.toString()), missing + ": not a file"); //$NON-NLS-1$
            Path readme = PT.resolve("README.md"); //$NON-NLS-1$
            assertFails(trace, CallTreeDiffDataProvider.ID, Map.of(CallTreeDiffDataProvider.COMPARISON_KEY, readme.toString()), readme + " line 1: not a call profile"); //$NON-NLS-1$
            assertFails(trace, CallTreeDiffDataProvider.ID, Map.of(CallTreeDiffDataProvider.COMPARISON_KEY, PT.resolve("perf-script-call-trace.txt").toString()), //$NON-NLS-1$
                    "perf-script-call-trace.txt has no instructions costs"); //$NON-NLS-1$
            assertFails(trace, DeltaProfileDataProvider.ID, Map.of(DeltaProfileDataProvider.PATTERN_KEY, "cli"), //$NON-NLS-1$
                    "pattern: a pattern is START,...:END,... (e.g. cli,pushf:sti,popf), run:MNEMONIC,...[/GAP]"); //$NON-NLS-1$
            assertFails(trace, BaselineDataProvider.ID, Map.of(), "baseline: the path of the baseline profile file is missing"); //$NON-NLS-1$
            assertFails(trace, BaselineDataProvider.ID, Map.of(BaselineDataProvider.BASELINE_KEY, missing.toString()), missing + ": not a file"); //$NON-NLS-1$
            assertFails(trace, BaselineDataProvider.ID, Map.of(BaselineDataProvider.BASELINE_KEY, PT.resolve("perf-script-call-trace.txt").toString()), //$NON-NLS-1$
                    "baseline: perf-script-call-trace.txt has no instructions costs"); //$NON-NLS-1$
            assertFails(trace, FunctionTableDataProvider.ID, Map.of(FunctionTableDataProvider.TOP_KEY, "many"), "top: not a count: many"); //$NON-NLS-1$ //$NON-NLS-2$
        } finally {
            ProfileTraces.close(trace);
        }
    }

    private static void assertFails(ITmfTrace trace, String id, Map<String, Object> parameters, String message) {
        TmfModelResponse<TmfTreeModel<ITmfTreeDataModel>> response = fetch(trace, id, parameters);
        assertEquals(ITmfResponse.Status.FAILED, response.getStatus(), parameters.toString());
        assertTrue(response.getStatusMessage().startsWith(message), response.getStatusMessage());
    }

    /** Writes what a provider answers a query on a file: a heading, the columns, then the entries in their order. */
    private static void dump(Path file, String id, Map<String, Object> parameters, StringBuilder out) throws Exception {
        ITmfTrace trace = open(file);
        try {
            TmfModelResponse<TmfTreeModel<ITmfTreeDataModel>> response = fetch(trace, id, parameters);
            assertEquals(ITmfResponse.Status.COMPLETED, response.getStatus(), response.getStatusMessage());
            TmfTreeModel<ITmfTreeDataModel> model = response.getModel();
            assertNotNull(model);
            Map<String, Object> shown = new TreeMap<>(parameters);
            shown.replaceAll((key, value) -> value.toString().startsWith(FIXTURES.toString()) ? Path.of(value.toString()).getFileName() : value);
            out.append("# ").append(id).append(" on ").append(file.getFileName()).append(", ").append(shown).append('\n'); //$NON-NLS-1$ //$NON-NLS-2$
            out.append(String.join(" | ", model.getHeaders())).append('\n'); //$NON-NLS-1$
            Map<Long, Integer> depths = new HashMap<>();
            for (ITmfTreeDataModel entry : model.getEntries()) {
                int depth = entry.getParentId() == -1 ? 0 : depths.get(entry.getParentId()) + 1;
                depths.put(entry.getId(), depth);
                out.append("  ".repeat(depth)).append(String.join(" | ", entry.getLabels())); //$NON-NLS-1$ //$NON-NLS-2$
                OutputElementStyle style = entry.getStyle();
                if (style != null) {
                    out.append(" [").append(style.getParentKey()).append(']'); //$NON-NLS-1$
                }
                out.append('\n');
            }
        } finally {
            ProfileTraces.close(trace);
        }
    }

    private static void check(String golden, String actual) throws Exception {
        Path file = FIXTURES.resolve("golden").resolve(golden); //$NON-NLS-1$
        if (System.getenv("SEXTANT_UPDATE_GOLDEN") != null) { //$NON-NLS-1$
            Files.writeString(file, actual);
        }
        List<String> expected = Files.readAllLines(file);
        List<String> lines = actual.lines().toList();
        for (int i = 0; i < Math.min(expected.size(), lines.size()); i++) {
            assertEquals(expected.get(i), lines.get(i), file + ", line " + (i + 1)); //$NON-NLS-1$
        }
        assertEquals(expected.size(), lines.size(), file + ": lines"); //$NON-NLS-1$
    }
}
