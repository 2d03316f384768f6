// SPDX-License-Identifier: EPL-2.0
package org.sextant.kernel.core;

import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.internal.kernel.core.Messages;
import org.sextant.kernel.model.IoAnalysis;
import org.sextant.parallel.core.ChunkAnalysisModule;
import org.sextant.parallel.model.ChunkAnalysis;

/**
 * Bytes read and written per process and per file descriptor of a kernel trace, from its system calls, built
 * in parallel ({@link IoAnalysis} has the attribute tree).
 */
public class IoModule extends ChunkAnalysisModule {

    /** The analysis id, as registered in plugin.xml; also the state system id and history file name. */
    public static final String ID = "org.sextant.kernel.core.io"; //$NON-NLS-1$

    private static final int VERSION = 1;

    @Override
    public boolean canExecute(ITmfTrace trace) {
        return KernelAnalysisModules.applies(trace) && super.canExecute(trace);
    }

    @Override
    protected ChunkAnalysis createAnalysis(ITmfTrace trace) {
        return new IoAnalysis(KernelAnalysisModules.events(trace));
    }

    @Override
    protected int getStateVersion() {
        return VERSION;
    }

    @Override
    protected String getTaskName() {
        return Messages.Io_Task;
    }
}
