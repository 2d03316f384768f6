// SPDX-License-Identifier: EPL-2.0
package org.sextant.headless.core;

/**
 * How the command line asks an analysis to build its history ({@code --threads N}, {@code --serial}).
 * Analyses without a parallel build ignore it.
 *
 * @param threads
 *            worker threads, 0 for the analysis's default (one per core)
 * @param serial
 *            build serially (one thread, one chunk per stream), for verification
 */
public record BuildOptions(int threads, boolean serial) {

    /** The analysis's own default build. */
    public static final BuildOptions DEFAULT = new BuildOptions(0, false);
}
