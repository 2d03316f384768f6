// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.count.core;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;

import org.eclipse.tracecompass.statesystem.core.ITmfStateSystemBuilder;
import org.sextant.count.model.EventCounter;
import org.sextant.ctf.model.TraceFormatException;
import org.sextant.parallel.core.ParallelHistoryModule;
import org.sextant.parallel.engine.Built;
import org.sextant.parallel.engine.DirectHistory;
import org.sextant.parallel.engine.Report;
import org.sextant.parallel.model.BuildMode;
import org.sextant.parallel.model.ChunkProgress;
import org.sextant.parallel.model.ParallelDecoder;

/**
 * The event count built by Sextant's parallel decoder instead of Trace Compass's single event request: chunk
 * workers decode the CTF trace, the time-ordered merge feeds the same {@link EventCounter} and state-system
 * sink as {@link EventCountStateProvider}, and the result is the same attribute tree. Counting needs no state in
 * the workers: they only decode. That is the serial mode's build, and that of parallel builds told how many history
 * trees to write; other parallel builds have the workers write the count history themselves
 * ({@link CountDirectHistory}), which answers every query as that history tree does.
 */
public class EventCountParallelModule extends ParallelHistoryModule {

    /** The analysis id, as registered in plugin.xml; also the state system id and history file name. */
    public static final String ID = "org.sextant.count.core.analysis.parallel"; //$NON-NLS-1$

    @Override
    public Built build(Path traceDirectory, ITmfStateSystemBuilder ss, BuildMode mode, ChunkProgress progress, AtomicBoolean cancelled) throws TraceFormatException, IOException, InterruptedException {
        EventCounter counter = new EventCounter(new StateSystemCountSink(() -> ss));
        long[] end = { Long.MIN_VALUE };
        ParallelDecoder.Stats stats = new ParallelDecoder(mode).decode(traceDirectory, (nanos, cpu, name) -> {
            counter.count(nanos, cpu, name);
            end[0] = nanos;
        }, progress, cancelled);
        return new Built(new Report(mode.workerThreads(), stats.chunks(), stats.events(), 0, stats.maxChunksInFlight(), stats.costs()), end[0]);
    }

    /** Parallel builds write a count history (unless told how many history trees to write): see {@link CountDirectHistory}. */
    @Override
    public DirectHistory directHistory() {
        return new CountDirectHistory();
    }

    @Override
    public int stateVersion() {
        return EventCountStateProvider.VERSION;
    }

    @Override
    protected String getTaskName() {
        return Messages.EventCount_ParallelTask;
    }
}
