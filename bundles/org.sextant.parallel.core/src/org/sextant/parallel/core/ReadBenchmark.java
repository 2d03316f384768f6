// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.core;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.common.core.bench.IHeadlessBenchmark;
import org.sextant.common.core.summary.HeadlessAnalysisException;

/**
 * {@code sextant bench --analysis read}: the micro-benchmark of Reumont-Locke et al.'s parallel state-system
 * builds (their Listing 1), reading alone, no decoding: the trace's files, taken as one run of bytes, cut into
 * as many equal parts as threads, each thread reading its part whole, through {@code mmap} (a mapping of each
 * file's piece, read from 8 bytes at a time) and through {@code read} (positional reads of 1 MiB into a buffer,
 * read from likewise), with the page cache hot (the files just read) and, with {@code --cold}, cold (the
 * machine's page cache dropped before each run, as root). Each run sums the bytes it read; every run must give the
 * same sum ({@code sums_agree}), which tells that each method and thread count read every byte
 * once. Speedup and efficiency are against the one-thread run of the same method and cache.
 */
public final class ReadBenchmark implements IHeadlessBenchmark {

    /** What {@code read} reads at a time. */
    private static final int READ_BYTES = 1 << 20;
    /** The largest piece mapped at once. */
    private static final long MAP_BYTES = 1L << 28;
    private static final double NANOS_PER_S = 1e9;
    private static final double BYTES_PER_MB = 1024.0 * 1024.0;
    /** Every other byte of a word, and the multiplier that adds a word's four 16-bit lanes into its top one. */
    private static final long LANES = 0x00FF00FF00FF00FFL;
    private static final long ONES = 0x0001000100010001L;
    private static final int TOP_LANE = 48;
    private static final int BYTE = 0xFF;
    private static final String MMAP = "mmap"; //$NON-NLS-1$
    private static final String READ = "read"; //$NON-NLS-1$

    /** A piece of one file a thread reads. */
    private record Piece(Path file, long offset, long length) {
    }

    @Override
    public Map<String, Object> run(ITmfTrace trace, List<Integer> threads, long chunkBytes, PrintStream log) throws HeadlessAnalysisException {
        return run(trace, threads, List.of(), chunkBytes, 1, false, log);
    }

    @Override
    public Map<String, Object> run(ITmfTrace trace, List<Integer> threads, List<Integer> writers, long chunkBytes, int repeat, boolean cold,
            PrintStream log) throws HeadlessAnalysisException {
        if (cold) {
            PageCache.checkDroppable();
        }
        // Trace Compass reads the trace it opens in the background: no run is timed while that competes
        HistoryBenchmark.awaitOpening(trace, log);
        Path root = Path.of(trace.getPath());
        List<Path> files = PageCache.files(root);
        List<Long> sizes = new ArrayList<>();
        long total = 0;
        for (Path file : files) {
            try {
                sizes.add(Files.size(file));
            } catch (IOException e) {
                throw new HeadlessAnalysisException("cannot read the size of " + file + ": " + e.getMessage()); //$NON-NLS-1$ //$NON-NLS-2$
            }
            total += sizes.get(sizes.size() - 1);
        }
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("files", files.size()); //$NON-NLS-1$
        result.put("bytes", total); //$NON-NLS-1$
        result.put("repeat", repeat); //$NON-NLS-1$
        List<Map<String, Object>> reads = new ArrayList<>();
        // Untimed, one pass each way, so that no timed run compiles the loops that read
        long sum = read(parts(files, sizes, total, 1), true);
        boolean agree = sum == read(parts(files, sizes, total, 1), false);
        for (boolean dropped : cold ? new boolean[] { false, true } : new boolean[] { false }) {
            for (String method : List.of(MMAP, READ)) {
                double oneThread = -1;
                for (int count : threads) {
                    List<Double> seconds = new ArrayList<>();
                    for (int round = 0; round < repeat; round++) {
                        if (dropped) {
                            PageCache.drop(root);
                        } else {
                            PageCache.warm(root);
                        }
                        long start = System.nanoTime();
                        long read = read(parts(files, sizes, total, count), method.equals(MMAP));
                        seconds.add((System.nanoTime() - start) / NANOS_PER_S);
                        agree &= sum == read;
                    }
                    double median = seconds.stream().sorted().toList().get(seconds.size() / 2);
                    if (count == 1) {
                        oneThread = median;
                    }
                    Map<String, Object> row = new LinkedHashMap<>();
                    row.put("method", method); //$NON-NLS-1$
                    row.put("cache", dropped ? "cold" : "hot"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                    row.put("threads", count); //$NON-NLS-1$
                    row.put("seconds", median); //$NON-NLS-1$
                    if (seconds.size() > 1) {
                        row.put("seconds_each", seconds); //$NON-NLS-1$
                    }
                    row.put("mb_per_s", total / BYTES_PER_MB / median); //$NON-NLS-1$
                    if (oneThread > 0) {
                        row.put("speedup", oneThread / median); //$NON-NLS-1$
                        row.put("efficiency", oneThread / median / count); //$NON-NLS-1$
                    }
                    reads.add(row);
                    log.printf("[sextant] bench: read, %s, %s cache, %d thread(s), %.3f s%n", method, dropped ? "cold" : "hot", count, median); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                }
            }
        }
        result.put("reads", reads); //$NON-NLS-1$
        result.put("sums_agree", agree); //$NON-NLS-1$
        return result;
    }

    /** @return the files' bytes, as one run, in {@code count} equal parts, each a list of pieces of files */
    private static List<List<Piece>> parts(List<Path> files, List<Long> sizes, long total, int count) {
        List<List<Piece>> parts = new ArrayList<>();
        int file = 0;
        long offset = 0;
        for (int part = 0; part < count; part++) {
            long left = total * (part + 1) / count - total * part / count;
            List<Piece> pieces = new ArrayList<>();
            while (left > 0) {
                long length = Math.min(left, sizes.get(file) - offset);
                if (length > 0) {
                    pieces.add(new Piece(files.get(file), offset, length));
                }
                left -= length;
                offset += length;
                if (offset == sizes.get(file)) {
                    file++;
                    offset = 0;
                }
            }
            parts.add(pieces);
        }
        return parts;
    }

    /** Reads the parts, one thread each, and returns the sum of all their bytes. */
    private static long read(List<List<Piece>> parts, boolean mapped) throws HeadlessAnalysisException {
        ExecutorService pool = Executors.newFixedThreadPool(parts.size());
        try {
            List<Future<Long>> sums = new ArrayList<>();
            for (List<Piece> part : parts) {
                sums.add(pool.submit(() -> {
                    long sum = 0;
                    for (Piece piece : part) {
                        sum += mapped ? map(piece) : read(piece);
                    }
                    return sum;
                }));
            }
            long sum = 0;
            for (Future<Long> part : sums) {
                sum += part.get();
            }
            return sum;
        } catch (ExecutionException e) {
            throw new HeadlessAnalysisException("cannot read the trace: " + e.getCause().getMessage()); //$NON-NLS-1$
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new HeadlessAnalysisException("interrupted"); //$NON-NLS-1$
        } finally {
            pool.shutdownNow();
        }
    }

    private static long map(Piece piece) throws IOException {
        long sum = 0;
        try (FileChannel channel = FileChannel.open(piece.file(), StandardOpenOption.READ)) {
            for (long at = 0; at < piece.length(); at += MAP_BYTES) {
                sum += bytes(channel.map(FileChannel.MapMode.READ_ONLY, piece.offset() + at, Math.min(MAP_BYTES, piece.length() - at)));
            }
        }
        return sum;
    }

    private static long read(Piece piece) throws IOException {
        long sum = 0;
        ByteBuffer buffer = ByteBuffer.allocateDirect(READ_BYTES);
        try (FileChannel channel = FileChannel.open(piece.file(), StandardOpenOption.READ)) {
            long at = 0;
            while (at < piece.length()) {
                buffer.clear().limit((int) Math.min(READ_BYTES, piece.length() - at));
                int read = channel.read(buffer, piece.offset() + at);
                if (read < 0) {
                    throw new IOException(piece.file() + " ended before its size, at " + (piece.offset() + at)); //$NON-NLS-1$
                }
                at += read;
                sum += bytes(buffer.flip());
            }
        }
        return sum;
    }

    /**
     * @return the sum of a buffer's bytes from its position, read 8 at a time (their sum taken by halves, then
     *         by multiplying the four 16-bit lanes into the top one), the last few one by one: the same whatever
     *         the parts' bounds, and every byte read
     */
    private static long bytes(ByteBuffer buffer) {
        ByteBuffer bytes = buffer.order(ByteOrder.LITTLE_ENDIAN);
        long sum = 0;
        int end = bytes.limit();
        int at = bytes.position();
        for (; at + Long.BYTES <= end; at += Long.BYTES) {
            long word = bytes.getLong(at);
            long pairs = (word & LANES) + ((word >>> Byte.SIZE) & LANES);
            sum += (pairs * ONES) >>> TOP_LANE;
        }
        for (; at < end; at++) {
            sum += bytes.get(at) & BYTE;
        }
        return sum;
    }
}
