// SPDX-License-Identifier: EPL-2.0
package org.sextant.headless.core;

import org.eclipse.jdt.annotation.Nullable;

/**
 * How the command line asks an analysis to build its history ({@code --threads N}, {@code --serial},
 * {@code --chunk-size SIZE}, {@code --writers N}), for
 * analyses of instruction flows which instruction pairs to profile ({@code --pattern}), and for profiles how many
 * of the costliest to list ({@code --top N}) and which run to compare with ({@code --baseline FILE}), and for
 * analyses that export their result in another format the file to write it to ({@code --otlp FILE}: spans as
 * OpenTelemetry JSON). Analyses ignore what does not concern them.
 *
 * @param threads
 *            worker threads, 0 for the analysis's default (one per core)
 * @param serial
 *            build serially (one thread reading every stream in time order), for verification
 * @param pattern
 *            the instruction groups of a delta profile, {@code START,...:END,...}, or null for the analysis's
 *            default
 * @param top
 *            how many of the costliest items to list, 0 for the analysis's default
 * @param baseline
 *            the path of a run to compare with, or null for none
 * @param otlp
 *            the path of the OTLP JSON file to write, or null for none
 * @param chunkBytes
 *            the target chunk size of a parallel build in bytes, 0 for the analysis's default
 * @param writers
 *            the history writers of a parallel build (history trees filled at once), 0 for the analysis's default
 */
public record BuildOptions(int threads, boolean serial, @Nullable String pattern, int top, @Nullable String baseline, @Nullable String otlp,
        long chunkBytes, int writers) {

    /** The analysis's own default build. */
    public static final BuildOptions DEFAULT = new BuildOptions(0, false, null);

    /**
     * Options of a build alone, with the analysis's default listing and no baseline.
     *
     * @param threads
     *            worker threads, 0 for the analysis's default
     * @param serial
     *            build serially
     * @param pattern
     *            the instruction groups of a delta profile, or null
     */
    public BuildOptions(int threads, boolean serial, @Nullable String pattern) {
        this(threads, serial, pattern, 0, null);
    }

    /**
     * Options of a build and listing, with no export.
     *
     * @param threads
     *            worker threads, 0 for the analysis's default
     * @param serial
     *            build serially
     * @param pattern
     *            the instruction groups of a delta profile, or null
     * @param top
     *            how many of the costliest items to list, 0 for the analysis's default
     * @param baseline
     *            the path of a run to compare with, or null for none
     */
    public BuildOptions(int threads, boolean serial, @Nullable String pattern, int top, @Nullable String baseline) {
        this(threads, serial, pattern, top, baseline, null, 0);
    }

    /**
     * Options with the analysis's default history writers.
     *
     * @param threads
     *            worker threads, 0 for the analysis's default
     * @param serial
     *            build serially
     * @param pattern
     *            the instruction groups of a delta profile, or null
     * @param top
     *            how many of the costliest items to list, 0 for the analysis's default
     * @param baseline
     *            the path of a run to compare with, or null for none
     * @param otlp
     *            the path of the OTLP JSON file to write, or null for none
     * @param chunkBytes
     *            the target chunk size of a parallel build in bytes, 0 for the analysis's default
     */
    public BuildOptions(int threads, boolean serial, @Nullable String pattern, int top, @Nullable String baseline, @Nullable String otlp,
            long chunkBytes) {
        this(threads, serial, pattern, top, baseline, otlp, chunkBytes, 0);
    }
}
