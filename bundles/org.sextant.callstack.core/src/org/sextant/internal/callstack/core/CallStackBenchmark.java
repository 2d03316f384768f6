// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.callstack.core;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.tracecompass.tmf.core.analysis.IAnalysisModule;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.callstack.core.Profiles;
import org.sextant.callstack.model.CallFlow;
import org.sextant.callstack.model.Profile;
import org.sextant.common.core.bench.HeapSampler;
import org.sextant.common.core.bench.IHeadlessBenchmark;
import org.sextant.common.core.bench.ProcessCpu;
import org.sextant.common.core.summary.HeadlessAnalysisException;

/**
 * {@code sextant bench --analysis callstack FILE}: reads a call profile from scratch (a large {@code perf script}
 * text, say) and measures the read: wall time, lines per second, megabytes per second, peak used and live
 * heap while reading (the JVM's whole heap, Trace Compass's included), and beside the wall time the CPU time of
 * the whole process (the reader's parsing threads included) and of the calling thread: on cores shared with other
 * work the wall time says little about the reader. One run: the reader chooses its threads (the row's
 * {@code threads}), the thread counts and chunk size are ignored.
 */
public class CallStackBenchmark implements IHeadlessBenchmark {

    private static final double BYTES_PER_MB = 1024.0 * 1024.0;

    @Override
    public Map<String, Object> run(ITmfTrace trace, List<Integer> threads, long chunkBytes, PrintStream log) throws HeadlessAnalysisException {
        Path file = Path.of(trace.getPath());
        // Trace Compass indexes a trace it opens and runs its automatic analyses (event statistics), reading every
        // event in the background: a timed profile has one per call and return, millions, and no read is timed
        // while they compete for the cores.
        log.println("[sextant] bench: waiting for Trace Compass to index the trace"); //$NON-NLS-1$
        trace.indexTrace(true);
        for (IAnalysisModule module : trace.getAnalysisModules()) {
            if (module.isAutomatic()) {
                module.waitForCompletion();
            }
        }
        long bytes;
        long lines;
        try {
            bytes = Files.size(file);
            lines = countLines(file);
        } catch (IOException e) {
            throw new HeadlessAnalysisException(file + ": " + e.getMessage()); //$NON-NLS-1$
        }
        Profile profile;
        double seconds;
        long peak;
        long live;
        double cpuSeconds;
        double readerCpuSeconds;
        ThreadMXBean cpu = ManagementFactory.getThreadMXBean();
        try (HeapSampler heap = new HeapSampler()) {
            long start = System.nanoTime();
            double cpuStart = ProcessCpu.seconds();
            long readerCpuStart = cpu.getCurrentThreadCpuTime();
            profile = Profiles.read(file, new NullProgressMonitor());
            readerCpuSeconds = (cpu.getCurrentThreadCpuTime() - readerCpuStart) / 1e9;
            cpuSeconds = ProcessCpu.seconds() - cpuStart;
            seconds = (System.nanoTime() - start) / 1e9;
            heap.close();
            peak = heap.peakBytes();
            live = heap.liveBytes();
        } catch (IOException | Profiles.ProfileException e) {
            throw new HeadlessAnalysisException(e.getMessage());
        }
        Map<String, Object> run = new LinkedHashMap<>();
        run.put("mode", "read " + profile.format().name().toLowerCase(Locale.ROOT)); //$NON-NLS-1$ //$NON-NLS-2$
        run.put("threads", profile.format().readingThreads()); //$NON-NLS-1$
        run.put("seconds", seconds); //$NON-NLS-1$
        run.put("cpu_seconds", cpuSeconds); //$NON-NLS-1$
        run.put("reader_cpu_seconds", readerCpuSeconds); //$NON-NLS-1$
        run.put("events", lines); //$NON-NLS-1$
        run.put("events_per_s", lines / seconds); //$NON-NLS-1$
        run.put("speedup", 1.0); //$NON-NLS-1$
        run.put("efficiency", 1.0); //$NON-NLS-1$
        run.put("heap_mb", Math.round(peak / BYTES_PER_MB)); //$NON-NLS-1$
        run.put("heap_live_mb", Math.round(live / BYTES_PER_MB)); //$NON-NLS-1$
        run.put("history_bytes", 0L); //$NON-NLS-1$
        log.printf("[sextant] bench: read %s, %.3f s (%.3f s of CPU, %.3f s of it the calling thread's)%n", file.getFileName(), seconds, //$NON-NLS-1$
                cpuSeconds, readerCpuSeconds);
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("runs", List.of(run)); //$NON-NLS-1$
        result.put("file_bytes", bytes); //$NON-NLS-1$
        result.put("mb_per_s", Math.round(bytes / BYTES_PER_MB / seconds)); //$NON-NLS-1$
        result.put("mb_per_cpu_s", Math.round(bytes / BYTES_PER_MB / cpuSeconds)); //$NON-NLS-1$
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
