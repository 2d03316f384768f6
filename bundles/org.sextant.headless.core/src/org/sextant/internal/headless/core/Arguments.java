// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.headless.core;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.sextant.common.core.summary.AnalysisOptions;
import org.sextant.parallel.model.BuildMode;

/**
 * The parsed command line of {@code analyze}:
 * {@code [--analysis NAME] [--threads N] [--serial] [--chunk-size SIZE] [--writers N] [--pattern START,...:END,...] [--top N]
 * [--baseline FILE] [--otlp FILE] [--json] [--list] TRACE...}.
 * Without a trace, the default one is analysed: the launcher names its bundled sample in the system property
 * {@value #DEFAULT_TRACE_PROPERTY}, so that only this class reads the options.
 *
 * @param analysis
 *            the analysis to run
 * @param json
 *            print one JSON document instead of text
 * @param list
 *            list the analyses instead of running one
 * @param skipDamaged
 *            leave out, with a warning and a {@code damaged} list in the summary, the traces of a recording that
 *            cannot be read, instead of refusing the recording
 * @param build
 *            how to build the history
 * @param traces
 *            the trace paths, in order
 */
record Arguments(String analysis, boolean json, boolean list, boolean skipDamaged, AnalysisOptions build, List<String> traces) {

    static final String DEFAULT_ANALYSIS = "count"; //$NON-NLS-1$
    /** The system property naming the trace analysed when none is given. */
    static final String DEFAULT_TRACE_PROPERTY = "sextant.defaultTrace"; //$NON-NLS-1$

    /** A command line that cannot be understood; the message says why. */
    static final class UsageException extends Exception {
        private static final long serialVersionUID = 1L;

        UsageException(String message) {
            super(message);
        }
    }

    /**
     * @param args
     *            the application's arguments
     * @param defaultTrace
     *            the trace analysed when none is given (the launcher's bundled sample), or null to require one
     * @return the parsed command line
     * @throws UsageException
     *             when it cannot be understood
     */
    static Arguments parse(String[] args, @Nullable String defaultTrace) throws UsageException {
        String analysis = DEFAULT_ANALYSIS;
        boolean json = false;
        boolean list = false;
        boolean skipDamaged = false;
        int threads = 0;
        long chunkBytes = 0;
        int writers = 0;
        boolean serial = false;
        String pattern = null;
        int top = 0;
        String baseline = null;
        String otlp = null;
        List<String> traces = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            switch (arg) {
            case "--analysis": //$NON-NLS-1$
                if (i + 1 == args.length) {
                    throw new UsageException("--analysis needs a name"); //$NON-NLS-1$
                }
                analysis = args[++i];
                break;
            case "--json": //$NON-NLS-1$
                json = true;
                break;
            case "--list": //$NON-NLS-1$
                list = true;
                break;
            case "--serial": //$NON-NLS-1$
                serial = true;
                break;
            case "--skip-damaged": //$NON-NLS-1$
                skipDamaged = true;
                break;
            case "--pattern": //$NON-NLS-1$
                if (i + 1 == args.length) {
                    throw new UsageException("--pattern needs START,...:END,... (e.g. cli,pushf:sti,popf)"); //$NON-NLS-1$
                }
                pattern = args[++i];
                break;
            case "--threads": //$NON-NLS-1$
                threads = positive(arg, i + 1 < args.length ? args[++i] : ""); //$NON-NLS-1$
                break;
            case "--chunk-size": //$NON-NLS-1$
                chunkBytes = chunkSize(i + 1 < args.length ? args[++i] : ""); //$NON-NLS-1$
                break;
            case "--writers": //$NON-NLS-1$
                writers = positive(arg, i + 1 < args.length ? args[++i] : ""); //$NON-NLS-1$
                break;
            case "--top": //$NON-NLS-1$
                top = positive(arg, i + 1 < args.length ? args[++i] : ""); //$NON-NLS-1$
                break;
            case "--baseline": //$NON-NLS-1$
                if (i + 1 == args.length) {
                    throw new UsageException("--baseline needs the profile file to compare with"); //$NON-NLS-1$
                }
                baseline = args[++i];
                break;
            case "--otlp": //$NON-NLS-1$
                if (i + 1 == args.length) {
                    throw new UsageException("--otlp needs the file to write the spans to"); //$NON-NLS-1$
                }
                otlp = args[++i];
                break;
            default:
                if (arg.startsWith("--analysis=")) { //$NON-NLS-1$
                    analysis = arg.substring("--analysis=".length()); //$NON-NLS-1$
                } else if (arg.startsWith("-") && !arg.equals("-")) { //$NON-NLS-1$ //$NON-NLS-2$
                    throw new UsageException("unknown option " + arg); //$NON-NLS-1$
                } else {
                    traces.add(arg);
                }
            }
        }
        if (!list && traces.isEmpty()) {
            if (defaultTrace == null) {
                throw new UsageException("no trace given"); //$NON-NLS-1$
            }
            traces.add(defaultTrace);
        }
        if (serial && threads > 0) {
            throw new UsageException("--serial and --threads exclude each other"); //$NON-NLS-1$
        }
        if (serial && chunkBytes > 0) {
            throw new UsageException("--serial and --chunk-size exclude each other (the serial mode makes one chunk per stream)"); //$NON-NLS-1$
        }
        if (serial && writers > 0) {
            throw new UsageException("--serial and --writers exclude each other (the serial mode writes one history tree)"); //$NON-NLS-1$
        }
        return new Arguments(analysis, json, list, skipDamaged, new AnalysisOptions(
                serial ? BuildMode.SERIAL : BuildMode.parallel(threads, chunkBytes).withWriters(writers), pattern, top, baseline, otlp),
                List.copyOf(traces));
    }

    /**
     * A chunk size: a whole number of bytes, or of KiB, MiB or GiB with a suffix K, M or G ({@code 8M}).
     *
     * @param value
     *            the option's value
     * @return the size in bytes, at least 1
     * @throws UsageException
     *             when it is no such size
     */
    static long chunkSize(String value) throws UsageException {
        String digits = value;
        int shift = 0;
        if (!value.isEmpty()) {
            int unit = "KMG".indexOf(Character.toUpperCase(value.charAt(value.length() - 1))); //$NON-NLS-1$
            if (unit >= 0) {
                shift = 10 * (unit + 1);
                digits = value.substring(0, value.length() - 1);
            }
        }
        try {
            long number = Long.parseLong(digits);
            if (number > 0 && number <= Long.MAX_VALUE >> shift) {
                return number << shift;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UsageException("--chunk-size needs a positive size in bytes, optionally with K, M or G (say 8M), not '" + value + "'"); //$NON-NLS-1$ //$NON-NLS-2$
    }

    private static int positive(String option, String value) throws UsageException {
        try {
            int number = Integer.parseInt(value);
            if (number > 0) {
                return number;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new UsageException(option + " needs a positive whole number, not '" + value + "'"); //$NON-NLS-1$ //$NON-NLS-2$
    }
}
