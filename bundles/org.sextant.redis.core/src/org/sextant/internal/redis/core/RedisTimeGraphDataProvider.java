// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.redis.core;

import java.text.MessageFormat;
import java.util.ArrayList;
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
import org.eclipse.tracecompass.tmf.core.model.StyleProperties;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphArrow;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphDataProvider;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphRowModel;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphState;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphEntryModel;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphModel;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphRowModel;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphState;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse.Status;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.redis.core.RedisAnalysisModule;
import org.sextant.redis.model.Operation;
import org.sextant.redis.model.RedisTracker;

/**
 * The Redis time graphs: per node, one row per connection (Redis Netflow: the request life cycle READ CLIENT,
 * command, WRITE TO CLIENT, and bus reads and writes) or one row for the event loop and one per thread (Redis
 * Threads). Rows are attributes of the Redis state system, so an entry's id is its attribute's quark; states
 * are styled by {@link Operation}.
 *
 * <p>
 * Trace Compass 6.2 keeps its time graph data-provider base classes internal (they moved in 8.2); this
 * implements the public interfaces directly.
 * </p>
 */
public class RedisTimeGraphDataProvider implements ITimeGraphDataProvider<TimeGraphEntryModel>, IOutputStyleProvider {

    /** The rows a provider shows. */
    public enum Rows {
        /** One row per connection. */
        NETFLOW("org.sextant.redis.core.netflow"), //$NON-NLS-1$
        /** One row for the event loop and one per thread. */
        THREADS("org.sextant.redis.core.threads"); //$NON-NLS-1$

        private final String fId;

        Rows(String id) {
            fId = id;
        }

        /** @return the data provider id, as registered in plugin.xml */
        public String id() {
            return fId;
        }
    }

    /** The root entry's id; every other entry's id is its attribute's quark. */
    private static final long ROOT = Integer.MAX_VALUE;

    /** Styles by operation label, in {@link Operation} order. */
    private static final Map<String, OutputElementStyle> STYLES = new LinkedHashMap<>();
    private static final Map<Object, Integer> ORDINALS = new HashMap<>();

    static {
        style(Operation.WAITING, "#c8d2dc"); //$NON-NLS-1$
        style(Operation.READING, "#3c78d8"); //$NON-NLS-1$
        style(Operation.EXECUTING, "#e69138"); //$NON-NLS-1$
        style(Operation.WRITING, "#6aa84f"); //$NON-NLS-1$
        style(Operation.BUS_READING, "#8e7cc3"); //$NON-NLS-1$
        style(Operation.BUS_WRITING, "#c27ba0"); //$NON-NLS-1$
        style(Operation.IDLE, "#eeeeee"); //$NON-NLS-1$
    }

    private final ITmfTrace fTrace;
    private final RedisAnalysisModule fModule;
    private final Rows fRows;

    /**
     * @param trace
     *            the trace or experiment
     * @param module
     *            its Redis module, scheduled
     * @param rows
     *            which rows to show
     */
    public RedisTimeGraphDataProvider(ITmfTrace trace, RedisAnalysisModule module, Rows rows) {
        fTrace = trace;
        fModule = module;
        fRows = rows;
    }

    /** @return the style of each {@link Operation}, in order: a state's value is its operation's ordinal */
    public static List<Map<String, Object>> styles() {
        return STYLES.values().stream().map(OutputElementStyle::getStyleValues).toList();
    }

    private static void style(Operation operation, String color) {
        ORDINALS.put(operation.label(), operation.ordinal());
        STYLES.put(operation.label(), new OutputElementStyle(null, Map.of(StyleProperties.STYLE_NAME, operation.label(),
                StyleProperties.BACKGROUND_COLOR, color, StyleProperties.HEIGHT, operation == Operation.IDLE ? 0.3f : 1.0f)));
    }

    @Override
    public String getId() {
        return fRows.id();
    }

    @Override
    public TmfModelResponse<OutputStyleModel> fetchStyle(Map<String, Object> parameters, @Nullable IProgressMonitor monitor) {
        return new TmfModelResponse<>(new OutputStyleModel(STYLES), Status.COMPLETED, CommonStatusMessage.COMPLETED);
    }

    @Override
    public TmfModelResponse<TmfTreeModel<TimeGraphEntryModel>> fetchTree(Map<String, Object> parameters, @Nullable IProgressMonitor monitor) {
        fModule.waitForInitialization();
        ITmfStateSystem ss = fModule.getStateSystem(RedisAnalysisModule.ID);
        if (ss == null) {
            return new TmfModelResponse<>(null, Status.FAILED, CommonStatusMessage.ANALYSIS_INITIALIZATION_FAILED);
        }
        boolean complete = ss.waitUntilBuilt(0);
        long start = ss.getStartTime();
        long end = ss.getCurrentEndTime();
        List<TimeGraphEntryModel> entries = new ArrayList<>();
        entries.add(new TimeGraphEntryModel(ROOT, -1, fTrace.getName(), start, end, false));
        try {
            for (int node : ss.getQuarks(RedisTracker.NODES, "*")) { //$NON-NLS-1$
                entries.add(new TimeGraphEntryModel(node, ROOT, Nodes.label(ss, node), start, end, false));
                if (fRows == Rows.NETFLOW) {
                    addRows(ss, node, RedisTracker.CONNECTIONS, Messages.Netflow_Connection, entries);
                } else {
                    int loop = ss.optQuarkRelative(node, RedisTracker.EVENT_LOOP);
                    if (loop != ITmfStateSystem.INVALID_ATTRIBUTE) {
                        entries.add(new TimeGraphEntryModel(loop, node, Messages.Threads_EventLoop, start, end));
                    }
                    addRows(ss, node, RedisTracker.THREADS, Messages.Threads_Thread, entries);
                }
            }
        } catch (StateSystemDisposedException e) {
            return new TmfModelResponse<>(null, Status.FAILED, CommonStatusMessage.STATE_SYSTEM_FAILED);
        }
        return new TmfModelResponse<>(new TmfTreeModel<>(List.of(Messages.Netflow_Name), entries),
                complete ? Status.COMPLETED : Status.RUNNING, complete ? CommonStatusMessage.COMPLETED : CommonStatusMessage.RUNNING);
    }

    /** The attributes under {@code node/parent}, a row each, by number. */
    private static void addRows(ITmfStateSystem ss, int node, String parent, String label, List<TimeGraphEntryModel> entries) {
        int quark = ss.optQuarkRelative(node, parent);
        if (quark == ITmfStateSystem.INVALID_ATTRIBUTE) {
            return;
        }
        List<Integer> rows = new ArrayList<>(ss.getSubAttributes(quark, false));
        rows.sort(Comparator.comparingLong(row -> Long.parseLong(ss.getAttributeName(row))));
        for (int row : rows) {
            entries.add(new TimeGraphEntryModel(row, node, MessageFormat.format(label, ss.getAttributeName(row)), ss.getStartTime(),
                    ss.getCurrentEndTime()));
        }
    }

    @Override
    public TmfModelResponse<TimeGraphModel> fetchRowModel(Map<String, Object> parameters, @Nullable IProgressMonitor monitor) {
        ITmfStateSystem ss = fModule.getStateSystem(RedisAnalysisModule.ID);
        List<Long> times = DataProviderParameterUtils.extractTimeRequested(parameters);
        List<Long> items = DataProviderParameterUtils.extractSelectedItems(parameters);
        if (ss == null || times == null || times.isEmpty() || items == null) {
            return new TmfModelResponse<>(null, Status.FAILED, CommonStatusMessage.INCORRECT_QUERY_PARAMETERS);
        }
        // the states at the requested times (one per pixel of the view): zoomed out, a row needs no more
        List<Long> sampled = times.stream().filter(t -> t >= ss.getStartTime() && t <= ss.getCurrentEndTime()).toList();
        Map<Integer, List<ITimeGraphState>> states = new HashMap<>();
        for (long item : items) {
            if (item >= 0 && item < ss.getNbAttributes()) {
                states.put((int) item, new ArrayList<>());
            }
        }
        try {
            if (!states.isEmpty() && !sampled.isEmpty()) {
                for (ITmfStateInterval interval : ss.query2D(states.keySet(), sampled)) {
                    Object value = interval.getValue();
                    OutputElementStyle style = value instanceof String operation ? STYLES.get(operation) : null;
                    if (style != null) {
                        states.get(interval.getAttribute()).add(new TimeGraphState(interval.getStartTime(),
                                interval.getEndTime() - interval.getStartTime() + 1, ORDINALS.get(value), null, style));
                    }
                }
            }
        } catch (StateSystemDisposedException | IndexOutOfBoundsException e) {
            return new TmfModelResponse<>(null, Status.FAILED, CommonStatusMessage.STATE_SYSTEM_FAILED);
        }
        List<ITimeGraphRowModel> rows = new ArrayList<>();
        states.forEach((quark, row) -> {
            row.sort(Comparator.comparingLong(ITimeGraphState::getStartTime));
            rows.add(new TimeGraphRowModel(quark, row));
        });
        return new TmfModelResponse<>(new TimeGraphModel(rows), Status.COMPLETED, CommonStatusMessage.COMPLETED);
    }

    @Override
    public TmfModelResponse<Map<String, String>> fetchTooltip(Map<String, Object> parameters, @Nullable IProgressMonitor monitor) {
        ITmfStateSystem ss = fModule.getStateSystem(RedisAnalysisModule.ID);
        List<Long> times = DataProviderParameterUtils.extractTimeRequested(parameters);
        List<Long> items = DataProviderParameterUtils.extractSelectedItems(parameters);
        if (ss == null || times == null || times.isEmpty() || items == null || items.isEmpty()) {
            return new TmfModelResponse<>(null, Status.FAILED, CommonStatusMessage.INCORRECT_QUERY_PARAMETERS);
        }
        long item = items.get(0);
        long time = times.get(0);
        Map<String, String> tooltip = new LinkedHashMap<>();
        if (item >= 0 && item < ss.getNbAttributes() && time >= ss.getStartTime() && time <= ss.getCurrentEndTime()) {
            try {
                for (int child : ss.getSubAttributes((int) item, false)) {
                    Object value = ss.querySingleState(time, child).getValue();
                    if (value != null && ss.getSubAttributes(child, false).isEmpty()) {
                        tooltip.put(ss.getAttributeName(child), String.valueOf(value));
                    }
                }
            } catch (StateSystemDisposedException e) {
                return new TmfModelResponse<>(null, Status.FAILED, CommonStatusMessage.STATE_SYSTEM_FAILED);
            }
        }
        return new TmfModelResponse<>(tooltip, Status.COMPLETED, CommonStatusMessage.COMPLETED);
    }

    @Override
    public TmfModelResponse<List<ITimeGraphArrow>> fetchArrows(Map<String, Object> parameters, @Nullable IProgressMonitor monitor) {
        return new TmfModelResponse<>(List.of(), Status.COMPLETED, CommonStatusMessage.COMPLETED);
    }
}
