// SPDX-License-Identifier: EPL-2.0
package org.sextant.kernel.core;

import java.util.function.Function;

import org.eclipse.tracecompass.analysis.os.linux.core.trace.IKernelAnalysisEventLayout;
import org.eclipse.tracecompass.analysis.os.linux.core.trace.IKernelTrace;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.ctf.core.trace.CtfTmfTrace;
import org.sextant.kernel.model.KernelEvents;
import org.sextant.parallel.core.ChunkAnalysisModule;
import org.sextant.parallel.model.ChunkAnalysis;

/**
 * A kernel analysis built in parallel: it applies to kernel traces in CTF (LTTng or perf), and its workers read
 * the events and fields that Trace Compass's kernel event layout names for the trace.
 */
public abstract class KernelChunkModule extends ChunkAnalysisModule {

    private final Function<KernelEvents, ChunkAnalysis> fAnalysis;
    private final int fVersion;
    private final String fTaskName;

    /**
     * @param analysis
     *            makes the analysis for the trace's event names
     * @param version
     *            the version of the state it writes
     * @param taskName
     *            the name of the build task shown in progress
     */
    protected KernelChunkModule(Function<KernelEvents, ChunkAnalysis> analysis, int version, String taskName) {
        fAnalysis = analysis;
        fVersion = version;
        fTaskName = taskName;
    }

    @Override
    public boolean canExecute(ITmfTrace trace) {
        return trace instanceof IKernelTrace && trace instanceof CtfTmfTrace && super.canExecute(trace);
    }

    @Override
    protected final ChunkAnalysis createAnalysis(ITmfTrace trace) {
        IKernelAnalysisEventLayout layout = ((IKernelTrace) trace).getKernelEventLayout();
        return fAnalysis.apply(new KernelEvents(layout.eventSchedSwitch(), layout.fieldPrevTid(), layout.fieldPrevComm(),
                layout.eventSyscallEntryPrefix(), layout.eventSyscallExitPrefix(), layout.fieldSyscallRet()));
    }

    @Override
    protected final int getStateVersion() {
        return fVersion;
    }

    @Override
    protected final String getTaskName() {
        return fTaskName;
    }
}
