// SPDX-License-Identifier: EPL-2.0
package org.sextant.annotations.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.xy.ISeriesModel;
import org.eclipse.tracecompass.tmf.core.model.xy.ITmfTreeXYDataProvider;
import org.eclipse.tracecompass.tmf.core.model.xy.ITmfXyModel;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.sextant.internal.annotations.core.BarriersDataProvider;
import org.sextant.test.support.Fixture;

/**
 * Barriers on the OpenMP proof program, in Sextant's syntax ({@code omp.barrier}) and the paper's
 * ({@code barrier}): a bar per phase, where the last thread arrived, as high as the skew between the two threads'
 * arrivals the program's log time-stamps; zoomed out, a point keeps the largest skew of the instances it covers.
 */
class BarriersTest {

    /** How long a marker write may take: the program reads the clock of its log just after writing one. */
    private static final long MARKER_LATENCY = 100_000;

    @ParameterizedTest
    @CsvSource({ "FTRACE_OMP_SEXTANT, omp.barrier", "FTRACE_OMP_PAPER, barrier" })
    void aBarPerPhaseAsHighAsItsSkew(Fixture fixture, String barrier) throws Exception {
        try (AnnotatedRun run = AnnotatedRun.open(fixture)) {
            ITmfTreeXYDataProvider<TmfTreeDataModel> provider = run.provider(BarriersDataProvider.ID, ITmfTreeXYDataProvider.class);
            List<TmfTreeDataModel> entries = AnnotatedRun.entries(provider);
            TmfTreeDataModel series = entries.stream().filter(entry -> entry.getName().equals(barrier)).findFirst()
                    .orElseThrow(() -> new AssertionError("no " + barrier + " in " + entries));
            long start = run.state().getStartTime();
            long end = run.state().getCurrentEndTime();
            List<Long> times = new ArrayList<>();
            int points = 20_000; // 60 us apart: the phases, each tens of ms long, fall on separate points
            for (int i = 0; i < points; i++) {
                times.add(start + (end - start) * i / (points - 1));
            }
            double[] skews = fetch(provider, times, series.getId());
            List<Map<Long, Long>> enters = run.barrierEnters();
            int phase = 0;
            for (int i = 0; i < skews.length; i++) {
                if (skews[i] == 0) {
                    continue;
                }
                assertTrue(phase < enters.size(), "more bars than phases");
                long last = Collections.max(enters.get(phase).values());
                long expected = last - Collections.min(enters.get(phase).values());
                System.out.println(fixture + " " + barrier + " phase " + phase + ": skew " + (long) skews[i] + " ns, by the program's log " + expected + " ns"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
                assertEquals(expected, skews[i], MARKER_LATENCY, "skew of phase " + phase);
                assertTrue(Math.abs(times.get(i) - last) < MARKER_LATENCY + (end - start) / points, "bar of phase " + phase + " at its last arrival");
                phase++;
            }
            assertEquals(enters.size(), phase, "a bar per phase");
            double worst = java.util.Arrays.stream(skews).max().orElseThrow();
            double[] zoomedOut = fetch(provider, List.of(start, (start + end) / 2, end), series.getId());
            assertEquals(worst, java.util.Arrays.stream(zoomedOut).max().orElseThrow(), "the worst skew shows zoomed out");
        }
    }

    private static double[] fetch(ITmfTreeXYDataProvider<TmfTreeDataModel> provider, List<Long> times, long id) {
        TmfModelResponse<ITmfXyModel> response = provider.fetchXY(Map.of(DataProviderParameterUtils.REQUESTED_TIME_KEY, times,
                DataProviderParameterUtils.REQUESTED_ITEMS_KEY, List.of(id)), new NullProgressMonitor());
        assertEquals(ITmfResponse.Status.COMPLETED, response.getStatus(), response.getStatusMessage());
        ITmfXyModel model = response.getModel();
        assertNotNull(model);
        ISeriesModel series = model.getSeriesData().iterator().next();
        return series.getData();
    }
}
