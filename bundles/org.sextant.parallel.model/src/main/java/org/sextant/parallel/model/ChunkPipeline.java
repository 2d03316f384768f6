// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.model;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;

import org.sextant.ctf.model.CtfTrace;
import org.sextant.ctf.model.Packet;
import org.sextant.ctf.model.TraceFormatException;

/**
 * Runs one piece of work per chunk on a thread pool and merges the chunks' time-stamped outputs in global time
 * order, on the calling thread, as chunks complete.
 *
 * <p>
 * The merge takes chunks in chronological order and releases every output entry older than the next chunk's
 * begin time, since no chunk still to come can hold an earlier one; so merging runs behind the workers instead
 * of after them. Workers run at most a window of chunks ahead of the merge, so memory holds the chunks in
 * flight, not the trace. Entries with equal times come out by stream, then in stream order, whatever the
 * number of threads: one thread and many produce the same sequence.
 * </p>
 */
final class ChunkPipeline {

    /** What a worker made of one chunk: entries in stream order, each with a time in nanoseconds. */
    interface Output {
        /** @return the number of entries */
        int size();

        /** @return the time of entry {@code i} */
        long time(int i);

        /** Hands entry {@code i} to the merge. */
        void emit(int i);

        /** @return the events decoded from the chunk */
        long events();
    }

    /** The work done for one chunk, on a worker thread. */
    interface Work<O extends Output> {
        O run(Chunk chunk, List<Packet> packets) throws TraceFormatException, IOException;

        /** @return an output with no entry, for chunks skipped after a cancellation */
        O empty();
    }

    /** Told when a chunk's output reaches the merge, before any of its entries is released. */
    interface Arrival<O extends Output> {
        void arrived(O output);
    }

    /** What a run did, and what each stage cost. */
    record Result(int chunks, int streams, long events, long entries, int maxChunksInFlight, PipelineCosts costs) {
    }

    /** A chunk's output and the CPU time its worker spent on it. */
    private record Timed<O>(O output, long cpuNanos) {
    }

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /** Chunks a worker may have done ahead of the merge: enough to keep it busy while the merge catches up. */
    private static final int LOOKAHEAD_PER_THREAD = 3;

    /** The horizon once the last chunk has arrived: every pending entry is due. */
    private static final long EVERYTHING = Long.MAX_VALUE;

    private ChunkPipeline() {
    }

    /** A cursor over one chunk's output, ordered by (time, stream, position). */
    private static final class Cursor implements Comparable<Cursor> {
        final Output fOutput;
        final int fStream;
        final long fOffset;
        int fNext;

        Cursor(Output output, int stream, long offset) {
            fOutput = output;
            fStream = stream;
            fOffset = offset;
        }

        long time() {
            return fOutput.time(fNext);
        }

        @Override
        public int compareTo(Cursor other) {
            int byTime = Long.compare(time(), other.time());
            if (byTime != 0) {
                return byTime;
            }
            int byStream = Integer.compare(fStream, other.fStream);
            return byStream != 0 ? byStream : Long.compare(fOffset, other.fOffset);
        }
    }

    /**
     * @param started
     *            {@link System#nanoTime()} when the caller began opening the trace: the set-up's start
     */
    static <O extends Output> Result run(CtfTrace trace, long started, int threads, long chunkBytes, Work<O> work,
            Arrival<O> arrival, ChunkProgress progress, AtomicBoolean cancelled)
            throws TraceFormatException, IOException, InterruptedException {
        return run(List.of(trace), new long[1], started, threads, chunkBytes, work, arrival, progress, cancelled);
    }

    /**
     * Runs over the chunks of several traces at once (a recording of one trace per process), merged in global
     * time order as the streams of one trace are; each trace's clock converts its chunks' times, and ties break
     * by trace, in the order given, then by stream and position.
     *
     * @param shifts
     *            nanoseconds added to each trace's times (as the work adds them to its outputs' times)
     * @param started
     *            {@link System#nanoTime()} when the caller began opening the traces: the set-up's start
     */
    static <O extends Output> Result run(List<CtfTrace> traces, long[] shifts, long started, int threads, long chunkBytes, Work<O> work,
            Arrival<O> arrival, ChunkProgress progress, AtomicBoolean cancelled)
            throws TraceFormatException, IOException, InterruptedException {
        if (threads < 1 || chunkBytes < 1) {
            throw new IllegalArgumentException("threads and chunk size must be positive: " + threads + ", " + chunkBytes);
        }
        Map<Path, List<Packet>> packets = new LinkedHashMap<>();
        Map<Chunk, Long> begins = new HashMap<>();
        Map<Chunk, Integer> traceOf = new HashMap<>();
        List<Chunk> chunks = new ArrayList<>();
        for (int t = 0; t < traces.size(); t++) {
            CtfTrace trace = traces.get(t);
            Partitioner.Partition partition = Partitioner.partition(trace, chunkBytes);
            packets.putAll(partition.packets());
            for (Chunk chunk : partition.chunks()) {
                begins.put(chunk, trace.metadata().toNanos(chunk.timestampBegin()) + shifts[t]);
                traceOf.put(chunk, t);
                chunks.add(chunk);
            }
        }
        List<Path> streams = new ArrayList<>(packets.keySet());
        // one trace: the partition's own chronological order, its clock being monotonic
        chunks.sort(Comparator.<Chunk> comparingLong(begins::get).thenComparingInt(traceOf::get).thenComparing(Chunk.CHRONOLOGICAL));
        ExecutorService pool = Executors.newFixedThreadPool(threads, runnable -> {
            Thread thread = new Thread(runnable, "sextant-chunk-worker");
            thread.setDaemon(true);
            return thread;
        });
        // Workers stop at their next chunk when the caller cancels or when the merge ends early on an error.
        AtomicBoolean stop = new AtomicBoolean();
        try {
            int window = threads * LOOKAHEAD_PER_THREAD;
            long setup = System.nanoTime() - started;
            long mergeStart = cpuNanos();
            long workerCpu = 0;
            long maxChunkCpu = 0;
            List<Future<Timed<O>>> futures = new ArrayList<>(chunks.size());
            for (int k = 0; k < Math.min(window, chunks.size()); k++) {
                futures.add(submit(pool, work, packets, chunks.get(k), cancelled, stop));
            }
            PriorityQueue<Cursor> pending = new PriorityQueue<>();
            long events = 0;
            long entries = 0;
            int inFlight = 0;
            for (int k = 0; k < chunks.size() && !cancelled.get(); k++) {
                Timed<O> timed = result(futures.get(k));
                O output = timed.output();
                workerCpu += timed.cpuNanos();
                maxChunkCpu = Math.max(maxChunkCpu, timed.cpuNanos());
                futures.set(k, null);
                if (futures.size() < chunks.size()) {
                    futures.add(submit(pool, work, packets, chunks.get(futures.size()), cancelled, stop));
                }
                arrival.arrived(output);
                events += output.events();
                Chunk chunk = chunks.get(k);
                if (output.size() > 0) {
                    pending.add(new Cursor(output, streams.indexOf(chunk.stream()), chunk.startOffset()));
                }
                inFlight = Math.max(inFlight, pending.size());
                long horizon = k + 1 < chunks.size() ? begins.get(chunks.get(k + 1)) : EVERYTHING;
                entries += release(pending, horizon);
                progress.chunksMerged(k + 1, chunks.size());
            }
            PipelineCosts costs = new PipelineCosts(chunks.size(), setup, workerCpu, maxChunkCpu, cpuNanos() - mergeStart);
            return new Result(chunks.size(), streams.size(), events, entries, inFlight, costs);
        } finally {
            stop.set(true);
            pool.shutdownNow();
        }
    }

    private static <O extends Output> Future<Timed<O>> submit(ExecutorService pool, Work<O> work, Map<Path, List<Packet>> packets, Chunk chunk,
            AtomicBoolean cancelled, AtomicBoolean stop) {
        // A chunk is a few tens of milliseconds of work: cancellation is checked between chunks.
        return pool.submit(() -> {
            long start = cpuNanos();
            O output = cancelled.get() || stop.get() ? work.empty() : work.run(chunk, packets.get(chunk.stream()));
            return new Timed<>(output, cpuNanos() - start);
        });
    }

    /** The calling thread's CPU time: a stage's cost without the time it waited for another. */
    private static long cpuNanos() {
        return THREADS.getCurrentThreadCpuTime();
    }

    /** Releases, in order, every pending entry older than {@code horizon}, or all of them past the last chunk. */
    private static long release(PriorityQueue<Cursor> pending, long horizon) {
        long released = 0;
        while (!pending.isEmpty() && due(pending.peek().time(), horizon)) {
            Cursor cursor = pending.poll();
            Output output = cursor.fOutput;
            // Drain this chunk while it stays ahead of every other pending chunk (the common case: one stream).
            Cursor second = pending.peek();
            do {
                output.emit(cursor.fNext++);
                released++;
            } while (cursor.fNext < output.size() && due(cursor.time(), horizon) && (second == null || cursor.compareTo(second) < 0));
            if (cursor.fNext < output.size()) {
                pending.add(cursor);
            }
        }
        return released;
    }

    /**
     * Whether an entry at {@code time} can go: before the horizon, or at any time once every chunk has arrived
     * (a comparison with {@code Long.MAX_VALUE} itself would keep an entry of that time forever).
     */
    private static boolean due(long time, long horizon) {
        return horizon == EVERYTHING || time < horizon;
    }

    private static <O> O result(Future<O> future) throws TraceFormatException, IOException, InterruptedException {
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
