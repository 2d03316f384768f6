// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.redis.core;

import java.util.Objects;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.statesystem.AbstractTmfStateProvider;
import org.eclipse.tracecompass.tmf.core.statesystem.ITmfStateProvider;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.parallel.engine.StateSystemWriter;
import org.sextant.redis.model.RedisTracker;
import org.sextant.redis.model.UseAfterFreeTracker;

/**
 * Feeds the Redis events of a trace, or of an experiment of one trace per node, to a {@link RedisTracker},
 * whose class comment draws the attribute tree it writes and holds its version, and to a
 * {@link UseAfterFreeTracker}, which adds its findings to the same tree.
 */
public class RedisStateProvider extends AbstractTmfStateProvider {

    private @Nullable RedisEventHandlers fHandlers;
    private @Nullable RedisTracker fTracker;

    /**
     * @param trace
     *            the trace or experiment
     */
    public RedisStateProvider(ITmfTrace trace) {
        super(trace, "Sextant Redis"); //$NON-NLS-1$
    }

    @Override
    public int getVersion() {
        return RedisTracker.VERSION + UseAfterFreeTracker.VERSION;
    }

    @Override
    public ITmfStateProvider getNewInstance() {
        return new RedisStateProvider(getTrace());
    }

    @Override
    protected void eventHandle(ITmfEvent event) {
        RedisEventHandlers handlers = fHandlers;
        if (handlers == null) {
            // the builder exists once the module has assigned it, before the first event
            StateSystemWriter writer = new StateSystemWriter(Objects.requireNonNull(getStateSystemBuilder()));
            RedisTracker tracker = new RedisTracker(writer, request -> {
                // latencies are the segment store's (RedisLatencyModule)
            });
            handlers = new RedisEventHandlers(tracker, new UseAfterFreeTracker(writer, finding -> {
                // the findings are the history's
            }));
            fTracker = tracker;
            fHandlers = handlers;
        }
        handlers.handle(event);
    }

    /** The trace was read whole, before its history closes: the model places what it held back. */
    @Override
    public void done() {
        RedisTracker tracker = fTracker;
        if (tracker != null) {
            tracker.traceEnded();
        }
    }
}
