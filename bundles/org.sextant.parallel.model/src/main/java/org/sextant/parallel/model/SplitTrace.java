// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.model;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
 * one process makes, and so the serial build's. An analysis of the events' times, CPUs and classes alone (the
 * count) has every event of a chunk recorded ({@link #events}) and takes them through the {@link ParallelDecoder},
 * as if it had decoded them.
 */
public final class SplitTrace {

    /** The chunks' outputs, as the tasks that made them hand them over. */
    @FunctionalInterface
    public interface Outputs {
        /**
         * @param index
         *            a chunk's place in merge order
         * @return that chunk's output, once its task has made it (taken once)
         * @throws TraceFormatException
         *             when its task found the chunk damaged (the message names file and offset)
         * @throws IOException
         *             when it cannot be made (its task failed for good); the message says why
         * @throws InterruptedException
         *             when interrupted while waiting
         */
        ChunkEvents take(int index) throws TraceFormatException, IOException, InterruptedException;
    }

    /** Every event's class taken, no field read: a recording of each event's time, CPU and class. */
    private static final ChunkAnalysis EVERY_EVENT = new ChunkAnalysis() {
        private final Handler fTaken = (nanos, cpu, fields, changes) -> {
            // recorded, which is all
        };

        @Override
        public Set<String> fields() {
            return Set.of();
        }

        @Override
        public Worker worker() {
            return eventName -> fTaken;
        }
    };

    private final CtfTrace fTrace;
    private final long fChunkBytes;
    private final List<Chunk> fChunks;
    private final Map<Chunk, Integer> fIndex = new HashMap<>();

    private SplitTrace(CtfTrace trace, long chunkBytes) {
        fTrace = trace;
        fChunkBytes = chunkBytes;
        fChunks = Partitioner.partition(trace, chunkBytes).chunks();
        for (int i = 0; i < fChunks.size(); i++) {
            fIndex.put(fChunks.get(i), i);
        }
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

    /** @return the target chunk size it was cut with, in bytes */
    long chunkBytes() {
        return fChunkBytes;
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
     * Records every event of one chunk where it is decoded, its time, CPU and class, no field: for an analysis
     * that reads nothing else ({@link ParallelDecoder#decode(SplitTrace, Outputs, ParallelDecoder.Consumer, ChunkProgress, AtomicBoolean)}
     * and {@link ParallelDecoder#reduce(SplitTrace, Outputs, ParallelDecoder.ChunkReducer, java.util.function.Consumer, ChunkProgress, AtomicBoolean)}
     * take them).
     *
     * @param chunk
     *            one of {@link #chunks()}, maybe as another process cut the same trace
     * @return the chunk's events
     * @throws TraceFormatException
     *             when the chunk cannot be decoded (the message names file and offset), or this trace's chunk of
     *             that place is another (the trace changed since it was cut)
     * @throws IOException
     *             when a file cannot be read
     */
    public ChunkEvents events(ChunkRef chunk) throws TraceFormatException, IOException {
        return run(EVERY_EVENT, chunk);
    }

    /** @return the output of one of this trace's chunks, once its task has made it */
    ChunkEvents take(Outputs outputs, Chunk chunk) throws TraceFormatException, IOException {
        int at = fIndex.get(chunk);
        try {
            return outputs.take(at);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted waiting for chunk " + at, e);
        }
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
        MergedState state = new MergedState(writer);
        ChunkPipeline.Work<Changes> work = new ChunkPipeline.Work<>() {
            @Override
            public Changes run(Chunk chunk, List<Packet> packets) throws TraceFormatException, IOException {
                return ParallelBuilder.replay(take(outputs, chunk), fTrace.directory(), analysis, state);
            }

            @Override
            public Changes empty() {
                return new Changes(state);
            }
        };
        return ParallelBuilder.merge(List.of(fTrace), new long[1], started, threads, fChunkBytes, state, work, progress, cancelled);
    }
}
