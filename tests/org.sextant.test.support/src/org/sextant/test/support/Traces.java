// SPDX-License-Identifier: EPL-2.0
package org.sextant.test.support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.tracecompass.lttng2.kernel.core.trace.LttngKernelTrace;
import org.eclipse.tracecompass.lttng2.ust.core.trace.LttngUstTrace;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderManager;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.exceptions.TmfTraceException;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataProvider;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.signal.TmfSignalManager;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceClosedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceOpenedSignal;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.core.trace.experiment.TmfExperiment;
import org.eclipse.tracecompass.tmf.ctf.core.event.CtfTmfEvent;
import org.sextant.ctf.core.Ctf2Trace;
import org.sextant.ftrace.core.FtraceDatTrace;
import org.sextant.ftrace.core.FtraceTextTrace;

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
     * @param fixture
     *            a recording fixture of {@code ./sextant record}
     * @return its CTF traces' directories, in path order: each process's under {@code ust/}, perf's {@code kernel/}
     * @throws IOException
     *             when the fixture cannot be listed
     */
    public static List<Path> recordingTraces(Fixture fixture) throws IOException {
        return recordingTraces(fixture.path());
    }

    private static List<Path> recordingTraces(Path recording) throws IOException {
        try (Stream<Path> files = Files.walk(recording)) {
            return files.filter(p -> p.endsWith("metadata")).map(Path::getParent).sorted().toList(); //$NON-NLS-1$
        }
    }

    /**
     * Opens a recording of {@code ./sextant record} as the experiment of its {@link #recordingTraces}, as
     * {@code ./sextant analyze} does: LTTng-UST traces, and perf's kernel trace if there is one.
     *
     * @param fixture
     *            a recording fixture
     * @return the opened experiment; {@link #close} it
     * @throws TmfTraceException
     *             when Trace Compass cannot read one of its traces
     */
    public static TmfExperiment openRecording(Fixture fixture) throws TmfTraceException {
        return openRecording(fixture.path());
    }

    /**
     * Opens a recording directory (a fixture's copy, changed by a test) as {@link #openRecording(Fixture)} does.
     *
     * @param recording
     *            the directory of a recording
     * @return the opened experiment; {@link #close} it
     * @throws TmfTraceException
     *             when Trace Compass cannot read one of its traces
     */
    public static TmfExperiment openRecording(Path recording) throws TmfTraceException {
        List<ITmfTrace> members = new ArrayList<>();
        try {
            for (Path directory : recordingTraces(recording)) {
                members.add(member(directory));
            }
        } catch (IOException e) {
            members.forEach(ITmfTrace::dispose);
            throw new TmfTraceException("cannot list " + recording, e); //$NON-NLS-1$
        }
        TmfExperiment experiment = new TmfExperiment(ITmfEvent.class, recording.toString(), members.toArray(new ITmfTrace[0]),
                TmfExperiment.DEFAULT_INDEX_PAGE_SIZE, null);
        TmfTraceManager.getTraceSetWithExperiment(experiment).forEach(TmfTraceManager::deleteSupplementaryFiles);
        TmfSignalManager.dispatchSignal(new TmfTraceOpenedSignal(Traces.class, experiment, null));
        return experiment;
    }

    /**
     * A recording's trace as Trace Compass's import types it: perf's under {@code kernel}, a CTF 2 trace (LTTng
     * 2.14's) as Sextant's {@link Ctf2Trace}, any other LTTng-UST's as Trace Compass's own.
     */
    private static ITmfTrace member(Path directory) throws TmfTraceException {
        if (new Ctf2Trace().validate(null, directory.toString()).isOK()) {
            ITmfTrace member = new Ctf2Trace();
            member.initTrace(null, directory.toString(), ITmfEvent.class);
            return member;
        }
        ITmfTrace member = directory.getFileName().toString().equals("kernel") ? new LttngKernelTrace() : new LttngUstTrace(); //$NON-NLS-1$
        member.initTrace(null, directory.toString(), CtfTmfEvent.class);
        return member;
    }

    /**
     * Opens an ftrace trace as Sextant's trace types read it: trace-cmd's {@code .dat}, or ftrace text.
     *
     * @param file
     *            a {@code .dat} file, or a text file
     * @return the opened trace; {@link #close} it
     * @throws TmfTraceException
     *             when the file cannot be read as one
     */
    public static ITmfTrace openFtraceTrace(Path file) throws TmfTraceException {
        return open(file.toString().endsWith(".dat") ? new FtraceDatTrace() : new FtraceTextTrace(), file); //$NON-NLS-1$
    }

    /**
     * Opens a trace of any type, with no supplementary files left from an earlier run, and tells its analysis
     * modules.
     *
     * @param trace
     *            a new trace of the type wanted
     * @param path
     *            its file or directory
     * @return the opened trace; {@link #close} it
     * @throws TmfTraceException
     *             when the trace type cannot read it
     */
    public static ITmfTrace open(ITmfTrace trace, Path path) throws TmfTraceException {
        trace.initTrace(null, path.toString(), ITmfEvent.class);
        TmfTraceManager.deleteSupplementaryFiles(trace);
        TmfSignalManager.dispatchSignal(new TmfTraceOpenedSignal(Traces.class, trace, null));
        return trace;
    }

    /**
     * A data provider of a trace as a view gets it, once its tree is complete (fetched again while its analysis
     * runs).
     *
     * @param trace
     *            the trace or experiment
     * @param id
     *            the provider's id
     * @param type
     *            the provider's interface
     * @param query
     *            the parameters of the tree's fetch
     * @return the provider
     * @throws InterruptedException
     *             when interrupted while waiting
     * @throws AssertionError
     *             when no such provider is registered for the trace, or its tree fails
     */
    @SuppressWarnings("unchecked")
    public static <P extends ITmfTreeDataProvider<? extends ITmfTreeDataModel>> P provider(ITmfTrace trace, String id, Class<?> type,
            Map<String, Object> query) throws InterruptedException {
        P provider = (P) DataProviderManager.getInstance().getDataProvider(trace, id, (Class<P>) type);
        if (provider == null) {
            throw new AssertionError(id + " is not registered for " + trace.getName()); //$NON-NLS-1$
        }
        TmfModelResponse<? extends TmfTreeModel<? extends ITmfTreeDataModel>> tree;
        do {
            tree = provider.fetchTree(query, new NullProgressMonitor());
            Thread.sleep(20);
        } while (tree.getStatus() == ITmfResponse.Status.RUNNING);
        if (tree.getStatus() != ITmfResponse.Status.COMPLETED) {
            throw new AssertionError(id + ": " + tree.getStatus() + ", " + tree.getStatusMessage()); //$NON-NLS-1$ //$NON-NLS-2$
        }
        return provider;
    }

    /**
     * Closes a trace opened by this class and deletes its supplementary files.
     *
     * @param trace
     *            the trace
     */
    public static void close(ITmfTrace trace) {
        TmfSignalManager.dispatchSignal(new TmfTraceClosedSignal(Traces.class, trace));
        TmfTraceManager.getTraceSetWithExperiment(trace).forEach(TmfTraceManager::deleteSupplementaryFiles);
        trace.dispose();
    }
}
