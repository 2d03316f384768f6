// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.spans.core;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.model.CommonStatusMessage;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataProvider;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse.Status;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.common.core.SummaryEntryModel;
import org.sextant.common.model.series.DurationStats;
import org.sextant.spans.core.SpansAnalysisModule;
import org.sextant.spans.model.CriticalPath;
import org.sextant.spans.model.Problems;
import org.sextant.spans.model.RedisCommand;
import org.sextant.spans.model.RouteStatistics;
import org.sextant.spans.model.Span;
import org.sextant.spans.model.SpanGraph;
import org.sextant.spans.model.TraceContext;

/**
 * The span summary as a data tree ({@code DATA_TREE}) of {@link SummaryEntryModel}s: under the trace's entry
 * (its span count), {@value #ROUTES} (per service, per route: count, errors, latency percentiles, and the calls
 * made for them), {@value #SLOWEST} (the slowest requests with their critical paths, at most
 * {@value #TOP_KEY} of them, {@value #DEFAULT_TOP} unless told), {@value #REDIS} (the Redis commands sent per
 * command, and those sent by no span) and {@value #PROBLEMS} (what could not be used). Durations are
 * nanoseconds. The command line's summary prints this tree.
 */
public class SpansSummaryDataProvider implements ITmfTreeDataProvider<SummaryEntryModel> {

    /** The provider's id. */
    public static final String ID = "org.sextant.spans.core.summary"; //$NON-NLS-1$
    /** The parameter limiting the slowest requests. */
    public static final String TOP_KEY = "top"; //$NON-NLS-1$
    /** The slowest requests listed unless told otherwise. */
    public static final int DEFAULT_TOP = 5;

    /** Key of the routes group. */
    public static final String ROUTES = "routes"; //$NON-NLS-1$
    /** Key of the slowest requests group. */
    public static final String SLOWEST = "slowest"; //$NON-NLS-1$
    /** Key of the Redis group. */
    public static final String REDIS = "redis"; //$NON-NLS-1$
    /** Key, in the Redis group, of the commands sent by no span. */
    public static final String UNATTRIBUTED = "unattributed"; //$NON-NLS-1$
    /** Key of the problems group. */
    public static final String PROBLEMS = "problems"; //$NON-NLS-1$

    /** Column of a count (spans, requests, calls, commands, problems). */
    public static final int COUNT = 0;
    /** Column of a route's failed requests. */
    public static final int ERRORS = 1;
    /** Column of the median latency; p90, p99 and max follow. */
    public static final int P50 = 2;
    /** Column of the duration of a request or step. */
    public static final int DURATION = 6;
    /** Column of where a request or step was: the service, or the Redis node. */
    public static final int WHERE = 7;
    /** Column of the kind of a step ({@link CriticalPath.Kind}). */
    public static final int KIND = 8;
    /** Column of a request's trace id, empty when it had none. */
    public static final int TRACE = 9;
    private static final int COLUMNS = 10;

    private final ITmfTrace fTrace;
    private final SpansAnalysisModule fModule;

    /**
     * @param trace
     *            the recording
     * @param module
     *            its span analysis, scheduled
     */
    public SpansSummaryDataProvider(ITmfTrace trace, SpansAnalysisModule module) {
        fTrace = trace;
        fModule = module;
    }

    @Override
    public String getId() {
        return ID;
    }

    @Override
    public TmfModelResponse<TmfTreeModel<SummaryEntryModel>> fetchTree(Map<String, Object> parameters, @Nullable IProgressMonitor monitor) {
        IProgressMonitor progress = monitor != null ? monitor : new NullProgressMonitor();
        SpanGraph graph = fModule.waitForCompletion(progress) ? fModule.getGraph() : null;
        if (graph == null) {
            return new TmfModelResponse<>(null, progress.isCanceled() ? Status.CANCELLED : Status.FAILED,
                    progress.isCanceled() ? CommonStatusMessage.TASK_CANCELLED : CommonStatusMessage.ANALYSIS_INITIALIZATION_FAILED);
        }
        int top;
        try {
            Object value = parameters.get(TOP_KEY);
            top = value == null ? DEFAULT_TOP : value instanceof Number n ? n.intValue() : Integer.parseInt(value.toString().strip());
        } catch (NumberFormatException e) {
            return new TmfModelResponse<>(null, Status.FAILED, TOP_KEY + ": " + Messages.bind(Messages.Summary_NotACount, parameters.get(TOP_KEY))); //$NON-NLS-1$
        }
        List<SummaryEntryModel> entries = new ArrayList<>();
        add(entries, -1, fTrace.getName(), null, COUNT, (long) graph.spans().size());
        routes(graph, entries);
        slowest(graph, entries, top);
        redis(graph, entries);
        problems(graph.problems(), entries);
        List<String> columns = List.of(Messages.Summary_Name, Messages.Summary_Count, Messages.Summary_Errors, "p50", "p90", "p99", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                Messages.Summary_Max, Messages.Summary_Duration, Messages.Summary_Where, Messages.Summary_Kind, Messages.Summary_Trace);
        return new TmfModelResponse<>(new TmfTreeModel<>(columns, entries), Status.COMPLETED, CommonStatusMessage.COMPLETED);
    }

    private static void routes(SpanGraph graph, List<SummaryEntryModel> entries) {
        long group = add(entries, 0, Messages.Summary_Routes, ROUTES, COUNT, null);
        Map<String, Long> services = new LinkedHashMap<>();
        for (RouteStatistics route : RouteStatistics.of(graph)) {
            long service = services.computeIfAbsent(route.service(), name -> add(entries, group, name, name, COUNT, null));
            @Nullable Object[] values = new @Nullable Object[COLUMNS];
            values[COUNT] = (long) route.count();
            values[ERRORS] = (long) route.errors();
            if (route.latency().isPresent()) {
                DurationStats stats = route.latency().get();
                values[P50] = stats.p50();
                values[P50 + 1] = stats.p90();
                values[P50 + 2] = stats.p99();
                values[P50 + 3] = stats.max();
            }
            long entry = addValues(entries, service, route.route(), route.route(), values);
            route.outgoing().forEach((call, count) -> add(entries, entry, call, call, COUNT, count));
        }
    }

    private static void slowest(SpanGraph graph, List<SummaryEntryModel> entries, int top) {
        long group = add(entries, 0, Messages.Summary_Slowest, SLOWEST, COUNT, null);
        List<Span> requests = Requests.of(graph).stream().sorted(Comparator.comparingLong(Span::duration).reversed()).limit(top).toList();
        for (int i = 0; i < requests.size(); i++) {
            Span request = requests.get(i);
            @Nullable Object[] values = new @Nullable Object[COLUMNS];
            values[DURATION] = request.duration();
            values[WHERE] = request.service().name();
            values[TRACE] = request.context().map(TraceContext::traceId).orElse(""); //$NON-NLS-1$
            long entry = addValues(entries, group, request.method() + ' ' + request.target(), i, values);
            List<CriticalPath.Step> steps = CriticalPath.of(request);
            for (int j = 0; j < steps.size(); j++) {
                CriticalPath.Step step = steps.get(j);
                @Nullable Object[] stepValues = new @Nullable Object[COLUMNS];
                stepValues[DURATION] = step.duration();
                stepValues[WHERE] = step.where();
                stepValues[KIND] = step.kind().name().toLowerCase(Locale.ROOT);
                addValues(entries, entry, step.what(), j, stepValues);
            }
        }
    }

    private static void redis(SpanGraph graph, List<SummaryEntryModel> entries) {
        long group = add(entries, 0, Messages.Summary_Redis, REDIS, COUNT, (long) graph.redisCommands().size());
        Map<String, Long> sent = new TreeMap<>();
        long unattributed = 0;
        for (RedisCommand command : graph.redisCommands()) {
            if (graph.spanOf(command).isPresent()) {
                sent.merge(command.command(), 1L, Long::sum);
            } else if (graph.clientOf(command).isPresent()) {
                unattributed++;
            }
        }
        sent.forEach((command, count) -> add(entries, group, command, command, COUNT, count));
        add(entries, group, Messages.Summary_Unattributed, UNATTRIBUTED, COUNT, unattributed);
    }

    private static void problems(Problems problems, List<SummaryEntryModel> entries) {
        long group = add(entries, 0, Messages.Summary_Problems, PROBLEMS, COUNT, null);
        problems.skipped().entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(e -> add(entries, group, Messages.bind(Messages.Problem_Skipped, e.getKey()), "skipped_" + e.getKey(), COUNT, e.getValue())); //$NON-NLS-1$
        add(entries, group, Messages.Problem_ResponsesWithoutRequest, "responses_without_request", COUNT, problems.responsesWithoutRequest()); //$NON-NLS-1$
        add(entries, group, Messages.Problem_Incomplete, "incomplete_spans", COUNT, problems.incomplete()); //$NON-NLS-1$
        add(entries, group, Messages.Problem_Lost, "lost_events", COUNT, problems.lostEvents()); //$NON-NLS-1$
        add(entries, group, Messages.Problem_Unjoined, "unjoined_client_spans", COUNT, problems.unjoinedClients()); //$NON-NLS-1$
        add(entries, group, Messages.Problem_ClockMismatches, "clock_mismatches", COUNT, problems.clockMismatches()); //$NON-NLS-1$
    }

    private static long add(List<SummaryEntryModel> entries, long parent, String name, @Nullable Object key, int column, @Nullable Object value) {
        @Nullable Object[] values = new @Nullable Object[COLUMNS];
        values[column] = value;
        return addValues(entries, parent, name, key, values);
    }

    private static long addValues(List<SummaryEntryModel> entries, long parent, String name, @Nullable Object key, @Nullable Object[] values) {
        long id = entries.size();
        entries.add(new SummaryEntryModel(id, parent, name, key, Arrays.asList(values)));
        return id;
    }
}
