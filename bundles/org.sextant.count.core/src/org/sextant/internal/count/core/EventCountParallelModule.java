// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.count.core;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;

import org.eclipse.tracecompass.statesystem.core.ITmfStateSystemBuilder;
import org.sextant.ctf.model.TraceFormatException;
import org.sextant.parallel.core.ParallelHistoryModule;
import org.sextant.parallel.engine.Built;
import org.sextant.parallel.engine.DirectHistory;
import org.sextant.parallel.model.BuildMode;
import org.sextant.parallel.model.ChunkProgress;

/**
 * The event count built by the engine instead of Trace Compass's single event request ({@link CountHistoryAnalysis}
 * says how): the same attribute tree as {@link EventCountStateProvider}'s, behind the Event Count view, its data
 * providers and the command line's summary.
 */
public class EventCountParallelModule extends ParallelHistoryModule {

    /** The analysis id, as registered in plugin.xml; also the state system id and history file name. */
    public static final String ID = "org.sextant.count.core.analysis.parallel"; //$NON-NLS-1$

    @Override
    public Built build(Path traceDirectory, ITmfStateSystemBuilder ss, BuildMode mode, ChunkProgress progress, AtomicBoolean cancelled)
            throws TraceFormatException, IOException, InterruptedException {
        return new CountHistoryAnalysis(timeShift()).build(traceDirectory, ss, mode, progress, cancelled);
    }

    @Override
    public DirectHistory directHistory() {
        return new CountHistoryAnalysis(timeShift()).directHistory();
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
