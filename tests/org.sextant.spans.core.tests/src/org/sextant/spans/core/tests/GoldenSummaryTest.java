// SPDX-License-Identifier: EPL-2.0
package org.sextant.spans.core.tests;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.stream.Collectors;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphArrow;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphDataProvider;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphRowModel;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphEntryModel;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataProvider;
import org.junit.jupiter.api.Test;
import org.sextant.common.core.SummaryEntryModel;
import org.sextant.internal.spans.core.SpansSummaryDataProvider;
import org.sextant.internal.spans.core.SpansTimeGraphDataProvider;
import org.sextant.test.support.Fixture;
import org.sextant.test.support.Golden;
import org.sextant.test.support.Traces;

/**
 * What the span providers serve for the topology recording, against golden files under
 * {@code tests/fixtures/golden}: the summary (routes, the three slowest requests with their critical paths,
 * Redis commands, problems), and the Spans time graph's entries with the bars of each row and the arrows. A
 * change of output fails here first; once it is understood to be right, regenerate the files with
 * {@code SEXTANT_UPDATE_GOLDEN=1} in the environment.
 */
class GoldenSummaryTest {

    @Test
    void summaryIsTheGolden() throws Exception {
        try (Topology topology = Topology.open(Fixture.HTTP_TOPOLOGY)) {
            Map<String, Object> query = new HashMap<>(Map.of(SpansSummaryDataProvider.TOP_KEY, 3));
            ITmfTreeDataProvider<SummaryEntryModel> provider = Traces.provider(topology.experiment(), SpansSummaryDataProvider.ID, ITmfTreeDataProvider.class,
                    query);
            List<SummaryEntryModel> entries = Objects.requireNonNull(provider.fetchTree(query, new NullProgressMonitor()).getModel()).getEntries();
            Map<Long, String> paths = paths(entries);
            StringBuilder out = new StringBuilder("# " + SpansSummaryDataProvider.ID + " on http-topology, top 3\n"); //$NON-NLS-1$ //$NON-NLS-2$
            for (SummaryEntryModel entry : entries.subList(1, entries.size())) {
                out.append(paths.get(entry.getId())).append(": ").append(entry.getValues().stream().map(String::valueOf).collect(Collectors.joining(" "))) //$NON-NLS-1$ //$NON-NLS-2$
                        .append('\n');
            }
            Golden.check("spans-summary.txt", out.toString()); //$NON-NLS-1$
        }
    }

    @Test
    void spansTimeGraphIsTheGolden() throws Exception {
        try (Topology topology = Topology.open(Fixture.HTTP_TOPOLOGY)) {
            long start = topology.experiment().getStartTime().toNanos();
            long end = topology.experiment().getEndTime().toNanos();
            Map<String, Object> query = new HashMap<>();
            query.put(DataProviderParameterUtils.REQUESTED_TIME_KEY, List.of(start, end));
            ITimeGraphDataProvider<TimeGraphEntryModel> provider = Traces.provider(topology.experiment(), SpansTimeGraphDataProvider.ID,
                    ITimeGraphDataProvider.class, query);
            List<TimeGraphEntryModel> entries = Objects.requireNonNull(provider.fetchTree(query, new NullProgressMonitor()).getModel()).getEntries();
            Map<Long, String> paths = paths(entries);
            query.put(DataProviderParameterUtils.REQUESTED_ITEMS_KEY, List.copyOf(paths.keySet()));
            StringBuilder out = new StringBuilder("# " + SpansTimeGraphDataProvider.ID + " on http-topology: per row, its bars (start from the trace's start + duration = label)\n"); //$NON-NLS-1$ //$NON-NLS-2$
            List<ITimeGraphRowModel> rows = Objects.requireNonNull(provider.fetchRowModel(query, new NullProgressMonitor()).getModel()).getRows();
            for (ITimeGraphRowModel row : rows.stream().sorted((a, b) -> Long.compare(a.getEntryID(), b.getEntryID())).toList()) {
                if (!row.getStates().isEmpty()) {
                    out.append(paths.get(row.getEntryID())).append(": ").append(row.getStates().size()).append(" bars, first ") //$NON-NLS-1$ //$NON-NLS-2$
                            .append(row.getStates().get(0).getStartTime() - start).append('+').append(row.getStates().get(0).getDuration()).append('=')
                            .append(row.getStates().get(0).getLabel()).append('\n');
                }
            }
            List<ITimeGraphArrow> arrows = Objects.requireNonNull(provider.fetchArrows(query, new NullProgressMonitor()).getModel());
            Map<String, Long> arrowsByRows = arrows.stream().collect(Collectors.groupingBy(
                    a -> paths.get(a.getSourceId()).replaceAll(" \\d+$", "") + " -> " + paths.get(a.getDestinationId()).replaceAll(" \\d+$", ""), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                    TreeMap::new, Collectors.counting()));
            arrowsByRows.forEach((rowsLinked, count) -> out.append("arrows ").append(rowsLinked).append(": ").append(count).append('\n')); //$NON-NLS-1$ //$NON-NLS-2$
            Golden.check("spans-timegraph.txt", out.toString()); //$NON-NLS-1$
        }
    }

    /** @return each entry's path of names below the root, "node :34851/served 1" */
    private static Map<Long, String> paths(List<? extends ITmfTreeDataModel> entries) {
        Map<Long, ITmfTreeDataModel> byId = entries.stream().collect(Collectors.toMap(ITmfTreeDataModel::getId, e -> e));
        Map<Long, String> paths = new LinkedHashMap<>();
        for (ITmfTreeDataModel entry : entries) {
            StringBuilder path = new StringBuilder(entry.getName());
            for (ITmfTreeDataModel parent = byId.get(entry.getParentId()); parent != null && parent.getParentId() != -1; parent = byId.get(parent.getParentId())) {
                path.insert(0, parent.getName() + '/');
            }
            paths.put(entry.getId(), path.toString());
        }
        return paths;
    }
}
