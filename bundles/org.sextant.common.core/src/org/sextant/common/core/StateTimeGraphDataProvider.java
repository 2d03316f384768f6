// SPDX-License-Identifier: EPL-2.0
package org.sextant.common.core;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.exceptions.StateSystemDisposedException;
import org.eclipse.tracecompass.statesystem.core.interval.ITmfStateInterval;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.model.CommonStatusMessage;
import org.eclipse.tracecompass.tmf.core.model.IOutputStyleProvider;
import org.eclipse.tracecompass.tmf.core.model.OutputElementStyle;
import org.eclipse.tracecompass.tmf.core.model.OutputStyleModel;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphArrow;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphDataProvider;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphRowModel;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphState;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphEntryModel;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphModel;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphRowModel;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse.Status;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.statesystem.ITmfAnalysisModuleWithStateSystems;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;

/**
 * A time graph whose rows are attributes of an analysis's (first) state system: an entry's id is its attribute's
 * quark, the trace's entry is the root. A row's states are the attribute's intervals at the requested times (one
 * per pixel of the view: zoomed out, a row needs no more), each turned into a styled state by the subclass; the
 * styles are declared once, in {@link #fetchStyle}, a state's value being its style's index there. Subclasses
 * choose the entries, the states, and may give tooltips and arrows.
 *
 * <p>
 * Trace Compass 6.2 keeps its time-graph data-provider base classes internal (they moved in 8.2); this
 * implements the public interfaces directly, so a port to a later Trace Compass touches no internal API.
 * </p>
 */
public abstract class StateTimeGraphDataProvider implements ITimeGraphDataProvider<TimeGraphEntryModel>, IOutputStyleProvider {

    /** The root entry's id, beyond any quark. */
    protected static final long ROOT = Integer.MAX_VALUE;

    private final ITmfTrace fTrace;
    private final ITmfAnalysisModuleWithStateSystems fModule;
    private final String fId;
    private final String fNameColumn;
    private final Map<String, OutputElementStyle> fStyles;
    private final Map<String, Integer> fIndexes = new HashMap<>();

    /** Where subclasses put the tree's entries, under the trace's root entry. */
    protected final class Entries {
        private final List<TimeGraphEntryModel> fEntries = new ArrayList<>();
        private final long fStart;
        private final long fEnd;

        private Entries(long start, long end) {
            fStart = start;
            fEnd = end;
        }

        /**
         * Adds an attribute's row.
         *
         * @param quark
         *            the attribute whose states the row shows; also the entry's id
         * @param parent
         *            the parent entry's id: {@link #ROOT} or another attribute's
         * @param label
         *            the row's name
         * @return the row's entry, whose metadata the caller may fill
         */
        public TimeGraphEntryModel row(int quark, long parent, String label) {
            TimeGraphEntryModel row = new TimeGraphEntryModel(quark, parent, label, fStart, fEnd);
            fEntries.add(row);
            return row;
        }

        /**
         * Adds an entry that only groups rows.
         *
         * @param quark
         *            an attribute, the entry's id
         * @param parent
         *            the parent entry's id
         * @param label
         *            the group's name
         */
        public void group(int quark, long parent, String label) {
            fEntries.add(new TimeGraphEntryModel(quark, parent, label, fStart, fEnd, false));
        }
    }

    /** Turns the intervals of one fetch into states. */
    @FunctionalInterface
    protected interface States {
        /**
         * @param interval
         *            an interval of a requested row's attribute
         * @return its state, or null to draw nothing there
         */
        @Nullable
        ITimeGraphState of(ITmfStateInterval interval);
    }

    /**
     * @param trace
     *            the trace or experiment
     * @param module
     *            the analysis module whose (first) state system is drawn; scheduled by the caller
     * @param id
     *            the data provider id
     * @param nameColumn
     *            the title of the tree's name column
     * @param styles
     *            the styles of the states, by key, in the order their indexes (a state's value) count
     */
    protected StateTimeGraphDataProvider(ITmfTrace trace, ITmfAnalysisModuleWithStateSystems module, String id, String nameColumn,
            Map<String, OutputElementStyle> styles) {
        fTrace = trace;
        fModule = module;
        fId = id;
        fNameColumn = nameColumn;
        fStyles = Collections.unmodifiableMap(new LinkedHashMap<>(styles));
        fStyles.keySet().forEach(key -> fIndexes.put(key, fIndexes.size()));
    }

    /**
     * Adds the entries below the root.
     *
     * @param ss
     *            the state system, maybe still being built
     * @param entries
     *            where they go
     * @throws StateSystemDisposedException
     *             when the state system was closed meanwhile
     */
    protected abstract void addEntries(ITmfStateSystem ss, Entries entries) throws StateSystemDisposedException;

    /**
     * @param ss
     *            the state system
     * @return how this fetch turns intervals into states (the place to read, once, what every state's label needs)
     * @throws StateSystemDisposedException
     *             when the state system was closed meanwhile
     */
    protected abstract States states(ITmfStateSystem ss) throws StateSystemDisposedException;

    /**
     * The tooltip of a row at a time; by default, the values of the row's attribute's children that have none of
     * their own, by name.
     *
     * @param ss
     *            the state system
     * @param quark
     *            the row's attribute
     * @param time
     *            within the state system's range
     * @return the tooltip's lines, by name
     * @throws StateSystemDisposedException
     *             when the state system was closed meanwhile
     */
    protected Map<String, String> tooltip(ITmfStateSystem ss, int quark, long time) throws StateSystemDisposedException {
        Map<String, String> tooltip = new LinkedHashMap<>();
        for (int child : ss.getSubAttributes(quark, false)) {
            Object value = ss.querySingleState(time, child).getValue();
            if (value != null && ss.getSubAttributes(child, false).isEmpty()) {
                tooltip.put(ss.getAttributeName(child), String.valueOf(value));
            }
        }
        return tooltip;
    }

    /**
     * The arrows between rows over a time range; none by default.
     *
     * @param ss
     *            the state system
     * @param start
     *            the range's start, within the state system's range
     * @param end
     *            the range's end, within it
     * @param monitor
     *            to check for cancellation, or null
     * @return the arrows, from and to entry ids
     * @throws StateSystemDisposedException
     *             when the state system was closed meanwhile
     */
    protected List<ITimeGraphArrow> arrows(ITmfStateSystem ss, long start, long end, @Nullable IProgressMonitor monitor) throws StateSystemDisposedException {
        return List.of();
    }

    /**
     * @param key
     *            a style's key, as given to the constructor
     * @return its index: the value of the states drawn with it
     */
    protected int index(String key) {
        Integer index = fIndexes.get(key);
        if (index == null) {
            throw new IllegalArgumentException("no style " + key); //$NON-NLS-1$
        }
        return index;
    }

    /**
     * @param key
     *            a style's key, as given to the constructor
     * @return the style
     */
    protected OutputElementStyle style(String key) {
        OutputElementStyle style = fStyles.get(key);
        if (style == null) {
            throw new IllegalArgumentException("no style " + key); //$NON-NLS-1$
        }
        return style;
    }

    @Override
    public String getId() {
        return fId;
    }

    @Override
    public TmfModelResponse<OutputStyleModel> fetchStyle(Map<String, Object> parameters, @Nullable IProgressMonitor monitor) {
        return new TmfModelResponse<>(new OutputStyleModel(fStyles), Status.COMPLETED, CommonStatusMessage.COMPLETED);
    }

    @Override
    public TmfModelResponse<TmfTreeModel<TimeGraphEntryModel>> fetchTree(Map<String, Object> parameters, @Nullable IProgressMonitor monitor) {
        ITmfStateSystem ss = StateSystems.first(fModule);
        if (ss == null) {
            return new TmfModelResponse<>(null, Status.FAILED, FailureReporter.messageOf(fModule));
        }
        boolean complete = ss.waitUntilBuilt(0);
        Entries entries = new Entries(ss.getStartTime(), ss.getCurrentEndTime());
        entries.fEntries.add(new TimeGraphEntryModel(ROOT, -1, fTrace.getName(), entries.fStart, entries.fEnd, false));
        try {
            addEntries(ss, entries);
        } catch (StateSystemDisposedException e) {
            return new TmfModelResponse<>(null, Status.FAILED, CommonStatusMessage.STATE_SYSTEM_FAILED);
        }
        return new TmfModelResponse<>(new TmfTreeModel<>(List.of(fNameColumn), entries.fEntries), complete ? Status.COMPLETED : Status.RUNNING,
                complete ? CommonStatusMessage.COMPLETED : CommonStatusMessage.RUNNING);
    }

    @Override
    public TmfModelResponse<TimeGraphModel> fetchRowModel(Map<String, Object> parameters, @Nullable IProgressMonitor monitor) {
        ITmfStateSystem ss = StateSystems.first(fModule);
        List<Long> times = DataProviderParameterUtils.extractTimeRequested(parameters);
        List<Long> items = DataProviderParameterUtils.extractSelectedItems(parameters);
        if (ss == null || times == null || times.isEmpty() || items == null) {
            return new TmfModelResponse<>(null, Status.FAILED, CommonStatusMessage.INCORRECT_QUERY_PARAMETERS);
        }
        List<Long> sampled = times.stream().filter(t -> t >= ss.getStartTime() && t <= ss.getCurrentEndTime()).toList();
        Map<Integer, List<ITimeGraphState>> rows = new HashMap<>();
        for (long item : items) {
            if (item >= 0 && item < ss.getNbAttributes()) {
                rows.put((int) item, new ArrayList<>());
            }
        }
        try {
            if (!rows.isEmpty() && !sampled.isEmpty()) {
                States states = states(ss);
                for (ITmfStateInterval interval : ss.query2D(rows.keySet(), sampled)) {
                    ITimeGraphState state = states.of(interval);
                    if (state != null) {
                        rows.get(interval.getAttribute()).add(state);
                    }
                }
            }
        } catch (StateSystemDisposedException | IndexOutOfBoundsException e) {
            return new TmfModelResponse<>(null, Status.FAILED, CommonStatusMessage.STATE_SYSTEM_FAILED);
        }
        List<ITimeGraphRowModel> models = new ArrayList<>();
        rows.forEach((quark, row) -> {
            row.sort(Comparator.comparingLong(ITimeGraphState::getStartTime));
            models.add(new TimeGraphRowModel(quark, row));
        });
        return new TmfModelResponse<>(new TimeGraphModel(models), Status.COMPLETED, CommonStatusMessage.COMPLETED);
    }

    @Override
    public TmfModelResponse<Map<String, String>> fetchTooltip(Map<String, Object> parameters, @Nullable IProgressMonitor monitor) {
        ITmfStateSystem ss = StateSystems.first(fModule);
        List<Long> times = DataProviderParameterUtils.extractTimeRequested(parameters);
        List<Long> items = DataProviderParameterUtils.extractSelectedItems(parameters);
        if (ss == null || times == null || times.isEmpty() || items == null || items.isEmpty()) {
            return new TmfModelResponse<>(null, Status.FAILED, CommonStatusMessage.INCORRECT_QUERY_PARAMETERS);
        }
        long item = items.get(0);
        long time = times.get(0);
        Map<String, String> tooltip = Map.of();
        if (item >= 0 && item < ss.getNbAttributes() && time >= ss.getStartTime() && time <= ss.getCurrentEndTime()) {
            try {
                tooltip = tooltip(ss, (int) item, time);
            } catch (StateSystemDisposedException e) {
                return new TmfModelResponse<>(null, Status.FAILED, CommonStatusMessage.STATE_SYSTEM_FAILED);
            }
        }
        return new TmfModelResponse<>(tooltip, Status.COMPLETED, CommonStatusMessage.COMPLETED);
    }

    @Override
    public TmfModelResponse<List<ITimeGraphArrow>> fetchArrows(Map<String, Object> parameters, @Nullable IProgressMonitor monitor) {
        ITmfStateSystem ss = StateSystems.first(fModule);
        List<Long> times = DataProviderParameterUtils.extractTimeRequested(parameters);
        if (ss == null || times == null || times.isEmpty()) {
            return new TmfModelResponse<>(null, Status.FAILED, CommonStatusMessage.INCORRECT_QUERY_PARAMETERS);
        }
        // the view asks for its window's bounds or for every pixel's time: the arrows of the range either way
        long start = Math.max(ss.getStartTime(), Collections.min(times));
        long end = Math.min(ss.getCurrentEndTime(), Collections.max(times));
        if (start > end) {
            return new TmfModelResponse<>(List.of(), Status.COMPLETED, CommonStatusMessage.COMPLETED);
        }
        try {
            return new TmfModelResponse<>(arrows(ss, start, end, monitor), Status.COMPLETED, CommonStatusMessage.COMPLETED);
        } catch (StateSystemDisposedException e) {
            return new TmfModelResponse<>(null, Status.FAILED, CommonStatusMessage.STATE_SYSTEM_FAILED);
        }
    }
}
