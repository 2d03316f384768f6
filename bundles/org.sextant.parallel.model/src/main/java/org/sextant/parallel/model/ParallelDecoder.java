// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.model;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

import org.sextant.ctf.model.CtfMetadata;
import org.sextant.ctf.model.CtfTrace;
import org.sextant.ctf.model.Packet;
import org.sextant.ctf.model.TraceFormatException;

/**
 * Decodes a CTF trace on several threads and delivers its events to one consumer in global time order.
 *
 * <p>
 * Workers decode chunks independently (each with its own {@link org.sextant.ctf.model.EventReader}) into compact columns: time,
 * CPU, event class. {@link ChunkPipeline} merges them on the calling thread as chunks complete, so memory holds
 * only the chunks in flight. Events with equal timestamps come out by stream, then in stream order, whatever
 * the number of threads. The serial mode ({@link BuildMode#SERIAL}) has
 * every stream read at once in time order on the calling thread ({@link StreamMerge}), with no chunk held, which
 * delivers the same sequence. An analysis whose chunks need nothing of each other has each chunk reduced on its
 * worker instead ({@link #reduce}), with no merge at all. Either takes, instead of the trace's files, the chunks'
 * events recorded where they were decoded ({@link SplitTrace#events}, a cluster's tasks).
 * </p>
 */
public final class ParallelDecoder {

    /** Receives the events of the trace in time order, on the thread that called {@link #decode}. */
    public interface Consumer {
        /**
         * One event.
         *
         * @param nanos
         *            its time in nanoseconds (the trace clock converted, plus the decoder's shift)
         * @param cpu
         *            its CPU, or -1 when unknown
         * @param eventName
         *            its event class name
         */
        void event(long nanos, int cpu, String eventName);
    }

    /**
     * What a run did, for progress reports and benchmarks.
     *
     * @param chunks
     *            chunks in the trace
     * @param streams
     *            streams in the trace
     * @param events
     *            events decoded
     * @param maxChunksInFlight
     *            the most chunks held by the merge at once
     * @param costs
     *            what each stage of the pipeline cost
     */
    public record Stats(int chunks, int streams, long events, int maxChunksInFlight, PipelineCosts costs) {
    }

    private final BuildMode fMode;
    private final long fShift;

    /**
     * @param mode
     *            serial, or parallel on how many threads in chunks of what size
     */
    public ParallelDecoder(BuildMode mode) {
        this(mode, 0);
    }

    /**
     * @param mode
     *            serial, or parallel on how many threads in chunks of what size
     * @param shift
     *            nanoseconds added to every time the clock gives (to put them where the trace's host shows them)
     */
    public ParallelDecoder(BuildMode mode, long shift) {
        fMode = mode;
        fShift = shift;
    }

    /**
     * A parallel decoder.
     *
     * @param threads
     *            worker threads, at least 1
     * @param chunkBytes
     *            target chunk size in bytes
     */
    public ParallelDecoder(int threads, long chunkBytes) {
        this(BuildMode.parallel(threads, chunkBytes));
    }

    /**
     * Decodes a trace.
     *
     * @param traceDirectory
     *            a CTF trace directory
     * @param consumer
     *            receives the events in time order
     * @param progress
     *            told after each merged chunk
     * @param cancelled
     *            set to stop early; the call then returns what was done and workers stop promptly
     * @return what was done
     * @throws TraceFormatException
     *             when the trace cannot be decoded; the message names the file and offset
     * @throws IOException
     *             when a file cannot be read
     * @throws InterruptedException
     *             when the calling thread is interrupted
     */
    public Stats decode(Path traceDirectory, Consumer consumer, ChunkProgress progress, AtomicBoolean cancelled)
            throws TraceFormatException, IOException, InterruptedException {
        Objects.requireNonNull(consumer);
        long started = System.nanoTime();
        CtfTrace trace = CtfTrace.open(traceDirectory);
        if (fMode.serial()) {
            long events = StreamMerge.read(List.of(trace), new long[] { fShift }, Set.of(), StandardCharsets.UTF_8,
                    (t, nanos, cpu, event, fields) -> consumer.event(nanos, cpu, event.name()), progress, cancelled);
            // one pass on one thread, every stage in turn: nothing for a scaling model to tell apart
            return new Stats(1, trace.packets().size(), events, 1, new PipelineCosts(1, 0, 0, 0, 0));
        }
        return decode(trace, fMode.targetChunkBytes(), decoding(trace), consumer, started, progress, cancelled);
    }

    /**
     * Delivers the events of a trace whose chunks were decoded elsewhere (by cluster tasks, each recording its
     * chunk's {@link SplitTrace#events}) in global time order, as {@link #decode(Path, Consumer, ChunkProgress, AtomicBoolean)}
     * delivers them: the chunks' events are taken on this decoder's threads, in the trace's chunks (the mode's
     * chunk size is not used).
     *
     * @param trace
     *            the trace, cut as the chunks were
     * @param outputs
     *            every chunk's events, taken in chunk order
     * @param consumer
     *            receives the events in time order
     * @param progress
     *            told after each merged chunk
     * @param cancelled
     *            set to stop early
     * @return what was done
     * @throws TraceFormatException
     *             when the trace cannot be read, or a chunk's task found it damaged
     * @throws IOException
     *             when a chunk's events cannot be had (its task failed for good)
     * @throws InterruptedException
     *             when the calling thread is interrupted
     */
    public Stats decode(SplitTrace trace, SplitTrace.Outputs outputs, Consumer consumer, ChunkProgress progress, AtomicBoolean cancelled)
            throws TraceFormatException, IOException, InterruptedException {
        Objects.requireNonNull(consumer);
        return decode(trace.trace(), trace.chunkBytes(), replaying(trace, outputs), consumer, System.nanoTime(), progress, cancelled);
    }

    private Stats decode(CtfTrace trace, long chunkBytes, ChunkSource source, Consumer consumer, long started, ChunkProgress progress,
            AtomicBoolean cancelled) throws TraceFormatException, IOException, InterruptedException {
        ChunkPipeline.Work<Columns> work = new ChunkPipeline.Work<>() {
            @Override
            public Columns run(Chunk chunk, List<Packet> packets) throws TraceFormatException, IOException {
                Columns columns = new Columns(consumer);
                source.fill(chunk, packets, columns);
                return columns;
            }

            @Override
            public Columns empty() {
                return new Columns(consumer);
            }
        };
        ChunkPipeline.Result result = ChunkPipeline.run(List.of(trace), new long[] { fShift }, started, fMode.workerThreads(), chunkBytes, work, columns -> { },
                progress, cancelled);
        return new Stats(result.chunks(), result.streams(), result.entries(), result.maxChunksInFlight(), result.costs());
    }

    /** Puts one chunk's events into columns, on a worker thread. */
    @FunctionalInterface
    private interface ChunkSource {
        void fill(Chunk chunk, List<Packet> packets, Columns columns) throws TraceFormatException, IOException;
    }

    /** @return the chunks' events decoded from the trace's files */
    private ChunkSource decoding(CtfTrace trace) {
        CtfMetadata metadata = trace.metadata();
        return (chunk, packets, columns) -> trace.reader(chunk.stream(), Set.of()).read(packets, chunk.firstPacket(), chunk.packets(),
                (timestamp, cpu, event, fields) -> columns.add(metadata.toNanos(timestamp) + fShift, cpu, event.name()));
    }

    /** @return the chunks' events as their tasks recorded them, on the codec's times */
    private ChunkSource replaying(SplitTrace trace, SplitTrace.Outputs outputs) {
        return (chunk, packets, columns) -> trace.take(outputs, chunk).replay((nanos, cpu, eventClass, fields) -> columns.add(nanos + fShift, cpu, eventClass));
    }

    /**
     * Decodes every event of a trace on the workers, keeping no field, and hands nothing to the merge: what the
     * decoder alone costs and how it scales (the benchmark's decoder runs).
     *
     * @param traceDirectory
     *            a CTF trace directory
     * @param progress
     *            told after each chunk
     * @param cancelled
     *            set to stop early
     * @return what was done; {@code costs} holds the decoding's CPU time
     * @throws TraceFormatException
     *             when the trace cannot be decoded; the message names the file and offset
     * @throws IOException
     *             when a file cannot be read
     * @throws InterruptedException
     *             when the calling thread is interrupted
     */
    public Stats decodeOnly(Path traceDirectory, ChunkProgress progress, AtomicBoolean cancelled)
            throws TraceFormatException, IOException, InterruptedException {
        long started = System.nanoTime();
        CtfTrace trace = CtfTrace.open(traceDirectory);
        ChunkPipeline.Work<Unmerged<Void>> work = new ChunkPipeline.Work<>() {
            @Override
            public Unmerged<Void> run(Chunk chunk, List<Packet> packets) throws TraceFormatException, IOException {
                return new Unmerged<>(null, trace.reader(chunk.stream(), Set.of()).read(packets, chunk.firstPacket(), chunk.packets(),
                        (timestamp, cpu, event, fields) -> { }));
            }

            @Override
            public Unmerged<Void> empty() {
                return new Unmerged<>(null, 0);
            }
        };
        ChunkPipeline.Result result = ChunkPipeline.run(trace, started, fMode.workerThreads(), fMode.targetChunkBytes(), work, unmerged -> { }, progress, cancelled);
        return new Stats(result.chunks(), result.streams(), result.events(), result.maxChunksInFlight(), result.costs());
    }

    /**
     * What a worker makes of one decoded chunk, on the worker's thread. The arrays are the worker's, reused for its
     * next chunk: a reducer keeps none of them.
     *
     * @param <T>
     *            what it makes
     */
    public interface ChunkReducer<T> {
        /**
         * @param chunk
         *            the chunk
         * @param stream
         *            its stream, by its place among the trace's streams
         * @param nanos
         *            its events' times in nanoseconds, in stream order
         * @param cpus
         *            their CPUs, or -1 where unknown
         * @param names
         *            their event class names
         * @param size
         *            how many events (the arrays may be longer)
         * @return what the chunk comes to
         * @throws TraceFormatException
         *             when the events cannot be taken in (the message names the file)
         * @throws IOException
         *             when something cannot be written
         */
        T reduce(Chunk chunk, int stream, long[] nanos, int[] cpus, String[] names, int size) throws TraceFormatException, IOException;
    }

    /**
     * Decodes every chunk of a trace on the workers and reduces it there, with no merge of events: for an
     * analysis whose chunks need nothing of each other (the count, whose history the workers write).
     *
     * @param <T>
     *            what a chunk comes to
     * @param traceDirectory
     *            a CTF trace directory
     * @param reducer
     *            makes each chunk's result, on the worker that decoded it
     * @param arrival
     *            takes each chunk's result on the calling thread, the chunks in chronological order
     * @param progress
     *            told after each chunk
     * @param cancelled
     *            set to stop early
     * @return what was done
     * @throws TraceFormatException
     *             when the trace cannot be decoded; the message names the file and offset
     * @throws IOException
     *             when a file cannot be read, or the reducer cannot write
     * @throws InterruptedException
     *             when the calling thread is interrupted
     */
    public <T> Stats reduce(Path traceDirectory, ChunkReducer<T> reducer, java.util.function.Consumer<T> arrival, ChunkProgress progress,
            AtomicBoolean cancelled) throws TraceFormatException, IOException, InterruptedException {
        long started = System.nanoTime();
        CtfTrace trace = CtfTrace.open(traceDirectory);
        return reduce(trace, fMode.targetChunkBytes(), decoding(trace), reducer, arrival, started, progress, cancelled);
    }

    /**
     * Reduces each chunk of a trace whose chunks were decoded elsewhere (by cluster tasks, each recording its
     * chunk's {@link SplitTrace#events}), as {@link #reduce(Path, ChunkReducer, java.util.function.Consumer, ChunkProgress, AtomicBoolean)}
     * reduces the chunks it decodes: on this decoder's threads, in the trace's chunks (the mode's chunk size is
     * not used).
     *
     * @param <T>
     *            what a chunk comes to
     * @param trace
     *            the trace, cut as the chunks were
     * @param outputs
     *            every chunk's events, taken in chunk order
     * @param reducer
     *            makes each chunk's result, on a thread of this decoder
     * @param arrival
     *            takes each chunk's result on the calling thread, the chunks in chronological order
     * @param progress
     *            told after each chunk
     * @param cancelled
     *            set to stop early
     * @return what was done
     * @throws TraceFormatException
     *             when the trace cannot be read, a chunk's task found it damaged, or the reducer refuses its events
     * @throws IOException
     *             when a chunk's events cannot be had (its task failed for good), or the reducer cannot write
     * @throws InterruptedException
     *             when the calling thread is interrupted
     */
    public <T> Stats reduce(SplitTrace trace, SplitTrace.Outputs outputs, ChunkReducer<T> reducer, java.util.function.Consumer<T> arrival,
            ChunkProgress progress, AtomicBoolean cancelled) throws TraceFormatException, IOException, InterruptedException {
        return reduce(trace.trace(), trace.chunkBytes(), replaying(trace, outputs), reducer, arrival, System.nanoTime(), progress, cancelled);
    }

    private <T> Stats reduce(CtfTrace trace, long chunkBytes, ChunkSource source, ChunkReducer<T> reducer, java.util.function.Consumer<T> arrival,
            long started, ChunkProgress progress, AtomicBoolean cancelled) throws TraceFormatException, IOException, InterruptedException {
        List<Path> streams = List.copyOf(trace.packets().keySet());
        // A worker's columns serve all its chunks: a chunk's would be arrays of megabytes made and dropped at
        // each chunk, which a collector with small regions handles as humongous objects.
        ThreadLocal<Columns> workerColumns = ThreadLocal.withInitial(() -> new Columns((nanos, cpu, name) -> { }));
        ChunkPipeline.Work<Unmerged<T>> work = new ChunkPipeline.Work<>() {
            @Override
            public Unmerged<T> run(Chunk chunk, List<Packet> packets) throws TraceFormatException, IOException {
                // reduced here, never emitted to a merge
                Columns columns = workerColumns.get();
                columns.fSize = 0;
                source.fill(chunk, packets, columns);
                return new Unmerged<>(reducer.reduce(chunk, streams.indexOf(chunk.stream()), columns.fNanos, columns.fCpus, columns.fNames,
                        columns.fSize), columns.fSize);
            }

            @Override
            public Unmerged<T> empty() {
                return new Unmerged<>(null, 0);
            }
        };
        ChunkPipeline.Result result = ChunkPipeline.run(List.of(trace), new long[] { fShift }, started, fMode.workerThreads(), chunkBytes, work, reduced -> {
            if (reduced.value() != null) {
                arrival.accept(reduced.value());
            }
        }, progress, cancelled);
        return new Stats(result.chunks(), result.streams(), result.events(), result.maxChunksInFlight(), result.costs());
    }

    /**
     * A chunk dealt with on its worker, with nothing to merge: what it came to (none when the chunk was only
     * decoded, or skipped after a cancellation) and its events.
     */
    private record Unmerged<T>(T value, long events) implements ChunkPipeline.Output {
        @Override
        public int size() {
            return 0;
        }

        @Override
        public long time(int i) {
            throw new IndexOutOfBoundsException(i);
        }

        @Override
        public void emit(int i) {
            throw new IndexOutOfBoundsException(i);
        }
    }

    /** The decoded events of one chunk, as growable columns. */
    private static final class Columns implements ChunkPipeline.Output {
        private final Consumer fConsumer;
        long[] fNanos = new long[1024];
        int[] fCpus = new int[1024];
        String[] fNames = new String[1024];
        int fSize;

        Columns(Consumer consumer) {
            fConsumer = consumer;
        }

        void add(long nanos, int cpu, String name) {
            if (fSize == fNanos.length) {
                fNanos = Arrays.copyOf(fNanos, fSize * 2);
                fCpus = Arrays.copyOf(fCpus, fSize * 2);
                fNames = Arrays.copyOf(fNames, fSize * 2);
            }
            fNanos[fSize] = nanos;
            fCpus[fSize] = cpu;
            fNames[fSize] = name; // one String per event class, shared
            fSize++;
        }

        @Override
        public int size() {
            return fSize;
        }

        @Override
        public long time(int i) {
            return fNanos[i];
        }

        @Override
        public void emit(int i) {
            fConsumer.event(fNanos[i], fCpus[i], fNames[i]);
        }

        @Override
        public long events() {
            return fSize;
        }
    }
}
