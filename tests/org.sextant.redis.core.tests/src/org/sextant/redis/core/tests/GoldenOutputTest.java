// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.core.tests;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.model.StyleProperties;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphDataProvider;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphRowModel;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphState;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphEntryModel;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.model.xy.ISeriesModel;
import org.eclipse.tracecompass.tmf.core.model.xy.ITmfTreeXYDataProvider;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.sextant.internal.redis.core.DataVolumeDataProvider;
import org.sextant.internal.redis.core.RedisTimeGraphDataProvider;
import org.sextant.test.support.Fixture;
import org.sextant.test.support.Golden;

/**
 * What the Redis views receive from their data providers for a fixed query on each recording, against golden
 * files under {@code tests/fixtures/golden}: entries, then rows (states at sampled times, nanoseconds from the
 * start of the trace) or series (bytes per second, rounded). A change of output fails here first; once it is
 * understood to be right, regenerate the files with {@code SEXTANT_UPDATE_GOLDEN=1} in the environment.
 */
class GoldenOutputTest {

    private static final int SAMPLES = 200;

    @ParameterizedTest(name = "{0} of {1}")
    @CsvSource({ "org.sextant.redis.core.netflow, REDIS_SINGLE, redis-netflow.txt", //
            "org.sextant.redis.core.threads, REDIS_IO_THREADS, redis-threads.txt", //
            "org.sextant.redis.core.volume, REDIS_CLUSTER, redis-volume.txt" })
    void providerOutputIsTheGolden(String providerId, Fixture fixture, String golden) throws Exception {
        try (Recording recording = Recording.open(fixture)) {
            ITmfStateSystem ss = recording.state();
            long start = ss.getStartTime();
            List<Long> times = new ArrayList<>();
            for (int i = 0; i < SAMPLES; i++) {
                times.add(start + (ss.getCurrentEndTime() - start) * i / (SAMPLES - 1));
            }
            Map<String, Object> query = new HashMap<>();
            query.put(DataProviderParameterUtils.REQUESTED_TIME_KEY, times);
            StringBuilder out = new StringBuilder();
            out.append("# ").append(providerId).append(" on ").append(fixture.name()).append(", ").append(SAMPLES).append(" sampled times\n"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            if (providerId.equals(DataVolumeDataProvider.ID)) {
                ITmfTreeXYDataProvider<ITmfTreeDataModel> provider = recording.provider(providerId, ITmfTreeXYDataProvider.class, query);
                Map<Long, String> names = entries(provider.fetchTree(query, new NullProgressMonitor()).getModel().getEntries(), out);
                query.put(DataProviderParameterUtils.REQUESTED_ITEMS_KEY, List.copyOf(names.keySet()));
                List<ISeriesModel> series = new ArrayList<>(provider.fetchXY(query, new NullProgressMonitor()).getModel().getSeriesData());
                series.sort(Comparator.comparing(s -> names.get(s.getId())));
                for (ISeriesModel model : series) {
                    out.append(names.get(model.getId())).append(':');
                    for (double perSecond : model.getData()) {
                        out.append(' ').append(Math.round(perSecond));
                    }
                    out.append('\n');
                }
            } else {
                // a state's value is the index of its style: an operation's, or a stage's
                List<String> labels = RedisTimeGraphDataProvider.styles().stream()
                        .map(style -> String.valueOf(style.getStyleValues().get(StyleProperties.STYLE_NAME))).toList();
                ITimeGraphDataProvider<TimeGraphEntryModel> provider = recording.provider(providerId, ITimeGraphDataProvider.class, query);
                Map<Long, String> names = entries(provider.fetchTree(query, new NullProgressMonitor()).getModel().getEntries(), out);
                query.put(DataProviderParameterUtils.REQUESTED_ITEMS_KEY, List.copyOf(names.keySet()));
                List<ITimeGraphRowModel> rows = new ArrayList<>(provider.fetchRowModel(query, new NullProgressMonitor()).getModel().getRows());
                rows.sort(Comparator.comparing(row -> names.get(row.getEntryID())));
                for (ITimeGraphRowModel row : rows) {
                    out.append(names.get(row.getEntryID())).append(':');
                    for (ITimeGraphState state : row.getStates()) {
                        out.append(' ').append(state.getStartTime() - start).append('+').append(state.getDuration()).append('=')
                                .append(labels.get(state.getValue()));
                    }
                    out.append('\n');
                }
            }
            Golden.check(golden, out.toString());
        }
    }

    /** Writes the entries' paths below the root, sorted, and returns the path of each ("127.0.0.1:7210 (pid 1)/fd 9"). */
    private static Map<Long, String> entries(List<? extends ITmfTreeDataModel> entries, StringBuilder out) {
        Map<Long, ITmfTreeDataModel> byId = entries.stream().collect(Collectors.toMap(ITmfTreeDataModel::getId, e -> e));
        Map<Long, String> names = new HashMap<>();
        List<String> lines = new ArrayList<>();
        for (ITmfTreeDataModel entry : entries) {
            StringBuilder name = new StringBuilder(entry.getName());
            for (ITmfTreeDataModel parent = byId.get(entry.getParentId()); parent != null && parent.getParentId() != -1; parent = byId.get(parent.getParentId())) {
                name.insert(0, parent.getName() + '/');
            }
            names.put(entry.getId(), name.toString());
            if (entry.getParentId() != -1) { // the root is the trace, named by its path
                lines.add(name.toString());
            }
        }
        lines.stream().sorted().forEach(line -> out.append("entry ").append(line).append('\n')); //$NON-NLS-1$
        return names;
    }
}
