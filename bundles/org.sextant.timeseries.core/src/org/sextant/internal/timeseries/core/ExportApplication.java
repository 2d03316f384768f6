// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.timeseries.core;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.equinox.app.IApplication;
import org.eclipse.equinox.app.IApplicationContext;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.common.core.open.TraceOpener;
import org.sextant.common.core.open.TraceOpener.OpenException;
import org.sextant.common.core.summary.HeadlessAnalysisException;
import org.sextant.common.core.summary.Reports;
import org.sextant.otf2.model.Otf2FormatException;
import org.sextant.timeseries.model.InfluxException;
import org.sextant.timeseries.model.InfluxQuery;
import org.sextant.timeseries.model.InfluxTarget;
import org.sextant.timeseries.model.InfluxWriter;
import org.sextant.timeseries.model.Otf2Export;
import org.sextant.timeseries.model.Otf2Schema;

/**
 * {@code org.sextant.timeseries.core.export}: {@code sextant export --influx URL --db NAME [--token T] [--org O]
 * [--batch N] [--in-flight N] [--max-series N] [--analysis otf2|redis|spans|count|cpu|io] [--interval MS] [--json]
 * TRACE}. Writes the trace's points to InfluxDB ({@link Otf2Schema} for OTF2 archives; a point per Redis request
 * or per span through {@link ModelExport}, the Redis bytes chart with the requests; an analysis's XY series through
 * {@link XyExport}), with a progress line every few seconds, and prints what landed. Without {@code --analysis}:
 * OTF2 for an archive, else every model the recording has (Redis, spans). Exit code 2 for a bad command line or a damaged trace (nothing written), 1 when InfluxDB did
 * not take every point (the message says how many landed).
 */
public class ExportApplication implements IApplication {

    private static final String USAGE = "usage: sextant export --influx URL --db NAME [--token TOKEN] [--org ORG] [--batch N] [--in-flight N] [--max-series N] [--analysis otf2|redis|spans|count|cpu|io] [--interval MS] [--json] TRACE"; //$NON-NLS-1$
    private static final long PROGRESS_NS = 2_000_000_000L;
    private static final long DEFAULT_MAX_SERIES = 1_000_000;
    private static final long DEFAULT_INTERVAL_NS = 100_000_000L;
    private static final String OTF2 = "otf2"; //$NON-NLS-1$
    private static final String REDIS = "redis"; //$NON-NLS-1$
    private static final String SPANS = "spans"; //$NON-NLS-1$
    /** The analyses whose model is exported one point per item. */
    private static final Set<String> MODELS = Set.of(REDIS, SPANS);
    private static final String POINTS_PER_SERIES = "points_per_series"; //$NON-NLS-1$

    @Override
    public Object start(IApplicationContext context) {
        String[] args = (String[]) context.getArguments().getOrDefault(IApplicationContext.APPLICATION_ARGS, new String[0]);
        context.applicationRunning();
        Options options;
        try {
            options = Options.parse(args);
        } catch (IllegalArgumentException e) {
            return fail(e.getMessage() + '\n' + USAGE, 2);
        }
        try {
            InfluxTarget target = options.target();
            if (target.token() == null) {
                try {
                    // InfluxDB 1.x: CREATE DATABASE does nothing to one that exists
                    new InfluxQuery(target).rows("CREATE DATABASE \"" + target.database().replace("\"", "\\\"") + '"'); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                } catch (InfluxException e) {
                    return fail(e.getMessage() + "; nothing was written", 1); //$NON-NLS-1$
                }
            }
            System.err.printf("[sextant] export: %s to %s, database %s, batches of %,d points%n", options.trace(), //$NON-NLS-1$
                    target.url(), target.database(), target.batchSize());
            long[] reported = { 0 };
            InfluxWriter.Progress progress = (landed, elapsed) -> {
                if (elapsed - reported[0] >= PROGRESS_NS) {
                    reported[0] = elapsed;
                    System.err.printf("[sextant] export: %,d points landed (%,.0f points/s)%n", landed, landed / (elapsed / 1e9)); //$NON-NLS-1$
                }
            };
            if (options.analysis() == null ? !Archives.isOtf2(options.trace()) : !options.analysis().equals(OTF2)) {
                return exportSeries(options, progress);
            }
            Archives.Opened opened = Archives.open(options.trace());
            Otf2Export.Result result = Otf2Export.run(opened.archive(), target, options.maxSeries(), progress);
            Map<String, Object> document = new LinkedHashMap<>(opened.describe());
            document.put("influx", target.url().toString()); //$NON-NLS-1$
            document.put("database", target.database()); //$NON-NLS-1$
            document.put("schema_version", Otf2Schema.VERSION); //$NON-NLS-1$
            document.put("events", result.events()); //$NON-NLS-1$
            document.put("points", result.points()); //$NON-NLS-1$
            document.put("landed", result.points()); //$NON-NLS-1$
            document.put("points_per_measurement", result.perMeasurement()); //$NON-NLS-1$
            document.put("series", result.series()); //$NON-NLS-1$
            document.put("ties", result.ties()); //$NON-NLS-1$
            document.put("not_exported", result.notExported()); //$NON-NLS-1$
            document.put("requests", result.requests()); //$NON-NLS-1$
            document.put("retries", result.retries()); //$NON-NLS-1$
            document.put("bytes", result.bytes()); //$NON-NLS-1$
            document.put("check_seconds", result.checkSeconds()); //$NON-NLS-1$
            document.put("export_seconds", result.exportSeconds()); //$NON-NLS-1$
            document.put("points_per_s", Math.round(result.points() / Math.max(result.exportSeconds(), 1e-9))); //$NON-NLS-1$
            System.out.print(options.json() ? Reports.json(document) : Reports.text(document));
            System.out.flush();
            return EXIT_OK;
        } catch (HeadlessAnalysisException e) {
            return fail(e.getMessage(), 2);
        } catch (Otf2FormatException e) {
            return fail(e.getMessage() + "; nothing was written", 2); //$NON-NLS-1$
        } catch (InfluxException e) {
            return fail(e.getMessage(), 1);
        }
    }

    /**
     * Exports an analysis's XY series, or what a model has one point per item (Redis requests, with the Redis bytes
     * chart; spans), of a trace opened by Trace Compass. Without {@code --analysis}, every model the trace has.
     */
    private static Object exportSeries(Options options, InfluxWriter.Progress progress) throws HeadlessAnalysisException {
        ITmfTrace trace;
        try {
            trace = TraceOpener.open(options.trace().toString());
        } catch (OpenException e) {
            return fail(e.getMessage() + "; nothing was written", 2); //$NON-NLS-1$
        }
        try {
            List<String> analyses = options.analysis() != null ? List.of(options.analysis()) : defaults(trace);
            InfluxWriter writer = new InfluxWriter(options.target(), progress);
            long start = System.nanoTime();
            Map<String, Object> measurements = new LinkedHashMap<>();
            double[] modelSeconds = { 0 };
            try (writer) {
                for (String analysis : analyses) {
                    measurements.putAll(export(trace, analysis, options, writer, modelSeconds));
                }
                writer.finish();
            } catch (Otf2Schema.SeriesLimitException e) {
                writer.close();
                throw new InfluxException(e.getMessage() + String.format("; the export stopped: %,d of the %,d points " //$NON-NLS-1$
                        + "made so far landed", writer.landed(), writer.points()), writer.landed()); //$NON-NLS-1$
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            Map<String, Object> document = new LinkedHashMap<>();
            document.put("trace", trace.getPath()); //$NON-NLS-1$
            document.put("analysis", String.join(",", analyses)); //$NON-NLS-1$ //$NON-NLS-2$
            document.put("influx", options.target().url().toString()); //$NON-NLS-1$
            document.put("database", options.target().database()); //$NON-NLS-1$
            if (analyses.size() == 1 && XyExport.ANALYSES.containsKey(analyses.get(0)) && !MODELS.contains(analyses.get(0))) {
                // a chart alone: its measurement and series, as before there were models
                Map<?, ?> chart = (Map<?, ?>) measurements.values().iterator().next();
                document.put("measurement", measurements.keySet().iterator().next()); //$NON-NLS-1$
                document.put("interval_ms", options.intervalNs() / 1_000_000); //$NON-NLS-1$
                document.put("points", writer.points()); //$NON-NLS-1$
                document.put("landed", writer.landed()); //$NON-NLS-1$
                document.put("points_per_series", chart.get(POINTS_PER_SERIES)); //$NON-NLS-1$
            } else {
                document.put("measurements", measurements); //$NON-NLS-1$
                document.put("points", writer.points()); //$NON-NLS-1$
                document.put("landed", writer.landed()); //$NON-NLS-1$
                document.put("requests", writer.requests()); //$NON-NLS-1$
                document.put("retries", writer.retries()); //$NON-NLS-1$
                document.put("bytes", writer.bytes()); //$NON-NLS-1$
            }
            document.put("export_seconds", seconds); //$NON-NLS-1$
            if (modelSeconds[0] > 0) {
                // the analyses' time is the model's, not the export's
                document.put("model_seconds", modelSeconds[0]); //$NON-NLS-1$
            }
            document.put("points_per_s", Math.round(writer.points() / Math.max(seconds - modelSeconds[0], 1e-9))); //$NON-NLS-1$
            System.out.print(options.json() ? Reports.json(document) : Reports.text(document));
            System.out.flush();
            return EXIT_OK;
        } finally {
            TraceOpener.close(trace);
        }
    }

    /** @return the models the trace has, to export when no analysis is named */
    private static List<String> defaults(ITmfTrace trace) throws HeadlessAnalysisException {
        List<String> analyses = new ArrayList<>();
        if (ModelExport.hasRedis(trace)) {
            analyses.add(REDIS);
        }
        if (ModelExport.hasSpans(trace)) {
            analyses.add(SPANS);
        }
        if (analyses.isEmpty()) {
            throw HeadlessAnalysisException.badInput(trace.getPath() + ": neither Redis nor HTTP events, nor an OTF2 " //$NON-NLS-1$
                    + "archive; --analysis count, cpu or io exports what a chart shows of it"); //$NON-NLS-1$
        }
        return analyses;
    }

    /** @return what one analysis wrote, by measurement; the time its model took is added to {@code modelSeconds} */
    private static Map<String, Object> export(ITmfTrace trace, String analysis, Options options, InfluxWriter writer,
            double[] modelSeconds) throws HeadlessAnalysisException {
        Map<String, Object> made = new LinkedHashMap<>();
        IProgressMonitor monitor = new NullProgressMonitor();
        if (analysis.equals(SPANS)) {
            System.err.println("[sextant] export: building the spans"); //$NON-NLS-1$
            ModelExport.Made spans = ModelExport.spans(trace, writer, options.maxSeries(), monitor);
            made.put(spans.measurement(), spans.describe());
            modelSeconds[0] += spans.modelSeconds();
            return made;
        }
        if (analysis.equals(REDIS)) {
            System.err.println("[sextant] export: building the Redis model"); //$NON-NLS-1$
            ModelExport.Made requests = ModelExport.redis(trace, writer, options.maxSeries(), monitor);
            made.put(requests.measurement(), requests.describe());
            modelSeconds[0] += requests.modelSeconds();
        }
        XyExport.Analysis chart = XyExport.ANALYSES.get(analysis);
        long before = writer.points();
        Map<String, Long> series = XyExport.run(trace, chart, options.intervalNs(), writer);
        Map<String, Object> described = new LinkedHashMap<>();
        described.put("points", writer.points() - before); //$NON-NLS-1$
        described.put("interval_ms", options.intervalNs() / 1_000_000); //$NON-NLS-1$
        described.put(POINTS_PER_SERIES, series);
        made.put(chart.measurement(), described);
        return made;
    }

    /** The parsed command line. */
    private record Options(InfluxTarget target, @Nullable String analysis, long maxSeries, long intervalNs, boolean json, Path trace) {
        static Options parse(String[] args) {
            String url = null;
            String db = null;
            String token = null;
            String org = null;
            int batch = InfluxTarget.DEFAULT_BATCH;
            int inFlight = InfluxTarget.DEFAULT_IN_FLIGHT;
            long maxSeries = DEFAULT_MAX_SERIES;
            long intervalNs = DEFAULT_INTERVAL_NS;
            String analysis = null;
            boolean json = false;
            String trace = null;
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                case "--influx" -> url = value(args, ++i, "--influx"); //$NON-NLS-1$ //$NON-NLS-2$
                case "--db" -> db = value(args, ++i, "--db"); //$NON-NLS-1$ //$NON-NLS-2$
                case "--token" -> token = value(args, ++i, "--token"); //$NON-NLS-1$ //$NON-NLS-2$
                case "--org" -> org = value(args, ++i, "--org"); //$NON-NLS-1$ //$NON-NLS-2$
                case "--batch" -> batch = (int) positive(value(args, ++i, "--batch"), "--batch"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                case "--in-flight" -> inFlight = (int) positive(value(args, ++i, "--in-flight"), "--in-flight"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                case "--max-series" -> maxSeries = positive(value(args, ++i, "--max-series"), "--max-series"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                case "--interval" -> intervalNs = positive(value(args, ++i, "--interval"), "--interval") * 1_000_000L; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                case "--analysis" -> { //$NON-NLS-1$
                    analysis = value(args, ++i, "--analysis"); //$NON-NLS-1$
                    if (!analysis.equals(OTF2) && !MODELS.contains(analysis) && !XyExport.ANALYSES.containsKey(analysis)) {
                        Set<String> known = new TreeSet<>(XyExport.ANALYSES.keySet());
                        known.addAll(MODELS);
                        known.add(OTF2);
                        throw new IllegalArgumentException("no export for analysis '" + analysis + "'; exports: " //$NON-NLS-1$ //$NON-NLS-2$
                                + String.join(", ", known)); //$NON-NLS-1$
                    }
                }
                case "--json" -> json = true; //$NON-NLS-1$
                default -> {
                    if (args[i].startsWith("-") || trace != null) { //$NON-NLS-1$
                        throw new IllegalArgumentException("unexpected argument " + args[i]); //$NON-NLS-1$
                    }
                    trace = args[i];
                }
                }
            }
            if (url == null || db == null || trace == null) {
                throw new IllegalArgumentException("--influx, --db and a trace are needed"); //$NON-NLS-1$
            }
            InfluxTarget target = InfluxTarget.of(url, db, token).withBatchSize(batch).withInFlight(inFlight);
            return new Options(org == null ? target : target.withOrg(org), analysis, maxSeries, intervalNs, json, Path.of(trace));
        }

        private static String value(String[] args, int index, String option) {
            if (index >= args.length) {
                throw new IllegalArgumentException(option + " needs a value"); //$NON-NLS-1$
            }
            return args[index];
        }

        private static long positive(String text, String option) {
            try {
                long number = Long.parseLong(text);
                if (number > 0 && number <= Integer.MAX_VALUE) {
                    return number;
                }
            } catch (NumberFormatException e) {
                // reported below
            }
            throw new IllegalArgumentException(option + " needs a positive whole number, not '" + text + "'"); //$NON-NLS-1$ //$NON-NLS-2$
        }
    }

    private static Integer fail(String message, int code) {
        System.err.println("sextant: error: " + message); //$NON-NLS-1$
        return code;
    }

    @Override
    public void stop() {
        // Runs to completion: nothing to interrupt.
    }
}
