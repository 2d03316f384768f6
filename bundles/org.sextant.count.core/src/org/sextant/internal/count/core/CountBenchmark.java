// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.count.core;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.exceptions.StateSystemDisposedException;
import org.eclipse.tracecompass.tmf.core.analysis.IAnalysisModule;
import org.eclipse.tracecompass.tmf.core.exceptions.TmfAnalysisException;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.sextant.count.core.EventCountAnalysisModule;
import org.sextant.headless.core.HeadlessAnalysisException;
import org.sextant.headless.core.IHeadlessBenchmark;
import org.sextant.parallel.model.ParallelDecoder;

/**
 * {@code sextant bench --analysis count}: builds the event count history from scratch with Trace Compass's own
 * serial machinery (its event request driving {@link EventCountStateProvider}), with Sextant's pipeline in
 * serial mode (one thread, one chunk per stream) and in parallel mode for each thread count, measures each
 * build, and checks that every parallel history equals the serial one interval for interval. An untimed build
 * comes first, so that JIT compilation does not favour whichever mode runs later.
 */
public class CountBenchmark implements IHeadlessBenchmark {

    private static final long SAMPLE_MILLIS = 5;
    private static final double BYTES_PER_MB = 1024.0 * 1024.0;

    /** One measured build. */
    private record Build(ITmfStateSystem ss, IAnalysisModule module, double seconds, long events, long heapBytes, long liveHeapBytes,
            long historyBytes) {
    }

    @Override
    public Map<String, Object> run(ITmfTrace trace, List<Integer> threads, PrintStream log) throws HeadlessAnalysisException {
        List<Map<String, Object>> runs = new ArrayList<>();
        try {
            // One untimed build first, so that no mode pays for class loading and JIT compilation alone.
            measure(trace, () -> parallelModule(1, Long.MAX_VALUE), EventCountParallelModule.ID).module().dispose();
            Build traceCompass = measure(trace, () -> {
                EventCountAnalysisModule module = new EventCountAnalysisModule();
                module.setId(EventCountAnalysisModule.ID);
                return module;
            }, EventCountAnalysisModule.ID);
            long events = traceCompass.events();
            traceCompass.module().dispose();
            Build serial = measure(trace, () -> parallelModule(1, Long.MAX_VALUE), EventCountParallelModule.ID);
            double serialSeconds = serial.seconds();
            runs.add(run("tracecompass", 1, traceCompass, serialSeconds, events)); //$NON-NLS-1$
            log.printf("[sextant] bench: tracecompass %.3f s%n", traceCompass.seconds()); //$NON-NLS-1$
            runs.add(run("serial", 1, serial, serialSeconds, events)); //$NON-NLS-1$
            log.printf("[sextant] bench: serial %.3f s%n", serialSeconds); //$NON-NLS-1$
            boolean identical = true;
            String difference = null;
            for (int count : threads) {
                Build parallel = measure(trace, () -> parallelModule(count, EventCountParallelModule.DEFAULT_CHUNK_BYTES), EventCountParallelModule.ID);
                runs.add(run("parallel", count, parallel, serialSeconds, events)); //$NON-NLS-1$
                log.printf("[sextant] bench: parallel, %d threads, %.3f s%n", count, parallel.seconds()); //$NON-NLS-1$
                String different = Histories.firstDifference(serial.ss(), parallel.ss());
                if (different != null && difference == null) {
                    difference = count + " threads: " + different; //$NON-NLS-1$
                }
                identical &= different == null && parallel.events() == serial.events();
                parallel.module().dispose();
            }
            serial.module().dispose();
            Map<String, Object> result = new LinkedHashMap<>();
            result.put("events", events); //$NON-NLS-1$
            result.put("runs", runs); //$NON-NLS-1$
            result.put("identical", identical); //$NON-NLS-1$
            if (difference != null) {
                result.put("first_difference", difference); //$NON-NLS-1$
            }
            return result;
        } catch (StateSystemDisposedException e) {
            throw new HeadlessAnalysisException("a history was closed while being compared"); //$NON-NLS-1$
        } finally {
            TmfTraceManager.deleteSupplementaryFiles(trace);
        }
    }

    private static EventCountParallelModule parallelModule(int threads, long chunkBytes) {
        EventCountParallelModule module = new EventCountParallelModule();
        module.setId(EventCountParallelModule.ID);
        module.setThreads(threads);
        module.setChunkBytes(chunkBytes);
        return module;
    }

    private interface ModuleFactory {
        IAnalysisModule create();
    }

    /** Builds from scratch (no supplementary files), timing the build and sampling the heap meanwhile. */
    private static Build measure(ITmfTrace trace, ModuleFactory factory, String historyName) throws HeadlessAnalysisException {
        TmfTraceManager.deleteSupplementaryFiles(trace);
        IAnalysisModule module = factory.create();
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        System.gc();
        AtomicLong peak = new AtomicLong(memory.getHeapMemoryUsage().getUsed());
        AtomicLong live = new AtomicLong(liveHeap());
        Thread sampler = new Thread(() -> {
            while (!Thread.currentThread().isInterrupted()) {
                peak.accumulateAndGet(memory.getHeapMemoryUsage().getUsed(), Math::max);
                live.accumulateAndGet(liveHeap(), Math::max);
                try {
                    Thread.sleep(SAMPLE_MILLIS);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "sextant-heap-sampler"); //$NON-NLS-1$
        sampler.setDaemon(true);
        try {
            if (!module.setTrace(trace)) {
                throw new HeadlessAnalysisException("the count analysis does not apply to this trace"); //$NON-NLS-1$
            }
            sampler.start();
            long start = System.nanoTime();
            module.schedule();
            boolean done = module.waitForCompletion();
            double seconds = (System.nanoTime() - start) / 1e9;
            sampler.interrupt();
            ITmfStateSystem ss = CountSummaries.stateSystem(module);
            if (!done || ss == null) {
                throw new HeadlessAnalysisException("the " + module.getName() + " build did not complete"); //$NON-NLS-1$ //$NON-NLS-2$
            }
            long events = CountSummaries.read(ss).events();
            Path history = Path.of(TmfTraceManager.getSupplementaryFileDir(trace), historyName + ".ht"); //$NON-NLS-1$
            return new Build(ss, module, seconds, events, peak.get(), live.get(), Files.size(history));
        } catch (TmfAnalysisException e) {
            throw new HeadlessAnalysisException(e.getMessage());
        } catch (IOException e) {
            throw new HeadlessAnalysisException("cannot measure the history file: " + e.getMessage()); //$NON-NLS-1$
        } catch (StateSystemDisposedException e) {
            throw new HeadlessAnalysisException("a history was closed while being read"); //$NON-NLS-1$
        } finally {
            sampler.interrupt();
        }
    }

    /**
     * The heap in use right after the most recent collection of each heap pool: what was live then, without the
     * garbage that the used heap also counts. Its maximum over a run bounds the run's live data from below.
     */
    private static long liveHeap() {
        long bytes = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            MemoryUsage afterCollection = pool.getType() == MemoryType.HEAP ? pool.getCollectionUsage() : null;
            if (afterCollection != null) {
                bytes += afterCollection.getUsed();
            }
        }
        return bytes;
    }

    private static Map<String, Object> run(String mode, int threads, Build build, double serialSeconds, long events) {
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
        return run;
    }
}
