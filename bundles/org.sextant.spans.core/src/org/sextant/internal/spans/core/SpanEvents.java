// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.spans.core;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.analysis.IAnalysisModule;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTraceWithPreDefinedEvents;
import org.eclipse.tracecompass.tmf.core.trace.TmfEventTypeCollectionHelper;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.sextant.spans.model.HttpTracker;
import org.sextant.spans.model.SpanGraph;

/**
 * What the span analysis reads of a recording: its {@code http:*} events, through the span model, and the
 * requests of its Redis nodes ({@link RedisLink}).
 */
public final class SpanEvents {

    private final HttpTracker fTracker = new HttpTracker();
    private final HttpEventHandlers fHandlers = new HttpEventHandlers(fTracker);

    /**
     * @param trace
     *            a trace or an experiment
     * @return whether it, or one of an experiment's traces, declares HTTP events
     */
    public static boolean declaredBy(ITmfTrace trace) {
        for (ITmfTrace member : TmfTraceManager.getTraceSet(trace)) {
            if (member instanceof ITmfTraceWithPreDefinedEvents withEvents && TmfEventTypeCollectionHelper
                    .getEventNames(withEvents.getContainedEventTypes()).stream().anyMatch(HttpEventHandlers::isHttpEvent)) {
                return true;
            }
        }
        return false;
    }

    /**
     * @param trace
     *            the recording
     * @return its Redis latency module, whose requests the spans' Redis commands are; null without Redis events
     */
    public static @Nullable IAnalysisModule redisModule(ITmfTrace trace) {
        return RedisLink.module(trace);
    }

    /**
     * @param event
     *            the next event of the recording, in time order
     */
    public void handle(ITmfEvent event) {
        fHandlers.handle(event);
    }

    /**
     * @param trace
     *            the recording
     * @param monitor
     *            cancellation of the wait for the Redis analysis
     * @return the spans read, linked to one another and to the Redis nodes' requests
     */
    public SpanGraph finish(ITmfTrace trace, IProgressMonitor monitor) {
        return fTracker.finish(RedisLink.commands(trace, monitor));
    }
}
