// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.server.core;

import java.io.PrintStream;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.tracecompass.internal.provisional.tmf.core.model.annotations.Annotation;
import org.eclipse.tracecompass.internal.provisional.tmf.core.model.annotations.AnnotationCategoriesModel;
import org.eclipse.tracecompass.internal.provisional.tmf.core.model.annotations.AnnotationModel;
import org.eclipse.tracecompass.internal.provisional.tmf.core.model.annotations.IOutputAnnotationParameters;
import org.eclipse.tracecompass.internal.provisional.tmf.core.model.annotations.IOutputAnnotationProvider;
import org.eclipse.tracecompass.internal.provisional.tmf.core.model.events.TmfEventTableDataProvider;
import org.eclipse.tracecompass.internal.provisional.tmf.core.model.table.ITmfVirtualTableDataProvider;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderManager;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.model.IOutputStyleProvider;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphDataProvider;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataProvider;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.model.xy.ITmfTreeXYDataProvider;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimestamp;
import org.eclipse.tracecompass.tmf.core.trace.ITmfContext;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.internal.server.core.Workspace.Lease;
import org.sextant.server.model.BadRequestException;
import org.sextant.server.model.Query;
import org.sextant.server.model.TimeRange;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;

/**
 * The outputs of an experiment: each endpoint checks the request's parameters (naming the one at fault), turns
 * them into Trace Compass's fetch parameters ({@code requested_timerange} into the sampled
 * {@code requested_times}), asks the experiment's data provider through Trace Compass's manager, and answers the
 * provider's status as it is: {@code RUNNING} with what is built so far while its analysis builds,
 * {@code FAILED} with the provider's own sentence (Sextant's name the damaged file and offset).
 *
 * <p>
 * Parameters a provider reads itself (the call-profile providers' {@code weight}, {@code scope}...) are passed
 * through, whole numbers as longs.
 * </p>
 */
final class OutputEndpoints {

    /** A fetch from a provider of the endpoint's kind. */
    @FunctionalInterface
    private interface Fetch<P> {
        Reply fetch(P provider, ITmfTrace host) throws BadRequestException;
    }

    private static final String BASE = "/experiments/{expUUID}/outputs/"; //$NON-NLS-1$
    /** Times sampled when a range gives no {@code nbTimes}: its two ends. */
    private static final int DEFAULT_TIMES = 2;
    private static final String XY = "an XY output"; //$NON-NLS-1$
    private static final String TIME_GRAPH = "a time graph"; //$NON-NLS-1$
    private static final String REQUESTED_TIMERANGE = "requested_timerange"; //$NON-NLS-1$
    private static final String REQUESTED_TIMES = DataProviderParameterUtils.REQUESTED_TIME_KEY;
    private static final String REQUESTED_ITEMS = DataProviderParameterUtils.REQUESTED_ITEMS_KEY;

    private final Workspace fWorkspace;
    private final int fMaxItems;
    private final int fMaxLines;
    private final PrintStream fErrors;

    OutputEndpoints(Workspace workspace, int maxItems, int maxLines, PrintStream errors) {
        fWorkspace = workspace;
        fMaxItems = maxItems;
        fMaxLines = maxLines;
        fErrors = errors;
    }

    void register(Router router) {
        router.route("POST", BASE + "XY/{outputId}/tree", request -> tree(request, ITmfTreeXYDataProvider.class, XY)) //$NON-NLS-1$ //$NON-NLS-2$
                .route("POST", BASE + "XY/{outputId}/xy", this::xy) //$NON-NLS-1$ //$NON-NLS-2$
                .route("POST", BASE + "timeGraph/{outputId}/tree", request -> tree(request, ITimeGraphDataProvider.class, TIME_GRAPH)) //$NON-NLS-1$ //$NON-NLS-2$
                .route("POST", BASE + "timeGraph/{outputId}/states", this::states) //$NON-NLS-1$ //$NON-NLS-2$
                .route("POST", BASE + "timeGraph/{outputId}/arrows", this::arrows) //$NON-NLS-1$ //$NON-NLS-2$
                .route("POST", BASE + "timeGraph/{outputId}/tooltip", this::tooltip) //$NON-NLS-1$ //$NON-NLS-2$
                .route("POST", BASE + "data/{outputId}/tree", request -> tree(request, ITmfTreeDataProvider.class, "a data tree")) //$NON-NLS-1$ //$NON-NLS-2$
                .route("POST", BASE + "table/{outputId}/columns", this::columns) //$NON-NLS-1$ //$NON-NLS-2$
                .route("POST", BASE + "table/{outputId}/lines", this::lines) //$NON-NLS-1$ //$NON-NLS-2$
                .route("GET", BASE + "{outputId}/annotations", this::annotationCategories) //$NON-NLS-1$ //$NON-NLS-2$
                .route("POST", BASE + "{outputId}/annotations", this::annotations) //$NON-NLS-1$ //$NON-NLS-2$
                .route("POST", BASE + "{outputId}/style", this::styles) //$NON-NLS-1$ //$NON-NLS-2$
                .route("GET", BASE + "{outputId}/configTypes", this::configTypes) //$NON-NLS-1$ //$NON-NLS-2$
                .route("GET", BASE + "{outputId}/configTypes/{typeId}", this::configType) //$NON-NLS-1$ //$NON-NLS-2$
                .route("POST", BASE + "{outputId}", this::derive) //$NON-NLS-1$ //$NON-NLS-2$
                .route("DELETE", BASE + "{outputId}/{derivedOutputId}", this::derive); //$NON-NLS-1$ //$NON-NLS-2$
    }

    private <P> Reply with(Request request, Class<P> kind, String kindName, Fetch<P> fetch) throws BadRequestException {
        String experiment = request.variable("expUUID"); //$NON-NLS-1$
        String id = request.variable("outputId"); //$NON-NLS-1$
        try (Lease lease = fWorkspace.lease(experiment)) {
            ITmfTrace host = lease.experiment().host();
            ITmfTreeDataProvider<?> provider = DataProviderManager.getInstance().getDataProvider(host, id, ITmfTreeDataProvider.class);
            if (provider == null) {
                throw new BadRequestException(BadRequestException.NOT_FOUND, "no output " + id + " in experiment " + experiment); //$NON-NLS-1$ //$NON-NLS-2$
            }
            if (!kind.isInstance(provider)) {
                throw BadRequestException.badRequest("output " + id + " is not " + kindName); //$NON-NLS-1$ //$NON-NLS-2$
            }
            try {
                return fetch.fetch(kind.cast(provider), host);
            } catch (RuntimeException e) {
                // The provider's fault, not the server's: Trace Compass 6.2's own CPU usage provider, asked while its
                // analysis builds, can read an attribute its state system added a moment later. Answered as the
                // protocol answers a failed fetch, with the provider's exception as the sentence.
                fErrors.println("[sextant] serve: output " + id + " of experiment " + experiment + " failed:"); //$NON-NLS-1$ //$NON-NLS-2$
                e.printStackTrace(fErrors);
                return Reply.ok(Models.failed("output " + id + " failed: " + e)); //$NON-NLS-1$ //$NON-NLS-2$
            }
        }
    }

    /** What every fetch passes: the client's own parameters, as providers read them. */
    private static Map<String, Object> passed(Query query) {
        Map<String, Object> parameters = new HashMap<>();
        query.all().forEach((key, value) -> {
            Object plain = JsonValues.forProvider(value);
            if (plain != null) {
                parameters.put(key, plain);
            }
        });
        return parameters;
    }

    /** A tree's times: the requested range's ends, or the whole experiment's span. */
    private static Map<String, Object> treeParameters(Query query, ITmfTrace host) throws BadRequestException {
        Map<String, Object> parameters = passed(query);
        if (query.has(REQUESTED_TIMERANGE)) {
            TimeRange range = query.timeRange(REQUESTED_TIMERANGE, DEFAULT_TIMES);
            parameters.put(REQUESTED_TIMES, List.of(range.start(), range.end()));
        } else {
            long start = Math.max(0, host.getStartTime().toNanos());
            parameters.put(REQUESTED_TIMES, List.of(start, Math.max(start, host.getEndTime().toNanos())));
        }
        return parameters;
    }

    /** The sampled times of the range a query must give. */
    private static List<Long> sampled(Query query) throws BadRequestException {
        if (!query.has(REQUESTED_TIMERANGE)) {
            throw BadRequestException.badRequest("parameters.requested_timerange is missing"); //$NON-NLS-1$
        }
        return query.timeRange(REQUESTED_TIMERANGE, DEFAULT_TIMES).sample();
    }

    /** A sampled range and the entries asked for, both required, as XY and state queries have them. */
    private Map<String, Object> sampledParameters(Query query) throws BadRequestException {
        Map<String, Object> parameters = passed(query);
        parameters.put(REQUESTED_TIMES, sampled(query));
        if (!query.has(REQUESTED_ITEMS)) {
            throw BadRequestException.badRequest("parameters.requested_items is missing"); //$NON-NLS-1$
        }
        parameters.put(REQUESTED_ITEMS, query.ids(REQUESTED_ITEMS, fMaxItems));
        return parameters;
    }

    /** The tree of any kind of output: its entries over the requested range, or the whole experiment. */
    private <P extends ITmfTreeDataProvider<?>> Reply tree(Request request, Class<P> kind, String kindName) throws BadRequestException {
        Query query = request.query();
        return with(request, kind, kindName, (provider, host) -> Reply.ok(
                Models.response(provider.fetchTree(treeParameters(query, host), new NullProgressMonitor()), Models::tree)));
    }

    private Reply xy(Request request) throws BadRequestException {
        Query query = request.query();
        Map<String, Object> parameters = sampledParameters(query);
        return with(request, ITmfTreeXYDataProvider.class, XY,
                (provider, host) -> Reply.ok(Models.response(provider.fetchXY(parameters, new NullProgressMonitor()), Models::xy)));
    }

    private Reply states(Request request) throws BadRequestException {
        Map<String, Object> parameters = sampledParameters(request.query());
        return with(request, ITimeGraphDataProvider.class, TIME_GRAPH,
                (provider, host) -> Reply.ok(Models.response(provider.fetchRowModel(parameters, new NullProgressMonitor()), Models::states)));
    }

    private Reply arrows(Request request) throws BadRequestException {
        Query query = request.query();
        Map<String, Object> parameters = passed(query);
        parameters.put(REQUESTED_TIMES, sampled(query));
        return with(request, ITimeGraphDataProvider.class, TIME_GRAPH,
                (provider, host) -> Reply.ok(Models.response(provider.fetchArrows(parameters, new NullProgressMonitor()), Models::arrows)));
    }

    private Reply tooltip(Request request) throws BadRequestException {
        Query query = request.query();
        Map<String, Object> parameters = passed(query);
        List<Long> times = query.times(REQUESTED_TIMES, 1);
        List<Long> items = query.ids(REQUESTED_ITEMS, 1);
        if (times.isEmpty() || items.isEmpty()) {
            throw BadRequestException.badRequest("parameters.requested_times and parameters.requested_items must each hold one value"); //$NON-NLS-1$
        }
        parameters.put(REQUESTED_TIMES, times);
        parameters.put(REQUESTED_ITEMS, items);
        Object element = JsonValues.forProvider(query.object(DataProviderParameterUtils.REQUESTED_ELEMENT_KEY));
        parameters.put(DataProviderParameterUtils.REQUESTED_ELEMENT_KEY, element);
        return with(request, ITimeGraphDataProvider.class, TIME_GRAPH,
                (provider, host) -> Reply.ok(Models.response(provider.fetchTooltip(parameters, new NullProgressMonitor()), Models::strings)));
    }

    private Reply columns(Request request) throws BadRequestException {
        Map<String, Object> parameters = passed(request.query());
        return with(request, ITmfVirtualTableDataProvider.class, "a table", (provider, host) -> { //$NON-NLS-1$
            TmfModelResponse<? extends TmfTreeModel<? extends ITmfTreeDataModel>> response = provider.fetchTree(parameters, new NullProgressMonitor());
            return Reply.ok(Models.response(response, tree -> Models.columns(tree.getEntries())));
        });
    }

    private Reply lines(Request request) throws BadRequestException {
        Query query = request.query();
        Map<String, Object> parameters = passed(query);
        // Trace Compass's table reads the count as an Integer and the index as a Long, nothing else.
        parameters.put(DataProviderParameterUtils.REQUESTED_TABLE_COUNT_KEY,
                (int) query.required(DataProviderParameterUtils.REQUESTED_TABLE_COUNT_KEY, 1, fMaxLines));
        parameters.put(DataProviderParameterUtils.REQUESTED_COLUMN_IDS_KEY, query.ids(DataProviderParameterUtils.REQUESTED_COLUMN_IDS_KEY, fMaxItems));
        List<Long> times = query.times(REQUESTED_TIMES, 1);
        long index = query.whole(DataProviderParameterUtils.REQUESTED_TABLE_INDEX_KEY, 0, Long.MAX_VALUE, 0);
        Map<Long, String> search = new LinkedHashMap<>();
        for (Map.Entry<String, Object> expression : query.object("table_search_expressions").entrySet()) { //$NON-NLS-1$
            try {
                if (!(expression.getValue() instanceof String regex)) {
                    throw new NumberFormatException();
                }
                search.put(Long.parseLong(expression.getKey()), regex);
            } catch (NumberFormatException e) {
                throw BadRequestException.badRequest("parameters.table_search_expressions must map column ids to regular expressions, not \"" //$NON-NLS-1$
                        + expression.getKey() + '"');
            }
        }
        parameters.put(TmfEventTableDataProvider.TABLE_SEARCH_KEY, search);
        return with(request, ITmfVirtualTableDataProvider.class, "a table", (provider, host) -> { //$NON-NLS-1$
            parameters.put(DataProviderParameterUtils.REQUESTED_TABLE_INDEX_KEY, times.isEmpty() ? index : rankAt(host, times.get(0)));
            return Reply.ok(Models.response(provider.fetchLines(parameters, new NullProgressMonitor()), Models::lines));
        });
    }

    /** The rank of the first event at or after the time, as the table's index. */
    private static long rankAt(ITmfTrace host, long time) {
        ITmfContext context = host.seekEvent(TmfTimestamp.fromNanos(time));
        try {
            return Math.max(0, context.getRank());
        } finally {
            context.dispose();
        }
    }

    private Reply annotationCategories(Request request) throws BadRequestException {
        return with(request, ITmfTreeDataProvider.class, "an output", (provider, host) -> { //$NON-NLS-1$
            if (provider instanceof IOutputAnnotationProvider annotated) {
                return Reply.ok(Models.response(annotated.fetchAnnotationCategories(new HashMap<>(), new NullProgressMonitor()),
                        (AnnotationCategoriesModel categories) -> categories(categories.getAnnotationCategories())));
            }
            return Reply.ok(Models.completed(categories(List.of())));
        });
    }

    private static JsonObject categories(List<String> categories) {
        JsonObject json = new JsonObject();
        json.add("annotationCategories", Models.array(categories, JsonPrimitive::new)); //$NON-NLS-1$
        return json;
    }

    private Reply annotations(Request request) throws BadRequestException {
        Query query = request.query();
        Map<String, Object> parameters = passed(query);
        parameters.put(REQUESTED_TIMES, sampled(query));
        parameters.put(REQUESTED_ITEMS, query.ids(REQUESTED_ITEMS, fMaxItems));
        List<String> categories = query.strings("requested_marker_categories", fMaxItems); //$NON-NLS-1$
        if (!categories.isEmpty()) {
            parameters.put(IOutputAnnotationParameters.ANNOTATION_CATEGORIES_KEY, categories);
        }
        return with(request, ITmfTreeDataProvider.class, "an output", (provider, host) -> { //$NON-NLS-1$
            if (provider instanceof IOutputAnnotationProvider annotated) {
                return Reply.ok(Models.response(annotated.fetchAnnotations(parameters, new NullProgressMonitor()),
                        (AnnotationModel model) -> Models.annotations(model.getAnnotations())));
            }
            Map<String, Collection<Annotation>> none = Map.of();
            return Reply.ok(Models.completed(Models.annotations(none)));
        });
    }

    private Reply styles(Request request) throws BadRequestException {
        Map<String, Object> parameters = passed(request.query());
        return with(request, ITmfTreeDataProvider.class, "an output", (provider, host) -> { //$NON-NLS-1$
            if (provider instanceof IOutputStyleProvider styled) {
                return Reply.ok(Models.response(styled.fetchStyle(parameters, new NullProgressMonitor()), model -> Models.styles(model.getStyles())));
            }
            return Reply.ok(Models.completed(Models.styles(Map.of())));
        });
    }

    private Reply configTypes(Request request) throws BadRequestException {
        return with(request, ITmfTreeDataProvider.class, "an output", (provider, host) -> Reply.ok(new JsonArray())); //$NON-NLS-1$
    }

    private Reply configType(Request request) throws BadRequestException {
        return with(request, ITmfTreeDataProvider.class, "an output", (provider, host) -> { //$NON-NLS-1$
            throw notConfigurable(request);
        });
    }

    /** No output of this server takes a configuration, so none derives another. */
    private Reply derive(Request request) throws BadRequestException {
        return with(request, ITmfTreeDataProvider.class, "an output", (provider, host) -> { //$NON-NLS-1$
            throw notConfigurable(request);
        });
    }

    private static BadRequestException notConfigurable(Request request) {
        return new BadRequestException(BadRequestException.NOT_FOUND, "output " + request.variable("outputId") //$NON-NLS-1$ //$NON-NLS-2$
                + " has no configuration types: this server's outputs take no configuration"); //$NON-NLS-1$
    }
}
