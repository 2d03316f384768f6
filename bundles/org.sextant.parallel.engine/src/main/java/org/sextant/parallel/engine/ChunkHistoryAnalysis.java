// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.engine;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

import org.eclipse.tracecompass.statesystem.core.ITmfStateSystemBuilder;
import org.sextant.ctf.model.TraceFormatException;
import org.sextant.parallel.model.BuildMode;
import org.sextant.parallel.model.ChunkAnalysis;
import org.sextant.parallel.model.ChunkEvents;
import org.sextant.parallel.model.ChunkProgress;
import org.sextant.parallel.model.ChunkRef;
import org.sextant.parallel.model.ParallelBuilder;
import org.sextant.parallel.model.SplitTrace;

/**
 * The history of a {@link ChunkAnalysis} over a CTF trace: its workers hold chunk-local state, the merge resolves
 * what they deferred and writes the history ({@link ParallelBuilder}, or its serial mode).
 *
 * <p>
 * Its chunks can also be decoded by tasks of a cluster, each run on one chunk ({@link SplitTrace#run}) and handed
 * back in chunk order to a merge where each chunk's worker runs again over what its handlers read and the history
 * is written: {@link #merging} is that history, which the {@link HistoryEngine} builds, records and reuses as it
 * does this analysis's own, file for file.
 * </p>
 *
 * @param historyId
 *            the state system's id, which names the history's files
 * @param stateVersion
 *            the version of the state the analysis writes
 * @param buildParameters
 *            what shapes the state besides the trace's files (the event layout it was read with)
 * @param analysis
 *            the analysis, made for this trace
 * @param defaultWriters
 *            the history trees a build on more than one thread writes unless told otherwise
 */
public record ChunkHistoryAnalysis(String historyId, int stateVersion, Map<String, String> buildParameters, ChunkAnalysis analysis,
        int defaultWriters)
        implements SplitHistoryAnalysis {

    @Override
    public Built build(Path trace, ITmfStateSystemBuilder ss, BuildMode mode, ChunkProgress progress, AtomicBoolean cancelled)
            throws TraceFormatException, IOException, InterruptedException {
        return build(analysis, trace, 0, ss, mode, progress, cancelled);
    }

    /**
     * Builds the history of a chunk analysis over a CTF trace.
     *
     * @param analysis
     *            the analysis
     * @param trace
     *            the CTF trace directory
     * @param shift
     *            nanoseconds added to its times (to put them where the trace's host shows them), 0 for the codec's
     * @param ss
     *            the state system to fill
     * @param mode
     *            serial, or parallel on how many threads in chunks of what size
     * @param progress
     *            told after each merged chunk
     * @param cancelled
     *            set when the build must stop
     * @return what was done
     * @throws TraceFormatException
     *             when the trace cannot be decoded
     * @throws IOException
     *             when a file cannot be read
     * @throws InterruptedException
     *             when interrupted
     */
    public static Built build(ChunkAnalysis analysis, Path trace, long shift, ITmfStateSystemBuilder ss, BuildMode mode, ChunkProgress progress,
            AtomicBoolean cancelled) throws TraceFormatException, IOException, InterruptedException {
        return built(mode, new ParallelBuilder(mode).build(Map.of(trace, shift), analysis, new StateSystemWriter(ss), progress, cancelled));
    }

    private static Built built(BuildMode mode, ParallelBuilder.Stats stats) {
        return new Built(new Report(mode.workerThreads(), stats.chunks(), stats.events(), stats.deferred(), stats.maxChunksInFlight(), stats.costs()),
                stats.lastEvent());
    }

    @Override
    public ChunkEvents decode(SplitTrace trace, ChunkRef chunk) throws TraceFormatException, IOException {
        return trace.run(analysis, chunk);
    }

    @Override
    public HistoryAnalysis merging(SplitTrace trace, Supplier<SplitTrace.Outputs> outputs) {
        return new Merging(this) {
            @Override
            public Built build(Path ignored, ITmfStateSystemBuilder ss, BuildMode mode, ChunkProgress progress, AtomicBoolean cancelled)
                    throws TraceFormatException, IOException, InterruptedException {
                return built(mode, trace.merge(analysis, outputs.get(), mode.workerThreads(), new StateSystemWriter(ss), progress, cancelled));
            }
        };
    }
}
