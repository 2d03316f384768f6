// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.core;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystemBuilder;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.ctf.model.TraceFormatException;
import org.sextant.parallel.engine.Built;
import org.sextant.parallel.engine.ChunkHistoryAnalysis;
import org.sextant.parallel.engine.InputException;
import org.sextant.parallel.engine.Report;
import org.sextant.parallel.engine.StateSystemWriter;
import org.sextant.parallel.model.BuildMode;
import org.sextant.parallel.model.ChunkAnalysis;
import org.sextant.parallel.model.ChunkProgress;
import org.sextant.parallel.model.ParallelBuilder;
import org.sextant.parallel.model.SequentialBuilder;

/**
 * A {@link ParallelHistoryModule} built from a {@link ChunkAnalysis}: its workers hold chunk-local state, the
 * merge resolves what they deferred and writes the State History Tree. A trace that is not CTF, whose reader
 * gives its events in time order ({@link #sequentialSource}), is built by the same analysis chunk after chunk on
 * one thread ({@link SequentialBuilder}).
 */
public abstract class ChunkAnalysisModule extends ParallelHistoryModule {

    private volatile boolean fSequential;

    /**
     * @param trace
     *            the trace being analysed
     * @return the analysis to build, for that trace's event layout
     */
    protected abstract ChunkAnalysis createAnalysis(ITmfTrace trace);

    /**
     * @param trace
     *            the trace being analysed
     * @return its events in time order, for a trace the parallel builder does not read; null (the default) for
     *         CTF traces
     */
    protected SequentialBuilder.@Nullable Source<InputException> sequentialSource(ITmfTrace trace) {
        return null;
    }

    @Override
    public Built build(Path traceDirectory, ITmfStateSystemBuilder ss, BuildMode mode, ChunkProgress progress, AtomicBoolean cancelled) throws TraceFormatException, InputException, IOException, InterruptedException {
        ITmfTrace trace = getTrace();
        if (trace == null) {
            throw new IOException("no trace"); //$NON-NLS-1$
        }
        SequentialBuilder.Source<InputException> source = sequentialSource(trace);
        fSequential = source != null;
        if (source != null) {
            ParallelBuilder.Stats stats = new SequentialBuilder(SequentialBuilder.DEFAULT_CHUNK_EVENTS).build(source, createAnalysis(trace),
                    new StateSystemWriter(ss), cancelled);
            return new Built(new Report(1, stats.chunks(), stats.events(), stats.deferred(), 1, stats.costs()), stats.lastEvent());
        }
        return ChunkHistoryAnalysis.build(createAnalysis(trace), traceDirectory, timeShift(), ss, mode, progress, cancelled);
    }

    /** A trace built sequentially says so, whatever the threads asked for. */
    @Override
    public String describeMode(BuildMode mode, Report report) {
        return fSequential ? "sequential, " + report.chunks() + (report.chunks() == 1 ? " chunk" : " chunks") : super.describeMode(mode, report); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
    }
}
