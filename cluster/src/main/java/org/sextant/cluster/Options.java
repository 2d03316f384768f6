// SPDX-License-Identifier: EPL-2.0
package org.sextant.cluster;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The job's command line (the same under {@code ./sextant cluster} and {@code spark-submit}):
 *
 * <pre>
 * [--master URL] [--out DIR] [--workspace DIR] [--analysis count,cpu,io] [--threads N | --serial]
 * [--split] [--chunk-size SIZE] [--bucket DURATION] [--conf KEY=VALUE]... [--query SQL] TRACE_DIR...
 * </pre>
 */
final class Options {

    String fMaster;
    Path fOut = Path.of("sextant-summary"); //$NON-NLS-1$
    Path fWorkspace;
    Set<String> fAnalyses = new LinkedHashSet<>();
    int fThreads = 1;
    boolean fSerial;
    boolean fSplit;
    long fChunkBytes;
    long fBucketNanos = 1_000_000_000L;
    Map<String, String> fConf = new LinkedHashMap<>();
    String fQuery;
    /** Directories of traces: local paths, or URIs Hadoop's FileSystem reads (hdfs://NAMENODE:PORT/dir). */
    List<String> fRoots = new ArrayList<>();

    /** A command line that cannot be run; the message says why. */
    static final class UsageException extends Exception {
        private static final long serialVersionUID = 1L;

        UsageException(String message) {
            super(message);
        }
    }

    static Options parse(String... args) throws UsageException {
        Options options = new Options();
        for (int i = 0; i < args.length; i++) {
            String arg = args[i];
            switch (arg) {
            case "--master" -> options.fMaster = value(args, ++i, arg); //$NON-NLS-1$
            case "--out" -> options.fOut = Path.of(value(args, ++i, arg)); //$NON-NLS-1$
            case "--workspace" -> options.fWorkspace = Path.of(value(args, ++i, arg)); //$NON-NLS-1$
            case "--analysis" -> options.fAnalyses.addAll(List.of(value(args, ++i, arg).split(","))); //$NON-NLS-1$ //$NON-NLS-2$
            case "--threads" -> options.fThreads = positive(value(args, ++i, arg), arg); //$NON-NLS-1$
            case "--serial" -> options.fSerial = true; //$NON-NLS-1$
            case "--split" -> options.fSplit = true; //$NON-NLS-1$
            case "--chunk-size" -> options.fChunkBytes = bytes(value(args, ++i, arg)); //$NON-NLS-1$
            case "--bucket" -> options.fBucketNanos = nanos(value(args, ++i, arg)); //$NON-NLS-1$
            case "--query" -> options.fQuery = value(args, ++i, arg); //$NON-NLS-1$
            case "--conf" -> { //$NON-NLS-1$
                String conf = value(args, ++i, arg);
                int equals = conf.indexOf('=');
                if (equals <= 0) {
                    throw new UsageException("--conf takes KEY=VALUE, not " + conf); //$NON-NLS-1$
                }
                options.fConf.put(conf.substring(0, equals), conf.substring(equals + 1));
            }
            default -> {
                if (arg.startsWith("--")) { //$NON-NLS-1$
                    throw new UsageException("unknown option " + arg); //$NON-NLS-1$
                }
                options.fRoots.add(arg);
            }
            }
        }
        if (options.fRoots.isEmpty() && options.fQuery == null) {
            throw new UsageException("no trace directory given"); //$NON-NLS-1$
        }
        if (options.fSplit && options.fSerial) {
            throw new UsageException("--split builds in chunks: not with --serial"); //$NON-NLS-1$
        }
        if (options.fWorkspace == null) {
            options.fWorkspace = options.fOut.resolve("workspace"); //$NON-NLS-1$
        }
        return options;
    }

    private static String value(String[] args, int i, String option) throws UsageException {
        if (i >= args.length) {
            throw new UsageException(option + " needs a value"); //$NON-NLS-1$
        }
        return args[i];
    }

    private static int positive(String value, String option) throws UsageException {
        try {
            int n = Integer.parseInt(value);
            if (n > 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new UsageException(option + " needs a positive number, not " + value); //$NON-NLS-1$
    }

    /** 8M, 512K, 1G or a number of bytes. */
    static long bytes(String value) throws UsageException {
        return scaled(value.toUpperCase(Locale.ROOT), Map.of("K", 1L << 10, "M", 1L << 20, "G", 1L << 30, "", 1L)); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
    }

    /** 1s, 100ms, 10us, 5m, 1h or nanoseconds. */
    static long nanos(String value) throws UsageException {
        return scaled(value.toLowerCase(Locale.ROOT), Map.of("ns", 1L, "us", 1_000L, "ms", 1_000_000L, "s", 1_000_000_000L, "m", 60_000_000_000L, //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
                "h", 3_600_000_000_000L, "", 1L)); //$NON-NLS-1$ //$NON-NLS-2$
    }

    private static long scaled(String value, Map<String, Long> units) throws UsageException {
        int digits = 0;
        while (digits < value.length() && Character.isDigit(value.charAt(digits))) {
            digits++;
        }
        Long unit = units.get(value.substring(digits));
        if (digits == 0 || unit == null || Long.parseLong(value.substring(0, digits)) <= 0) {
            throw new UsageException("not a size or duration: " + value); //$NON-NLS-1$
        }
        return Long.parseLong(value.substring(0, digits)) * unit;
    }
}
