// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.callstack.core;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.callstack.core.Profiles;
import org.sextant.callstack.model.CallFlow;
import org.sextant.callstack.model.Profile;
import org.sextant.headless.core.HeadlessAnalysisException;
import org.sextant.headless.core.IHeadlessBenchmark;

/**
 * {@code sextant bench --analysis callstack FILE}: reads a call profile from scratch (a large {@code perf script}
 * text, say) and measures the read: wall time, lines per second, megabytes per second, peak heap while reading
 * and the heap the profile keeps. One run: reading is single-threaded, the thread counts are ignored.
 */
public class CallStackBenchmark implements IHeadlessBenchmark {

    private static final double BYTES_PER_MB = 1024.0 * 1024.0;
    private static final long SAMPLE_MILLIS = 20;

    @Override
    public Map<String, Object> run(ITmfTrace trace, List<Integer> threads, PrintStream log) throws HeadlessAnalysisException {
        Path file = Path.of(trace.getPath());
        long bytes;
        long lines;
        try {
            bytes = Files.size(file);
            lines = countLines(file);
        } catch (IOException e) {
            throw new HeadlessAnalysisException(file + ": " + e.getMessage()); //$NON-NLS-1$
        }
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        System.gc();
        long before = memory.getHeapMemoryUsage().getUsed();
        AtomicLong peak = new AtomicLong(before);
        Thread sampler = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                peak.accumulateAndGet(memory.getHeapMemoryUsage().getUsed(), Math::max);
                try {
                    Thread.sleep(SAMPLE_MILLIS);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "sextant-heap-sampler"); //$NON-NLS-1$
        sampler.setDaemon(true);
        sampler.start();
        long start = System.nanoTime();
        Profile profile;
        try {
            profile = Profiles.read(file, new NullProgressMonitor());
        } catch (IOException | Profiles.ProfileException e) {
            throw new HeadlessAnalysisException(e.getMessage());
        } finally {
            sampler.interrupt();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        System.gc();
        long kept = Math.max(0, memory.getHeapMemoryUsage().getUsed() - before);
        Map<String, Object> run = new LinkedHashMap<>();
        run.put("mode", "read " + profile.format().name().toLowerCase(Locale.ROOT)); //$NON-NLS-1$ //$NON-NLS-2$
        run.put("threads", 1); //$NON-NLS-1$
        run.put("seconds", seconds); //$NON-NLS-1$
        run.put("events", lines); //$NON-NLS-1$
        run.put("events_per_s", lines / seconds); //$NON-NLS-1$
        run.put("speedup", 1.0); //$NON-NLS-1$
        run.put("efficiency", 1.0); //$NON-NLS-1$
        run.put("heap_mb", Math.round((peak.get() - before) / BYTES_PER_MB)); //$NON-NLS-1$
        run.put("heap_live_mb", Math.round(kept / BYTES_PER_MB)); //$NON-NLS-1$
        run.put("history_bytes", 0L); //$NON-NLS-1$
        log.printf("[sextant] bench: read %s, %.3f s%n", file.getFileName(), seconds); //$NON-NLS-1$
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("runs", List.of(run)); //$NON-NLS-1$
        result.put("file_bytes", bytes); //$NON-NLS-1$
        result.put("mb_per_s", Math.round(bytes / BYTES_PER_MB / seconds)); //$NON-NLS-1$
        CallFlow.Weight weight = profile.weights().contains(CallFlow.Weight.INSTRUCTIONS) ? CallFlow.Weight.INSTRUCTIONS : CallFlow.Weight.TIME;
        result.put("call_paths", profile.tree(weight).nodes().size()); //$NON-NLS-1$
        return result;
    }

    private static long countLines(Path file) throws IOException {
        long lines = 0;
        byte[] buffer = new byte[1 << 20];
        try (InputStream in = Files.newInputStream(file)) {
            int read;
            while ((read = in.read(buffer)) > 0) {
                for (int i = 0; i < read; i++) {
                    if (buffer[i] == '\n') {
                        lines++;
                    }
                }
            }
        }
        return lines;
    }
}
