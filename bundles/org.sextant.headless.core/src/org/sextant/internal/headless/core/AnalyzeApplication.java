// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.headless.core;

import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.equinox.app.IApplication;
import org.eclipse.equinox.app.IApplicationContext;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.common.core.open.CtfChecks;
import org.sextant.common.core.open.TraceOpener;
import org.sextant.common.core.open.TraceOpener.OpenException;
import org.sextant.common.core.summary.HeadlessAnalysisException;
import org.sextant.common.core.summary.IHeadlessAnalysis;
import org.sextant.common.core.summary.IHeadlessFileAnalysis;
import org.sextant.common.core.summary.Reports;
import org.sextant.internal.headless.core.Arguments.UsageException;

/**
 * {@code org.sextant.headless.analyze}: opens traces, runs one analysis on each and prints the summaries, as
 * text or as one JSON document; an {@link IHeadlessFileAnalysis} reads each path itself, no trace opened. The
 * warnings a summary lists ({@code warnings}) also go to the standard error. Problems with the input (also a
 * corrupt packet found while analysing) are
 * reported in one line naming the file, with exit code 2; an analysis that fails otherwise (a stack overflow, a
 * full heap, a bug) exits with 1, also in one line naming the file.
 */
public class AnalyzeApplication implements IApplication {

    private static final Integer USAGE_ERROR = 2;
    private static final Integer ANALYSIS_ERROR = 1;
    /** The options are listed once, in the launcher's usage text ({@code ./sextant help}, docs/usage.md). */
    private static final String USAGE = "usage: sextant analyze [OPTION...] [TRACE...]; every option: sextant help"; //$NON-NLS-1$

    private final PrintStream fOut = System.out;
    private final PrintStream fErr = System.err;

    @Override
    public Object start(IApplicationContext context) {
        String[] args = (String[]) context.getArguments().getOrDefault(IApplicationContext.APPLICATION_ARGS, new String[0]);
        context.applicationRunning();
        Arguments arguments;
        try {
            arguments = Arguments.parse(args, System.getProperty(Arguments.DEFAULT_TRACE_PROPERTY));
        } catch (UsageException e) {
            return fail(e.getMessage() + '\n' + USAGE, USAGE_ERROR);
        }
        Map<String, AnalysisRegistry.Entry> analyses = AnalysisRegistry.analyses();
        if (arguments.list()) {
            analyses.values().forEach(a -> fOut.println(a.name() + '\t' + a.description()));
            return EXIT_OK;
        }
        AnalysisRegistry.Entry entry = analyses.get(arguments.analysis());
        if (entry == null) {
            return fail("unknown analysis '" + arguments.analysis() + "'; valid analyses: " //$NON-NLS-1$ //$NON-NLS-2$
                    + analyses.values().stream().map(a -> a.name() + " (" + a.description() + ')').collect(Collectors.joining(", ")), //$NON-NLS-1$ //$NON-NLS-2$
                    USAGE_ERROR);
        }
        IHeadlessAnalysis analysis;
        try {
            analysis = entry.create();
        } catch (CoreException e) {
            return fail("analysis '" + entry.name() + "' cannot be loaded: " + e.getMessage(), ANALYSIS_ERROR); //$NON-NLS-1$ //$NON-NLS-2$
        }
        List<Object> results = new ArrayList<>();
        for (String path : arguments.traces()) {
            if (analysis instanceof IHeadlessFileAnalysis reader) {
                try {
                    long start = System.nanoTime();
                    fErr.println("[sextant] " + entry.name() + ": analysing " + path); //$NON-NLS-1$ //$NON-NLS-2$
                    results.add(reader.run(Path.of(path), arguments.build(), new NullProgressMonitor()));
                    fErr.printf("[sextant] %s: done in %.1f s%n", entry.name(), (System.nanoTime() - start) / 1e9); //$NON-NLS-1$
                    continue;
                } catch (HeadlessAnalysisException e) {
                    return fail(e.getMessage(), e.isBadInput() ? USAGE_ERROR : ANALYSIS_ERROR);
                } catch (RuntimeException | Error e) {
                    return fail(path + ": " + e, ANALYSIS_ERROR); //$NON-NLS-1$
                }
            }
            ITmfTrace trace;
            List<String> damaged = arguments.skipDamaged() ? new ArrayList<>() : null;
            try {
                trace = TraceOpener.open(path, damaged, analysis.checksEveryEvent() ? CtfChecks.Depth.PACKETS : CtfChecks.Depth.EVENTS);
            } catch (OpenException e) {
                return fail(e.getMessage(), USAGE_ERROR);
            } catch (RuntimeException | Error e) {
                return fail(path + ": " + e, ANALYSIS_ERROR); //$NON-NLS-1$
            }
            try {
                if (!analysis.appliesTo(trace)) {
                    return fail(trace.getPath() + ": the " + entry.name() + " analysis does not apply to this trace (" //$NON-NLS-1$ //$NON-NLS-2$
                            + trace.getTraceTypeId() + ')', USAGE_ERROR);
                }
                long start = System.nanoTime();
                fErr.println("[sextant] " + entry.name() + ": analysing " + trace.getPath()); //$NON-NLS-1$ //$NON-NLS-2$
                Map<String, Object> result = new LinkedHashMap<>();
                result.put("trace", trace.getPath()); //$NON-NLS-1$
                result.put("trace_type", trace.getTraceTypeId()); //$NON-NLS-1$
                if (damaged != null) {
                    damaged.forEach(problem -> fErr.println("[sextant] warning: left out, damaged: " + problem)); //$NON-NLS-1$
                    result.put("damaged", damaged); //$NON-NLS-1$
                }
                result.putAll(analysis.run(trace, arguments.build(), new NullProgressMonitor()));
                if (result.get("warnings") instanceof List<?> warnings) { //$NON-NLS-1$
                    warnings.forEach(warning -> fErr.println("[sextant] warning: " + warning)); //$NON-NLS-1$
                }
                results.add(result);
                fErr.printf("[sextant] %s: done in %.1f s%n", entry.name(), (System.nanoTime() - start) / 1e9); //$NON-NLS-1$
            } catch (HeadlessAnalysisException e) {
                if (e.isBadInput()) {
                    return fail(e.getMessage(), USAGE_ERROR);
                }
                return fail(trace.getPath() + ": " + e.getMessage(), ANALYSIS_ERROR); //$NON-NLS-1$
            } catch (RuntimeException | Error e) {
                // escaping start(), an exception is logged to the workspace log and Equinox exits 0 (an error: 13),
                // and the terminal hears nothing of the file
                return fail(trace.getPath() + ": " + e, ANALYSIS_ERROR); //$NON-NLS-1$
            } finally {
                TraceOpener.close(trace);
            }
        }
        Map<String, Object> document = new LinkedHashMap<>();
        document.put("analysis", entry.name()); //$NON-NLS-1$
        document.put("traces", results); //$NON-NLS-1$
        fOut.print(arguments.json() ? Reports.json(document) : Reports.text(document));
        fOut.flush();
        return EXIT_OK;
    }

    private Integer fail(String message, Integer code) {
        fErr.println("sextant: error: " + message); //$NON-NLS-1$
        return code;
    }

    @Override
    public void stop() {
        // Runs to completion: nothing to interrupt.
    }
}
