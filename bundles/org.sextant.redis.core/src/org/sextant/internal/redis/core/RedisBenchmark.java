// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.redis.core;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.exceptions.StateSystemDisposedException;
import org.eclipse.tracecompass.tmf.core.analysis.IAnalysisModule;
import org.eclipse.tracecompass.tmf.core.exceptions.TmfAnalysisException;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.sextant.common.core.bench.HeapSampler;
import org.sextant.common.core.open.TraceOpener;
import org.sextant.common.core.summary.HeadlessAnalysisException;
import org.sextant.common.model.recording.RecordingLayout;
import org.sextant.ctf.model.CtfTrace;
import org.sextant.ctf.model.Packet;
import org.sextant.ctf.model.TraceFormatException;
import org.sextant.parallel.core.HistoryBenchmark;
import org.sextant.parallel.core.ParallelHistoryModule;
import org.sextant.parallel.engine.Histories;
import org.sextant.parallel.engine.Report;
import org.sextant.redis.core.RedisAnalysisModule;
import org.sextant.redis.core.RedisParallelModule;

/**
 * {@code sextant bench --analysis redis RECORDING}: Trace Compass's serial build of the Redis model
 * ({@link RedisAnalysisModule}) against {@link RedisParallelModule}, serial and at each thread count, every history
 * compared interval for interval; then the analysis's own time and peak live heap against the trace's size
 * ({@code sizes}): the recording cut where a quarter, half and all of its packets' bytes have ended (whole packets,
 * copied to a temporary directory), each built by Trace Compass and by the parallel builder at the most threads asked for,
 * and the two histories of each size compared both ways ({@code identical}). Each size gives wall and CPU time
 * (the whole process's: on a shared machine, waiting for a core inflates only the former). With {@code --cold}, the
 * builds of every mode are timed on a dropped page cache; the sizes are timed as those builds leave it.
 */
public class RedisBenchmark extends HistoryBenchmark {

    private static final double BYTES_PER_MB = 1024.0 * 1024.0;
    private static final double[] FRACTIONS = { 0.25, 0.5, 1.0 };

    /** One timed build of one size. */
    private record Timed(IAnalysisModule module, double seconds, double cpuSeconds, long liveBytes, ITmfStateSystem state) {
    }

    /** Creates the benchmark, as plugin.xml does. */
    public RedisBenchmark() {
        super(RedisParallelModule::new, RedisParallelModule.ID, RedisAnalysisModule::new, RedisAnalysisModule.ID);
    }

    @Override
    public Map<String, Object> run(ITmfTrace trace, List<Integer> threads, List<Integer> writers, long chunkBytes, int repeat, boolean cold,
            PrintStream log) throws HeadlessAnalysisException {
        Map<String, Object> result = super.run(trace, threads, writers, chunkBytes, repeat, cold, log);
        int most = threads.stream().max(Integer::compare).orElse(1);
        List<Map<String, Object>> sizes = new ArrayList<>();
        boolean identical = true;
        @Nullable Path scratch = null;
        try {
            scratch = Files.createTempDirectory("sextant-redis-bench"); //$NON-NLS-1$
            Path source = Path.of(trace.getPath());
            List<Path> members = RecordingLayout.isRecording(source) ? RecordingLayout.ctfTraces(source) : List.of(source);
            for (double fraction : FRACTIONS) {
                Path copy = scratch.resolve(Long.toString(Math.round(fraction * 100)));
                long bytes = fraction == 1.0 ? streamBytes(members) : cut(source, members, timeOfFraction(members, fraction), copy);
                if (bytes == 0) {
                    continue; // no packet of its own: a recording of one packet per stream
                }
                Path opened = fraction == 1.0 ? source : RecordingLayout.isRecording(source) ? copy : copy.resolve(source.getFileName());
                ITmfTrace sized = fraction == 1.0 ? trace : open(opened);
                try {
                    log.printf("[sextant] bench: size %.0f%%%n", 100 * fraction); //$NON-NLS-1$
                    Timed tc = time(sized, () -> {
                        RedisAnalysisModule module = new RedisAnalysisModule();
                        module.setId(RedisAnalysisModule.ID);
                        return module;
                    });
                    Timed ours = time(sized, () -> {
                        RedisParallelModule module = new RedisParallelModule();
                        module.setId(RedisParallelModule.ID);
                        module.setThreads(most);
                        if (chunkBytes > 0) {
                            module.setChunkBytes(chunkBytes);
                        }
                        return module;
                    });
                    String difference = Histories.firstDifference(tc.state(), ours.state());
                    identical &= difference == null;
                    Report report = ((ParallelHistoryModule) ours.module()).getReport();
                    Map<String, Object> size = new LinkedHashMap<>();
                    size.put("fraction", fraction); //$NON-NLS-1$
                    size.put("events", report == null ? -1 : report.events()); //$NON-NLS-1$
                    size.put("bytes", bytes); //$NON-NLS-1$
                    size.put("tracecompass_s", round(tc.seconds())); //$NON-NLS-1$
                    size.put("tracecompass_cpu_s", round(tc.cpuSeconds())); //$NON-NLS-1$
                    size.put("tracecompass_live_mb", Math.round(tc.liveBytes() / BYTES_PER_MB)); //$NON-NLS-1$
                    size.put("parallel_threads", most); //$NON-NLS-1$
                    size.put("parallel_s", round(ours.seconds())); //$NON-NLS-1$
                    size.put("parallel_cpu_s", round(ours.cpuSeconds())); //$NON-NLS-1$
                    size.put("parallel_live_mb", Math.round(ours.liveBytes() / BYTES_PER_MB)); //$NON-NLS-1$
                    size.put("identical", difference == null); //$NON-NLS-1$
                    sizes.add(size);
                    if (difference != null && !result.containsKey("sizes_difference")) { //$NON-NLS-1$
                        result.put("sizes_difference", Math.round(fraction * 100) + "%: " + difference); //$NON-NLS-1$ //$NON-NLS-2$
                    }
                    tc.module().dispose();
                    ours.module().dispose();
                } finally {
                    TmfTraceManager.deleteSupplementaryFiles(sized);
                    if (sized != trace) {
                        TraceOpener.close(sized);
                    }
                }
            }
        } catch (IOException | TraceFormatException e) {
            throw new HeadlessAnalysisException("cannot cut the recording to size: " + e.getMessage()); //$NON-NLS-1$
        } catch (StateSystemDisposedException e) {
            throw new HeadlessAnalysisException("a history was closed while being compared"); //$NON-NLS-1$
        } finally {
            delete(scratch);
        }
        result.put("sizes", sizes); //$NON-NLS-1$
        result.put("sizes_identical", identical); //$NON-NLS-1$
        return result;
    }

    /** @return the process's CPU time so far, which waiting for a core on a shared machine does not inflate */
    private static long cpuNanos() {
        return ProcessHandle.current().info().totalCpuDuration().orElse(Duration.ZERO).toNanos();
    }

    private static double round(double seconds) {
        return Math.round(seconds * 1000) / 1000.0;
    }

    private static ITmfTrace open(Path path) throws HeadlessAnalysisException {
        try {
            ITmfTrace trace = TraceOpener.open(path.toString());
            trace.indexTrace(true);
            return trace;
        } catch (TraceOpener.OpenException e) {
            throw new HeadlessAnalysisException(e.getMessage());
        }
    }

    /**
     * Builds a module from scratch, timing it and sampling the live heap meanwhile; the caller disposes it once
     * the histories are compared.
     */
    private static Timed time(ITmfTrace trace, Supplier<? extends IAnalysisModule> factory) throws HeadlessAnalysisException {
        IAnalysisModule module = factory.get();
        try (HeapSampler heap = new HeapSampler()) {
            if (!module.setTrace(trace)) {
                throw new HeadlessAnalysisException("the " + module.getName() + " analysis does not apply to " + trace.getPath()); //$NON-NLS-1$ //$NON-NLS-2$
            }
            long start = System.nanoTime();
            long cpuStart = cpuNanos();
            module.schedule();
            boolean done = module.waitForCompletion();
            double seconds = (System.nanoTime() - start) / 1e9;
            double cpuSeconds = (cpuNanos() - cpuStart) / 1e9;
            heap.close();
            ITmfStateSystem state = module instanceof ParallelHistoryModule parallel ? parallel.getStateSystem()
                    : ((RedisAnalysisModule) module).getStateSystem(RedisAnalysisModule.ID);
            if (!done || state == null) {
                String failure = module instanceof ParallelHistoryModule parallel ? parallel.getFailure() : null;
                throw new HeadlessAnalysisException("the " + module.getName() + " build did not complete" + (failure == null ? "" : ": " + failure)); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            }
            return new Timed(module, seconds, cpuSeconds, heap.liveBytes(), state);
        } catch (TmfAnalysisException e) {
            throw new HeadlessAnalysisException(e.getMessage());
        }
    }

    /**
     * @return the time by which packets holding that fraction of the traces' stream bytes have ended: the
     *         packets' ends in time order, their sizes summed until the fraction is reached
     */
    private static long timeOfFraction(List<Path> traces, double fraction) throws TraceFormatException, IOException {
        List<long[]> ends = new ArrayList<>();
        long total = 0;
        for (Path directory : traces) {
            CtfTrace trace = CtfTrace.open(directory);
            for (List<Packet> packets : trace.packets().values()) {
                for (Packet packet : packets) {
                    ends.add(new long[] { trace.metadata().toNanos(packet.timestampEnd()), packet.sizeBytes() });
                    total += packet.sizeBytes();
                }
            }
        }
        ends.sort(Comparator.comparingLong(end -> end[0]));
        long bytes = 0;
        for (long[] end : ends) {
            bytes += end[1];
            if (bytes >= fraction * total) {
                return end[0];
            }
        }
        return Long.MAX_VALUE;
    }

    private static long streamBytes(List<Path> traces) throws TraceFormatException, IOException {
        long bytes = 0;
        for (Path directory : traces) {
            for (Path stream : CtfTrace.open(directory).packets().keySet()) {
                bytes += Files.size(stream);
            }
        }
        return bytes;
    }

    /**
     * Copies each trace's metadata and, of each stream, the packets that end by {@code until}, under {@code copy}
     * at the trace's place in the recording (no index: it is found again). A trace with no such packet is left out.
     *
     * @return the bytes of stream copied
     */
    private static long cut(Path source, List<Path> traces, long until, Path copy) throws TraceFormatException, IOException {
        long bytes = 0;
        for (Path directory : traces) {
            CtfTrace trace = CtfTrace.open(directory);
            Path target = copy.resolve(directory.equals(source) ? source.getFileName() : source.relativize(directory));
            for (Map.Entry<Path, List<Packet>> stream : trace.packets().entrySet()) {
                long end = 0;
                for (Packet packet : stream.getValue()) {
                    if (trace.metadata().toNanos(packet.timestampEnd()) > until) {
                        break;
                    }
                    end = packet.end();
                }
                if (end > 0) {
                    Files.createDirectories(target);
                    copyPrefix(stream.getKey(), end, target.resolve(stream.getKey().getFileName()));
                    bytes += end;
                }
            }
            if (Files.isDirectory(target)) {
                Files.copy(directory.resolve(RecordingLayout.CTF_METADATA), target.resolve(RecordingLayout.CTF_METADATA));
            }
        }
        return bytes;
    }

    private static void copyPrefix(Path from, long bytes, Path to) throws IOException {
        try (InputStream in = Files.newInputStream(from); OutputStream out = Files.newOutputStream(to)) {
            byte[] buffer = new byte[1 << 16];
            long left = bytes;
            while (left > 0) {
                int read = in.read(buffer, 0, (int) Math.min(buffer.length, left));
                if (read < 0) {
                    throw new IOException(from + " ends before " + bytes + " bytes"); //$NON-NLS-1$ //$NON-NLS-2$
                }
                out.write(buffer, 0, read);
                left -= read;
            }
        }
    }

    private static void delete(@Nullable Path directory) {
        if (directory == null) {
            return;
        }
        try (Stream<Path> files = Files.walk(directory)) {
            for (Path file : (Iterable<Path>) files.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(file);
            }
        } catch (IOException e) {
            // a temporary directory: left for the system to clean
        }
    }
}
