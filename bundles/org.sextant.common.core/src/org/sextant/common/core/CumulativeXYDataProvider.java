// SPDX-License-Identifier: EPL-2.0
package org.sextant.common.core;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongFunction;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.exceptions.StateSystemDisposedException;
import org.eclipse.tracecompass.statesystem.core.interval.ITmfStateInterval;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.model.CommonStatusMessage;
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
import org.eclipse.tracecompass.tmf.core.statesystem.ITmfAnalysisModuleWithStateSystems;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.common.model.series.Rates;

/**
 * Serves a state system of cumulative long attributes (events, bytes, nanoseconds on CPU) as a tree and as XY
 * series of their rate: each point covers the interval since the previous requested time. Subclasses choose
 * the tree's entries and which of them are series, and may complete the cumulative values (say, with the part
 * of a thread's run not yet accounted) and scale the rates.
 *
 * <p>
 * Trace Compass 6.2 keeps its XY data-provider base classes internal (they moved in 8.2); this implements the
 * public {@link ITmfTreeXYDataProvider} interface directly.
 * </p>
 */
public abstract class CumulativeXYDataProvider implements ITmfTreeXYDataProvider<TmfTreeDataModel> {

    /** Entry ids are unique across providers, so that a view showing several traces can tell them apart. */
    private static final AtomicLong ENTRY_IDS = new AtomicLong();

    private final ITmfTrace fTrace;
    private final ITmfAnalysisModuleWithStateSystems fModule;
    private final String fTitle;
    private final TmfXYAxisDescription fAxis;
    private final long fRootId = ENTRY_IDS.getAndIncrement();
    private final Map<Integer, Long> fIdsByQuark = new HashMap<>();
    private final Map<Long, Integer> fQuarksById = new HashMap<>();
    private final Set<Integer> fSeries = new HashSet<>();

    /** Where subclasses put the tree's entries, under the trace's root entry. */
    protected final class Tree {
        private final List<TmfTreeDataModel> fEntries = new ArrayList<>();

        /** @return the id of the root entry, the trace */
        public long root() {
            return fRootId;
        }

        /**
         * Adds the entry of an attribute.
         *
         * @param quark
         *            the attribute
         * @param parent
         *            the parent entry's id
         * @param label
         *            the label shown
         * @param series
         *            whether the attribute holds a cumulative value to chart
         * @return the entry's id
         */
        public long add(int quark, long parent, String label, boolean series) {
            return add(quark, series, id -> new TmfTreeDataModel(id, parent, List.of(label)));
        }

        /**
         * Adds the entry of an attribute as a model of the provider's own, which tells its clients more than a
         * label (Trace Compass's {@code CpuUsageEntryModel} carries a thread id).
         *
         * @param quark
         *            the attribute
         * @param series
         *            whether the attribute holds a cumulative value to chart
         * @param entry
         *            makes the entry from its id
         * @return the entry's id
         */
        public long add(int quark, boolean series, LongFunction<TmfTreeDataModel> entry) {
            long id = entryId(quark);
            fEntries.add(entry.apply(id));
            if (series) {
                fSeries.add(quark);
            }
            return id;
        }
    }

    /**
     * @param trace
     *            the trace
     * @param module
     *            the analysis module whose (first) state system is served; scheduled by the caller
     * @param title
     *            the chart's title
     * @param axis
     *            the y axis: label and unit of the rates
     */
    protected CumulativeXYDataProvider(ITmfTrace trace, ITmfAnalysisModuleWithStateSystems module, String title, TmfXYAxisDescription axis) {
        fTrace = trace;
        fModule = module;
        fTitle = title;
        fAxis = axis;
    }

    /**
     * Adds the entries below the root.
     *
     * @param ss
     *            the state system, maybe still being built
     * @param tree
     *            where the entries go
     * @throws StateSystemDisposedException
     *             when the state system was closed meanwhile
     */
    protected abstract void addEntries(ITmfStateSystem ss, Tree tree) throws StateSystemDisposedException;

    /**
     * Completes the cumulative values of a series at the given times. Does nothing by default.
     *
     * @param ss
     *            the state system
     * @param quark
     *            the series' attribute
     * @param times
     *            the sorted times
     * @param values
     *            its cumulative value at each time, to complete in place
     * @throws StateSystemDisposedException
     *             when the state system was closed meanwhile
     */
    protected void complete(ITmfStateSystem ss, int quark, long[] times, long[] values) throws StateSystemDisposedException {
        // values as the state system has them
    }

    /**
     * @param perSecond
     *            a rate per second
     * @return what the chart shows for it; by default the rate itself
     */
    protected double scale(double perSecond) {
        return perSecond;
    }

    @Override
    public TmfModelResponse<TmfTreeModel<TmfTreeDataModel>> fetchTree(Map<String, Object> parameters, @Nullable IProgressMonitor monitor) {
        ITmfStateSystem ss = StateSystems.first(fModule);
        if (ss == null) {
            return new TmfModelResponse<>(null, Status.FAILED, FailureReporter.messageOf(fModule));
        }
        boolean complete = ss.waitUntilBuilt(0);
        Tree tree = new Tree();
        tree.fEntries.add(new TmfTreeDataModel(fRootId, -1, List.of(fTrace.getName())));
        try {
            synchronized (fIdsByQuark) {
                addEntries(ss, tree);
            }
        } catch (StateSystemDisposedException e) {
            return new TmfModelResponse<>(null, Status.FAILED, CommonStatusMessage.STATE_SYSTEM_FAILED);
        }
        return new TmfModelResponse<>(new TmfTreeModel<>(Collections.emptyList(), tree.fEntries),
                complete ? Status.COMPLETED : Status.RUNNING, complete ? CommonStatusMessage.COMPLETED : CommonStatusMessage.RUNNING);
    }

    private long entryId(int quark) {
        return fIdsByQuark.computeIfAbsent(quark, q -> {
            long id = ENTRY_IDS.getAndIncrement();
            fQuarksById.put(id, q);
            return id;
        });
    }

    @Override
    public TmfModelResponse<ITmfXyModel> fetchXY(Map<String, Object> parameters, @Nullable IProgressMonitor monitor) {
        ITmfStateSystem ss = StateSystems.first(fModule);
        if (ss == null) {
            return new TmfModelResponse<>(null, Status.FAILED, FailureReporter.messageOf(fModule));
        }
        List<Long> requestedTimes = DataProviderParameterUtils.extractTimeRequested(parameters);
        List<Long> requestedItems = DataProviderParameterUtils.extractSelectedItems(parameters);
        if (requestedTimes == null || requestedTimes.size() < 2 || requestedItems == null) {
            return new TmfModelResponse<>(null, Status.FAILED, CommonStatusMessage.INCORRECT_QUERY_PARAMETERS);
        }
        boolean complete = ss.waitUntilBuilt(0);
        long[] xValues = requestedTimes.stream().mapToLong(Long::longValue).sorted().distinct().toArray();
        if (xValues.length < 2) {
            return new TmfModelResponse<>(null, Status.FAILED, CommonStatusMessage.INCORRECT_QUERY_PARAMETERS);
        }
        // One extra sample before the first x value, so that every x value gets the rate of the interval ending there.
        long[] times = new long[xValues.length + 1];
        times[0] = xValues[0] - (xValues[1] - xValues[0]);
        System.arraycopy(xValues, 0, times, 1, xValues.length);

        Map<Integer, String> series = new LinkedHashMap<>();
        synchronized (fIdsByQuark) {
            for (Long id : requestedItems) {
                Integer quark = fQuarksById.get(id);
                if (quark != null && fSeries.contains(quark)) {
                    series.put(quark, ss.getFullAttributePath(quark));
                }
            }
        }
        try {
            Map<Integer, long[]> values = valuesAt(ss, series.keySet(), times, monitor);
            if (values == null) {
                return new TmfModelResponse<>(null, Status.CANCELLED, CommonStatusMessage.TASK_CANCELLED);
            }
            List<IYModel> yModels = new ArrayList<>();
            for (Map.Entry<Integer, String> entry : series.entrySet()) {
                long[] cumulative = Objects.requireNonNull(values.get(entry.getKey()));
                complete(ss, entry.getKey(), times, cumulative);
                double[] rates = Rates.perSecond(times, cumulative);
                for (int i = 0; i < rates.length; i++) {
                    rates[i] = scale(rates[i]);
                }
                yModels.add(new YModel(fIdsByQuark.get(entry.getKey()), entry.getValue(), rates, fAxis));
            }
            ITmfXyModel model = new TmfCommonXAxisModel(fTitle, xValues, yModels);
            return new TmfModelResponse<>(model, complete ? Status.COMPLETED : Status.RUNNING,
                    complete ? CommonStatusMessage.COMPLETED : CommonStatusMessage.RUNNING);
        } catch (StateSystemDisposedException e) {
            return new TmfModelResponse<>(null, Status.FAILED, CommonStatusMessage.STATE_SYSTEM_FAILED);
        }
    }

    /**
     * The cumulative value of each quark at each (sorted) time: 0 before it is first set, the last value after
     * the end of the state system. Null when cancelled.
     */
    private static @Nullable Map<Integer, long[]> valuesAt(ITmfStateSystem ss, Collection<Integer> quarks, long[] times,
            @Nullable IProgressMonitor monitor) throws StateSystemDisposedException {
        long start = ss.getStartTime();
        long end = ss.getCurrentEndTime();
        Map<Integer, long[]> values = new HashMap<>();
        List<Long> inRange = new ArrayList<>();
        for (long time : times) {
            if (time >= start && time <= end) {
                inRange.add(time);
            }
        }
        for (int quark : quarks) {
            long[] series = new long[times.length];
            long last = ss.querySingleState(end, quark).getValue() instanceof Long value ? value : 0;
            for (int i = 0; i < times.length; i++) {
                series[i] = times[i] > end ? last : 0;
            }
            values.put(quark, series);
        }
        if (quarks.isEmpty() || inRange.isEmpty()) {
            return values;
        }
        for (ITmfStateInterval interval : ss.query2D(quarks, inRange)) {
            if (monitor != null && monitor.isCanceled()) {
                return null;
            }
            if (!(interval.getValue() instanceof Long value)) {
                continue;
            }
            long[] series = Objects.requireNonNull(values.get(interval.getAttribute()));
            int from = lowerBound(times, interval.getStartTime());
            for (int i = from; i < times.length && times[i] <= interval.getEndTime(); i++) {
                series[i] = value;
            }
        }
        return values;
    }

    private static int lowerBound(long[] sorted, long key) {
        int index = Arrays.binarySearch(sorted, key);
        return index >= 0 ? index : -index - 1;
    }
}
