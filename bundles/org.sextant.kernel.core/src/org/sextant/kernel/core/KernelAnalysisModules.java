// SPDX-License-Identifier: EPL-2.0
package org.sextant.kernel.core;

import org.eclipse.tracecompass.analysis.os.linux.core.trace.IKernelAnalysisEventLayout;
import org.eclipse.tracecompass.analysis.os.linux.core.trace.IKernelTrace;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.ctf.core.trace.CtfTmfTrace;
import org.sextant.kernel.model.KernelEvents;

/** What the kernel analyses need of a trace: CTF files to read in chunks, and the names of its kernel events. */
final class KernelAnalysisModules {

    private KernelAnalysisModules() {
    }

    /** Whether the parallel builder can analyse the trace: a kernel trace in CTF (LTTng or perf). */
    static boolean applies(ITmfTrace trace) {
        return trace instanceof IKernelTrace && trace instanceof CtfTmfTrace;
    }

    /** The trace's event and field names, from Trace Compass's layout for it (LTTng's or perf's). */
    static KernelEvents events(ITmfTrace trace) {
        IKernelAnalysisEventLayout layout = ((IKernelTrace) trace).getKernelEventLayout();
        return new KernelEvents(layout.eventSchedSwitch(), layout.fieldPrevTid(), layout.fieldPrevComm(),
                layout.eventSyscallEntryPrefix(), layout.eventSyscallExitPrefix(), layout.fieldSyscallRet());
    }
}
