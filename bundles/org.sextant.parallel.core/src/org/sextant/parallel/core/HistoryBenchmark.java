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
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import java.util.stream.DoubleStream;
import java.util.stream.Stream;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.exceptions.StateSystemDisposedException;
import org.eclipse.tracecompass.tmf.core.analysis.IAnalysisModule;
import org.eclipse.tracecompass.tmf.core.exceptions.TmfAnalysisException;
import org.eclipse.tracecompass.tmf.core.statesystem.TmfStateSystemAnalysisModule;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.sextant.common.core.bench.HeapSampler;
import org.sextant.common.core.bench.IHeadlessBenchmark;
import org.sextant.common.core.bench.OneCore;
import org.sextant.common.core.bench.ProcessCpu;
import org.sextant.common.core.summary.HeadlessAnalysisException;
import org.sextant.ctf.model.TraceFormatException;
import org.sextant.parallel.engine.Histories;
import org.sextant.parallel.engine.HistoryEngine;
import org.sextant.parallel.engine.Report;
import org.sextant.parallel.model.ParallelDecoder;
import org.sextant.parallel.model.Partitioner;
import org.sextant.parallel.model.PipelineCosts;
import org.sextant.parallel.model.ScalingModel;

/**
 * {@code sextant bench --analysis NAME}: builds one analysis's history from scratch with Trace Compass's own
 * serial module where one exists, with Sextant's builder in serial mode (one thread reading every stream in time
 * order, in chunks of events) and
 * in parallel mode for each thread count (and each count of history writers), measures each build (wall time, peak and live heap, size of the
 * history files), and checks that every parallel history equals the serial one interval for interval, and that
 * the serial one holds Trace Compass's history. Speedup and efficiency are against the one-processor run
 * ({@code baseline}, the {@code one-core} row): the one-thread parallel build, with the default history, and the whole process
 * confined to one core, since the one-thread build alone keeps more than one core busy (its merge, its history
 * writer, the collector and the compiler are threads of their own). Trace Compass's own indexing of the trace and the analyses that
 * opening the trace started end first, and an untimed build of each mode (serial, and parallel on one thread)
 * comes before the timed ones, so that JIT compilation does not favour whichever build runs later; each timed
 * build starts with the trace's files just read into the page cache, so that none of them reads it from disk, or,
 * cold ({@code --cold}, as root), with the machine's page cache dropped, so that each reads the whole trace from
 * disk (Reumont-Locke et al.'s cold-cache builds); the untimed builds and the decoder's runs stay hot.
 *
 * <p>
 * On a CTF trace it also times the decoder alone ({@code decoder}: every event decoded, no field kept, nothing
 * merged) on each thread count, reports what each stage of the one-thread parallel build cost per chunk
 * ({@code costs}: decoding, the analysis's handlers, the merge, the history insertion), and projects those costs
 * to 16 and 64 threads on as many cores with a {@link ScalingModel} ({@code projection}; each parallel run also
 * gets the model's figure for this machine, {@code modelled_seconds}, to judge the model by).
 * </p>
 */
public abstract class HistoryBenchmark implements IHeadlessBenchmark {

    private static final double BYTES_PER_MB = 1024.0 * 1024.0;
    private static final double NANOS_PER_MS = 1e6;
    private static final double NANOS_PER_S = 1e9;
    /** The many-core machines the costs are projected to: as many threads as cores. */
    private static final int[] PROJECTED_CORES = { 16, 64 };
    /** The mode of the baseline build, and its description. */
    private static final String ONE_CORE = "one-core"; //$NON-NLS-1$
    private static final String ONE_CORE_BUILD = "parallel, 1 thread, the default history, the whole process confined to one core"; //$NON-NLS-1$

    /**
     * A build's measurements; timed several times, {@code seconds} and {@code cpuSeconds} are the medians, and
     * {@code each} has every time, the last build's being the one kept.
     */
    private record Build(IAnalysisModule module, double seconds, double cpuSeconds, long events, long heapBytes, long liveHeapBytes, long historyBytes,
            List<Double> each) {
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
    public Map<String, Object> run(ITmfTrace trace, List<Integer> threads, long chunkBytes, PrintStream log) throws HeadlessAnalysisException {
        return run(trace, threads, List.of(), chunkBytes, log);
    }

    @Override
    public Map<String, Object> run(ITmfTrace trace, List<Integer> threads, List<Integer> writers, long chunkBytes, PrintStream log)
            throws HeadlessAnalysisException {
        return run(trace, threads, writers, chunkBytes, 1, log);
    }

    /**
     * Each thread count is run with each writer count, the default one when none is given; the one-core and
     * parallel builds are each timed {@code repeat} times, their medians taken. The timed builds go in rounds, each
     * mode once per round in the same order, so that the machine's drift over the benchmark hits every mode alike
     * (a series of five one-core io builds in a row went from 24.7 to 28.9 s); the last round's builds are the
     * ones compared with the serial history.
     */
    @Override
    public Map<String, Object> run(ITmfTrace trace, List<Integer> threads, List<Integer> writers, long chunkBytes, int repeat, PrintStream log)
            throws HeadlessAnalysisException {
        return run(trace, threads, writers, chunkBytes, repeat, false, log);
    }

    @Override
    public Map<String, Object> run(ITmfTrace trace, List<Integer> threads, List<Integer> writers, long chunkBytes, int repeat, boolean cold,
            PrintStream log) throws HeadlessAnalysisException {
        if (cold) {
            PageCache.checkDroppable();
        }
        List<Integer> writerCounts = writers.isEmpty() ? List.of(0) : writers;
        long chunk = chunkBytes > 0 ? chunkBytes : Partitioner.DEFAULT_CHUNK_BYTES;
        List<Map<String, Object>> runs = new ArrayList<>();
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("page_cache", cold ? "cold" : "hot"); //$NON-NLS-1$ //$NON-NLS-2$
        try {
            // Trace Compass indexes a trace it opens, reading it whole in the background: no build is timed
            // while that competes for the cores.
            awaitOpening(trace, log);
            // Untimed, one build of each mode: the serial mode and the chunk pipeline run different code, and
            // the one-core run must not compile the pipeline's on its one core.
            measure(trace, () -> parallel(1, 1, Long.MAX_VALUE), false).module().dispose();
            measure(trace, () -> parallel(1, 0, chunk), false).module().dispose();
            if (cold) {
                PageCache.drop(Path.of(trace.getPath()));
                long resident = PageCache.resident(Path.of(trace.getPath()));
                result.put("resident_after_drop_bytes", resident); //$NON-NLS-1$
                log.printf("[sextant] bench: %d bytes of the trace still cached after dropping the page cache%n", resident); //$NON-NLS-1$
            }
            Build traceCompass = fTraceCompassModule == null ? null : measure(trace, () -> traceCompassModule(), cold);
            Build serial = measure(trace, () -> parallel(1, 1, Long.MAX_VALUE), cold);
            List<Timed> modes = new ArrayList<>();
            boolean oneCore = canConfine(result, log);
            if (oneCore) {
                modes.add(new Timed(ONE_CORE, 1, () -> parallel(1, 0, chunk)));
            }
            for (int count : threads) {
                for (int writerCount : writerCounts) {
                    modes.add(new Timed("parallel", count, () -> parallel(count, writerCount, chunk))); //$NON-NLS-1$
                }
            }
            for (int round = 1; round <= repeat; round++) {
                for (Timed mode : modes) {
                    Build build = mode.fMode.equals(ONE_CORE) ? confined(trace, mode.fFactory, cold) : measure(trace, mode.fFactory, cold);
                    mode.fBuilds.add(build);
                    if (repeat > 1) {
                        log.printf("[sextant] bench: round %d of %d, %s, %d thread(s), %.3f s%n", round, repeat, mode.fMode, mode.fThreads, build.seconds()); //$NON-NLS-1$
                    }
                    if (round == repeat) { // compared now, before the next build, so that no other history is kept meanwhile
                        mode.fWriters = ((ParallelHistoryModule) build.module()).getWriters();
                        long comparing = System.nanoTime();
                        mode.fDifference = Histories.firstDifference(state(serial), state(build));
                        mode.fCompareSeconds = (System.nanoTime() - comparing) / NANOS_PER_S;
                    }
                    build.module().dispose();
                }
            }
            double baseline = oneCore ? modes.get(0).median().seconds() : serial.seconds();
            result.put("baseline", oneCore ? ONE_CORE + ": " + ONE_CORE_BUILD : "serial"); //$NON-NLS-1$ //$NON-NLS-2$
            long events = serial.events();
            result.put("events", events); //$NON-NLS-1$
            if (traceCompass != null) {
                runs.add(run("tracecompass", 1, traceCompass, baseline, events, log)); //$NON-NLS-1$
                String disagreement = Histories.firstMismatch(state(traceCompass), state(serial));
                result.put("matches_tracecompass", disagreement == null); //$NON-NLS-1$
                if (disagreement != null) {
                    result.put("tracecompass_difference", disagreement); //$NON-NLS-1$
                }
                traceCompass.module().dispose();
            }
            runs.add(run("serial", 1, serial, baseline, events, log)); //$NON-NLS-1$
            boolean identical = true;
            List<Map<String, Object>> parallelRuns = new ArrayList<>();
            result.put("chunk_bytes", chunk); //$NON-NLS-1$
            Build costly = null;
            for (Timed mode : modes) {
                Build build = mode.median();
                Map<String, Object> run = run(mode.fMode, mode.fThreads, build, baseline, events, log);
                run.put("writers", mode.fWriters); //$NON-NLS-1$
                if (mode.fMode.equals(ONE_CORE)) {
                    run.put("cores", 1); //$NON-NLS-1$
                } else if (costly == null || (mode.fThreads == 1 && mode.fWriters == 1)) {
                    costly = build;
                }
                runs.add(run);
                parallelRuns.add(run);
                run.put("compare_seconds", mode.fCompareSeconds); //$NON-NLS-1$
                String label = mode.fMode.equals(ONE_CORE) ? ONE_CORE : mode.fThreads + " threads, " + mode.fWriters + " writers"; //$NON-NLS-1$ //$NON-NLS-2$
                if (mode.fDifference != null && !result.containsKey("first_difference")) { //$NON-NLS-1$
                    result.put("first_difference", label + ": " + mode.fDifference); //$NON-NLS-1$ //$NON-NLS-2$
                }
                identical &= mode.fDifference == null && build.events() == events;
            }
            serial.module().dispose();
            result.put("runs", runs); //$NON-NLS-1$
            result.put("identical", identical); //$NON-NLS-1$
            Path directory = Path.of(trace.getPath());
            if (costly != null && Files.isRegularFile(directory.resolve("metadata"))) { //$NON-NLS-1$
                project(directory, threads, chunk, costly, parallelRuns, result, log);
            }
            return result;
        } catch (StateSystemDisposedException e) {
            throw new HeadlessAnalysisException("a history was closed while being compared"); //$NON-NLS-1$
        } finally {
            TmfTraceManager.deleteSupplementaryFiles(trace);
        }
    }

    /**
     * Times the decoder alone on each thread count, then reports the stage costs of one parallel build and their
     * projection. The costs come from {@code build} (the one-thread build when there is one, where no stage waits
     * for a core), the decoding's share of the workers' time from the decoder's one-thread run.
     */
    private static void project(Path directory, List<Integer> threads, long chunk, Build build, List<Map<String, Object>> parallelRuns,
            Map<String, Object> result, PrintStream log) throws HeadlessAnalysisException {
        ParallelHistoryModule module = (ParallelHistoryModule) build.module();
        Report report = module.getReport();
        if (report == null || module.getInsertionCpuNanos() < 0) {
            result.put("projection", "not made: the build's costs were not measured"); //$NON-NLS-1$ //$NON-NLS-2$
            return;
        }
        List<Map<String, Object>> decoder = new ArrayList<>();
        PipelineCosts decoding = null;
        for (int count : threads) {
            warm(directory);
            ParallelDecoder.Stats stats;
            long start = System.nanoTime();
            try {
                stats = new ParallelDecoder(count, chunk).decodeOnly(directory, (done, total) -> { }, new AtomicBoolean());
            } catch (TraceFormatException | IOException e) {
                throw new HeadlessAnalysisException(String.valueOf(e.getMessage()));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new HeadlessAnalysisException("interrupted"); //$NON-NLS-1$
            }
            double seconds = (System.nanoTime() - start) / NANOS_PER_S;
            if (decoding == null || count == 1) {
                decoding = stats.costs();
            }
            Map<String, Object> run = new LinkedHashMap<>();
            run.put("threads", count); //$NON-NLS-1$
            run.put("seconds", seconds); //$NON-NLS-1$
            run.put("events_per_s", stats.events() / seconds); //$NON-NLS-1$
            run.put("events_per_cpu_s", stats.events() / (stats.costs().workerCpuNanos() / NANOS_PER_S)); //$NON-NLS-1$
            decoder.add(run);
            log.printf("[sextant] bench: decoder alone, %d thread(s), %.3f s%n", count, seconds); //$NON-NLS-1$
        }
        result.put("decoder", decoder); //$NON-NLS-1$
        PipelineCosts costs = report.costs();
        long insertion = module.getInsertionCpuNanos();
        double chunks = costs.chunks();
        double decode = Math.min(Objects.requireNonNull(decoding).workerCpuNanos(), costs.workerCpuNanos());
        Map<String, Object> perChunk = new LinkedHashMap<>();
        perChunk.put("decode_ms", decode / chunks / NANOS_PER_MS); //$NON-NLS-1$
        perChunk.put("handle_ms", (costs.workerCpuNanos() - decode) / chunks / NANOS_PER_MS); //$NON-NLS-1$
        perChunk.put("merge_ms", costs.mergeCpuNanos() / chunks / NANOS_PER_MS); //$NON-NLS-1$
        perChunk.put("insertion_ms", insertion / chunks / NANOS_PER_MS); //$NON-NLS-1$
        Map<String, Object> costReport = new LinkedHashMap<>();
        costReport.put("from", "parallel, " + report.threads() + " thread(s)"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        costReport.put("chunks", costs.chunks()); //$NON-NLS-1$
        costReport.put("setup_s", costs.setupNanos() / NANOS_PER_S); //$NON-NLS-1$
        costReport.put("per_chunk", perChunk); //$NON-NLS-1$
        costReport.put("costliest_chunk_ms", costs.maxChunkCpuNanos() / NANOS_PER_MS); //$NON-NLS-1$
        result.put("costs", costReport); //$NON-NLS-1$
        ScalingModel model = new ScalingModel(costs, insertion);
        int cores = Runtime.getRuntime().availableProcessors();
        for (Map<String, Object> run : parallelRuns) {
            // The one-core run checks the model on a second machine size: this one with one core.
            int on = (Integer) run.getOrDefault("cores", cores); //$NON-NLS-1$
            run.put("modelled_seconds", model.wallNanos((Integer) run.get("threads"), on) / NANOS_PER_S); //$NON-NLS-1$ //$NON-NLS-2$
        }
        List<Map<String, Object>> projection = new ArrayList<>();
        for (int machine : PROJECTED_CORES) {
            Map<String, Object> projected = new LinkedHashMap<>();
            projected.put("threads", machine); //$NON-NLS-1$
            projected.put("cores", machine); //$NON-NLS-1$
            projected.put("seconds", model.wallNanos(machine, machine) / NANOS_PER_S); //$NON-NLS-1$
            projected.put("efficiency", model.efficiency(machine, machine)); //$NON-NLS-1$
            projected.put("bound_by", model.bound(machine, machine)); //$NON-NLS-1$
            projection.add(projected);
        }
        result.put("projection", projection); //$NON-NLS-1$
        result.put("projection_note", "a model of the costs above, not a measurement: the slowest of the workers' rounds of chunks, " //$NON-NLS-1$ //$NON-NLS-2$
                + "the merge, the insertion and all CPU time over the cores, plus set-up; efficiency against one thread on the same machine"); //$NON-NLS-1$
    }

    /**
     * Whether the baseline of speedup and efficiency can be made: the one-thread parallel build, with the default
     * history, and the whole process confined to one core ({@link OneCore}); if not, the reason is in the result.
     */
    private static boolean canConfine(Map<String, Object> result, PrintStream log) {
        if (Runtime.getRuntime().availableProcessors() < 2) {
            result.put(ONE_CORE, "not made: the machine has one core"); //$NON-NLS-1$
            return false;
        }
        try (OneCore confinement = OneCore.confine()) {
            return true;
        } catch (IOException e) {
            result.put(ONE_CORE, "not made: cannot confine the process to one core: " + e.getMessage()); //$NON-NLS-1$
            log.println("[sextant] bench: no one-core baseline, efficiency against the serial build: " + e.getMessage()); //$NON-NLS-1$
            return false;
        }
    }

    /** A build with the whole process confined to one core. */
    private static Build confined(ITmfTrace trace, Supplier<IAnalysisModule> factory, boolean cold) throws HeadlessAnalysisException {
        try (OneCore confinement = OneCore.confine()) {
            return measure(trace, factory, cold);
        } catch (IOException e) {
            throw new HeadlessAnalysisException("cannot confine the process to one core, or give it its cores back: " + e.getMessage()); //$NON-NLS-1$
        }
    }

    private IAnalysisModule traceCompassModule() {
        TmfStateSystemAnalysisModule module = Objects.requireNonNull(fTraceCompassModule).get();
        module.setId(Objects.requireNonNull(fTraceCompassId));
        return module;
    }

    private ParallelHistoryModule parallel(int threads, int writers, long chunkBytes) {
        ParallelHistoryModule module = fParallelModule.get();
        module.setId(fParallelId);
        module.setThreads(threads);
        module.setWriters(writers);
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

    /**
     * Waits for what opening the trace started: its index, and Trace Compass's automatic analyses (its
     * statistics and, on a kernel trace, its Linux kernel analysis) would otherwise build their own histories on
     * the same cores during the first timed builds, and add their CPU time and heap to those builds' figures.
     * (Cancelling them does not stop them: a running analysis waits for its event request to the end.) The
     * builds measured are modules of their own, created for each run.
     */
    static void awaitOpening(ITmfTrace trace, PrintStream log) {
        log.println("[sextant] bench: waiting for Trace Compass to index the trace"); //$NON-NLS-1$
        trace.indexTrace(true);
        List<String> names = new ArrayList<>();
        long start = System.nanoTime();
        for (IAnalysisModule module : trace.getAnalysisModules()) {
            names.add(module.getName());
            module.waitForCompletion();
        }
        log.printf("[sextant] bench: waited %.1f s for Trace Compass's own analyses of the trace (%s)%n", //$NON-NLS-1$
                (System.nanoTime() - start) / NANOS_PER_S, String.join(", ", names)); //$NON-NLS-1$
    }

    /** A timed mode of the benchmark: its builds, one per round, and how the last one compared with the serial history. */
    private static final class Timed {
        final String fMode;
        final int fThreads;
        final Supplier<IAnalysisModule> fFactory;
        final List<Build> fBuilds = new ArrayList<>();
        int fWriters;
        @Nullable String fDifference;
        double fCompareSeconds;

        Timed(String mode, int threads, Supplier<IAnalysisModule> factory) {
            fMode = mode;
            fThreads = threads;
            fFactory = factory;
        }

        /** @return the last build's figures, with the median wall and CPU times of all and every wall time */
        Build median() {
            Build last = fBuilds.get(fBuilds.size() - 1);
            if (fBuilds.size() == 1) {
                return last;
            }
            return new Build(last.module(), HistoryBenchmark.median(fBuilds.stream().mapToDouble(Build::seconds)),
                    HistoryBenchmark.median(fBuilds.stream().mapToDouble(Build::cpuSeconds)), last.events(), last.heapBytes(), last.liveHeapBytes(),
                    last.historyBytes(), fBuilds.stream().map(Build::seconds).toList());
        }
    }

    private static double median(DoubleStream values) {
        double[] sorted = values.sorted().toArray();
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }

    /**
     * Builds from scratch (no supplementary files), timing the build and sampling the heap meanwhile, the trace's
     * files cached or, cold, none of the machine's.
     */
    private static Build measure(ITmfTrace trace, Supplier<IAnalysisModule> factory, boolean cold) throws HeadlessAnalysisException {
        TmfTraceManager.deleteSupplementaryFiles(trace);
        if (cold) {
            PageCache.drop(Path.of(trace.getPath()));
        } else {
            warm(Path.of(trace.getPath()));
        }
        IAnalysisModule module = factory.get();
        try (HeapSampler heap = new HeapSampler()) {
            if (!module.setTrace(trace)) {
                throw new HeadlessAnalysisException("the " + module.getName() + " analysis does not apply to this trace"); //$NON-NLS-1$ //$NON-NLS-2$
            }
            long start = System.nanoTime();
            double cpuStart = ProcessCpu.seconds();
            module.schedule();
            boolean done = module.waitForCompletion();
            double seconds = (System.nanoTime() - start) / 1e9;
            double cpuSeconds = ProcessCpu.seconds() - cpuStart;
            heap.close();
            if (!done) {
                throw new HeadlessAnalysisException("the " + module.getName() + " build did not complete"); //$NON-NLS-1$ //$NON-NLS-2$
            }
            Report report = module instanceof ParallelHistoryModule parallel ? parallel.getReport() : null;
            long events = report != null ? report.events() : trace.getNbEvents();
            return new Build(module, seconds, cpuStart < 0 ? -1 : cpuSeconds, events, heap.peakBytes(), heap.liveBytes(), historyBytes(trace),
                    List.of(seconds));
        } catch (TmfAnalysisException e) {
            throw new HeadlessAnalysisException(e.getMessage());
        } catch (IOException e) {
            throw new HeadlessAnalysisException("cannot measure the history files: " + e.getMessage()); //$NON-NLS-1$
        }
    }

    /**
     * Reads the trace's files once, untimed, so that every timed build starts with them in the page cache. A
     * machine may evict file pages unused for a while (this one's kernel pages out those left a minute, by DAMON):
     * a build that comes after a long comparison would otherwise read the trace from disk and the one before it
     * not, and their ratio would measure the disk.
     */
    private static void warm(Path trace) throws HeadlessAnalysisException {
        PageCache.warm(trace);
    }

    /** The size of the history files in the trace's supplementary directory: those of the build just done. */
    private static long historyBytes(ITmfTrace trace) throws IOException {
        try (Stream<Path> files = Files.list(Path.of(TmfTraceManager.getSupplementaryFileDir(trace)))) {
            long bytes = 0;
            for (Path file : (Iterable<Path>) files.filter(HistoryEngine::isHistoryFile)::iterator) {
                bytes += Files.size(file);
            }
            return bytes;
        }
    }

    private static Map<String, Object> run(String mode, int threads, Build build, double baselineSeconds, long events, PrintStream log) {
        Map<String, Object> run = new LinkedHashMap<>();
        double speedup = baselineSeconds / build.seconds();
        run.put("mode", mode); //$NON-NLS-1$
        run.put("threads", threads); //$NON-NLS-1$
        run.put("seconds", build.seconds()); //$NON-NLS-1$
        if (build.each().size() > 1) {
            run.put("seconds_each", build.each()); //$NON-NLS-1$
        }
        run.put("cpu_seconds", build.cpuSeconds()); //$NON-NLS-1$
        run.put("events", build.events()); //$NON-NLS-1$
        run.put("events_per_s", events / build.seconds()); //$NON-NLS-1$
        run.put("speedup", speedup); //$NON-NLS-1$
        run.put("efficiency", speedup / threads); //$NON-NLS-1$
        run.put("heap_mb", Math.round(build.heapBytes() / BYTES_PER_MB)); //$NON-NLS-1$
        run.put("heap_live_mb", Math.round(build.liveHeapBytes() / BYTES_PER_MB)); //$NON-NLS-1$
        run.put("history_bytes", build.historyBytes()); //$NON-NLS-1$
        log.printf("[sextant] bench: %s, %d thread(s), %.3f s%s%n", mode, threads, build.seconds(), //$NON-NLS-1$
                build.each().size() > 1 ? " (median of " + build.each() + ')' : ""); //$NON-NLS-1$ //$NON-NLS-2$
        return run;
    }
}
