// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.spans.core;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderManager;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse.Status;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.sextant.common.core.SummaryEntryModel;
import org.sextant.common.core.summary.AnalysisOptions;
import org.sextant.common.core.summary.HeadlessAnalysisException;
import org.sextant.common.core.summary.IHeadlessAnalysis;
import org.sextant.common.core.summary.SummaryTree;
import org.sextant.spans.core.SpansAnalysisModule;
import org.sextant.spans.model.OtlpJson;
import org.sextant.spans.model.SpanGraph;

/**
 * {@code sextant analyze --analysis spans}: per service and route, the requests served, failed, their latency
 * percentiles (milliseconds) and the calls made for them; the slowest requests ({@code --top N}, 5 by default)
 * with their critical paths; the Redis commands the spans sent; and what could not be used, each kind also as one
 * warning line with its count (never one per event, which a long recording would turn into thousands). All of
 * it as {@link SpansSummaryDataProvider} serves it. With {@code --otlp FILE}, the spans are also written to FILE
 * as OpenTelemetry JSON ({@link OtlpJson}).
 */
public class SpansHeadlessAnalysis implements IHeadlessAnalysis {

    private static final double NANOS_PER_MILLI = 1e6;
    /**
     * Connections that are not HTTP: a service's own Redis connections are such, so that warning says so, lest a
     * user take a healthy recording for a damaged one.
     */
    private static final String NOT_HTTP = "skipped_not_http"; //$NON-NLS-1$
    private static final String[] PERCENTILES = { "p50", "p90", "p99", "max" }; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$

    @Override
    public boolean appliesTo(ITmfTrace trace) {
        return module(trace) != null;
    }

    @Override
    public Map<String, Object> run(ITmfTrace trace, AnalysisOptions options, IProgressMonitor monitor) throws HeadlessAnalysisException {
        SpansAnalysisModule module = module(trace);
        if (module == null) {
            throw new HeadlessAnalysisException("no HTTP events in this trace"); //$NON-NLS-1$
        }
        module.schedule();
        if (!module.waitForCompletion(monitor)) {
            throw new HeadlessAnalysisException(module.getName() + " did not complete" + (monitor.isCanceled() ? " (cancelled)" : "")); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        }
        SummaryTree summary = SummaryTree.of(fetch(trace, options, monitor));
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("spans", summary.root().getNumber(SpansSummaryDataProvider.COUNT)); //$NON-NLS-1$
        result.put("services", services(summary)); //$NON-NLS-1$
        result.put("slowest", slowest(summary)); //$NON-NLS-1$
        Map<String, Object> redis = new LinkedHashMap<>();
        List<SummaryEntryModel> commands = summary.children(summary.root(), SpansSummaryDataProvider.REDIS);
        redis.put("sent_by_spans", SummaryTree.byKey(commands.stream().filter(c -> !SpansSummaryDataProvider.UNATTRIBUTED.equals(c.getKey())).toList(), //$NON-NLS-1$
                SpansSummaryDataProvider.COUNT));
        commands.stream().filter(c -> SpansSummaryDataProvider.UNATTRIBUTED.equals(c.getKey()))
                .forEach(c -> redis.put("sent_by_no_span", c.getNumber(SpansSummaryDataProvider.COUNT))); //$NON-NLS-1$
        result.put("redis_commands", redis); //$NON-NLS-1$
        List<SummaryEntryModel> problems = summary.children(summary.root(), SpansSummaryDataProvider.PROBLEMS);
        result.put("problems", SummaryTree.byKey(problems, SpansSummaryDataProvider.COUNT)); //$NON-NLS-1$
        List<String> warnings = new ArrayList<>();
        problems.stream().filter(p -> p.getNumber(SpansSummaryDataProvider.COUNT).longValue() > 0)
                .forEach(p -> warnings.add(trace.getPath() + ": " + p.getName() + ": " + p.getNumber(SpansSummaryDataProvider.COUNT) //$NON-NLS-1$ //$NON-NLS-2$
                        + (NOT_HTTP.equals(p.getKey()) ? Messages.Warning_NotHttp : ""))); //$NON-NLS-1$
        String otlp = options.otlp();
        if (otlp != null) {
            result.put("otlp", export(module, Path.of(otlp))); //$NON-NLS-1$
        }
        if (!warnings.isEmpty()) {
            result.put("warnings", warnings); //$NON-NLS-1$
        }
        return result;
    }

    private static List<SummaryEntryModel> fetch(ITmfTrace trace, AnalysisOptions options, IProgressMonitor monitor) throws HeadlessAnalysisException {
        SpansSummaryDataProvider provider = DataProviderManager.getInstance().getDataProvider(trace, SpansSummaryDataProvider.ID, SpansSummaryDataProvider.class);
        if (provider == null) {
            throw new HeadlessAnalysisException("no summary " + SpansSummaryDataProvider.ID + " for this trace"); //$NON-NLS-1$ //$NON-NLS-2$
        }
        Map<String, Object> parameters = new LinkedHashMap<>();
        if (options.top() > 0) {
            parameters.put(SpansSummaryDataProvider.TOP_KEY, options.top());
        }
        TmfModelResponse<TmfTreeModel<SummaryEntryModel>> response = provider.fetchTree(parameters, monitor);
        TmfTreeModel<SummaryEntryModel> model = response.getModel();
        if (response.getStatus() != Status.COMPLETED || model == null) {
            throw new HeadlessAnalysisException("the span summary is not available: " + response.getStatusMessage()); //$NON-NLS-1$
        }
        return model.getEntries();
    }

    private static Map<String, Object> services(SummaryTree summary) {
        Map<String, Object> services = new LinkedHashMap<>();
        for (SummaryEntryModel service : summary.children(summary.root(), SpansSummaryDataProvider.ROUTES)) {
            Map<String, Object> routes = new LinkedHashMap<>();
            for (SummaryEntryModel route : summary.children(service)) {
                Map<String, Object> entry = new LinkedHashMap<>();
                entry.put("count", route.getNumber(SpansSummaryDataProvider.COUNT)); //$NON-NLS-1$
                entry.put("errors", route.getNumber(SpansSummaryDataProvider.ERRORS)); //$NON-NLS-1$
                if (route.getValues().get(SpansSummaryDataProvider.P50) != null) {
                    Map<String, Object> latency = new LinkedHashMap<>();
                    for (int i = 0; i < PERCENTILES.length; i++) {
                        latency.put(PERCENTILES[i], millis(route.getNumber(SpansSummaryDataProvider.P50 + i).longValue()));
                    }
                    entry.put("latency_ms", latency); //$NON-NLS-1$
                }
                entry.put("outgoing_calls", SummaryTree.byKey(summary.children(route), SpansSummaryDataProvider.COUNT)); //$NON-NLS-1$
                routes.put(route.getName(), entry);
            }
            services.put(service.getName(), routes);
        }
        return services;
    }

    private static List<Object> slowest(SummaryTree summary) {
        List<Object> requests = new ArrayList<>();
        for (SummaryEntryModel request : summary.children(summary.root(), SpansSummaryDataProvider.SLOWEST)) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("request", request.getName()); //$NON-NLS-1$
            entry.put("service", request.getValues().get(SpansSummaryDataProvider.WHERE)); //$NON-NLS-1$
            Object trace = request.getValues().get(SpansSummaryDataProvider.TRACE);
            if (trace != null && !trace.toString().isEmpty()) {
                entry.put("trace_id", trace); //$NON-NLS-1$
            }
            entry.put("duration_ms", millis(request.getNumber(SpansSummaryDataProvider.DURATION).longValue())); //$NON-NLS-1$
            List<Object> steps = new ArrayList<>();
            for (SummaryEntryModel step : summary.children(request)) {
                Map<String, Object> item = new LinkedHashMap<>();
                item.put("where", step.getValues().get(SpansSummaryDataProvider.WHERE)); //$NON-NLS-1$
                item.put("kind", step.getValues().get(SpansSummaryDataProvider.KIND)); //$NON-NLS-1$
                item.put("what", step.getName()); //$NON-NLS-1$
                item.put("ms", millis(step.getNumber(SpansSummaryDataProvider.DURATION).longValue())); //$NON-NLS-1$
                steps.add(item);
            }
            entry.put("critical_path", steps); //$NON-NLS-1$
            requests.add(entry);
        }
        return requests;
    }

    /** Writes the OTLP export; a file that cannot be written is the user's input, named in the error. */
    private static Map<String, Object> export(SpansAnalysisModule module, Path file) throws HeadlessAnalysisException {
        SpanGraph graph = module.getGraph();
        if (graph == null) {
            throw new HeadlessAnalysisException("the spans are not available"); //$NON-NLS-1$
        }
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            OtlpJson.write(graph, out);
        } catch (IOException e) {
            throw HeadlessAnalysisException.badInput(file + ": cannot write the OTLP export: " + e.getMessage()); //$NON-NLS-1$
        }
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("file", file.toString()); //$NON-NLS-1$
        entry.put("http_spans", graph.spans().size()); //$NON-NLS-1$
        entry.put("redis_spans", graph.redisCommands().stream().filter(c -> graph.spanOf(c).isPresent()).count()); //$NON-NLS-1$
        return entry;
    }

    private static @Nullable SpansAnalysisModule module(ITmfTrace trace) {
        return TmfTraceUtils.getAnalysisModuleOfClass(trace, SpansAnalysisModule.class, SpansAnalysisModule.ID);
    }

    private static double millis(long nanos) {
        return Math.round(nanos / NANOS_PER_MILLI * 1000) / 1000.0;
    }
}
