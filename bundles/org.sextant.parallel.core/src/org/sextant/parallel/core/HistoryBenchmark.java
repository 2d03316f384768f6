// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.core;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import java.util.stream.Stream;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.exceptions.StateSystemDisposedException;
import org.eclipse.tracecompass.tmf.core.analysis.IAnalysisModule;
import org.eclipse.tracecompass.tmf.core.exceptions.TmfAnalysisException;
import org.eclipse.tracecompass.tmf.core.statesystem.TmfStateSystemAnalysisModule;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.sextant.headless.core.HeadlessAnalysisException;
import org.sextant.headless.core.HeapSampler;
import org.sextant.headless.core.IHeadlessBenchmark;

/**
 * {@code sextant bench --analysis NAME}: builds one analysis's history from scratch with Trace Compass's own
 * serial module where one exists, with Sextant's pipeline in serial mode (one thread, one chunk per stream) and
 * in parallel mode for each thread count, measures each build (wall time, peak and live heap, size of the
 * history files), and checks that every parallel history equals the serial one interval for interval, and that
 * the serial one holds Trace Compass's history. Trace Compass's own indexing of the trace ends first, and an
 * untimed build comes before the timed ones, so that JIT compilation does not favour whichever mode runs later.
 */
public abstract class HistoryBenchmark implements IHeadlessBenchmark {

    private static final double BYTES_PER_MB = 1024.0 * 1024.0;

    /** One measured build. */
    private record Build(IAnalysisModule module, double seconds, long events, long heapBytes, long liveHeapBytes, long historyBytes) {
    }

    private final Supplier<? extends ParallelHistoryModule> fParallelModule;
    private final String fParallelId;
    private final @Nullable Supplier<? extends TmfStateSystemAnalysisModule> fTraceCompassModule;
    private final @Nullable String fTraceCompassId;

    /**
     * A benchmark of an analysis that Trace Compass has no module for.
     *
     * @param parallelModule
     *            makes a new parallel module of the analysis (with no trace yet)
     * @param parallelId
     *            its id
     */
    protected HistoryBenchmark(Supplier<? extends ParallelHistoryModule> parallelModule, String parallelId) {
        fParallelModule = parallelModule;
        fParallelId = parallelId;
        fTraceCompassModule = null;
        fTraceCompassId = null;
    }

    /**
     * A benchmark of an analysis whose history holds that of a Trace Compass module: every attribute of Trace
     * Compass's history must be in ours, with the same intervals.
     *
     * @param parallelModule
     *            makes a new parallel module of the analysis (with no trace yet)
     * @param parallelId
     *            its id
     * @param traceCompassModule
     *            makes a new module of Trace Compass (with no trace yet; its dependencies are built with it)
     * @param traceCompassId
     *            its id
     */
    protected HistoryBenchmark(Supplier<? extends ParallelHistoryModule> parallelModule, String parallelId,
            Supplier<? extends TmfStateSystemAnalysisModule> traceCompassModule, String traceCompassId) {
        fParallelModule = parallelModule;
        fParallelId = parallelId;
        fTraceCompassModule = traceCompassModule;
        fTraceCompassId = traceCompassId;
    }

    @Override
    public Map<String, Object> run(ITmfTrace trace, List<Integer> threads, PrintStream log) throws HeadlessAnalysisException {
        List<Map<String, Object>> runs = new ArrayList<>();
        Map<String, Object> result = new LinkedHashMap<>();
        try {
            // Trace Compass indexes a trace it opens, reading it whole in the background: no build is timed
            // while that competes for the cores.
            log.println("[sextant] bench: waiting for Trace Compass to index the trace"); //$NON-NLS-1$
            trace.indexTrace(true);
            measure(trace, () -> parallel(1, Long.MAX_VALUE)).module().dispose();
            Build traceCompass = fTraceCompassModule == null ? null : measure(trace, () -> traceCompassModule());
            Build serial = measure(trace, () -> parallel(1, Long.MAX_VALUE));
            long events = serial.events();
            result.put("events", events); //$NON-NLS-1$
            if (traceCompass != null) {
                runs.add(run("tracecompass", 1, traceCompass, serial.seconds(), events, log)); //$NON-NLS-1$
                String disagreement = Histories.firstMismatch(state(traceCompass), state(serial));
                result.put("matches_tracecompass", disagreement == null); //$NON-NLS-1$
                if (disagreement != null) {
                    result.put("tracecompass_difference", disagreement); //$NON-NLS-1$
                }
                traceCompass.module().dispose();
            }
            runs.add(run("serial", 1, serial, serial.seconds(), events, log)); //$NON-NLS-1$
            boolean identical = true;
            for (int count : threads) {
                Build parallel = measure(trace, () -> parallel(count, ParallelHistoryModule.DEFAULT_CHUNK_BYTES));
                runs.add(run("parallel", count, parallel, serial.seconds(), events, log)); //$NON-NLS-1$
                String difference = Histories.firstDifference(state(serial), state(parallel));
                if (difference != null && identical) {
                    result.put("first_difference", count + " threads: " + difference); //$NON-NLS-1$ //$NON-NLS-2$
                }
                identical &= difference == null && parallel.events() == events;
                parallel.module().dispose();
            }
            serial.module().dispose();
            result.put("runs", runs); //$NON-NLS-1$
            result.put("identical", identical); //$NON-NLS-1$
            return result;
        } catch (StateSystemDisposedException e) {
            throw new HeadlessAnalysisException("a history was closed while being compared"); //$NON-NLS-1$
        } finally {
            TmfTraceManager.deleteSupplementaryFiles(trace);
        }
    }

    private IAnalysisModule traceCompassModule() {
        TmfStateSystemAnalysisModule module = Objects.requireNonNull(fTraceCompassModule).get();
        module.setId(Objects.requireNonNull(fTraceCompassId));
        return module;
    }

    private ParallelHistoryModule parallel(int threads, long chunkBytes) {
        ParallelHistoryModule module = fParallelModule.get();
        module.setId(fParallelId);
        module.setThreads(threads);
        module.setChunkBytes(chunkBytes);
        return module;
    }

    private static ITmfStateSystem state(Build build) throws HeadlessAnalysisException {
        ITmfStateSystem ss = build.module() instanceof ParallelHistoryModule parallel ? parallel.getStateSystem()
                : ((TmfStateSystemAnalysisModule) build.module()).getStateSystem();
        if (ss == null) {
            throw new HeadlessAnalysisException("the " + build.module().getName() + " build has no state system"); //$NON-NLS-1$ //$NON-NLS-2$
        }
        return ss;
    }

    /** Builds from scratch (no supplementary files), timing the build and sampling the heap meanwhile. */
    private static Build measure(ITmfTrace trace, Supplier<IAnalysisModule> factory) throws HeadlessAnalysisException {
        TmfTraceManager.deleteSupplementaryFiles(trace);
        IAnalysisModule module = factory.get();
        try (HeapSampler heap = new HeapSampler()) {
            if (!module.setTrace(trace)) {
                throw new HeadlessAnalysisException("the " + module.getName() + " analysis does not apply to this trace"); //$NON-NLS-1$ //$NON-NLS-2$
            }
            long start = System.nanoTime();
            module.schedule();
            boolean done = module.waitForCompletion();
            double seconds = (System.nanoTime() - start) / 1e9;
            heap.close();
            if (!done) {
                throw new HeadlessAnalysisException("the " + module.getName() + " build did not complete"); //$NON-NLS-1$ //$NON-NLS-2$
            }
            ParallelHistoryModule.Report report = module instanceof ParallelHistoryModule parallel ? parallel.getReport() : null;
            long events = report != null ? report.events() : trace.getNbEvents();
            return new Build(module, seconds, events, heap.peakBytes(), heap.liveBytes(), historyBytes(trace));
        } catch (TmfAnalysisException e) {
            throw new HeadlessAnalysisException(e.getMessage());
        } catch (IOException e) {
            throw new HeadlessAnalysisException("cannot measure the history files: " + e.getMessage()); //$NON-NLS-1$
        }
    }

    /** The size of the history files in the trace's supplementary directory: those of the build just done. */
    private static long historyBytes(ITmfTrace trace) throws IOException {
        try (Stream<Path> files = Files.list(Path.of(TmfTraceManager.getSupplementaryFileDir(trace)))) {
            long bytes = 0;
            for (Path file : (Iterable<Path>) files.filter(f -> f.getFileName().toString().endsWith(".ht"))::iterator) { //$NON-NLS-1$
                bytes += Files.size(file);
            }
            return bytes;
        }
    }

    private static Map<String, Object> run(String mode, int threads, Build build, double serialSeconds, long events, PrintStream log) {
        Map<String, Object> run = new LinkedHashMap<>();
        double speedup = serialSeconds / build.seconds();
        run.put("mode", mode); //$NON-NLS-1$
        run.put("threads", threads); //$NON-NLS-1$
        run.put("seconds", build.seconds()); //$NON-NLS-1$
        run.put("events", build.events()); //$NON-NLS-1$
        run.put("events_per_s", events / build.seconds()); //$NON-NLS-1$
        run.put("speedup", speedup); //$NON-NLS-1$
        run.put("efficiency", speedup / threads); //$NON-NLS-1$
        run.put("heap_mb", Math.round(build.heapBytes() / BYTES_PER_MB)); //$NON-NLS-1$
        run.put("heap_live_mb", Math.round(build.liveHeapBytes() / BYTES_PER_MB)); //$NON-NLS-1$
        run.put("history_bytes", build.historyBytes()); //$NON-NLS-1$
        log.printf("[sextant] bench: %s, %d thread(s), %.3f s%n", mode, threads, build.seconds()); //$NON-NLS-1$
        return run;
    }
}
