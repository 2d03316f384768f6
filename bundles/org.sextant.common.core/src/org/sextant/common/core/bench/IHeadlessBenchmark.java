// SPDX-License-Identifier: EPL-2.0
package org.sextant.common.core.bench;

import java.io.PrintStream;
import java.util.List;
import java.util.Map;

import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.common.core.summary.HeadlessAnalysisException;

/**
 * A benchmark the command line can run on an opened trace ({@code sextant bench}): builds an analysis in each of
 * its modes from scratch and measures each build. The result has a {@code runs} list, one ordered map per run
 * ({@code mode}, {@code threads}, {@code seconds}, {@code events}, {@code events_per_s}, {@code speedup},
 * {@code efficiency}, {@code heap_mb} (peak used heap), {@code heap_live_mb} (peak heap left after a
 * collection), {@code history_bytes}), and whatever the benchmark checks besides (for
 * example {@code identical}, or {@code baseline}: the run that speedups and efficiencies are against). Registered with the {@code org.sextant.common.core.analyses} extension point.
 */
public interface IHeadlessBenchmark {

    /**
     * Runs the benchmark.
     *
     * @param trace
     *            an opened trace
     * @param threads
     *            the thread counts of the parallel runs (more than the machine's cores is allowed: they share them)
     * @param chunkBytes
     *            the target chunk size of the parallel runs in bytes, 0 for the default
     * @param log
     *            where to report progress, one line per run
     * @return the measurements
     * @throws HeadlessAnalysisException
     *             when a build fails; the message is shown to the user
     */
    Map<String, Object> run(ITmfTrace trace, List<Integer> threads, long chunkBytes, PrintStream log) throws HeadlessAnalysisException;

    /**
     * Runs the benchmark with each count of history writers ({@code --writers}); a benchmark whose analysis has a
     * single writer ignores them (the default).
     *
     * @param trace
     *            an opened trace
     * @param threads
     *            the thread counts of the parallel runs
     * @param writers
     *            the history writer counts to run each thread count with; empty for the analysis's default
     * @param chunkBytes
     *            the target chunk size of the parallel runs in bytes, 0 for the default
     * @param log
     *            where to report progress, one line per run
     * @return the measurements; each parallel run says its {@code writers}
     * @throws HeadlessAnalysisException
     *             when a build fails; the message is shown to the user
     */
    default Map<String, Object> run(ITmfTrace trace, List<Integer> threads, List<Integer> writers, long chunkBytes, PrintStream log)
            throws HeadlessAnalysisException {
        return run(trace, threads, chunkBytes, log);
    }

    /**
     * Runs the benchmark, timing each build that speedups are measured by {@code repeat} times ({@code --repeat}):
     * one run of a build on a shared or virtual machine can be off by a fifth. A benchmark that times no builds
     * ignores it (the default).
     *
     * @param trace
     *            an opened trace
     * @param threads
     *            the thread counts of the parallel runs
     * @param writers
     *            the history writer counts to run each thread count with; empty for the analysis's default
     * @param chunkBytes
     *            the target chunk size of the parallel runs in bytes, 0 for the default
     * @param repeat
     *            how many times to time each of those builds, at least one
     * @param log
     *            where to report progress, one line per run
     * @return the measurements
     * @throws HeadlessAnalysisException
     *             when a build fails; the message is shown to the user
     */
    default Map<String, Object> run(ITmfTrace trace, List<Integer> threads, List<Integer> writers, long chunkBytes, int repeat, PrintStream log)
            throws HeadlessAnalysisException {
        return run(trace, threads, writers, chunkBytes, log);
    }

    /**
     * Runs the benchmark with the page cache hot, every timed run starting with the trace's files just read, or
     * cold ({@code --cold}), the machine's page cache dropped before each timed run, which needs root. A
     * benchmark that has no cold mode refuses it (the default).
     *
     * @param trace
     *            an opened trace
     * @param threads
     *            the thread counts of the parallel runs
     * @param writers
     *            the history writer counts to run each thread count with; empty for the analysis's default
     * @param chunkBytes
     *            the target chunk size of the parallel runs in bytes, 0 for the default
     * @param repeat
     *            how many times to time each of those builds, at least one
     * @param cold
     *            whether to drop the page cache before each timed run
     * @param log
     *            where to report progress, one line per run
     * @return the measurements
     * @throws HeadlessAnalysisException
     *             when a build fails, or the cache cannot be dropped (not root); the message is shown to the user
     */
    default Map<String, Object> run(ITmfTrace trace, List<Integer> threads, List<Integer> writers, long chunkBytes, int repeat, boolean cold,
            PrintStream log) throws HeadlessAnalysisException {
        if (cold) {
            throw new HeadlessAnalysisException("--cold: this benchmark has no cold-cache mode"); //$NON-NLS-1$
        }
        return run(trace, threads, writers, chunkBytes, repeat, log);
    }
}
