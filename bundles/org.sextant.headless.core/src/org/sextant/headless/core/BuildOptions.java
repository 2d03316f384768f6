// SPDX-License-Identifier: EPL-2.0
package org.sextant.headless.core;

import org.eclipse.jdt.annotation.Nullable;

/**
 * How the command line asks an analysis to build its history ({@code --threads N}, {@code --serial}) and, for
 * analyses of instruction flows, which instruction pairs to profile ({@code --pattern}). Analyses ignore what
 * does not concern them.
 *
 * @param threads
 *            worker threads, 0 for the analysis's default (one per core)
 * @param serial
 *            build serially (one thread, one chunk per stream), for verification
 * @param pattern
 *            the instruction groups of a delta profile, {@code START,...:END,...}, or null for the analysis's
 *            default
 */
public record BuildOptions(int threads, boolean serial, @Nullable String pattern) {

    /** The analysis's own default build. */
    public static final BuildOptions DEFAULT = new BuildOptions(0, false, null);
}
