// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.model;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.PriorityQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Decodes a CTF trace on several threads and delivers its events to one consumer in global time order.
 *
 * <p>
 * Workers decode chunks independently (each with its own {@link EventReader}) into compact columns: time,
 * CPU, event class. The merger, on the calling thread, takes chunks in chronological order as they complete and
 * releases every buffered event older than the next chunk's begin time, since no chunk still to come can hold
 * an earlier one; so merging runs behind the workers instead of after them, and memory holds only the chunks
 * in flight. Events with equal timestamps come out by stream, then in stream order, whatever the number of
 * threads: one thread (the serial mode) and many produce the same sequence.
 * </p>
 */
public final class ParallelDecoder {

    /** Receives the events of the trace in time order, on the thread that called {@link #decode}. */
    public interface Consumer {
        /**
         * One event.
         *
         * @param nanos
         *            its time in nanoseconds (the trace clock converted as Trace Compass does)
         * @param cpu
         *            its CPU, or -1 when unknown
         * @param eventName
         *            its event class name
         */
        void event(long nanos, int cpu, String eventName);
    }

    /** Told after each chunk is merged. */
    public interface Progress {
        /**
         * @param done
         *            chunks merged so far
         * @param total
         *            chunks in the trace
         */
        void chunksMerged(int done, int total);
    }

    /** What a run did, for progress reports and benchmarks. */
    public record Stats(int chunks, int streams, long events, int maxChunksInFlight) {
    }

    /** Chunks a worker may have decoded ahead of the merger: enough to keep it busy while the merger catches up. */
    private static final int LOOKAHEAD_PER_THREAD = 3;

    private final int fThreads;
    private final long fChunkBytes;

    /**
     * @param threads
     *            worker threads, at least 1
     * @param chunkBytes
     *            target chunk size in bytes
     */
    public ParallelDecoder(int threads, long chunkBytes) {
        if (threads < 1 || chunkBytes < 1) {
            throw new IllegalArgumentException("threads and chunk size must be positive: " + threads + ", " + chunkBytes);
        }
        fThreads = threads;
        fChunkBytes = chunkBytes;
    }

    /** The decoded events of one chunk, in stream order. */
    private record ChunkEvents(Chunk chunk, int streamIndex, long[] nanos, int[] cpus, String[] names, int size) {
    }

    /** A cursor over one decoded chunk, ordered by (time, stream, position). */
    private static final class Cursor implements Comparable<Cursor> {
        final ChunkEvents fEvents;
        int fNext;

        Cursor(ChunkEvents events) {
            fEvents = events;
        }

        long time() {
            return fEvents.nanos()[fNext];
        }

        @Override
        public int compareTo(Cursor other) {
            int byTime = Long.compare(time(), other.time());
            if (byTime != 0) {
                return byTime;
            }
            int byStream = Integer.compare(fEvents.streamIndex(), other.fEvents.streamIndex());
            return byStream != 0 ? byStream : Long.compare(fEvents.chunk().startOffset(), other.fEvents.chunk().startOffset());
        }
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
    public Stats decode(Path traceDirectory, Consumer consumer, Progress progress, AtomicBoolean cancelled)
            throws TraceFormatException, IOException, InterruptedException {
        Objects.requireNonNull(consumer);
        CtfMetadata metadata = CtfMetadata.read(traceDirectory.resolve("metadata"));
        Partitioner.Partition partition = Partitioner.partition(traceDirectory, fChunkBytes);
        List<Path> streams = new ArrayList<>(partition.packets().keySet());
        List<Chunk> chunks = partition.chunks();
        ExecutorService pool = Executors.newFixedThreadPool(fThreads, runnable -> {
            Thread thread = new Thread(runnable, "sextant-chunk-worker");
            thread.setDaemon(true);
            return thread;
        });
        // Workers stop at their next packet when the caller cancels or when the merge ends early on an error.
        AtomicBoolean stop = new AtomicBoolean();
        try {
            // Workers run at most a window of chunks ahead of the merger, so memory is bounded by the window,
            // not by the length of the trace.
            int window = fThreads * LOOKAHEAD_PER_THREAD;
            List<Future<ChunkEvents>> futures = new ArrayList<>(chunks.size());
            for (int k = 0; k < Math.min(window, chunks.size()); k++) {
                futures.add(submit(pool, metadata, partition, chunks.get(k), streams, cancelled, stop));
            }
            PriorityQueue<Cursor> pending = new PriorityQueue<>();
            long events = 0;
            int inFlight = 0;
            for (int k = 0; k < chunks.size() && !cancelled.get(); k++) {
                ChunkEvents decoded = result(futures.get(k));
                futures.set(k, null);
                if (futures.size() < chunks.size()) {
                    futures.add(submit(pool, metadata, partition, chunks.get(futures.size()), streams, cancelled, stop));
                }
                if (decoded.size() > 0) {
                    pending.add(new Cursor(decoded));
                }
                inFlight = Math.max(inFlight, pending.size());
                // Events before the next chunk's begin are final: no later chunk can hold an earlier event.
                long horizon = k + 1 < chunks.size() ? metadata.toNanos(chunks.get(k + 1).timestampBegin()) : Long.MAX_VALUE;
                events += release(pending, horizon, consumer);
                progress.chunksMerged(k + 1, chunks.size());
            }
            return new Stats(chunks.size(), streams.size(), events, inFlight);
        } finally {
            stop.set(true);
            pool.shutdownNow();
        }
    }

    private static Future<ChunkEvents> submit(ExecutorService pool, CtfMetadata metadata, Partitioner.Partition partition, Chunk chunk,
            List<Path> streams, AtomicBoolean cancelled, AtomicBoolean stop) {
        int streamIndex = streams.indexOf(chunk.stream());
        return pool.submit(() -> decodeChunk(metadata, partition, chunk, streamIndex, cancelled, stop));
    }

    private static long release(PriorityQueue<Cursor> pending, long horizon, Consumer consumer) {
        long released = 0;
        while (!pending.isEmpty() && pending.peek().time() < horizon) {
            Cursor cursor = pending.poll();
            ChunkEvents events = cursor.fEvents;
            // Drain this chunk while it stays ahead of every other pending chunk (the common case: one stream).
            Cursor second = pending.peek();
            do {
                int i = cursor.fNext++;
                consumer.event(events.nanos()[i], events.cpus()[i], events.names()[i]);
                released++;
            } while (cursor.fNext < events.size() && cursor.time() < horizon && (second == null || cursor.compareTo(second) < 0));
            if (cursor.fNext < events.size()) {
                pending.add(cursor);
            }
        }
        return released;
    }

    private static ChunkEvents decodeChunk(CtfMetadata metadata, Partitioner.Partition partition, Chunk chunk, int streamIndex,
            AtomicBoolean cancelled, AtomicBoolean stop) throws TraceFormatException, IOException {
        Columns columns = new Columns();
        if (!cancelled.get() && !stop.get()) { // a chunk is a few tens of milliseconds of work: checked between chunks
            new EventReader(chunk.stream(), metadata, false).read(partition.packets().get(chunk.stream()), chunk.firstPacket(),
                    chunk.packets(), (timestamp, cpu, event, fields) -> columns.add(metadata.toNanos(timestamp), cpu, event.name()));
        }
        return new ChunkEvents(chunk, streamIndex, columns.fNanos, columns.fCpus, columns.fNames, columns.fSize);
    }

    /** Growable columns of decoded events. */
    private static final class Columns {
        long[] fNanos = new long[1024];
        int[] fCpus = new int[1024];
        String[] fNames = new String[1024];
        int fSize;

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
    }

    private static ChunkEvents result(Future<ChunkEvents> future) throws TraceFormatException, IOException, InterruptedException {
        try {
            return future.get();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof TraceFormatException format) {
                throw format;
            }
            if (cause instanceof IOException io) {
                throw io;
            }
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new IllegalStateException(cause);
        }
    }
}
