// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.spans.core;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
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
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphArrow;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphEntryModel;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphModel;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphRowModel;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphState;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse.Status;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.redis.core.RedisConnectionKey;
import org.sextant.spans.core.SpansAnalysisModule;
import org.sextant.spans.model.SpanGraph;

/**
 * A time graph drawn from the linked spans rather than a state system: the subclass lays out, once the span
 * analysis completed, its entries, the bars of each row (with their tooltips) and the arrows; fetches then
 * answer from that layout. A row's bars never overlap (the subclass puts overlapping spans on separate lanes),
 * so a row answers the bars that meet the requested range. A bar's state, and an entry, name in their metadata the
 * Redis connections they used ({@link RedisConnectionKey}), which lead from a span to the Redis views' rows.
 */
abstract class GraphTimeGraphDataProvider implements ITimeGraphDataProvider<TimeGraphEntryModel>, IOutputStyleProvider {

    /** The root entry's id. */
    protected static final long ROOT = 0;

    private final ITmfTrace fTrace;
    private final SpansAnalysisModule fModule;
    private final String fId;
    private final Map<String, OutputElementStyle> fStyles;
    private final Map<String, Integer> fIndexes = new HashMap<>();
    private final List<OutputElementStyle> fStyleList;
    private volatile @Nullable Layout fLayout;

    /** A bar of a row, with the keys of the Redis connections it used ({@link RedisConnectionKey}). */
    private record Bar(long start, long end, int style, String label, Map<String, String> tooltip, Collection<String> connections) {
    }

    /** What the subclass lays out: entries, bars and arrows. */
    protected final class Layout {
        private final List<TimeGraphEntryModel> fEntries = new ArrayList<>();
        private final Map<Long, List<Bar>> fRows = new HashMap<>();
        private final List<ITimeGraphArrow> fArrows = new ArrayList<>();
        private final long fStart;
        private final long fEnd;

        private Layout(long start, long end) {
            fStart = start;
            fEnd = end;
            fEntries.add(new TimeGraphEntryModel(ROOT, -1, fTrace.getName(), start, end, false));
        }

        /**
         * @param parent
         *            the parent entry's id
         * @param name
         *            the entry's name
         * @param bars
         *            whether it is a row with bars, or only groups rows
         * @return the new entry's id
         */
        public long entry(long parent, String name, boolean bars) {
            long id = fEntries.size();
            fEntries.add(new TimeGraphEntryModel(id, parent, name, fStart, fEnd, bars));
            return id;
        }

        /**
         * @param entry
         *            an entry's id
         * @param connections
         *            the keys of the Redis connections it shows or its bars used ({@link RedisConnectionKey})
         */
        public void tag(long entry, Collection<String> connections) {
            RedisConnectionKey.tag(fEntries.get((int) entry), connections);
        }

        /**
         * Adds a bar at the end of a row: bars come in start order and do not overlap.
         *
         * @param row
         *            the row's id
         * @param start
         *            nanoseconds
         * @param end
         *            nanoseconds
         * @param style
         *            its style's key
         * @param label
         *            its label
         * @param tooltip
         *            its tooltip's lines
         * @param connections
         *            the keys of the Redis connections it used ({@link RedisConnectionKey}), which its state names
         */
        public void bar(long row, long start, long end, String style, String label, Map<String, String> tooltip, Collection<String> connections) {
            fRows.computeIfAbsent(row, r -> new ArrayList<>())
                    .add(new Bar(start, Math.max(end, start + 1), index(style), label, tooltip, List.copyOf(connections)));
        }

        /**
         * @param from
         *            the source row
         * @param to
         *            the destination row
         * @param start
         *            when it leaves the source
         * @param end
         *            when it reaches the destination
         * @param style
         *            its style's key
         */
        public void arrow(long from, long to, long start, long end, String style) {
            fArrows.add(new TimeGraphArrow(from, to, start, Math.max(0, end - start), fStyles.get(style)));
        }
    }

    /**
     * @param trace
     *            the recording
     * @param module
     *            its span analysis, scheduled
     * @param id
     *            the provider's id
     * @param styles
     *            the styles of the bars and arrows, by key
     */
    protected GraphTimeGraphDataProvider(ITmfTrace trace, SpansAnalysisModule module, String id, Map<String, OutputElementStyle> styles) {
        fTrace = trace;
        fModule = module;
        fId = id;
        fStyles = Collections.unmodifiableMap(new LinkedHashMap<>(styles));
        fStyles.keySet().forEach(key -> fIndexes.put(key, fIndexes.size()));
        fStyleList = List.copyOf(fStyles.values());
    }

    /**
     * Lays the spans out.
     *
     * @param graph
     *            the linked spans
     * @param layout
     *            where the entries, bars and arrows go
     */
    protected abstract void layout(SpanGraph graph, Layout layout);

    /**
     * @param key
     *            a style's key
     * @param color
     *            its colour, "#RRGGBB"
     * @return a style of bars and arrows of that colour
     */
    protected static OutputElementStyle style(String key, String color) {
        return new OutputElementStyle(null, Map.of(StyleProperties.STYLE_NAME, key, StyleProperties.BACKGROUND_COLOR, color, StyleProperties.COLOR, color));
    }

    private int index(String style) {
        Integer index = fIndexes.get(style);
        if (index == null) {
            throw new IllegalArgumentException("no style " + style); //$NON-NLS-1$
        }
        return index;
    }

    /** @return the layout, made once the analysis completed; null while it runs, or when it failed */
    private @Nullable Layout layout(@Nullable IProgressMonitor monitor) {
        Layout layout = fLayout;
        if (layout == null && fModule.waitForCompletion(monitor != null ? monitor : new NullProgressMonitor())) {
            SpanGraph graph = fModule.getGraph();
            if (graph != null) {
                synchronized (this) {
                    layout = fLayout;
                    if (layout == null) {
                        layout = new Layout(fTrace.getStartTime().toNanos(), fTrace.getEndTime().toNanos());
                        layout(graph, layout);
                        fLayout = layout;
                    }
                }
            }
        }
        return layout;
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
        Layout layout = layout(monitor);
        if (layout == null) {
            return failed(monitor);
        }
        return new TmfModelResponse<>(new TmfTreeModel<>(List.of(Messages.TimeGraph_Name), layout.fEntries), Status.COMPLETED, CommonStatusMessage.COMPLETED);
    }

    @Override
    public TmfModelResponse<TimeGraphModel> fetchRowModel(Map<String, Object> parameters, @Nullable IProgressMonitor monitor) {
        Layout layout = layout(monitor);
        List<Long> times = DataProviderParameterUtils.extractTimeRequested(parameters);
        List<Long> items = DataProviderParameterUtils.extractSelectedItems(parameters);
        if (layout == null) {
            return failed(monitor);
        }
        if (times == null || times.isEmpty() || items == null) {
            return new TmfModelResponse<>(null, Status.FAILED, CommonStatusMessage.INCORRECT_QUERY_PARAMETERS);
        }
        long start = Collections.min(times);
        long end = Collections.max(times);
        List<ITimeGraphRowModel> rows = new ArrayList<>();
        for (long item : items) {
            List<ITimeGraphState> states = new ArrayList<>();
            for (Bar bar : layout.fRows.getOrDefault(item, List.of())) {
                if (bar.end() >= start && bar.start() <= end) {
                    TimeGraphState state = new TimeGraphState(bar.start(), bar.end() - bar.start(), bar.style(), bar.label(), fStyleList.get(bar.style()));
                    RedisConnectionKey.tag(state, bar.connections());
                    states.add(state);
                }
            }
            rows.add(new TimeGraphRowModel(item, states));
        }
        return new TmfModelResponse<>(new TimeGraphModel(rows), Status.COMPLETED, CommonStatusMessage.COMPLETED);
    }

    @Override
    public TmfModelResponse<Map<String, String>> fetchTooltip(Map<String, Object> parameters, @Nullable IProgressMonitor monitor) {
        Layout layout = layout(monitor);
        List<Long> times = DataProviderParameterUtils.extractTimeRequested(parameters);
        List<Long> items = DataProviderParameterUtils.extractSelectedItems(parameters);
        if (layout == null || times == null || times.isEmpty() || items == null || items.isEmpty()) {
            return new TmfModelResponse<>(null, Status.FAILED, CommonStatusMessage.INCORRECT_QUERY_PARAMETERS);
        }
        long time = times.get(0);
        for (Bar bar : layout.fRows.getOrDefault(items.get(0), List.of())) {
            if (bar.start() <= time && time <= bar.end()) {
                return new TmfModelResponse<>(bar.tooltip(), Status.COMPLETED, CommonStatusMessage.COMPLETED);
            }
        }
        return new TmfModelResponse<>(Map.of(), Status.COMPLETED, CommonStatusMessage.COMPLETED);
    }

    @Override
    public TmfModelResponse<List<ITimeGraphArrow>> fetchArrows(Map<String, Object> parameters, @Nullable IProgressMonitor monitor) {
        Layout layout = layout(monitor);
        List<Long> times = DataProviderParameterUtils.extractTimeRequested(parameters);
        if (layout == null) {
            return failed(monitor);
        }
        if (times == null || times.isEmpty()) {
            return new TmfModelResponse<>(null, Status.FAILED, CommonStatusMessage.INCORRECT_QUERY_PARAMETERS);
        }
        long start = Collections.min(times);
        long end = Collections.max(times);
        List<ITimeGraphArrow> arrows = layout.fArrows.stream()
                .filter(arrow -> arrow.getStartTime() <= end && arrow.getStartTime() + arrow.getDuration() >= start).toList();
        return new TmfModelResponse<>(arrows, Status.COMPLETED, CommonStatusMessage.COMPLETED);
    }

    private <T> TmfModelResponse<T> failed(@Nullable IProgressMonitor monitor) {
        if (monitor != null && monitor.isCanceled()) {
            return new TmfModelResponse<>(null, Status.CANCELLED, CommonStatusMessage.TASK_CANCELLED);
        }
        return new TmfModelResponse<>(null, Status.FAILED, CommonStatusMessage.ANALYSIS_INITIALIZATION_FAILED);
    }
}
