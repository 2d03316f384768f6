// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.count.core;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystemBuilder;
import org.eclipse.tracecompass.statesystem.core.StateSystemFactory;
import org.eclipse.tracecompass.statesystem.core.backend.IStateHistoryBackend;
import org.eclipse.tracecompass.statesystem.core.backend.StateHistoryBackendFactory;
import org.eclipse.tracecompass.tmf.core.analysis.TmfAbstractAnalysisModule;
import org.eclipse.tracecompass.tmf.core.exceptions.TmfAnalysisException;
import org.eclipse.tracecompass.tmf.core.statesystem.ITmfAnalysisModuleWithStateSystems;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.sextant.count.model.EventCounter;
import org.sextant.parallel.model.ParallelDecoder;
import org.sextant.parallel.model.Partitioner;
import org.sextant.parallel.model.TraceFormatException;

/**
 * The event count built by Sextant's parallel decoder instead of Trace Compass's single event request: chunk
 * workers decode the CTF trace, the time-ordered merge feeds the same {@link EventCounter} and state-system
 * sink as {@link EventCountStateProvider}, and the result is an ordinary State History Tree file with the same
 * attribute tree, reused on the next open like any other. It is written to a temporary file renamed only once
 * complete, so a cancelled or failed build never leaves a history to be reused.
 */
public class EventCountParallelModule extends TmfAbstractAnalysisModule implements ITmfAnalysisModuleWithStateSystems {

    /** The analysis id, as registered in plugin.xml; also the state system id and history file name. */
    public static final String ID = "org.sextant.count.core.analysis.parallel"; //$NON-NLS-1$

    private static final String HISTORY_SUFFIX = ".ht"; //$NON-NLS-1$
    private static final String PARTIAL_SUFFIX = ".ht.partial"; //$NON-NLS-1$
    private static final int QUEUE_SIZE = 10000;

    private final CountDownLatch fInitialized = new CountDownLatch(1);
    private final AtomicBoolean fCancelled = new AtomicBoolean();
    private int fThreads = Runtime.getRuntime().availableProcessors();
    /** The default target chunk size, in bytes. */
    public static final long DEFAULT_CHUNK_BYTES = Partitioner.DEFAULT_CHUNK_BYTES;

    private long fChunkBytes = DEFAULT_CHUNK_BYTES;
    private volatile @Nullable ITmfStateSystem fStateSystem;
    private volatile ParallelDecoder.@Nullable Stats fStats;

    /**
     * @param threads
     *            worker threads (1: the serial mode, the same pipeline on one thread)
     */
    public void setThreads(int threads) {
        fThreads = threads;
    }

    /** @return the worker threads of the next build */
    public int getThreads() {
        return fThreads;
    }

    /**
     * @param chunkBytes
     *            the target chunk size in bytes
     */
    public void setChunkBytes(long chunkBytes) {
        fChunkBytes = chunkBytes;
    }

    /** @return what the last build did, or null when the history was reused or not built yet */
    public ParallelDecoder.@Nullable Stats getStats() {
        return fStats;
    }

    @Override
    protected boolean executeAnalysis(IProgressMonitor monitor) throws TmfAnalysisException {
        ITmfTrace trace = getTrace();
        if (trace == null) {
            throw new TmfAnalysisException("no trace to analyse"); //$NON-NLS-1$
        }
        Path directory = Path.of(trace.getPath());
        Path history = Path.of(TmfTraceManager.getSupplementaryFileDir(trace), ID + HISTORY_SUFFIX);
        Path partial = Path.of(TmfTraceManager.getSupplementaryFileDir(trace), ID + PARTIAL_SUFFIX);
        try {
            if (Files.isRegularFile(history)) {
                fStateSystem = open(history.toFile());
                return true;
            }
            Files.createDirectories(partial.getParent());
            Files.deleteIfExists(partial);
            IStateHistoryBackend backend = StateHistoryBackendFactory.createHistoryTreeBackendNewFile(ID, partial.toFile(),
                    EventCountStateProvider.VERSION, trace.getStartTime().toNanos(), QUEUE_SIZE);
            ITmfStateSystemBuilder ss = StateSystemFactory.newStateSystem(backend);
            EventCounter counter = new EventCounter(new StateSystemCountSink(() -> ss));
            long[] end = { trace.getStartTime().toNanos() };
            monitor.beginTask(Messages.EventCount_ParallelTask, IProgressMonitor.UNKNOWN);
            ParallelDecoder.Stats stats = new ParallelDecoder(fThreads, fChunkBytes).decode(directory, (nanos, cpu, name) -> {
                counter.count(nanos, cpu, name);
                end[0] = nanos;
            }, (done, total) -> {
                monitor.subTask(done + " / " + total); //$NON-NLS-1$
                if (monitor.isCanceled()) {
                    fCancelled.set(true);
                }
            }, fCancelled);
            if (fCancelled.get()) {
                ss.dispose();
                Files.deleteIfExists(partial);
                return false;
            }
            ss.closeHistory(end[0]);
            ss.dispose();
            Files.move(partial, history, StandardCopyOption.ATOMIC_MOVE);
            fStats = stats;
            fStateSystem = open(history.toFile());
            return true;
        } catch (TraceFormatException e) {
            throw new TmfAnalysisException(e.getMessage());
        } catch (IOException e) {
            throw new TmfAnalysisException(trace.getPath() + ": " + e.getMessage()); //$NON-NLS-1$
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } finally {
            fInitialized.countDown();
            try {
                Files.deleteIfExists(partial);
            } catch (IOException e) {
                // Left behind, it is never read: only complete histories are opened.
            }
        }
    }

    private static ITmfStateSystem open(File history) throws IOException {
        IStateHistoryBackend backend = StateHistoryBackendFactory.createHistoryTreeBackendExistingFile(ID, history,
                EventCountStateProvider.VERSION);
        return StateSystemFactory.newStateSystem(backend, false);
    }

    @Override
    protected void canceling() {
        fCancelled.set(true);
    }

    @Override
    public @Nullable ITmfStateSystem getStateSystem(String id) {
        return ID.equals(id) ? fStateSystem : null;
    }

    /** @return the state system, once built or reopened */
    public @Nullable ITmfStateSystem getStateSystem() {
        return fStateSystem;
    }

    @Override
    public Iterable<ITmfStateSystem> getStateSystems() {
        ITmfStateSystem ss = fStateSystem;
        return ss == null ? List.of() : List.of(ss);
    }

    @Override
    public Map<String, Integer> getProviderVersions() {
        return Map.of(ID, EventCountStateProvider.VERSION);
    }

    @Override
    public boolean waitForInitialization() {
        try {
            fInitialized.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        return fStateSystem != null;
    }

    @Override
    public void dispose() {
        super.dispose();
        ITmfStateSystem ss = fStateSystem;
        if (ss != null) {
            ss.dispose();
        }
    }
}
