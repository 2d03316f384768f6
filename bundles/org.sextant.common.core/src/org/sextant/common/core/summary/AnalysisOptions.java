// SPDX-License-Identifier: EPL-2.0
package org.sextant.common.core.summary;

import org.eclipse.jdt.annotation.Nullable;
import org.sextant.parallel.model.BuildMode;

/**
 * What a front end asks of a summary: how to build the histories it reads (serial or parallel, threads, chunk
 * size, history writers: the command line's {@code --serial}, {@code --threads N}, {@code --chunk-size SIZE},
 * {@code --writers N}), for analyses of instruction flows which instruction pairs to profile ({@code --pattern}),
 * for profiles how many of the costliest to list ({@code --top N}) and which run to compare with
 * ({@code --baseline FILE}), and for analyses that export their result in another format the file to write it to
 * ({@code --otlp FILE}: spans as OpenTelemetry JSON). Analyses ignore what does not concern them.
 *
 * @param build
 *            how to build histories
 * @param pattern
 *            the instruction groups of a delta profile, {@code START,...:END,...}, or null for the analysis's
 *            default
 * @param top
 *            how many of the costliest items to list, 0 for the analysis's default
 * @param baseline
 *            the path of a run to compare with, or null for none
 * @param otlp
 *            the path of the OTLP JSON file to write, or null for none
 */
public record AnalysisOptions(BuildMode build, @Nullable String pattern, int top, @Nullable String baseline, @Nullable String otlp) {

    /** The analysis's own defaults: a parallel build with a thread per core, nothing more. */
    public static final AnalysisOptions DEFAULT = new AnalysisOptions(BuildMode.DEFAULT, null, 0, null, null);

    /**
     * @param count
     *            how many of the costliest items to list
     * @param run
     *            the path of a run to compare with, or null for none
     * @return these options with that listing
     */
    public AnalysisOptions listing(int count, @Nullable String run) {
        return new AnalysisOptions(build, pattern, count, run, otlp);
    }
}
