// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.core;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;

import org.eclipse.tracecompass.statesystem.core.ITmfStateSystemBuilder;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.common.core.StateSystemWriter;
import org.sextant.ctf.model.TraceFormatException;
import org.sextant.parallel.model.ChunkAnalysis;
import org.sextant.parallel.model.ChunkProgress;
import org.sextant.parallel.model.ParallelBuilder;

/**
 * A {@link ParallelHistoryModule} built from a {@link ChunkAnalysis}: its workers hold chunk-local state, the
 * merge resolves what they deferred and writes the State History Tree.
 */
public abstract class ChunkAnalysisModule extends ParallelHistoryModule {

    /**
     * @param trace
     *            the trace being analysed
     * @return the analysis to build, for that trace's event layout
     */
    protected abstract ChunkAnalysis createAnalysis(ITmfTrace trace);

    @Override
    protected Built build(Path traceDirectory, ITmfStateSystemBuilder ss, int threads, long chunkBytes, ChunkProgress progress,
            AtomicBoolean cancelled) throws TraceFormatException, IOException, InterruptedException {
        ITmfTrace trace = getTrace();
        if (trace == null) {
            throw new IOException("no trace"); //$NON-NLS-1$
        }
        ParallelBuilder.Stats stats = new ParallelBuilder(threads, chunkBytes).build(traceDirectory, createAnalysis(trace), new StateSystemWriter(ss), progress,
                cancelled);
        return new Built(new Report(threads, stats.chunks(), stats.events(), stats.deferred(), stats.maxChunksInFlight()), stats.lastEvent());
    }
}
