// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.annotations.core;

import static org.sextant.annotations.model.AnnotationTracker.BARRIERS;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.exceptions.StateSystemDisposedException;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataType;
import org.eclipse.tracecompass.tmf.core.model.CommonStatusMessage;
import org.eclipse.tracecompass.tmf.core.model.IOutputStyleProvider;
import org.eclipse.tracecompass.tmf.core.model.OutputElementStyle;
import org.eclipse.tracecompass.tmf.core.model.OutputStyleModel;
import org.eclipse.tracecompass.tmf.core.model.StyleProperties;
import org.eclipse.tracecompass.tmf.core.model.TmfCommonXAxisModel;
import org.eclipse.tracecompass.tmf.core.model.YModel;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.model.xy.ITmfTreeXYDataProvider;
import org.eclipse.tracecompass.tmf.core.model.xy.ITmfXyModel;
import org.eclipse.tracecompass.tmf.core.model.xy.IYModel;
import org.eclipse.tracecompass.tmf.core.model.xy.TmfXYAxisDescription;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse.Status;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.annotations.core.AnnotationsAnalysisModule;
import org.sextant.annotations.model.AnnotationReport;
import org.sextant.annotations.model.AnnotationReport.BarrierInstance;
import org.sextant.common.core.FailureReporter;
import org.sextant.common.core.StateSystems;

/**
 * Barriers: per barrier, the skew of each of its instances (how long the first thread to arrive waited for the
 * last, {@link BarrierInstance#skew()}) over time, as bars at the time of the instance's last arrival. A point of
 * the chart stands for the requested times nearest to it; where several instances fall there, it shows the
 * largest skew, so the worst instances stay visible zoomed out. Instances come from the model's
 * {@link AnnotationReport}, read once the state system is built.
 */
public class BarriersDataProvider implements ITmfTreeXYDataProvider<TmfTreeDataModel>, IOutputStyleProvider {

    /** The data provider id, as registered in plugin.xml. */
    public static final String ID = "org.sextant.annotations.core.barriers"; //$NON-NLS-1$

    /** Entry ids are unique across providers, so that a view showing several traces can tell them apart. */
    private static final AtomicLong ENTRY_IDS = new AtomicLong();

    private final ITmfTrace fTrace;
    private final AnnotationsAnalysisModule fModule;
    private final long fRootId = ENTRY_IDS.getAndIncrement();
    private final Map<String, Long> fIds = new HashMap<>();
    private final TmfXYAxisDescription fAxis = new TmfXYAxisDescription(Messages.Barriers_Axis, Messages.Barriers_Unit, DataType.DURATION);
    /** The instances of the built state system, read once. */
    private @Nullable List<BarrierInstance> fInstances;

    /**
     * @param trace
     *            the trace
     * @param module
     *            its annotations module, scheduled
     */
    public BarriersDataProvider(ITmfTrace trace, AnnotationsAnalysisModule module) {
        fTrace = trace;
        fModule = module;
    }

    @Override
    public String getId() {
        return ID;
    }

    /** A barrier's series: bars of its colour, the colour of that name in the annotation time graphs. */
    private static OutputElementStyle style(String barrier) {
        return new OutputElementStyle(null, Map.of(StyleProperties.STYLE_NAME, barrier, StyleProperties.SERIES_TYPE, StyleProperties.SeriesType.BAR,
                StyleProperties.COLOR, AnnotationStyles.colorOf(barrier)));
    }

    @Override
    public TmfModelResponse<OutputStyleModel> fetchStyle(Map<String, Object> parameters, @Nullable IProgressMonitor monitor) {
        Map<String, OutputElementStyle> styles = new LinkedHashMap<>();
        ITmfStateSystem ss = StateSystems.first(fModule);
        if (ss != null) {
            for (int barrier : ss.getQuarks(BARRIERS, "*")) { //$NON-NLS-1$
                styles.put(ss.getAttributeName(barrier), style(ss.getAttributeName(barrier)));
            }
        }
        return new TmfModelResponse<>(new OutputStyleModel(styles), Status.COMPLETED, CommonStatusMessage.COMPLETED);
    }

    @Override
    public TmfModelResponse<TmfTreeModel<TmfTreeDataModel>> fetchTree(Map<String, Object> parameters, @Nullable IProgressMonitor monitor) {
        ITmfStateSystem ss = StateSystems.first(fModule);
        if (ss == null) {
            return new TmfModelResponse<>(null, Status.FAILED, FailureReporter.messageOf(fModule));
        }
        boolean complete = ss.waitUntilBuilt(0);
        List<TmfTreeDataModel> entries = new ArrayList<>();
        entries.add(new TmfTreeDataModel(fRootId, -1, List.of(fTrace.getName())));
        for (int quark : ss.getQuarks(BARRIERS, "*")) { //$NON-NLS-1$
            String barrier = ss.getAttributeName(quark);
            entries.add(new TmfTreeDataModel(id(barrier), fRootId, List.of(barrier), true, style(barrier)));
        }
        return new TmfModelResponse<>(new TmfTreeModel<>(List.of(Messages.Barriers_Name), entries), complete ? Status.COMPLETED : Status.RUNNING,
                complete ? CommonStatusMessage.COMPLETED : CommonStatusMessage.RUNNING);
    }

    private long id(String barrier) {
        synchronized (fIds) {
            return fIds.computeIfAbsent(barrier, b -> ENTRY_IDS.getAndIncrement());
        }
    }

    @Override
    public TmfModelResponse<ITmfXyModel> fetchXY(Map<String, Object> parameters, @Nullable IProgressMonitor monitor) {
        ITmfStateSystem ss = StateSystems.first(fModule);
        if (ss == null) {
            return new TmfModelResponse<>(null, Status.FAILED, FailureReporter.messageOf(fModule));
        }
        List<Long> requestedTimes = DataProviderParameterUtils.extractTimeRequested(parameters);
        List<Long> requestedItems = DataProviderParameterUtils.extractSelectedItems(parameters);
        if (requestedTimes == null || requestedTimes.isEmpty() || requestedItems == null) {
            return new TmfModelResponse<>(null, Status.FAILED, CommonStatusMessage.INCORRECT_QUERY_PARAMETERS);
        }
        long[] times = requestedTimes.stream().mapToLong(Long::longValue).sorted().distinct().toArray();
        boolean complete = ss.waitUntilBuilt(0);
        List<BarrierInstance> instances;
        try {
            instances = instances(ss, complete);
        } catch (StateSystemDisposedException e) {
            return new TmfModelResponse<>(null, Status.FAILED, CommonStatusMessage.STATE_SYSTEM_FAILED);
        }
        Map<String, double[]> skews = new LinkedHashMap<>();
        synchronized (fIds) {
            fIds.forEach((barrier, id) -> {
                if (requestedItems.contains(id)) {
                    skews.put(barrier, new double[times.length]);
                }
            });
        }
        for (BarrierInstance instance : instances) {
            double[] series = skews.get(instance.barrier());
            int point = nearest(times, instance.last());
            if (series != null && point >= 0) {
                series[point] = Math.max(series[point], instance.skew());
            }
        }
        List<IYModel> series = new ArrayList<>();
        skews.forEach((barrier, values) -> series.add(new YModel(id(barrier), barrier, values, fAxis)));
        return new TmfModelResponse<>(new TmfCommonXAxisModel(Messages.Barriers_Title, times, series), complete ? Status.COMPLETED : Status.RUNNING,
                complete ? CommonStatusMessage.COMPLETED : CommonStatusMessage.RUNNING);
    }

    /** The barrier instances so far; once the state system is built, read once and kept. */
    private List<BarrierInstance> instances(ITmfStateSystem ss, boolean complete) throws StateSystemDisposedException {
        List<BarrierInstance> instances = fInstances;
        if (instances == null) {
            instances = AnnotationReport.of(StateTimeline.of(ss)).barriers();
            if (complete) {
                fInstances = instances;
            }
        }
        return instances;
    }

    /**
     * @return the index of the time nearest to {@code time}, or -1 when it lies beyond half a step outside the
     *         times (a point stands for the times between the midpoints with its neighbours)
     */
    static int nearest(long[] times, long time) {
        int index = Arrays.binarySearch(times, time);
        if (index >= 0) {
            return index;
        }
        int after = -index - 1;
        if (times.length == 1) {
            return -1;
        }
        if (after == 0) {
            return times[0] - time <= (times[1] - times[0]) / 2 ? 0 : -1;
        }
        if (after == times.length) {
            int last = times.length - 1;
            return time - times[last] <= (times[last] - times[last - 1]) / 2 ? last : -1;
        }
        return time - times[after - 1] <= times[after] - time ? after - 1 : after;
    }
}
