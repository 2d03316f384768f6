// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.timeseries.core;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import org.eclipse.equinox.app.IApplication;
import org.eclipse.equinox.app.IApplicationContext;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.headless.core.HeadlessAnalysisException;
import org.sextant.headless.core.Reports;
import org.sextant.headless.core.TraceOpener;
import org.sextant.headless.core.TraceOpener.OpenException;
import org.sextant.otf2.model.Otf2FormatException;
import org.sextant.timeseries.model.InfluxException;
import org.sextant.timeseries.model.InfluxQuery;
import org.sextant.timeseries.model.InfluxTarget;
import org.sextant.timeseries.model.InfluxWriter;
import org.sextant.timeseries.model.Otf2Export;
import org.sextant.timeseries.model.Otf2Schema;

/**
 * {@code org.sextant.timeseries.core.export}: {@code sextant export --influx URL --db NAME [--token T] [--org O]
 * [--batch N] [--in-flight N] [--max-series N] [--analysis otf2|count|cpu|io|redis] [--interval MS] [--json] TRACE}.
 * Writes the trace's points to InfluxDB ({@link Otf2Schema} for OTF2 archives, the default; an analysis's XY
 * series through {@link XyExport} for the traces Trace Compass opens), with a progress line every few seconds, and
 * prints what landed. Exit code 2 for a bad command line or a damaged trace (nothing written), 1 when InfluxDB did
 * not take every point (the message says how many landed).
 */
public class ExportApplication implements IApplication {

    private static final String USAGE = "usage: sextant export --influx URL --db NAME [--token TOKEN] [--org ORG] [--batch N] [--in-flight N] [--max-series N] [--analysis otf2|count|cpu|io|redis] [--interval MS] [--json] TRACE"; //$NON-NLS-1$
    private static final long PROGRESS_NS = 2_000_000_000L;
    private static final long DEFAULT_MAX_SERIES = 1_000_000;
    private static final long DEFAULT_INTERVAL_NS = 100_000_000L;
    private static final String OTF2 = "otf2"; //$NON-NLS-1$

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
            if (!options.analysis().equals(OTF2)) {
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

    /** Exports an analysis's XY series of a trace opened by Trace Compass. */
    private static Object exportSeries(Options options, InfluxWriter.Progress progress) throws HeadlessAnalysisException {
        ITmfTrace trace;
        try {
            trace = TraceOpener.open(options.trace().toString());
        } catch (OpenException e) {
            return fail(e.getMessage() + "; nothing was written", 2); //$NON-NLS-1$
        }
        try {
            InfluxWriter writer = new InfluxWriter(options.target(), progress);
            long start = System.nanoTime();
            Map<String, Long> series;
            try (writer) {
                series = XyExport.run(trace, XyExport.ANALYSES.get(options.analysis()), options.intervalNs(), writer);
                writer.finish();
            }
            Map<String, Object> document = new LinkedHashMap<>();
            document.put("trace", trace.getPath()); //$NON-NLS-1$
            document.put("analysis", options.analysis()); //$NON-NLS-1$
            document.put("influx", options.target().url().toString()); //$NON-NLS-1$
            document.put("database", options.target().database()); //$NON-NLS-1$
            document.put("measurement", XyExport.ANALYSES.get(options.analysis()).measurement()); //$NON-NLS-1$
            document.put("interval_ms", options.intervalNs() / 1_000_000); //$NON-NLS-1$
            document.put("points", writer.points()); //$NON-NLS-1$
            document.put("landed", writer.landed()); //$NON-NLS-1$
            document.put("points_per_series", series); //$NON-NLS-1$
            document.put("export_seconds", (System.nanoTime() - start) / 1e9); //$NON-NLS-1$
            System.out.print(options.json() ? Reports.json(document) : Reports.text(document));
            System.out.flush();
            return EXIT_OK;
        } finally {
            TraceOpener.close(trace);
        }
    }

    /** The parsed command line. */
    private record Options(InfluxTarget target, String analysis, long maxSeries, long intervalNs, boolean json, Path trace) {
        static Options parse(String[] args) {
            String url = null;
            String db = null;
            String token = null;
            String org = null;
            int batch = InfluxTarget.DEFAULT_BATCH;
            int inFlight = InfluxTarget.DEFAULT_IN_FLIGHT;
            long maxSeries = DEFAULT_MAX_SERIES;
            long intervalNs = DEFAULT_INTERVAL_NS;
            String analysis = OTF2;
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
                    if (!analysis.equals(OTF2) && !XyExport.ANALYSES.containsKey(analysis)) {
                        throw new IllegalArgumentException("no export for analysis '" + analysis + "'; exports: otf2, " //$NON-NLS-1$ //$NON-NLS-2$
                                + String.join(", ", new java.util.TreeSet<>(XyExport.ANALYSES.keySet()))); //$NON-NLS-1$
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
