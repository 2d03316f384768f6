// SPDX-License-Identifier: EPL-2.0
package org.sextant.test.support;

import java.nio.file.Path;

import org.eclipse.tracecompass.lttng2.kernel.core.trace.LttngKernelTrace;
import org.eclipse.tracecompass.lttng2.ust.core.trace.LttngUstTrace;
import org.eclipse.tracecompass.tmf.core.exceptions.TmfTraceException;
import org.eclipse.tracecompass.tmf.core.signal.TmfSignalManager;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceClosedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceOpenedSignal;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.ctf.core.event.CtfTmfEvent;

/**
 * Opens fixtures as Trace Compass traces, with their analysis modules, and closes them again.
 */
public final class Traces {

    private Traces() {
    }

    /**
     * Opens a kernel CTF fixture (LTTng or perf-converted) as Trace Compass's kernel trace type would, with no
     * supplementary files left from an earlier run.
     *
     * @param fixture
     *            a kernel CTF fixture
     * @return the opened trace; {@link #close} it
     * @throws TmfTraceException
     *             when Trace Compass cannot read it
     */
    public static ITmfTrace openKernelTrace(Fixture fixture) throws TmfTraceException {
        return open(new LttngKernelTrace(), fixture.path());
    }

    /**
     * Opens a kernel CTF trace directory that is no fixture (say, a damaged copy of one), as
     * {@link #openKernelTrace(Fixture)} does.
     *
     * @param directory
     *            the trace directory
     * @return the opened trace; {@link #close} it
     * @throws TmfTraceException
     *             when Trace Compass cannot read it
     */
    public static ITmfTrace openKernelTrace(Path directory) throws TmfTraceException {
        return open(new LttngKernelTrace(), directory);
    }

    /**
     * Opens an LTTng-UST fixture as Trace Compass's UST trace type would, with no supplementary files left from
     * an earlier run.
     *
     * @param fixture
     *            an LTTng-UST fixture
     * @return the opened trace; {@link #close} it
     * @throws TmfTraceException
     *             when Trace Compass cannot read it
     */
    public static ITmfTrace openUstTrace(Fixture fixture) throws TmfTraceException {
        return open(new LttngUstTrace(), fixture.path());
    }

    private static ITmfTrace open(ITmfTrace trace, Path path) throws TmfTraceException {
        trace.initTrace(null, path.toString(), CtfTmfEvent.class);
        TmfTraceManager.deleteSupplementaryFiles(trace);
        TmfSignalManager.dispatchSignal(new TmfTraceOpenedSignal(Traces.class, trace, null));
        return trace;
    }

    /**
     * Closes a trace opened by this class and deletes its supplementary files.
     *
     * @param trace
     *            the trace
     */
    public static void close(ITmfTrace trace) {
        TmfSignalManager.dispatchSignal(new TmfTraceClosedSignal(Traces.class, trace));
        TmfTraceManager.deleteSupplementaryFiles(trace);
        trace.dispose();
    }
}
