// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.engine;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystemBuilder;
import org.sextant.ctf.model.TraceFormatException;
import org.sextant.parallel.model.BuildMode;
import org.sextant.parallel.model.ChunkProgress;

/**
 * What the {@link HistoryEngine} needs of an analysis to build its history: a name for the files, the version of
 * the state it writes, the parameters that shape it, and how to fill a state system from a trace in a given mode.
 */
public interface HistoryAnalysis {

    /** @return the state system's id, which also names the history's files */
    String historyId();

    /** @return the version of the state written; a history of another version is rebuilt */
    int stateVersion();

    /**
     * The parameters that shape the state (not those that only change how fast it is built, such as threads): a
     * history built with others is rebuilt.
     *
     * @return the parameters by name, none by default
     */
    default Map<String, String> buildParameters() {
        return Map.of();
    }

    /**
     * Fills a new history.
     *
     * @param trace
     *            the trace's file or directory
     * @param ss
     *            the state system to fill; the engine closes it
     * @param mode
     *            serial, or parallel on how many threads in chunks of what size
     * @param progress
     *            to tell after each merged chunk
     * @param cancelled
     *            set when the build must stop
     * @return what was done; {@code end} is the time to close the history at
     * @throws TraceFormatException
     *             when a CTF trace cannot be decoded (the message names file and offset)
     * @throws InputException
     *             when a trace of another format cannot be read
     * @throws IOException
     *             when a file cannot be read
     * @throws InterruptedException
     *             when interrupted
     */
    Built build(Path trace, ITmfStateSystemBuilder ss, BuildMode mode, ChunkProgress progress, AtomicBoolean cancelled)
            throws TraceFormatException, InputException, IOException, InterruptedException;

    /**
     * @return the history the analysis's chunk workers can write themselves, made by parallel builds with no
     *         writer count set; null (the default) when the analysis writes history trees only
     */
    default @Nullable DirectHistory directHistory() {
        return null;
    }

    /**
     * What a build saw besides the state, written to a file beside the history and kept, reused and deleted with it
     * (the Redis model's requests and the hops of their paths, which its views list beside its state).
     */
    @FunctionalInterface
    interface Companion {
        /**
         * Writes what the build that just ended saw.
         *
         * @param file
         *            the file to write, renamed once the history is complete
         * @throws IOException
         *             when it cannot be written
         */
        void write(Path file) throws IOException;
    }

    /**
     * @return what writes the file the history keeps beside it, {@code <id>.companion}; null (the default) when the
     *         analysis has none
     */
    default @Nullable Companion companion() {
        return null;
    }

    /**
     * The history trees written at once by a build on more than one thread unless told otherwise. One by default,
     * as Trace Compass writes it; an analysis whose merge outpaces one insertion thread says more. A build on one
     * thread writes one tree unless told otherwise, so that the one-core baseline of a benchmark is the build a
     * single core runs best.
     *
     * @return the default number of history trees, at least one
     */
    default int defaultWriters() {
        return 1;
    }

    /**
     * @param mode
     *            the mode built in
     * @param report
     *            what the build did
     * @return how it was built, as {@link BuiltHistory#description()} starts: "serial" or "parallel, N threads" by default
     */
    default String describeMode(BuildMode mode, Report report) {
        return mode.serial() ? "serial" : "parallel, " + report.threads() + " threads"; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
    }
}
