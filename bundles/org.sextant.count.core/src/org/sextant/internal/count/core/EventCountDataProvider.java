// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.count.core;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;

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
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.count.core.EventCountAnalysisModule;
import org.sextant.count.model.Rates;

/**
 * Serves the event count state system as a tree (trace, Total, CPUs, event types) and as XY series of events
 * per second: each point covers the interval since the previous requested time.
 */
public class EventCountDataProvider implements ITmfTreeXYDataProvider<TmfTreeDataModel> {

    /** The data provider id, as registered in plugin.xml. */
    public static final String ID = "org.sextant.count.core.dataprovider"; //$NON-NLS-1$

    /** Entry ids are unique across providers, so that a view showing several traces can tell them apart. */
    private static final AtomicLong ENTRY_IDS = new AtomicLong();

    private final ITmfTrace fTrace;
    private final EventCountAnalysisModule fModule;
    private final long fRootId = ENTRY_IDS.getAndIncrement();
    private final Map<Integer, Long> fIdsByQuark = new HashMap<>();
    private final Map<Long, Integer> fQuarksById = new HashMap<>();

    /**
     * Creates the provider for a trace and its (scheduled) event count module.
     *
     * @param trace
     *            the trace
     * @param module
     *            its event count analysis
     */
    public EventCountDataProvider(ITmfTrace trace, EventCountAnalysisModule module) {
        fTrace = trace;
        fModule = module;
    }

    @Override
    public String getId() {
        return ID;
    }

    @Override
    public TmfModelResponse<TmfTreeModel<TmfTreeDataModel>> fetchTree(Map<String, Object> parameters, @Nullable IProgressMonitor monitor) {
        ITmfStateSystem ss = stateSystem();
        if (ss == null) {
            return new TmfModelResponse<>(null, Status.FAILED, CommonStatusMessage.ANALYSIS_INITIALIZATION_FAILED);
        }
        boolean complete = ss.waitUntilBuilt(0);
        List<TmfTreeDataModel> entries = new ArrayList<>();
        entries.add(new TmfTreeDataModel(fRootId, -1, List.of(fTrace.getName())));
        synchronized (fIdsByQuark) {
            int total = ss.optQuarkAbsolute(CountAttributes.TOTAL);
            if (total != ITmfStateSystem.INVALID_ATTRIBUTE) {
                entries.add(new TmfTreeDataModel(entryId(total), fRootId, List.of(Messages.EventCount_Total)));
            }
            addGroup(ss, CountAttributes.CPUS, Messages.EventCount_Cpus, Messages.EventCount_Cpu, entries);
            addGroup(ss, CountAttributes.EVENT_TYPES, Messages.EventCount_EventTypes, "{0}", entries); //$NON-NLS-1$
        }
        return new TmfModelResponse<>(new TmfTreeModel<>(Collections.emptyList(), entries),
                complete ? Status.COMPLETED : Status.RUNNING, complete ? CommonStatusMessage.COMPLETED : CommonStatusMessage.RUNNING);
    }

    private void addGroup(ITmfStateSystem ss, String attribute, String label, String childLabel, List<TmfTreeDataModel> entries) {
        int group = ss.optQuarkAbsolute(attribute);
        if (group == ITmfStateSystem.INVALID_ATTRIBUTE) {
            return;
        }
        long groupId = entryId(group);
        entries.add(new TmfTreeDataModel(groupId, fRootId, List.of(label)));
        List<Integer> children = new ArrayList<>(ss.getSubAttributes(group, false));
        children.sort((a, b) -> compareNames(ss.getAttributeName(a), ss.getAttributeName(b)));
        for (int child : children) {
            String name = java.text.MessageFormat.format(childLabel, ss.getAttributeName(child));
            entries.add(new TmfTreeDataModel(entryId(child), groupId, List.of(Objects.requireNonNull(name))));
        }
    }

    /** CPU numbers sort numerically, event names alphabetically. */
    private static int compareNames(String a, String b) {
        if (a.chars().allMatch(Character::isDigit) && b.chars().allMatch(Character::isDigit)) {
            return Long.compare(Long.parseLong(a), Long.parseLong(b));
        }
        return a.compareTo(b);
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
        ITmfStateSystem ss = stateSystem();
        if (ss == null) {
            return new TmfModelResponse<>(null, Status.FAILED, CommonStatusMessage.ANALYSIS_INITIALIZATION_FAILED);
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
                if (quark != null && ss.getSubAttributes(quark, false).isEmpty()) {
                    series.put(quark, ss.getFullAttributePath(quark));
                }
            }
        }
        try {
            Map<Integer, long[]> counts = countsAt(ss, series.keySet(), times, monitor);
            if (counts == null) {
                return new TmfModelResponse<>(null, Status.CANCELLED, CommonStatusMessage.TASK_CANCELLED);
            }
            TmfXYAxisDescription axis = new TmfXYAxisDescription(Messages.EventCount_RateAxis, Messages.EventCount_RateUnit);
            List<IYModel> yModels = new ArrayList<>();
            series.forEach((quark, name) -> yModels.add(new YModel(fIdsByQuark.get(quark), name,
                    Rates.perSecond(times, Objects.requireNonNull(counts.get(quark))), axis)));
            ITmfXyModel model = new TmfCommonXAxisModel(Messages.EventCount_Title, xValues, yModels);
            return new TmfModelResponse<>(model, complete ? Status.COMPLETED : Status.RUNNING,
                    complete ? CommonStatusMessage.COMPLETED : CommonStatusMessage.RUNNING);
        } catch (StateSystemDisposedException e) {
            return new TmfModelResponse<>(null, Status.FAILED, CommonStatusMessage.STATE_SYSTEM_FAILED);
        }
    }

    /**
     * The cumulative count of each quark at each (sorted) time: 0 before the first event, the last count after
     * the end of the state system. Null when cancelled.
     */
    private static @Nullable Map<Integer, long[]> countsAt(ITmfStateSystem ss, Collection<Integer> quarks, long[] times,
            @Nullable IProgressMonitor monitor) throws StateSystemDisposedException {
        long start = ss.getStartTime();
        long end = ss.getCurrentEndTime();
        Map<Integer, long[]> counts = new HashMap<>();
        List<Long> inRange = new ArrayList<>();
        for (long time : times) {
            if (time >= start && time <= end) {
                inRange.add(time);
            }
        }
        for (int quark : quarks) {
            long[] values = new long[times.length];
            long last = ss.querySingleState(end, quark).getValue() instanceof Long count ? count : 0;
            for (int i = 0; i < times.length; i++) {
                values[i] = times[i] > end ? last : 0;
            }
            counts.put(quark, values);
        }
        if (quarks.isEmpty() || inRange.isEmpty()) {
            return counts;
        }
        for (ITmfStateInterval interval : ss.query2D(quarks, inRange)) {
            if (monitor != null && monitor.isCanceled()) {
                return null;
            }
            Object value = interval.getValue();
            if (!(value instanceof Long)) {
                continue;
            }
            long[] values = Objects.requireNonNull(counts.get(interval.getAttribute()));
            int from = lowerBound(times, interval.getStartTime());
            for (int i = from; i < times.length && times[i] <= interval.getEndTime(); i++) {
                values[i] = (Long) value;
            }
        }
        return counts;
    }

    private static int lowerBound(long[] sorted, long key) {
        int index = Arrays.binarySearch(sorted, key);
        return index >= 0 ? index : -index - 1;
    }

    private @Nullable ITmfStateSystem stateSystem() {
        if (!fModule.waitForInitialization()) {
            return null;
        }
        return fModule.getStateSystem();
    }
}
