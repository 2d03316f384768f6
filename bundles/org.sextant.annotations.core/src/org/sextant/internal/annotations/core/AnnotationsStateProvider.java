// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.annotations.core;

import java.util.Objects;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.statesystem.AbstractTmfStateProvider;
import org.eclipse.tracecompass.tmf.core.statesystem.ITmfStateProvider;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.annotations.model.AnnotationTracker;
import org.sextant.parallel.engine.StateSystemWriter;

/**
 * Feeds a trace's scheduler events and marker writes to an {@link AnnotationTracker}, whose class comment draws
 * the attribute tree it writes and holds its version.
 */
public class AnnotationsStateProvider extends AbstractTmfStateProvider {

    private @Nullable AnnotationEventHandlers fHandlers;

    /**
     * @param trace
     *            the trace
     */
    public AnnotationsStateProvider(ITmfTrace trace) {
        super(trace, "Sextant annotations"); //$NON-NLS-1$
    }

    @Override
    public int getVersion() {
        return AnnotationTracker.VERSION;
    }

    @Override
    public ITmfStateProvider getNewInstance() {
        return new AnnotationsStateProvider(getTrace());
    }

    @Override
    protected void eventHandle(ITmfEvent event) {
        AnnotationEventHandlers handlers = fHandlers;
        if (handlers == null) {
            // the builder exists once the module has assigned it, before the first event
            handlers = new AnnotationEventHandlers(getTrace(), new AnnotationTracker(new StateSystemWriter(Objects.requireNonNull(getStateSystemBuilder()))));
            fHandlers = handlers;
        }
        handlers.handle(event);
    }
}
