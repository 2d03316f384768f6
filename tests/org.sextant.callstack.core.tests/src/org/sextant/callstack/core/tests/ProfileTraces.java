// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.core.tests;

import java.nio.file.Path;

import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.exceptions.TmfTraceException;
import org.eclipse.tracecompass.tmf.core.signal.TmfSignalManager;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceClosedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceOpenedSignal;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;

/**
 * Opens call-profile fixtures as Trace Compass opens a trace (its analysis modules instantiated, no
 * supplementary files left from an earlier run), and closes them.
 */
final class ProfileTraces {

    private ProfileTraces() {
    }

    /**
     * @param trace
     *            a new trace of the type to open the file as
     * @param file
     *            a profile file
     * @return the trace, opened
     * @throws TmfTraceException
     *             when the file is not of that type
     */
    static ITmfTrace open(ITmfTrace trace, Path file) throws TmfTraceException {
        trace.initTrace(null, file.toString(), ITmfEvent.class);
        TmfTraceManager.deleteSupplementaryFiles(trace);
        TmfSignalManager.dispatchSignal(new TmfTraceOpenedSignal(ProfileTraces.class, trace, null));
        return trace;
    }

    /**
     * @param trace
     *            a trace {@link #open opened} here
     */
    static void close(ITmfTrace trace) {
        TmfSignalManager.dispatchSignal(new TmfTraceClosedSignal(ProfileTraces.class, trace));
        TmfTraceManager.deleteSupplementaryFiles(trace);
        trace.dispose();
    }
}
