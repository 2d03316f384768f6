// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.headless.core;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IConfigurationElement;
import org.eclipse.core.runtime.Platform;
import org.eclipse.equinox.app.IApplication;
import org.eclipse.equinox.app.IApplicationContext;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.common.core.bench.IHeadlessBenchmark;
import org.sextant.common.core.open.TraceOpener;
import org.sextant.common.core.open.TraceOpener.OpenException;
import org.sextant.common.core.summary.HeadlessAnalysisException;
import org.sextant.common.core.summary.Reports;

/**
 * {@code org.sextant.headless.core.bench}: {@code --analysis NAME [--threads 1,2,4] [--writers 1,2] [--chunk-size SIZE]
 * [--repeat N] [--cold] [--json] TRACE}. Runs a contributed benchmark on one trace and prints its measurements as a table or one JSON document.
 * Thread counts beyond the machine's cores are run as asked, and the output says that those runs shared the
 * cores.
 */
public class BenchApplication implements IApplication {

    private static final String USAGE = "usage: sextant bench --analysis NAME [--threads 1,2,4] [--writers 1,2] [--chunk-size SIZE] [--repeat N] [--cold] [--json] TRACE"; //$NON-NLS-1$

    @Override
    public Object start(IApplicationContext context) {
        String[] args = (String[]) context.getArguments().getOrDefault(IApplicationContext.APPLICATION_ARGS, new String[0]);
        context.applicationRunning();
        String analysis = null;
        String path = null;
        boolean json = false;
        boolean cold = false;
        int cores = Runtime.getRuntime().availableProcessors();
        List<Integer> threads = List.of(1, cores);
        List<Integer> writers = List.of();
        long chunkBytes = 0;
        int repeat = 1;
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                case "--analysis" -> analysis = value(args, ++i, "--analysis"); //$NON-NLS-1$ //$NON-NLS-2$
                case "--threads" -> threads = counts(value(args, ++i, "--threads"), "--threads"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                case "--writers" -> writers = counts(value(args, ++i, "--writers"), "--writers"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                case "--chunk-size" -> chunkBytes = chunkSize(value(args, ++i, "--chunk-size")); //$NON-NLS-1$ //$NON-NLS-2$
                case "--repeat" -> repeat = positive(value(args, ++i, "--repeat"), "--repeat"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                case "--json" -> json = true; //$NON-NLS-1$
                case "--cold" -> cold = true; //$NON-NLS-1$
                default -> {
                    if (args[i].startsWith("-") || path != null) { //$NON-NLS-1$
                        throw new IllegalArgumentException("unexpected argument " + args[i]); //$NON-NLS-1$
                    }
                    path = args[i];
                }
                }
            }
            if (analysis == null || path == null) {
                throw new IllegalArgumentException("an analysis and a trace are needed"); //$NON-NLS-1$
            }
        } catch (IllegalArgumentException e) {
            return fail(e.getMessage() + '\n' + USAGE, 2);
        }
        Map<String, IConfigurationElement> benchmarks = benchmarks();
        IConfigurationElement element = benchmarks.get(analysis);
        if (element == null) {
            return fail("no benchmark for analysis '" + analysis + "'; benchmarks: " + String.join(", ", benchmarks.keySet()), 2); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        }
        ITmfTrace trace;
        try {
            trace = TraceOpener.open(path);
        } catch (OpenException e) {
            return fail(e.getMessage(), 2);
        }
        try {
            IHeadlessBenchmark benchmark = (IHeadlessBenchmark) element.createExecutableExtension("class"); //$NON-NLS-1$
            Map<String, Object> document = new LinkedHashMap<>();
            document.put("analysis", analysis); //$NON-NLS-1$
            document.put("trace", trace.getPath()); //$NON-NLS-1$
            document.put("cores", cores); //$NON-NLS-1$
            List<Integer> beyond = threads.stream().filter(count -> count > cores).toList();
            if (!beyond.isEmpty()) {
                document.put("threads_beyond_cores", beyond); //$NON-NLS-1$
                System.err.println("[sextant] bench: runs of " + beyond + " threads share this machine's " + cores //$NON-NLS-1$ //$NON-NLS-2$
                        + " cores: they measure oversubscription, not scaling"); //$NON-NLS-1$
            }
            document.putAll(benchmark.run(trace, threads, writers, chunkBytes, repeat, cold, System.err));
            System.out.print(json ? Reports.json(document) : table(document));
            return EXIT_OK;
        } catch (CoreException e) {
            return fail("benchmark '" + analysis + "' cannot be loaded: " + e.getMessage(), 1); //$NON-NLS-1$ //$NON-NLS-2$
        } catch (HeadlessAnalysisException e) {
            return fail(trace.getPath() + ": " + e.getMessage(), 1); //$NON-NLS-1$
        } finally {
            TraceOpener.close(trace);
        }
    }

    private static String value(String[] args, int index, String option) {
        if (index >= args.length) {
            throw new IllegalArgumentException(option + " needs a value"); //$NON-NLS-1$
        }
        return args[index];
    }

    private static long chunkSize(String value) {
        try {
            return Arguments.chunkSize(value);
        } catch (Arguments.UsageException e) {
            throw new IllegalArgumentException(e.getMessage());
        }
    }

    private static List<Integer> counts(String list, String option) {
        List<Integer> counts = new ArrayList<>();
        for (String count : list.split(",")) { //$NON-NLS-1$
            try {
                counts.add(positive(count.trim(), option));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(option + " takes positive whole numbers separated by commas, not " + list); //$NON-NLS-1$
            }
        }
        return counts;
    }

    private static int positive(String value, String option) {
        try {
            int count = Integer.parseInt(value);
            if (count >= 1) {
                return count;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException(option + " takes a positive whole number, not " + value); //$NON-NLS-1$
    }

    private static Map<String, IConfigurationElement> benchmarks() {
        Map<String, IConfigurationElement> benchmarks = new LinkedHashMap<>();
        for (IConfigurationElement element : Platform.getExtensionRegistry().getConfigurationElementsFor(AnalysisRegistry.EXTENSION_POINT)) {
            if ("benchmark".equals(element.getName()) && element.getAttribute("name") != null) { //$NON-NLS-1$ //$NON-NLS-2$
                benchmarks.put(element.getAttribute("name"), element); //$NON-NLS-1$
            }
        }
        return benchmarks;
    }

    /** The runs as an aligned table, then the other results as "key: value" lines. */
    private static String table(Map<String, Object> document) {
        StringBuilder out = new StringBuilder();
        String format = "%-13s %7s %7s %9s %12s %13s %8s %10s %8s %8s %14s%n"; //$NON-NLS-1$
        if (document.containsKey("runs")) { //$NON-NLS-1$
            out.append(String.format(format, "mode", "threads", "writers", "seconds", "events", "events/s", "speedup", "efficiency", "heap MB", "live MB", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$ //$NON-NLS-7$ //$NON-NLS-8$ //$NON-NLS-9$ //$NON-NLS-10$
                "history bytes")); //$NON-NLS-1$
        }
        Map<String, Object> rest = new LinkedHashMap<>();
        document.forEach((key, value) -> {
            if (key.equals("runs") && value instanceof List<?> runs) { //$NON-NLS-1$
                for (Object item : runs) {
                    Map<?, ?> run = (Map<?, ?>) item;
                    out.append(String.format(format, run.get("mode"), run.get("threads"), Objects.toString(run.get("writers"), ""), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                            String.format("%.3f", run.get("seconds")), run.get("events"), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                            String.format("%.0f", run.get("events_per_s")), String.format("%.2f", run.get("speedup")), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                            String.format("%.0f%%", 100 * (Double) run.get("efficiency")), run.get("heap_mb"), run.get("heap_live_mb"), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                            run.get("history_bytes"))); //$NON-NLS-1$
                }
            } else if ((key.equals("sizes") || key.equals("reads")) && value instanceof List<?> sizes && !sizes.isEmpty()) { //$NON-NLS-1$ //$NON-NLS-2$
                rest.put(key, sizes.stream().map(BenchApplication::row).toList());
            } else {
                rest.put(key, value);
            }
        });
        return out.append(Reports.text(rest)).toString();
    }

    /** One row of a table of measurements by size (a map of scalars), as "name value, name value" on one line. */
    private static String row(Object size) {
        StringBuilder row = new StringBuilder();
        ((Map<?, ?>) size).forEach((name, value) -> row.append(row.length() == 0 ? "" : ", ").append(name).append(' ').append(value)); //$NON-NLS-1$ //$NON-NLS-2$
        return row.toString();
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
