// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.count.core;

import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.event.aspect.TmfCpuAspect;
import org.eclipse.tracecompass.tmf.core.statesystem.AbstractTmfStateProvider;
import org.eclipse.tracecompass.tmf.core.statesystem.ITmfStateProvider;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.sextant.count.model.EventCounter;

/**
 * Feeds every event of the trace to an {@link EventCounter} whose counts land in the state system. Attribute
 * tree (every value a cumulative count, a long, from the event that set it to the next change):
 *
 * <pre>
 * /
 * ├── Total                      events so far
 * ├── CPUs
 * │   └── &lt;cpu number&gt;           events so far on that CPU
 * └── Event types
 *     └── &lt;event name&gt;           events of that name so far
 * </pre>
 *
 * The names are in {@link CountAttributes}.
 */
public class EventCountStateProvider extends AbstractTmfStateProvider {

    /**
     * Bump when the attribute tree above or its values change, so that existing histories are rebuilt: this
     * provider's and {@link EventCountParallelModule}'s, which writes the same tree.
     */
    static final int VERSION = 1;

    private final EventCounter fCounter = new EventCounter(new StateSystemCountSink(this::getStateSystemBuilder));

    /**
     * Creates the provider for a trace.
     *
     * @param trace
     *            the trace to count
     */
    public EventCountStateProvider(ITmfTrace trace) {
        super(trace, "Sextant event count"); //$NON-NLS-1$
    }

    @Override
    public int getVersion() {
        return VERSION;
    }

    @Override
    public ITmfStateProvider getNewInstance() {
        return new EventCountStateProvider(getTrace());
    }

    @Override
    protected void eventHandle(ITmfEvent event) {
        Integer cpu = TmfTraceUtils.resolveIntEventAspectOfClassForEvent(event.getTrace(), TmfCpuAspect.class, event);
        fCounter.count(event.getTimestamp().toNanos(), cpu == null ? EventCounter.UNKNOWN_CPU : cpu, event.getName());
    }
}
