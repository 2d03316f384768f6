// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.timeseries.core;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedMap;

import org.eclipse.equinox.app.IApplication;
import org.eclipse.equinox.app.IApplicationContext;
import org.eclipse.tracecompass.statesystem.core.exceptions.StateSystemDisposedException;
import org.sextant.common.core.summary.HeadlessAnalysisException;
import org.sextant.common.core.summary.Reports;
import org.sextant.otf2.model.Otf2Archive;
import org.sextant.otf2.model.Otf2FormatException;
import org.sextant.timeseries.model.InfluxException;
import org.sextant.timeseries.model.InfluxQuery;
import org.sextant.timeseries.model.InfluxServer;
import org.sextant.timeseries.model.InfluxTarget;
import org.sextant.timeseries.model.NineMetrics;
import org.sextant.timeseries.model.Otf2Export;
import org.sextant.timeseries.model.Otf2MetricQueries;
import org.sextant.timeseries.model.Otf2Metrics;

/**
 * {@code org.sextant.timeseries.core.bench}: {@code sextant bench --analysis otf2 [--repeat N] [--json] ARCHIVE}.
 * The nine metrics three ways on one archive, in one run: loaded once into a private InfluxDB ({@code influxd},
 * started here on a free port) and asked by InfluxQL; built once into a state history and queried; and read in one
 * pass by Sextant's reader. Reports the load times and sizes, each metric's median, mean and standard deviation each
 * way over the repeats (the ways alternating, so that a machine's load falls on all three alike), and whether all three agree exactly:
 * if not, the command fails naming the first metric that differs.
 */
public class BenchApplication implements IApplication {

    private static final String USAGE = "usage: sextant bench --analysis otf2 [--repeat N] [--json] ARCHIVE"; //$NON-NLS-1$

    @Override
    public Object start(IApplicationContext context) {
        String[] args = (String[]) context.getArguments().getOrDefault(IApplicationContext.APPLICATION_ARGS, new String[0]);
        context.applicationRunning();
        int repeat = 5;
        boolean json = false;
        String trace = null;
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
            case "--analysis" -> i++; //$NON-NLS-1$ the launcher sent --analysis otf2 here
            case "--json" -> json = true; //$NON-NLS-1$
            case "--repeat" -> { //$NON-NLS-1$
                try {
                    repeat = Integer.parseInt(i + 1 < args.length ? args[++i] : ""); //$NON-NLS-1$
                } catch (NumberFormatException e) {
                    repeat = 0;
                }
                if (repeat < 1) {
                    return fail("--repeat needs a positive whole number\n" + USAGE, 2); //$NON-NLS-1$
                }
            }
            default -> {
                if (args[i].startsWith("-") || trace != null) { //$NON-NLS-1$
                    return fail("unexpected argument " + args[i] + '\n' + USAGE, 2); //$NON-NLS-1$
                }
                trace = args[i];
            }
            }
        }
        if (trace == null) {
            return fail("an OTF2 archive is needed\n" + USAGE, 2); //$NON-NLS-1$
        }
        try {
            Map<String, Object> document = run(Archives.open(Path.of(trace)), repeat);
            System.out.print(json ? Reports.json(document) : Reports.text(document));
            System.out.flush();
            return Boolean.TRUE.equals(document.get("agree")) ? EXIT_OK : fail("the three ways disagree on " //$NON-NLS-1$ //$NON-NLS-2$
                    + document.get("first_disagreement"), 1); //$NON-NLS-1$
        } catch (HeadlessAnalysisException e) {
            return fail(e.getMessage(), 2);
        } catch (Otf2FormatException e) {
            return fail(e.getMessage(), 2);
        } catch (IOException | InfluxException | StateSystemDisposedException e) {
            return fail(e.getMessage(), 1);
        }
    }

    private static Map<String, Object> run(Archives.Opened opened, int repeat)
            throws IOException, Otf2FormatException, StateSystemDisposedException {
        Otf2Archive archive = opened.archive();
        Map<String, Object> document = new LinkedHashMap<>(opened.describe());
        Path work = Files.createTempDirectory("sextant-bench-otf2"); //$NON-NLS-1$
        say("starting a private influxd"); //$NON-NLS-1$
        try (InfluxServer server = InfluxServer.start("influxd")) { //$NON-NLS-1$
            InfluxTarget target = server.createDatabase("otf2"); //$NON-NLS-1$
            say("loading into InfluxDB"); //$NON-NLS-1$
            Otf2Export.Result load = Otf2Export.run(archive, target, Long.MAX_VALUE, (landed, elapsed) -> { });
            document.put("events", load.events()); //$NON-NLS-1$
            Map<String, Object> influx = new LinkedHashMap<>();
            influx.put("points", load.points()); //$NON-NLS-1$
            influx.put("seconds", load.exportSeconds()); //$NON-NLS-1$
            influx.put("points_per_s", Math.round(load.points() / load.exportSeconds())); //$NON-NLS-1$
            influx.put("series", load.series()); //$NON-NLS-1$
            influx.put("line_protocol_bytes", load.bytes()); //$NON-NLS-1$
            influx.put("disk_bytes", server.diskBytes()); //$NON-NLS-1$
            document.put("influxdb_load", influx); //$NON-NLS-1$
            say("building the state history"); //$NON-NLS-1$
            File history = work.resolve("otf2-metrics.ht").toFile(); //$NON-NLS-1$
            long start = System.nanoTime();
            try (Otf2MetricsIndex index = Otf2MetricsIndex.build(archive, history)) {
                Map<String, Object> built = new LinkedHashMap<>();
                built.put("seconds", (System.nanoTime() - start) / 1e9); //$NON-NLS-1$
                built.put("history_bytes", history.length()); //$NON-NLS-1$
                document.put("state_history_build", built); //$NON-NLS-1$
                compare(document, archive, new Otf2MetricQueries(new InfluxQuery(target)), index, repeat);
            }
        } finally {
            Files.deleteIfExists(work.resolve("otf2-metrics.ht")); //$NON-NLS-1$
            Files.deleteIfExists(work);
        }
        return document;
    }

    /** Times each metric each way, the ways alternating within each repeat, and checks that they agree. */
    private static void compare(Map<String, Object> document, Otf2Archive archive, Otf2MetricQueries influxql,
            Otf2MetricsIndex index, int repeat) throws Otf2FormatException, StateSystemDisposedException {
        int count = NineMetrics.NAMES.length;
        long[][][] times = new long[3][count][repeat];
        long[] reads = new long[repeat];
        long[] bare = new long[repeat];
        long events = 0;
        NineMetrics onePass = new Otf2Metrics(archive.definitions()).metrics();
        List<SortedMap<?, Long>> byQuery = new ArrayList<>();
        List<SortedMap<?, Long>> byIndex = new ArrayList<>();
        say("querying the nine metrics three ways, " + repeat + " times"); //$NON-NLS-1$ //$NON-NLS-2$
        for (int r = 0; r < repeat; r++) {
            long round = System.nanoTime();
            for (int m = 0; m < count; m++) {
                long t0 = System.nanoTime();
                SortedMap<?, Long> queried = influxql.metric(m);
                long t1 = System.nanoTime();
                SortedMap<?, Long> indexed = index.metric(m);
                times[0][m][r] = t1 - t0;
                times[1][m][r] = System.nanoTime() - t1;
                if (r == 0) {
                    byQuery.add(queried);
                    byIndex.add(indexed);
                }
            }
            long t0 = System.nanoTime();
            Otf2Metrics metrics = new Otf2Metrics(archive.definitions());
            events = archive.readEvents(metrics);
            reads[r] = System.nanoTime() - t0;
            onePass = metrics.metrics();
            t0 = System.nanoTime();
            archive.readEvents(event -> {
                // the reader alone: decoding and the merge in time, no counting
            });
            bare[r] = System.nanoTime() - t0;
            say(String.format(Locale.ROOT, "round %d of %d in %.1f s", r + 1, repeat, (System.nanoTime() - round) / 1e9)); //$NON-NLS-1$
        }
        List<Map<String, Object>> rows = new ArrayList<>();
        String disagreement = null;
        for (int m = 0; m < count; m++) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("metric", NineMetrics.NAMES[m]); //$NON-NLS-1$
            row.put("keys", onePass.metric(m).size()); //$NON-NLS-1$
            row.put("influxql_ms", median(times[0][m]) / 1e6); //$NON-NLS-1$
            row.put("state_history_ms", median(times[1][m]) / 1e6); //$NON-NLS-1$
            row.put("one_pass_ms", median(reads) / 1e6); //$NON-NLS-1$
            spread(row, "influxql", times[0][m]); //$NON-NLS-1$
            spread(row, "state_history", times[1][m]); //$NON-NLS-1$
            spread(row, "one_pass", reads); //$NON-NLS-1$
            boolean agree = onePass.metric(m).equals(byQuery.get(m)) && onePass.metric(m).equals(byIndex.get(m));
            row.put("agree", agree); //$NON-NLS-1$
            if (!agree && disagreement == null) {
                disagreement = NineMetrics.NAMES[m];
            }
            rows.add(row);
        }
        Map<String, Object> reader = new LinkedHashMap<>();
        reader.put("median_seconds", median(bare) / 1e9); //$NON-NLS-1$
        reader.put("events_per_s", Math.round(events / (median(bare) / 1e9))); //$NON-NLS-1$
        document.put("reader_alone", reader); //$NON-NLS-1$
        Map<String, Object> counted = new LinkedHashMap<>();
        counted.put("median_seconds", median(reads) / 1e9); //$NON-NLS-1$
        counted.put("events_per_s", Math.round(events / (median(reads) / 1e9))); //$NON-NLS-1$
        document.put("one_pass_nine_metrics", counted); //$NON-NLS-1$
        document.put("repeats", repeat); //$NON-NLS-1$
        document.put("metrics", rows); //$NON-NLS-1$
        document.put("agree", disagreement == null); //$NON-NLS-1$
        if (disagreement != null) {
            document.put("first_disagreement", disagreement); //$NON-NLS-1$
        }
    }

    /**
     * The mean and standard deviation (over the repeats, n - 1 in the denominator) of one way's times, in ms, as
     * the thesis tabulates them beside the median.
     */
    private static void spread(Map<String, Object> row, String way, long[] nanos) {
        double mean = Arrays.stream(nanos).average().orElse(0);
        double squares = Arrays.stream(nanos).mapToDouble(t -> (t - mean) * (t - mean)).sum();
        double deviation = nanos.length > 1 ? Math.sqrt(squares / (nanos.length - 1)) : 0;
        row.put(way + "_mean_ms", mean / 1e6); //$NON-NLS-1$
        row.put(way + "_sd_ms", deviation / 1e6); //$NON-NLS-1$
    }

    private static long median(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted[sorted.length / 2];
    }

    private static void say(String what) {
        System.err.println("[sextant] bench otf2: " + what); //$NON-NLS-1$
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
