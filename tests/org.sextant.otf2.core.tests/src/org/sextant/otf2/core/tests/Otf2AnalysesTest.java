// SPDX-License-Identifier: EPL-2.0
package org.sextant.otf2.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.tracecompass.analysis.profiling.core.callstack.CallStackAnalysis;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.interval.ITmfStateInterval;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphArrow;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphDataProvider;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphEntryModel;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataProvider;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.sextant.common.core.SummaryEntryModel;
import org.sextant.count.core.EventCountAnalysisModule;
import org.sextant.internal.otf2.core.Otf2CommunicationDataProvider;
import org.sextant.internal.otf2.core.Otf2RegionsDataProvider;
import org.sextant.otf2.core.Otf2CallStackAnalysis;
import org.sextant.otf2.core.Otf2Trace;
import org.sextant.test.support.Fixture;
import org.sextant.test.support.Golden;
import org.sextant.test.support.Traces;

/**
 * The OTF2 analyses on the real MPI run, against otf2-print's output for it (its Enters per region and per
 * location, its sends) and against golden files under tests/fixtures/golden: the call stacks per location
 * ({@code otf2-callstack.txt}: deepest level and the regions seen), the Regions table ({@code otf2-regions.txt}),
 * and the Communication view's arrows. Regenerate the golden files with {@code SEXTANT_UPDATE_GOLDEN=1} once a
 * change is understood.
 */
class Otf2AnalysesTest {

    private static final Pattern ENTER = Pattern.compile("^ENTER +(\\d+) +\\d+ +Region: \"([^\"]+)\".*"); //$NON-NLS-1$
    private static ITmfTrace fTrace;
    private static List<String> fPrinted;

    @BeforeAll
    static void open() throws Exception {
        fTrace = Traces.open(new Otf2Trace(), Otf2TraceTest.ARCHIVE.resolve("traces.otf2")); //$NON-NLS-1$
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
                new GZIPInputStream(Files.newInputStream(Otf2TraceTest.ARCHIVE.resolve("otf2-print.txt.gz"))), StandardCharsets.UTF_8))) { //$NON-NLS-1$
            fPrinted = in.lines().toList();
        }
    }

    @AfterAll
    static void close() {
        Traces.close(fTrace);
    }

    /** Per location: its rank, the deepest level of its stack, and every region it entered. */
    @Test
    void theCallStacksPerLocationAreTheGoldenOnesAndHoldOtf2PrintsEnters() throws Exception {
        Otf2CallStackAnalysis module = TmfTraceUtils.getAnalysisModuleOfClass(fTrace, Otf2CallStackAnalysis.class, Otf2CallStackAnalysis.ID);
        assertNotNull(module, "the call-stack analysis is offered for OTF2"); //$NON-NLS-1$
        module.schedule();
        assertTrue(module.waitForCompletion());
        ITmfStateSystem ss = module.getStateSystem();
        assertNotNull(ss);
        Map<String, Integer> depth = new TreeMap<>();
        Map<String, TreeSet<String>> regions = new TreeMap<>();
        Map<String, Long> calls = new TreeMap<>();
        List<Integer> levels = ss.getQuarks("Processes", "*", "*", CallStackAnalysis.CALL_STACK, "*"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        for (ITmfStateInterval interval : ss.query2D(levels, ss.getStartTime(), ss.getCurrentEndTime())) {
            if (interval.getValue() != null) {
                String[] path = ss.getFullAttributePathArray(interval.getAttribute());
                // a thread's attribute is its name, the Location column's "NAME ID"
                String location = path[1] + '/' + path[2];
                String id = path[2].substring(path[2].lastIndexOf(' ') + 1);
                depth.merge(location, Integer.parseInt(path[4]), Math::max);
                regions.computeIfAbsent(location, l -> new TreeSet<>()).add(String.valueOf(interval.getValue()));
                calls.merge(id + ' ' + interval.getValue(), 1L, Long::sum);
            }
        }
        Map<String, Long> printed = new TreeMap<>();
        for (String line : fPrinted) {
            Matcher m = ENTER.matcher(line);
            if (m.matches()) {
                printed.merge(m.group(1) + ' ' + m.group(2), 1L, Long::sum);
            }
        }
        assertEquals(printed, calls, "a call in the state system per Enter otf2-print lists, per location and region"); //$NON-NLS-1$
        StringBuilder out = new StringBuilder();
        depth.forEach((location, d) -> out.append(location).append(" depth ").append(d).append(' ').append(regions.get(location)).append('\n')); //$NON-NLS-1$
        Golden.check("otf2-callstack.txt", out.toString()); //$NON-NLS-1$
    }

    @Test
    void anArrowPerSentMessageBetweenTheRanksMasterThreads() throws Exception {
        Map<String, Object> query = new HashMap<>();
        query.put(DataProviderParameterUtils.REQUESTED_TIME_KEY, List.of(fTrace.getStartTime().toNanos(), fTrace.getEndTime().toNanos()));
        ITimeGraphDataProvider<TimeGraphEntryModel> provider = Traces.provider(fTrace, Otf2CommunicationDataProvider.ID, ITimeGraphDataProvider.class, query);
        TmfTreeModel<TimeGraphEntryModel> tree = provider.fetchTree(query, new NullProgressMonitor()).getModel();
        assertNotNull(tree);
        Map<Long, String> names = new HashMap<>();
        tree.getEntries().forEach(entry -> names.put(entry.getId(), entry.getName()));
        TmfModelResponse<List<ITimeGraphArrow>> response = provider.fetchArrows(query, new NullProgressMonitor());
        List<ITimeGraphArrow> arrows = response.getModel();
        assertNotNull(arrows, response.getStatusMessage());
        long sends = fPrinted.stream().filter(line -> line.startsWith("MPI_SEND ") || line.startsWith("MPI_ISEND ")).count(); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals(166, sends);
        assertEquals(sends, arrows.size());
        Map<String, Long> pairs = new TreeMap<>();
        for (ITimeGraphArrow arrow : arrows) {
            assertTrue(arrow.getDuration() >= 0);
            pairs.merge(names.get(arrow.getSourceId()) + " -> " + names.get(arrow.getDestinationId()), 1L, Long::sum); //$NON-NLS-1$
        }
        // the periodic 2 x 2 grid: every rank sends 4 halo edges an iteration, 2 to each of its 2 distinct
        // neighbours (20 messages to each over 10 iterations), and ranks 1-3 send rank 0 two checksums
        Map<String, Long> expected = new TreeMap<>();
        for (int rank = 0; rank < 4; rank++) {
            int east = rank ^ 1;
            int south = rank ^ 2;
            expected.put(rank * 1000 + " -> " + east * 1000, 20L); //$NON-NLS-1$
            expected.put(rank * 1000 + " -> " + south * 1000, 20L); //$NON-NLS-1$
        }
        for (int rank = 1; rank < 4; rank++) {
            expected.merge(rank * 1000 + " -> 0", 2L, Long::sum); //$NON-NLS-1$
        }
        assertEquals(expected, pairs);
    }

    @Test
    void theRegionsTableIsTheGoldenOneWithOtf2PrintsCalls() throws Exception {
        Map<String, Object> query = new HashMap<>();
        ITmfTreeDataProvider<SummaryEntryModel> provider = Traces.provider(fTrace, Otf2RegionsDataProvider.ID, ITmfTreeDataProvider.class, query);
        TmfTreeModel<SummaryEntryModel> table = provider.fetchTree(query, new NullProgressMonitor()).getModel();
        assertNotNull(table);
        Map<String, Long> printed = new TreeMap<>();
        for (String line : fPrinted) {
            Matcher m = ENTER.matcher(line);
            if (m.matches()) {
                printed.merge(m.group(2), 1L, Long::sum);
            }
        }
        Map<String, Long> calls = new TreeMap<>();
        StringBuilder out = new StringBuilder(String.join("\t", table.getHeaders())).append('\n'); //$NON-NLS-1$
        for (SummaryEntryModel entry : table.getEntries()) {
            List<String> values = new ArrayList<>();
            entry.getValues().forEach(value -> values.add(String.valueOf(value)));
            out.append(entry.getName()).append('\t').append(String.join("\t", values)).append('\n'); //$NON-NLS-1$
            if (entry.getParentId() != -1) {
                calls.put(entry.getName(), entry.getNumber(0).longValue());
                long inclusiveMin = entry.getNumber(2).longValue();
                long inclusiveMax = entry.getNumber(4).longValue();
                long exclusiveMax = entry.getNumber(8).longValue();
                assertTrue(inclusiveMin <= inclusiveMax && exclusiveMax <= inclusiveMax, entry.getName());
            }
        }
        assertEquals(printed, calls, "calls per region are otf2-print's Enters"); //$NON-NLS-1$
        Golden.check("otf2-regions.txt", out.toString()); //$NON-NLS-1$
    }

    @Test
    void sextantsEventCountCountsEveryOtf2Event() throws Exception {
        EventCountAnalysisModule module = TmfTraceUtils.getAnalysisModuleOfClass(fTrace, EventCountAnalysisModule.class, EventCountAnalysisModule.ID);
        assertNotNull(module, "the event count is offered for OTF2"); //$NON-NLS-1$
        module.schedule();
        assertTrue(module.waitForCompletion());
        ITmfStateSystem ss = module.getStateSystem();
        assertNotNull(ss);
        long total = ss.querySingleState(ss.getCurrentEndTime(), ss.getQuarkAbsolute("Total")).getStateValue().unboxLong(); //$NON-NLS-1$
        assertEquals(Long.parseLong(Fixture.catalogue().getProperty("otf2-mpi-stencil.events")), total); //$NON-NLS-1$
        long isends = ss.querySingleState(ss.getCurrentEndTime(), ss.getQuarkAbsolute("Event types", "MPI_ISEND")).getStateValue().unboxLong(); //$NON-NLS-1$ //$NON-NLS-2$
        assertEquals(Long.parseLong(Fixture.catalogue().getProperty("otf2-mpi-stencil.type.MPI_ISEND")), isends); //$NON-NLS-1$
    }
}
