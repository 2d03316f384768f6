// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.model;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.IntStream;

import org.sextant.common.model.state.StateWriter;
import org.sextant.ctf.model.CtfTrace;
import org.sextant.ctf.model.Packet;
import org.sextant.ctf.model.TraceFormatException;

/**
 * A parallel build of one CTF trace whose chunks are decoded elsewhere than their merge (each by a cluster task):
 * the trace's chunks as descriptions a task can be sent ({@link ChunkRef}); one chunk's analysis run where it is
 * decoded, into what its handlers read ({@link ChunkEvents}); and the merge of those, handed over in chunk order,
 * into the state {@link ParallelBuilder} builds. The merge runs each chunk's worker again over its recorded
 * events on the {@link ChunkPipeline}, the pipeline of every parallel build, so the state is the one a build in
 * one process makes, and so the serial build's.
 */
public final class SplitTrace {

    /** The chunks' outputs, as the tasks that made them hand them over. */
    @FunctionalInterface
    public interface Outputs {
        /**
         * @param index
         *            a chunk's place in merge order
         * @return that chunk's output, once its task has made it (taken once)
         * @throws IOException
         *             when it cannot be made (its task failed for good); the message says why
         * @throws InterruptedException
         *             when interrupted while waiting
         */
        ChunkEvents take(int index) throws IOException, InterruptedException;
    }

    private final CtfTrace fTrace;
    private final long fChunkBytes;
    private final List<Chunk> fChunks;

    private SplitTrace(CtfTrace trace, long chunkBytes) {
        fTrace = trace;
        fChunkBytes = chunkBytes;
        fChunks = Partitioner.partition(trace, chunkBytes).chunks();
    }

    /**
     * Opens a trace and cuts it into chunks, as a parallel build of that chunk size does, in the merge's order.
     *
     * @param directory
     *            a CTF trace directory
     * @param chunkBytes
     *            the target chunk size in bytes
     * @return the trace, cut
     * @throws TraceFormatException
     *             when the trace's metadata, indexes or packets cannot be read as CTF; the message names the file
     * @throws IOException
     *             when a file cannot be read
     */
    public static SplitTrace open(Path directory, long chunkBytes) throws TraceFormatException, IOException {
        return new SplitTrace(CtfTrace.open(directory), chunkBytes);
    }

    /** @return the trace */
    public CtfTrace trace() {
        return fTrace;
    }

    /** @return the chunks, in merge order */
    public List<ChunkRef> chunks() {
        return IntStream.range(0, fChunks.size()).mapToObj(i -> ChunkRef.of(i, fChunks.get(i))).toList();
    }

    /**
     * Runs one chunk's analysis where it is decoded.
     *
     * @param analysis
     *            the analysis
     * @param chunk
     *            one of {@link #chunks()}, maybe as another process cut the same trace
     * @return what the chunk's handlers read, for the merge
     * @throws TraceFormatException
     *             when the chunk cannot be decoded (the message names file and offset), or this trace's chunk of
     *             that place is another (the trace changed since it was cut)
     * @throws IOException
     *             when a file cannot be read
     */
    public ChunkEvents run(ChunkAnalysis analysis, ChunkRef chunk) throws TraceFormatException, IOException {
        Chunk own = chunk.index() < fChunks.size() ? fChunks.get(chunk.index()) : null;
        if (own == null || !ChunkRef.of(chunk.index(), own).equals(chunk)) {
            throw new TraceFormatException(fTrace.directory(), -1, "chunk " + chunk.index() + " is not " + chunk
                    + " here: the trace changed since it was cut into " + fChunkBytes + "-byte chunks");
        }
        ChunkEvents.Recorder recorder = new ChunkEvents.Recorder();
        Changes changes = ParallelBuilder.work(fTrace, own, fTrace.packets().get(own.stream()), 0, analysis, null, recorder);
        return recorder.finish(chunk.index(), changes);
    }

    /**
     * Merges the chunks' outputs into one state, each chunk's worker run again over its events on a thread of
     * the merge's pipeline.
     *
     * @param analysis
     *            the analysis the outputs were made by
     * @param outputs
     *            the chunks' outputs, taken in chunk order
     * @param threads
     *            threads running the workers again, at least one
     * @param writer
     *            receives the merged state changes, on the calling thread
     * @param progress
     *            told after each merged chunk
     * @param cancelled
     *            set to stop early
     * @return what was done
     * @throws TraceFormatException
     *             when the trace cannot be read
     * @throws IOException
     *             when an output cannot be had
     * @throws InterruptedException
     *             when interrupted
     */
    public ParallelBuilder.Stats merge(ChunkAnalysis analysis, Outputs outputs, int threads, StateWriter writer, ChunkProgress progress,
            AtomicBoolean cancelled) throws TraceFormatException, IOException, InterruptedException {
        long started = System.nanoTime();
        Map<Chunk, Integer> index = new HashMap<>();
        for (int i = 0; i < fChunks.size(); i++) {
            index.put(fChunks.get(i), i);
        }
        MergedState state = new MergedState(writer);
        ChunkPipeline.Work<Changes> work = new ChunkPipeline.Work<>() {
            @Override
            public Changes run(Chunk chunk, List<Packet> packets) throws IOException {
                int at = index.get(chunk);
                try {
                    return ParallelBuilder.replay(outputs.take(at), fTrace.directory(), analysis, state);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new IOException("interrupted waiting for chunk " + at, e);
                }
            }

            @Override
            public Changes empty() {
                return new Changes(state);
            }
        };
        return ParallelBuilder.merge(List.of(fTrace), new long[1], started, threads, fChunkBytes, state, work, progress, cancelled);
    }
}
