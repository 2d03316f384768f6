// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.server.core;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.internal.provisional.tmf.core.model.annotations.Annotation;
import org.eclipse.tracecompass.internal.provisional.tmf.core.model.table.ITmfVirtualTableModel;
import org.eclipse.tracecompass.internal.provisional.tmf.core.model.table.IVirtualTableLine;
import org.eclipse.tracecompass.internal.provisional.tmf.core.model.table.VirtualTableCell;
import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderDescriptor;
import org.eclipse.tracecompass.tmf.core.model.ITableColumnDescriptor;
import org.eclipse.tracecompass.tmf.core.model.OutputElementStyle;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphArrow;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphEntryModel;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphRowModel;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphState;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphModel;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.model.xy.ISeriesModel;
import org.eclipse.tracecompass.tmf.core.model.xy.ITmfXyModel;
import org.eclipse.tracecompass.tmf.core.model.xy.TmfXYAxisDescription;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.experiment.TmfExperiment;
import org.sextant.internal.server.core.Workspace.Experiment;
import org.sextant.internal.server.core.Workspace.TraceEntry;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;

/**
 * The JSON shapes of API.yaml (TSP 0.6), written from Trace Compass's models field by field, so that every
 * required field is there and nothing else is: {@code Trace}, {@code Experiment}, {@code DataProvider},
 * {@code GenericResponse} around tree, XY, time-graph, table and annotation models.
 */
final class Models {

    private static final String MODEL = "model"; //$NON-NLS-1$

    private Models() {
    }

    /**
     * @param trace
     *            a trace as added
     * @param holder
     *            the open experiment that holds it, or null: then it is {@code CLOSED}, with no times or events
     * @return a {@code Trace}
     */
    static JsonObject trace(TraceEntry trace, @Nullable Experiment holder) {
        JsonObject json = new JsonObject();
        json.addProperty("name", trace.name()); //$NON-NLS-1$
        json.addProperty("UUID", trace.uuid().toString()); //$NON-NLS-1$
        json.addProperty("path", trace.path().toString()); //$NON-NLS-1$
        ITmfTrace open = holder == null ? null : member(holder.host(), trace);
        span(json, open, holder != null && holder.indexed());
        JsonObject properties = new JsonObject();
        properties.addProperty("type", trace.typeLabel()); //$NON-NLS-1$
        properties.addProperty("typeId", trace.typeId()); //$NON-NLS-1$
        json.add("properties", properties); //$NON-NLS-1$
        return json;
    }

    /**
     * @param experiment
     *            an open experiment
     * @return an {@code Experiment}
     */
    static JsonObject experiment(Experiment experiment) {
        JsonObject json = new JsonObject();
        json.addProperty("name", experiment.name()); //$NON-NLS-1$
        json.addProperty("UUID", experiment.uuid().toString()); //$NON-NLS-1$
        span(json, experiment.host(), experiment.indexed());
        json.add("traces", array(experiment.traces(), trace -> trace(trace, experiment))); //$NON-NLS-1$
        return json;
    }

    /** The trace's instance in the experiment: the host itself, or the member opened from the same path. */
    private static @Nullable ITmfTrace member(ITmfTrace host, TraceEntry trace) {
        if (host instanceof TmfExperiment experiment) {
            return experiment.getTraces().stream().filter(t -> trace.path().toString().equals(t.getPath())).findFirst().orElse(null);
        }
        return host;
    }

    /** Start, end, events and indexing status; a trace with no events yet has no times, so they are 0. */
    private static void span(JsonObject json, @Nullable ITmfTrace trace, boolean indexed) {
        long events = trace == null ? 0 : trace.getNbEvents();
        long start = events > 0 ? trace.getStartTime().toNanos() : 0;
        long end = events > 0 ? trace.getEndTime().toNanos() : 0;
        json.addProperty("start", Math.max(0, start)); //$NON-NLS-1$
        json.addProperty("end", Math.max(0, end)); //$NON-NLS-1$
        json.addProperty("nbEvents", events); //$NON-NLS-1$
        json.addProperty("indexingStatus", trace == null ? "CLOSED" : indexed ? "COMPLETED" : "RUNNING"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
    }

    /**
     * @param descriptor
     *            a data provider's descriptor
     * @return a {@code DataProvider}
     */
    static JsonObject output(IDataProviderDescriptor descriptor) {
        JsonObject json = new JsonObject();
        json.addProperty("id", descriptor.getId()); //$NON-NLS-1$
        json.addProperty("name", descriptor.getName()); //$NON-NLS-1$
        json.addProperty("description", descriptor.getDescription()); //$NON-NLS-1$
        json.addProperty("type", descriptor.getType().name()); //$NON-NLS-1$
        return json;
    }

    /**
     * A {@code GenericResponse}: the provider's status and message, and its model when there is one.
     *
     * @param response
     *            a data provider's response
     * @param model
     *            how its model is written
     * @return the response
     */
    static <T> JsonObject response(TmfModelResponse<T> response, Function<? super T, JsonElement> model) {
        JsonObject json = new JsonObject();
        json.addProperty("status", response.getStatus().name()); //$NON-NLS-1$
        String message = response.getStatusMessage();
        json.addProperty("statusMessage", message == null ? "" : message); //$NON-NLS-1$ //$NON-NLS-2$
        T value = response.getModel();
        if (value != null) {
            json.add(MODEL, model.apply(value));
        }
        return json;
    }

    /**
     * @param message
     *            why the fetch failed
     * @return a {@code GenericResponse} with status {@code FAILED} and no model
     */
    static JsonObject failed(String message) {
        JsonObject json = new JsonObject();
        json.addProperty("status", "FAILED"); //$NON-NLS-1$ //$NON-NLS-2$
        json.addProperty("statusMessage", message); //$NON-NLS-1$
        return json;
    }

    /**
     * @param model
     *            a completed answer's model
     * @return a {@code GenericResponse} with status {@code COMPLETED}
     */
    static JsonObject completed(JsonElement model) {
        JsonObject json = new JsonObject();
        json.addProperty("status", "COMPLETED"); //$NON-NLS-1$ //$NON-NLS-2$
        json.addProperty("statusMessage", "Completed"); //$NON-NLS-1$ //$NON-NLS-2$
        json.add(MODEL, model);
        return json;
    }

    /**
     * A tree model ({@code TreeEntryModel} and its XY, time-graph and data-tree kinds).
     *
     * @param tree
     *            the provider's tree
     * @return its headers and entries
     */
    static JsonObject tree(TmfTreeModel<? extends ITmfTreeDataModel> tree) {
        JsonObject json = new JsonObject();
        JsonArray headers = new JsonArray();
        List<ITableColumnDescriptor> descriptors = tree.getColumnDescriptors();
        if (!descriptors.isEmpty()) {
            for (ITableColumnDescriptor descriptor : descriptors) {
                headers.add(header(descriptor.getText(), descriptor.getTooltip()));
            }
        } else {
            tree.getHeaders().forEach(name -> headers.add(header(name, ""))); //$NON-NLS-1$
        }
        json.add("headers", headers); //$NON-NLS-1$
        json.add("entries", array(tree.getEntries(), Models::entry)); //$NON-NLS-1$
        return json;
    }

    private static JsonObject header(String name, String tooltip) {
        JsonObject json = new JsonObject();
        json.addProperty("name", name); //$NON-NLS-1$
        json.addProperty("tooltip", tooltip); //$NON-NLS-1$
        return json;
    }

    private static JsonObject entry(ITmfTreeDataModel entry) {
        JsonObject json = new JsonObject();
        json.addProperty("id", entry.getId()); //$NON-NLS-1$
        json.addProperty("parentId", entry.getParentId()); //$NON-NLS-1$
        JsonArray labels = new JsonArray();
        entry.getLabels().forEach(label -> labels.add(new JsonPrimitive(String.valueOf(label))));
        json.add("labels", labels); //$NON-NLS-1$
        json.addProperty("hasData", entry.hasRowModel()); //$NON-NLS-1$
        style(json, entry.getStyle());
        if (entry instanceof ITimeGraphEntryModel timeGraph) {
            json.addProperty("start", timeGraph.getStartTime()); //$NON-NLS-1$
            json.addProperty("end", timeGraph.getEndTime()); //$NON-NLS-1$
        }
        return json;
    }

    /**
     * @param xy
     *            an XY model
     * @return an {@code XYModel}: each series with its own x values, as API.yaml 0.6 has them
     */
    static JsonObject xy(ITmfXyModel xy) {
        JsonObject json = new JsonObject();
        json.addProperty("title", xy.getTitle()); //$NON-NLS-1$
        json.add("series", array(xy.getSeriesData(), Models::series)); //$NON-NLS-1$
        return json;
    }

    private static JsonObject series(ISeriesModel series) {
        JsonObject json = new JsonObject();
        json.addProperty("seriesId", series.getId()); //$NON-NLS-1$
        json.addProperty("seriesName", series.getName()); //$NON-NLS-1$
        JsonArray x = new JsonArray();
        for (long value : series.getXAxis()) {
            x.add(new JsonPrimitive(value));
        }
        json.add("xValues", x); //$NON-NLS-1$
        JsonArray y = new JsonArray();
        for (double value : series.getData()) {
            // JSON has no NaN or infinity: a point with no value is null.
            y.add(Double.isFinite(value) ? new JsonPrimitive(value) : JsonNull.INSTANCE);
        }
        json.add("yValues", y); //$NON-NLS-1$
        JsonObject style = new JsonObject();
        JsonObject values = new JsonObject();
        values.addProperty("series-type", series.getDisplayType() == ISeriesModel.DisplayType.SCATTER ? "scatter" : "line"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        style.add("values", values); //$NON-NLS-1$
        json.add("style", style); //$NON-NLS-1$
        json.add("xValuesDescription", axis(series.getXAxisDescription(), "Time", "ns", "TIMESTAMP")); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        json.add("yValuesDescription", axis(series.getYAxisDescription(), "", "", "NUMBER")); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        return json;
    }

    private static JsonObject axis(@Nullable TmfXYAxisDescription description, String label, String unit, String dataType) {
        JsonObject json = new JsonObject();
        json.addProperty("label", description == null ? label : description.getLabel()); //$NON-NLS-1$
        json.addProperty("unit", description == null ? unit : description.getUnit()); //$NON-NLS-1$
        json.addProperty("dataType", description == null || description.getDataType() == null ? dataType : description.getDataType().name()); //$NON-NLS-1$
        return json;
    }

    /**
     * @param model
     *            a time-graph model
     * @return a {@code TimeGraphModel}
     */
    static JsonObject states(TimeGraphModel model) {
        JsonObject json = new JsonObject();
        json.add("rows", array(model.getRows(), Models::row)); //$NON-NLS-1$
        return json;
    }

    private static JsonObject row(ITimeGraphRowModel row) {
        JsonObject json = new JsonObject();
        json.addProperty("entryId", row.getEntryID()); //$NON-NLS-1$
        json.add("states", array(row.getStates(), Models::state)); //$NON-NLS-1$
        return json;
    }

    private static JsonObject state(ITimeGraphState state) {
        JsonObject json = new JsonObject();
        json.addProperty("start", state.getStartTime()); //$NON-NLS-1$
        json.addProperty("end", state.getStartTime() + state.getDuration()); //$NON-NLS-1$
        String label = state.getLabel();
        if (label != null) {
            json.addProperty("label", label); //$NON-NLS-1$
        }
        json.addProperty("tags", state.getActiveProperties()); //$NON-NLS-1$
        style(json, state.getStyle());
        return json;
    }

    /**
     * @param arrows
     *            a time graph's arrows
     * @return {@code TimeGraphArrow}s
     */
    static JsonArray arrows(List<ITimeGraphArrow> arrows) {
        return array(arrows, arrow -> {
            JsonObject json = new JsonObject();
            json.addProperty("sourceId", arrow.getSourceId()); //$NON-NLS-1$
            json.addProperty("targetId", arrow.getDestinationId()); //$NON-NLS-1$
            json.addProperty("start", arrow.getStartTime()); //$NON-NLS-1$
            json.addProperty("end", arrow.getStartTime() + arrow.getDuration()); //$NON-NLS-1$
            style(json, arrow.getStyle());
            return json;
        });
    }

    /**
     * @param map
     *            names and values (a tooltip)
     * @return them as an object of strings
     */
    static JsonObject strings(Map<String, String> map) {
        JsonObject json = new JsonObject();
        map.forEach((key, value) -> json.addProperty(key, String.valueOf(value)));
        return json;
    }

    /**
     * @param columns
     *            a table's columns, as its provider's tree entries
     * @return {@code TableColumnHeader}s
     */
    static JsonArray columns(List<? extends ITmfTreeDataModel> columns) {
        return array(columns, column -> {
            JsonObject json = new JsonObject();
            json.addProperty("id", column.getId()); //$NON-NLS-1$
            json.addProperty("name", column.getName()); //$NON-NLS-1$
            json.addProperty("description", column.getLabels().size() > 1 ? column.getLabels().get(1) : ""); //$NON-NLS-1$ //$NON-NLS-2$
            json.addProperty("type", "STRING"); //$NON-NLS-1$ //$NON-NLS-2$
            return json;
        });
    }

    /**
     * @param table
     *            a page of a virtual table
     * @return a {@code VirtualTableModel}
     */
    static JsonObject lines(ITmfVirtualTableModel<? extends IVirtualTableLine> table) {
        JsonObject json = new JsonObject();
        json.add("columnIds", array(table.getColumnIds(), JsonPrimitive::new)); //$NON-NLS-1$
        json.addProperty("lowIndex", table.getIndex()); //$NON-NLS-1$
        json.addProperty("size", table.getSize()); //$NON-NLS-1$
        json.add("lines", array(table.getLines(), line -> { //$NON-NLS-1$
            JsonObject row = new JsonObject();
            row.addProperty("index", line.getIndex()); //$NON-NLS-1$
            row.add("cells", array(line.getCells(), Models::cell)); //$NON-NLS-1$
            row.addProperty("tags", 0); //$NON-NLS-1$
            return row;
        }));
        return json;
    }

    private static JsonObject cell(VirtualTableCell cell) {
        JsonObject json = new JsonObject();
        json.addProperty("content", cell.getContent()); //$NON-NLS-1$
        json.addProperty("tags", cell.getTags()); //$NON-NLS-1$
        return json;
    }

    /**
     * @param annotations
     *            annotations by category
     * @return an {@code AnnotationModel}
     */
    static JsonObject annotations(Map<String, Collection<Annotation>> annotations) {
        JsonObject byCategory = new JsonObject();
        annotations.forEach((category, list) -> byCategory.add(category, array(list, annotation -> {
            JsonObject json = new JsonObject();
            json.addProperty("time", annotation.getTime()); //$NON-NLS-1$
            json.addProperty("duration", annotation.getDuration()); //$NON-NLS-1$
            json.addProperty("entryId", annotation.getEntryId()); //$NON-NLS-1$
            json.addProperty("type", annotation.getType().name()); //$NON-NLS-1$
            json.addProperty("label", annotation.getLabel()); //$NON-NLS-1$
            style(json, annotation.getStyle());
            return json;
        })));
        JsonObject json = new JsonObject();
        json.add("annotations", byCategory); //$NON-NLS-1$
        return json;
    }

    /**
     * @param styles
     *            styles by key
     * @return an {@code OutputStyleModel}
     */
    static JsonObject styles(Map<String, OutputElementStyle> styles) {
        JsonObject byKey = new JsonObject();
        styles.forEach((key, style) -> byKey.add(key, style(style)));
        JsonObject json = new JsonObject();
        json.add("styles", byKey); //$NON-NLS-1$
        return json;
    }

    private static void style(JsonObject json, @Nullable OutputElementStyle style) {
        if (style != null) {
            json.add("style", style(style)); //$NON-NLS-1$
        }
    }

    /** An {@code OutputElementStyle}: values are strings or numbers, so anything else is written as a string. */
    private static JsonObject style(OutputElementStyle style) {
        JsonObject json = new JsonObject();
        String parent = style.getParentKey();
        if (parent != null) {
            json.addProperty("parentKey", parent); //$NON-NLS-1$
        }
        JsonObject values = new JsonObject();
        style.getStyleValues().forEach((key, value) -> {
            if (value instanceof Number number) {
                values.addProperty(key, number);
            } else if (value != null) {
                values.addProperty(key, String.valueOf(value));
            }
        });
        json.add("values", values); //$NON-NLS-1$
        return json;
    }

    static <T> JsonArray array(Collection<T> items, Function<T, JsonElement> write) {
        JsonArray array = new JsonArray();
        for (T item : items) {
            array.add(write.apply(item));
        }
        return array;
    }
}
