// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.core;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.tmf.core.analysis.TmfAbstractAnalysisModule;
import org.eclipse.tracecompass.tmf.core.exceptions.TmfAnalysisException;
import org.eclipse.tracecompass.tmf.core.statesystem.ITmfAnalysisModuleWithStateSystems;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.core.trace.experiment.TmfExperiment;
import org.sextant.common.core.AnalysisFailures;
import org.sextant.common.core.FailureReporter;
import org.sextant.ctf.model.TraceFormatException;
import org.sextant.parallel.engine.BuiltHistory;
import org.sextant.parallel.engine.HistoryAnalysis;
import org.sextant.parallel.engine.HistoryEngine;
import org.sextant.parallel.engine.InputException;
import org.sextant.parallel.engine.Report;
import org.sextant.parallel.model.BuildMode;

/**
 * A Trace Compass analysis module whose state system the {@link HistoryEngine} builds (or reuses) in the trace's
 * supplementary directory: the data providers and views of Trace Compass read it like any other. The module is
 * the analysis the engine builds; it only adds what Trace Compass needs (its scheduling, progress, cancellation,
 * and failures told to the GUI). Parallel with a thread per core unless {@link #setMode told otherwise}. The
 * history lies on Trace Compass's time axis: a subclass adds {@link #timeShift()} to the codec's times
 * ({@link HostTimes} says why they differ), and a history built with other shifts is rebuilt.
 */
public abstract class ParallelHistoryModule extends TmfAbstractAnalysisModule
        implements ITmfAnalysisModuleWithStateSystems, FailureReporter, HistoryAnalysis {

    private static final String TIME_SHIFT = "time shift"; //$NON-NLS-1$

    private final CountDownLatch fInitialized = new CountDownLatch(1);
    private final AtomicBoolean fCancelled = new AtomicBoolean();
    /** The nanoseconds each CTF trace's times are shifted by in the build under way. */
    private volatile Map<Path, Long> fShifts = Map.of();
    private volatile BuildMode fMode = BuildMode.DEFAULT;
    private volatile @Nullable BuiltHistory fBuilt;
    private volatile @Nullable String fFailure;

    /** @return the name of the build task shown in progress */
    protected abstract String getTaskName();

    /** The state system id and the history file name are the module's id. */
    @Override
    public final String historyId() {
        return getId();
    }

    /**
     * @param mode
     *            how the next build goes: serial, or parallel on how many threads, in chunks of what size, into how
     *            many history trees
     */
    public void setMode(BuildMode mode) {
        fMode = mode;
    }

    /** @return how the next build goes */
    public BuildMode getMode() {
        return fMode;
    }

    /**
     * @param threads
     *            worker threads of a parallel build
     */
    public void setThreads(int threads) {
        BuildMode mode = fMode;
        fMode = new BuildMode(false, threads, mode.chunkBytes(), mode.writers());
    }

    /**
     * @param chunkBytes
     *            the target chunk size of a parallel build, in bytes
     */
    public void setChunkBytes(long chunkBytes) {
        BuildMode mode = fMode;
        fMode = new BuildMode(false, mode.threads(), chunkBytes, mode.writers());
    }

    /**
     * @param writers
     *            history trees written at once, 0 for the analysis's default
     */
    public void setWriters(int writers) {
        fMode = fMode.withWriters(writers);
    }

    /**
     * @return the parameters of the history besides its time shifts, none by default
     */
    protected Map<String, String> parameters() {
        return Map.of();
    }

    /**
     * The {@link #parameters()}, and the time shifts of the build's CTF traces where any is not 0
     * ({@code time shift}: each trace's directory name and nanoseconds): a history built on another time base is
     * rebuilt.
     */
    @Override
    public final Map<String, String> buildParameters() {
        Map<String, String> parameters = new LinkedHashMap<>(parameters());
        if (fShifts.values().stream().anyMatch(shift -> shift != 0)) {
            parameters.put(TIME_SHIFT, fShifts.entrySet().stream().map(shift -> shift.getKey().getFileName() + " " + shift.getValue()) //$NON-NLS-1$
                    .collect(Collectors.joining(", "))); //$NON-NLS-1$
        }
        return parameters;
    }

    /**
     * @return the nanoseconds to add to the codec's times of the module's trace during a build, so that the history
     *         lies where Trace Compass shows the trace ({@link HostTimes#shift}); 0 outside a build
     */
    protected final long timeShift() {
        ITmfTrace trace = getTrace();
        return trace == null ? 0 : fShifts.getOrDefault(Path.of(trace.getPath()), 0L);
    }

    /** Sets the serial mode, the reference every parallel build must equal. */
    public void setSerial() {
        fMode = BuildMode.SERIAL;
    }

    /**
     * @return the history writers of the next build: 0 when its workers write the module's direct history, else the
     *         history trees
     */
    public int getWriters() {
        return HistoryEngine.writers(this, fMode);
    }

    /** @return how the history came about, as {@link BuiltHistory#description()} says; "reused" before a build */
    public String describeBuild() {
        BuiltHistory built = fBuilt;
        return built == null ? "reused" : built.description(); //$NON-NLS-1$
    }

    /** @return why the last build failed (naming the file, and the offset in it where known), or null */
    @Override
    public @Nullable String getFailure() {
        return fFailure;
    }

    /** @return what the last build did, or null when the history was reused or not built yet */
    public @Nullable Report getReport() {
        BuiltHistory built = fBuilt;
        return built == null ? null : built.report();
    }

    /**
     * @return the CPU time of Trace Compass's history insertion threads during the last build, in nanoseconds; 0
     *         for a direct history; -1 when not measured
     */
    public long getInsertionCpuNanos() {
        BuiltHistory built = fBuilt;
        return built == null ? -1 : built.insertionCpuNanos();
    }

    /** @return the file the analysis's companion wrote beside the history, once built or reused; null without one */
    public @Nullable Path getCompanion() {
        BuiltHistory built = fBuilt;
        return built == null ? null : built.companion();
    }

    @Override
    protected boolean executeAnalysis(IProgressMonitor monitor) throws TmfAnalysisException {
        ITmfTrace trace = getTrace();
        if (trace == null) {
            throw new TmfAnalysisException("no trace to analyse"); //$NON-NLS-1$
        }
        HistoryEngine.Progress progress = new HistoryEngine.Progress() {
            @Override
            public void building(@Nullable String rebuilt) {
                monitor.beginTask(rebuilt == null ? getTaskName() : getTaskName() + " (" + rebuilt + ')', IProgressMonitor.UNKNOWN); //$NON-NLS-1$
            }

            @Override
            public void chunksMerged(int done, int total) {
                monitor.subTask(done + " / " + total); //$NON-NLS-1$
                if (monitor.isCanceled()) {
                    fCancelled.set(true);
                }
            }
        };
        try {
            fShifts = HostTimes.shifts(trace);
            Path path = Path.of(trace.getPath());
            // an experiment the workbench made is named by a path that is no file: its members' files are its own
            List<Path> sources = trace instanceof TmfExperiment experiment && (!path.isAbsolute() || !Files.exists(path))
                    ? experiment.getTraces().stream().map(member -> Path.of(member.getPath())).toList()
                    : List.of(path);
            BuiltHistory built = HistoryEngine.build(this, path, sources, Path.of(TmfTraceManager.getSupplementaryFileDir(trace)),
                    trace.getStartTime().toNanos(), fMode, progress, fCancelled);
            fBuilt = built;
            return built != null;
        } catch (TraceFormatException | InputException e) {
            throw failed(trace, String.valueOf(e.getMessage()));
        } catch (IOException e) {
            throw failed(trace, trace.getPath() + ": " + e.getMessage()); //$NON-NLS-1$
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        } finally {
            fInitialized.countDown();
        }
    }

    /** Records why the build failed, tells the GUI, and makes the exception Trace Compass expects. */
    private TmfAnalysisException failed(ITmfTrace trace, String failure) {
        fFailure = failure;
        AnalysisFailures.report(new AnalysisFailures.Failure(getName(), trace.getName(), failure));
        return new TmfAnalysisException(failure);
    }

    @Override
    protected void canceling() {
        fCancelled.set(true);
    }

    @Override
    public @Nullable ITmfStateSystem getStateSystem(String id) {
        return getId().equals(id) ? getStateSystem() : null;
    }

    /** @return the state system, once built or reopened */
    public @Nullable ITmfStateSystem getStateSystem() {
        BuiltHistory built = fBuilt;
        return built == null ? null : built.stateSystem();
    }

    @Override
    public Iterable<ITmfStateSystem> getStateSystems() {
        ITmfStateSystem ss = getStateSystem();
        return ss == null ? List.of() : List.of(ss);
    }

    @Override
    public Map<String, Integer> getProviderVersions() {
        return Map.of(getId(), stateVersion());
    }

    @Override
    public boolean waitForInitialization() {
        try {
            fInitialized.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
        return getStateSystem() != null;
    }

    @Override
    public void dispose() {
        super.dispose();
        ITmfStateSystem ss = getStateSystem();
        if (ss != null) {
            ss.dispose();
        }
    }
}
