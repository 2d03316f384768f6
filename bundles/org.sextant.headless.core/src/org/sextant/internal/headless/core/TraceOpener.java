// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.headless.core;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.exceptions.TmfTraceException;
import org.eclipse.tracecompass.tmf.core.project.model.TmfTraceImportException;
import org.eclipse.tracecompass.tmf.core.project.model.TmfTraceType;
import org.eclipse.tracecompass.tmf.core.project.model.TraceTypeHelper;
import org.eclipse.tracecompass.tmf.core.signal.TmfSignalManager;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceClosedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceOpenedSignal;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.experiment.TmfExperiment;

/**
 * Opens a trace without a workspace, the way Trace Compass's import does: the trace type whose validation is
 * most confident wins, and the "trace opened" signal instantiates the trace's analysis modules. A directory
 * that is no trace itself but holds CTF traces (a recording of {@code sextant record}: one trace per process,
 * maybe a kernel trace) opens as the experiment of them all.
 */
final class TraceOpener {

    /** A trace that cannot be opened; the message names the path and the reason. */
    static final class OpenException extends Exception {
        private static final long serialVersionUID = 1L;

        OpenException(String message) {
            super(message);
        }
    }

    private static final String CTF_METADATA = "metadata"; //$NON-NLS-1$
    /** How deep a recording's traces lie: {@code DIR/ust/pid/<process>/64-bit/metadata}. */
    private static final int MAX_DEPTH = 6;

    private TraceOpener() {
    }

    static ITmfTrace open(String path) throws OpenException {
        File file = new File(path);
        if (!file.exists()) {
            throw new OpenException(path + ": no such file or directory"); //$NON-NLS-1$
        }
        if (!file.canRead()) {
            throw new OpenException(path + ": not readable"); //$NON-NLS-1$
        }
        ITmfTrace trace = file.isDirectory() && !new File(file, CTF_METADATA).isFile() ? openExperiment(file) : openTrace(file);
        TmfSignalManager.dispatchSignal(new TmfTraceOpenedSignal(TraceOpener.class, trace, null));
        return trace;
    }

    private static ITmfTrace openTrace(File file) throws OpenException {
        String absolute = file.getAbsolutePath();
        TraceTypeHelper type = traceType(absolute);
        ITmfTrace trace;
        try {
            trace = type.getTraceClass().getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException e) {
            throw new OpenException(absolute + ": cannot create a " + type.getLabel() + " trace: " + e); //$NON-NLS-1$ //$NON-NLS-2$
        }
        try {
            trace.initTrace(null, absolute, ITmfEvent.class, file.getName(), type.getTraceTypeId());
        } catch (TmfTraceException e) {
            trace.dispose();
            throw new OpenException(absolute + ": cannot be read as " + type.getLabel() + ": " + e.getMessage()); //$NON-NLS-1$ //$NON-NLS-2$
        }
        return trace;
    }

    /** The experiment of the CTF traces under a directory, in path order; each must open. */
    private static ITmfTrace openExperiment(File directory) throws OpenException {
        List<File> members;
        try (Stream<Path> paths = Files.walk(directory.toPath(), MAX_DEPTH)) {
            members = paths.filter(p -> p.endsWith(CTF_METADATA) && Files.isRegularFile(p)).map(p -> p.getParent().toFile()).sorted().toList();
        } catch (IOException | UncheckedIOException e) {
            throw new OpenException(directory + ": cannot be listed: " + e.getMessage()); //$NON-NLS-1$
        }
        if (members.isEmpty()) {
            throw new OpenException(directory + ": neither a trace nor a directory of CTF traces"); //$NON-NLS-1$
        }
        List<ITmfTrace> traces = new ArrayList<>();
        try {
            for (File member : members) {
                traces.add(openTrace(member));
            }
        } catch (OpenException e) {
            traces.forEach(ITmfTrace::dispose);
            throw e;
        }
        return new TmfExperiment(ITmfEvent.class, directory.getAbsolutePath(), traces.toArray(new ITmfTrace[0]),
                TmfExperiment.DEFAULT_INDEX_PAGE_SIZE, null);
    }

    static void close(ITmfTrace trace) {
        TmfSignalManager.dispatchSignal(new TmfTraceClosedSignal(TraceOpener.class, trace));
        trace.dispose();
    }

    private static TraceTypeHelper traceType(String path) throws OpenException {
        List<TraceTypeHelper> candidates;
        try {
            candidates = TmfTraceType.selectTraceType(path, null);
        } catch (TmfTraceImportException e) {
            candidates = List.of();
        }
        return candidates.stream().filter(helper -> !helper.isExperimentType()).findFirst()
                .orElseThrow(() -> new OpenException(path + ": not a trace of any type this installation reads")); //$NON-NLS-1$
    }
}
