// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.timeseries.core;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderManager;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.model.xy.ISeriesModel;
import org.eclipse.tracecompass.tmf.core.model.xy.ITmfTreeXYDataProvider;
import org.eclipse.tracecompass.tmf.core.model.xy.ITmfXyModel;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse.Status;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTrace;
import org.sextant.common.core.summary.HeadlessAnalysisException;
import org.sextant.timeseries.model.LineProtocol;
import org.sextant.timeseries.model.LineSink;

/**
 * Exports what Sextant already models of a trace through the XY data provider its views draw (so the database
 * holds what the charts show): every series of the provider's tree at a fixed interval, each point its rate over
 * the interval that ends there. One measurement per analysis, tags {@code trace} and {@code series} (the series'
 * attribute path, as the provider names it), field {@code rate}, per second as the chart draws it.
 *
 * <pre>
 * analysis  measurement     provider                              series (rate per second)
 * count     kernel_events   org.sextant.count.core.dataprovider   Total, CPUs/N, Event types/NAME: events
 * cpu       cpu_usage       org.sextant.kernel.core.cpu.dataprovider  CPUs/N, threads: nanoseconds on CPU
 * io        io_bytes        org.sextant.kernel.core.io.dataprovider   processes and descriptors: bytes
 * redis     redis_bytes     org.sextant.redis.core.volume         per node, client and bus bytes
 * </pre>
 */
public final class XyExport {

    /**
     * An analysis that can be exported.
     *
     * @param provider
     *            its XY data provider's id
     * @param measurement
     *            the measurement its points go to
     */
    public record Analysis(String provider, String measurement) {
    }

    /** The analyses, by the name {@code --analysis} takes. */
    public static final Map<String, Analysis> ANALYSES = Map.of(
            "count", new Analysis("org.sextant.count.core.dataprovider", "kernel_events"), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            "cpu", new Analysis("org.sextant.kernel.core.cpu.dataprovider", "cpu_usage"), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            "io", new Analysis("org.sextant.kernel.core.io.dataprovider", "io_bytes"), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            "redis", new Analysis("org.sextant.redis.core.volume", "redis_bytes")); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$

    private static final long POLL_MILLIS = 20;

    private XyExport() {
    }

    /**
     * Writes the provider's series.
     *
     * @param trace
     *            an opened trace
     * @param analysis
     *            what to export
     * @param intervalNs
     *            the time between points
     * @param sink
     *            where the points go
     * @return points per series path
     * @throws HeadlessAnalysisException
     *             when the trace has no such provider or it fails
     */
    @SuppressWarnings("unchecked")
    public static Map<String, Long> run(ITmfTrace trace, Analysis analysis, long intervalNs, LineSink sink)
            throws HeadlessAnalysisException {
        ITmfTreeXYDataProvider<ITmfTreeDataModel> provider = DataProviderManager.getInstance().getDataProvider(trace,
                analysis.provider(), ITmfTreeXYDataProvider.class);
        if (provider == null) {
            throw new HeadlessAnalysisException("no data provider " + analysis.provider() + " for this trace"); //$NON-NLS-1$ //$NON-NLS-2$
        }
        TmfTreeModel<ITmfTreeDataModel> tree = complete(p -> provider.fetchTree(p, new NullProgressMonitor()),
                new HashMap<>(), analysis);
        List<Long> items = new ArrayList<>();
        tree.getEntries().forEach(entry -> items.add(entry.getId()));
        indexed(trace);
        List<Long> times = new ArrayList<>();
        for (long time = trace.getStartTime().toNanos(); time < trace.getEndTime().toNanos() + intervalNs; time += intervalNs) {
            times.add(time);
        }
        Map<String, Object> parameters = new HashMap<>();
        parameters.put(DataProviderParameterUtils.REQUESTED_TIME_KEY, times);
        parameters.put(DataProviderParameterUtils.REQUESTED_ITEMS_KEY, items);
        ITmfXyModel xy = complete(p -> provider.fetchXY(p, new NullProgressMonitor()), parameters, analysis);
        LineProtocol line = new LineProtocol();
        Map<String, Long> points = new LinkedHashMap<>();
        String traceName = trace.getName();
        for (ISeriesModel series : xy.getSeriesData()) {
            String path = series.getName();
            long[] x = series.getXAxis();
            double[] y = series.getData();
            for (int i = 0; i < x.length; i++) {
                sink.line(line.measurement(analysis.measurement()).tag("series", path).tag("trace", traceName) //$NON-NLS-1$ //$NON-NLS-2$
                        .field("rate", y[i]).time(x[i])); //$NON-NLS-1$
            }
            points.merge(path, (long) x.length, Long::sum);
        }
        return points;
    }

    /**
     * Indexes the trace, waiting for it: {@code indexTrace(true)} returns at once while an indexing that opening
     * the trace started is under way, and the trace's end is then where that indexing got to, so the points would
     * stop short of the trace's end (seen on perf-sched-syscalls: 10 points of 17).
     */
    private static void indexed(ITmfTrace trace) throws HeadlessAnalysisException {
        trace.indexTrace(true);
        while (trace instanceof TmfTrace indexing && indexing.isIndexing()) {
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                // exporting what was indexed so far would be the short series this wait is for
                throw new HeadlessAnalysisException("interrupted while " + trace.getName() + " was being indexed"); //$NON-NLS-1$ //$NON-NLS-2$
            }
        }
    }

    /** A fetch of the provider. */
    private interface Fetch<T> {
        TmfModelResponse<T> apply(Map<String, Object> parameters);
    }

    /** Fetches until the analysis behind the provider is done. */
    private static <T> T complete(Fetch<T> fetch, Map<String, Object> parameters, Analysis analysis)
            throws HeadlessAnalysisException {
        TmfModelResponse<T> response = fetch.apply(parameters);
        while (response.getStatus() == Status.RUNNING) {
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            response = fetch.apply(parameters);
        }
        T model = response.getModel();
        if (response.getStatus() != Status.COMPLETED || model == null) {
            throw new HeadlessAnalysisException(analysis.provider() + " did not answer: " + response.getStatusMessage()); //$NON-NLS-1$
        }
        return model;
    }
}
