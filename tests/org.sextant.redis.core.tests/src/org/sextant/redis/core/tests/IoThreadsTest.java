// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphDataProvider;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphRowModel;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphState;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphEntryModel;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphModel;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.junit.jupiter.api.Test;
import org.sextant.internal.redis.core.RedisTimeGraphDataProvider;
import org.sextant.redis.model.Operation;
import org.sextant.test.support.Fixture;

/**
 * With {@code io-threads 4} and {@code io-threads-do-reads yes}, Redis reads its 50 clients' queries on its main
 * thread and its 3 io threads; the Redis Threads view shows those reads on each of the 4 rows.
 */
class IoThreadsTest {

    private static final int THREADS = 4;

    @Test
    void threadsViewShowsReadsSpreadOverTheIoThreads() throws Exception {
        try (Recording recording = Recording.open(Fixture.REDIS_IO_THREADS)) {
            ITmfStateSystem ss = recording.state();
            List<Long> times = new ArrayList<>();
            long step = Math.max(1, (ss.getCurrentEndTime() - ss.getStartTime()) / 10_000); // a wide view's pixels
            for (long t = ss.getStartTime(); t <= ss.getCurrentEndTime(); t += step) {
                times.add(t);
            }
            Map<String, Object> query = new HashMap<>();
            query.put(DataProviderParameterUtils.REQUESTED_TIME_KEY, times);
            ITimeGraphDataProvider<TimeGraphEntryModel> provider = recording.provider(RedisTimeGraphDataProvider.Rows.THREADS.id(),
                    ITimeGraphDataProvider.class, query);
            TmfTreeModel<TimeGraphEntryModel> tree = provider.fetchTree(query, new NullProgressMonitor()).getModel();
            Map<Long, String> threadRows = new HashMap<>();
            for (TimeGraphEntryModel entry : tree.getEntries()) {
                if (entry.getName().startsWith("thread ")) { //$NON-NLS-1$
                    threadRows.put(entry.getId(), entry.getName());
                }
            }
            query.put(DataProviderParameterUtils.REQUESTED_ITEMS_KEY, List.copyOf(threadRows.keySet()));
            TmfModelResponse<TimeGraphModel> response = provider.fetchRowModel(query, new NullProgressMonitor());
            assertEquals(ITmfResponse.Status.COMPLETED, response.getStatus(), response.getStatusMessage());
            Map<String, Integer> reads = new HashMap<>();
            int total = 0;
            for (ITimeGraphRowModel row : response.getModel().getRows()) {
                for (ITimeGraphState state : row.getStates()) {
                    if (state.getValue() == Operation.READING.ordinal()) {
                        reads.merge(threadRows.get(row.getEntryID()), 1, Integer::sum);
                        total++;
                    }
                }
            }
            System.out.println("reads per thread row: " + reads); //$NON-NLS-1$
            assertEquals(THREADS, reads.size(), () -> "threads reading: " + reads);
            for (Map.Entry<String, Integer> thread : reads.entrySet()) {
                assertTrue(thread.getValue() > total / (THREADS * 2), thread + " of " + total + " reads");
            }
        }
    }
}
