// SPDX-License-Identifier: EPL-2.0
package org.sextant.test.support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.eclipse.tracecompass.lttng2.kernel.core.trace.LttngKernelTrace;
import org.eclipse.tracecompass.lttng2.ust.core.trace.LttngUstTrace;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.exceptions.TmfTraceException;
import org.eclipse.tracecompass.tmf.core.signal.TmfSignalManager;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceClosedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceOpenedSignal;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.core.trace.experiment.TmfExperiment;
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

    /**
     * Opens a recording of {@code ./sextant record} as the experiment of its traces, as {@code ./sextant analyze}
     * and the GUI do: each process's LTTng-UST trace under {@code ust/}, and perf's kernel trace under
     * {@code kernel/} if there is one.
     *
     * @param fixture
     *            a recording fixture
     * @return the opened experiment; {@link #close} it
     * @throws TmfTraceException
     *             when Trace Compass cannot read one of its traces
     */
    public static TmfExperiment openRecording(Fixture fixture) throws TmfTraceException {
        List<ITmfTrace> members = new ArrayList<>();
        try (Stream<Path> files = Files.walk(fixture.path())) {
            for (Path metadata : (Iterable<Path>) files.filter(p -> p.endsWith("metadata")).sorted()::iterator) { //$NON-NLS-1$
                Path directory = metadata.getParent();
                ITmfTrace member = directory.getFileName().toString().equals("kernel") ? new LttngKernelTrace() : new LttngUstTrace(); //$NON-NLS-1$
                member.initTrace(null, directory.toString(), CtfTmfEvent.class);
                members.add(member);
            }
        } catch (IOException e) {
            members.forEach(ITmfTrace::dispose);
            throw new TmfTraceException("cannot list " + fixture.path(), e); //$NON-NLS-1$
        }
        TmfExperiment experiment = new TmfExperiment(ITmfEvent.class, fixture.path().toString(), members.toArray(new ITmfTrace[0]),
                TmfExperiment.DEFAULT_INDEX_PAGE_SIZE, null);
        members.forEach(TmfTraceManager::deleteSupplementaryFiles);
        TmfTraceManager.deleteSupplementaryFiles(experiment);
        TmfSignalManager.dispatchSignal(new TmfTraceOpenedSignal(Traces.class, experiment, null));
        return experiment;
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
        TmfTraceManager.getTraceSet(trace).forEach(TmfTraceManager::deleteSupplementaryFiles);
        TmfTraceManager.deleteSupplementaryFiles(trace);
        trace.dispose();
    }
}
