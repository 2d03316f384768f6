// SPDX-License-Identifier: EPL-2.0
package org.sextant.timeseries.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderManager;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.model.xy.ISeriesModel;
import org.eclipse.tracecompass.tmf.core.model.xy.ITmfTreeXYDataProvider;
import org.eclipse.tracecompass.tmf.core.model.xy.ITmfXyModel;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.junit.jupiter.api.Test;
import org.sextant.internal.timeseries.core.ModelExport;
import org.sextant.internal.timeseries.core.XyExport;
import org.sextant.test.support.Fixture;
import org.sextant.test.support.Traces;
import org.sextant.timeseries.model.InfluxQuery;
import org.sextant.timeseries.model.InfluxTarget;
import org.sextant.timeseries.model.InfluxWriter;

/**
 * What the charts show, exported to a real InfluxDB 1.6 ({@code influxd} started here) and read back by InfluxQL:
 * every point is the XY data provider's own value at its time, and the rates integrate to counts made outside
 * Sextant: a thread's time on CPU from babeltrace2's sched_switch events (catalogue {@code cpu.ns.TID}), a Redis
 * node's bus bytes out in the load window from the write system calls perf recorded (CATALOGUE.md, redis-cluster).
 */
class ChartExportTest extends WithInfluxd {

    private static final long MS = 1_000_000L;
    private static final long MAX_SERIES = 1_000;


    /** A point as InfluxDB returns it and as the provider computed it: time and rate. */
    private record Point(long time, double rate) {
    }

    @Test
    void cpuUsageIsTheChartsAndIntegratesToEachThreadsTimeOnCpu() throws Exception {
        ITmfTrace trace = Traces.openKernelTrace(Fixture.PERF_SCHED_SYSCALLS);
        try {
            long interval = 100 * MS;
            InfluxTarget target = sServer.createDatabase("cpu"); //$NON-NLS-1$
            XyExport.Analysis cpu = XyExport.ANALYSES.get("cpu"); //$NON-NLS-1$
            export(trace, target, cpu, interval);
            Map<String, List<Point>> exported = assertPointsAreTheProvidersSeries(trace, target, cpu, interval);
            Map<String, String> seriesByTid = new HashMap<>();
            exported.keySet().forEach(series -> seriesByTid.put(series.substring(series.lastIndexOf('/') + 1), series));
            Map<String, Long> onCpu = Fixture.PERF_SCHED_SYSCALLS.facts("cpu.ns."); //$NON-NLS-1$
            assertTrue(onCpu.size() > 10, onCpu::toString);
            for (Map.Entry<String, Long> thread : onCpu.entrySet()) {
                String series = seriesByTid.get(thread.getKey());
                assertNotNull(series, () -> "thread " + thread.getKey() + " in " + exported.keySet()); //$NON-NLS-1$ //$NON-NLS-2$
                // percent of one CPU over each interval: percent / 100 x the interval is the time on CPU
                double nanos = exported.get(series).stream().mapToDouble(p -> p.rate() / 100 * interval).sum();
                assertEquals(thread.getValue().longValue(), Math.round(nanos), series);
            }
        } finally {
            Traces.close(trace);
        }
    }

    @Test
    void redisBytesAreTheChartsAndBusBytesOutEqualPerfsWrites() throws Exception {
        ITmfTrace recording = Traces.openRecording(Fixture.REDIS_CLUSTER);
        try {
            long interval = 10 * MS;
            InfluxTarget target = sServer.createDatabase("cluster"); //$NON-NLS-1$
            XyExport.Analysis redis = XyExport.ANALYSES.get("redis"); //$NON-NLS-1$
            try (InfluxWriter writer = new InfluxWriter(target, (l, e) -> { })) {
                long requests = ModelExport.redis(recording, writer, MAX_SERIES, new NullProgressMonitor()).points();
                long points = XyExport.run(recording, redis, interval, writer).values().stream().mapToLong(Long::longValue).sum();
                assertEquals(requests + points, writer.finish());
            }
            Map<String, List<Point>> exported = assertPointsAreTheProvidersSeries(recording, target, redis, interval);
            InfluxQuery query = new InfluxQuery(target);
            for (int port : List.of(7101, 7102, 7103)) {
                // the load window: from the node's CLUSTER INFO before the load to the one after, as the catalogue's
                List<InfluxQuery.Row> infos = query.rows("SELECT \"latency_ns\" FROM \"redis_request\" WHERE \"command\" = 'cluster' AND \"node\" = '127.0.0.1:" //$NON-NLS-1$
                        + port + '\'');
                assertTrue(infos.size() >= 2, "CLUSTER INFO before and after the load on " + port); //$NON-NLS-1$
                long from = infos.get(infos.size() - 2).time();
                long to = infos.get(infos.size() - 1).time();
                // the series are the state system's paths, Nodes/PID/Volume/...: the node's entry gives its pid
                Matcher pid = Pattern.compile("127\\.0\\.0\\.1:" + port + " \\(pid (\\d+)\\)").matcher(String.join("\n", entries(recording, redis))); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                assertTrue(pid.find(), "the node's entry in the chart"); //$NON-NLS-1$
                String series = exported.keySet().stream().filter(s -> s.contains('/' + pid.group(1) + '/') && s.endsWith("/Bus out")).findFirst() //$NON-NLS-1$
                        .orElseThrow(() -> new AssertionError("no Bus out series of pid " + pid.group(1) + " in " + exported.keySet())); //$NON-NLS-1$ //$NON-NLS-2$
                // a point holds the rate over the interval that ends at its time: the points ending after the
                // window opens, up to the first ending after it closes
                double bytes = exported.get(series).stream().filter(p -> p.time() > from && p.time() - interval < to)
                        .mapToDouble(p -> p.rate() * interval / 1e9).sum();
                assertEquals(Fixture.REDIS_CLUSTER.fact("bus_out.load." + port), Math.round(bytes), series); //$NON-NLS-1$
            }
        } finally {
            Traces.close(recording);
        }
    }

    /** @return the names of the provider's tree entries */
    @SuppressWarnings("unchecked")
    private static List<String> entries(ITmfTrace trace, XyExport.Analysis analysis) {
        ITmfTreeXYDataProvider<ITmfTreeDataModel> provider = DataProviderManager.getInstance().getDataProvider(trace, analysis.provider(),
                ITmfTreeXYDataProvider.class);
        Map<String, Object> parameters = new HashMap<>();
        parameters.put(DataProviderParameterUtils.REQUESTED_TIME_KEY, List.of(trace.getStartTime().toNanos(), trace.getEndTime().toNanos()));
        return provider.fetchTree(parameters, new NullProgressMonitor()).getModel().getEntries().stream().map(ITmfTreeDataModel::getName).toList();
    }

    private static void export(ITmfTrace trace, InfluxTarget target, XyExport.Analysis analysis, long interval) throws Exception {
        try (InfluxWriter writer = new InfluxWriter(target, (l, e) -> { })) {
            long points = XyExport.run(trace, analysis, interval, writer).values().stream().mapToLong(Long::longValue).sum();
            assertTrue(points > 0);
            assertEquals(points, writer.finish());
        }
    }

    /**
     * Asks the provider for its series at the export's times, as a chart would, and InfluxDB for the points: each
     * series' points are the provider's values, time for time.
     *
     * @return the points by series
     */
    @SuppressWarnings("unchecked")
    private static Map<String, List<Point>> assertPointsAreTheProvidersSeries(ITmfTrace trace, InfluxTarget target, XyExport.Analysis analysis, long interval)
            throws Exception {
        ITmfTreeXYDataProvider<ITmfTreeDataModel> provider = DataProviderManager.getInstance().getDataProvider(trace, analysis.provider(),
                ITmfTreeXYDataProvider.class);
        assertNotNull(provider, analysis.provider());
        List<Long> times = new ArrayList<>();
        for (long time = trace.getStartTime().toNanos(); time < trace.getEndTime().toNanos() + interval; time += interval) {
            times.add(time);
        }
        Map<String, Object> parameters = new HashMap<>();
        parameters.put(DataProviderParameterUtils.REQUESTED_TIME_KEY, times);
        TmfModelResponse<TmfTreeModel<ITmfTreeDataModel>> tree = provider.fetchTree(parameters, new NullProgressMonitor());
        assertEquals(ITmfResponse.Status.COMPLETED, tree.getStatus(), tree.getStatusMessage());
        List<Long> items = new ArrayList<>();
        tree.getModel().getEntries().forEach(entry -> items.add(entry.getId()));
        parameters.put(DataProviderParameterUtils.REQUESTED_ITEMS_KEY, items);
        TmfModelResponse<ITmfXyModel> xy = provider.fetchXY(parameters, new NullProgressMonitor());
        assertEquals(ITmfResponse.Status.COMPLETED, xy.getStatus(), xy.getStatusMessage());
        Map<String, List<Point>> expected = new TreeMap<>();
        for (ISeriesModel series : xy.getModel().getSeriesData()) {
            List<Point> points = new ArrayList<>();
            for (int i = 0; i < series.getXAxis().length; i++) {
                points.add(new Point(series.getXAxis()[i], series.getData()[i]));
            }
            expected.put(series.getName(), points);
        }
        Map<String, List<Point>> exported = new TreeMap<>();
        for (InfluxQuery.Row row : new InfluxQuery(target).rows("SELECT \"rate\" FROM \"" + analysis.measurement() + "\" GROUP BY \"series\"")) { //$NON-NLS-1$ //$NON-NLS-2$
            exported.computeIfAbsent(row.tags().get("series"), s -> new ArrayList<>()).add(new Point(row.time(), Double.parseDouble(row.value()))); //$NON-NLS-1$
        }
        assertEquals(expected.keySet(), exported.keySet());
        for (Map.Entry<String, List<Point>> series : expected.entrySet()) {
            assertEquals(series.getValue(), exported.get(series.getKey()), series.getKey());
        }
        return exported;
    }
}
