// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.headless.core;

import java.io.File;
import java.util.List;

import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.exceptions.TmfTraceException;
import org.eclipse.tracecompass.tmf.core.project.model.TmfTraceImportException;
import org.eclipse.tracecompass.tmf.core.project.model.TmfTraceType;
import org.eclipse.tracecompass.tmf.core.project.model.TraceTypeHelper;
import org.eclipse.tracecompass.tmf.core.signal.TmfSignalManager;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceClosedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceOpenedSignal;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;

/**
 * Opens a trace without a workspace, the way Trace Compass's import does: the trace type whose validation is
 * most confident wins, and the "trace opened" signal instantiates the trace's analysis modules.
 */
final class TraceOpener {

    /** A trace that cannot be opened; the message names the path and the reason. */
    static final class OpenException extends Exception {
        private static final long serialVersionUID = 1L;

        OpenException(String message) {
            super(message);
        }
    }

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
        TmfSignalManager.dispatchSignal(new TmfTraceOpenedSignal(TraceOpener.class, trace, null));
        return trace;
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
