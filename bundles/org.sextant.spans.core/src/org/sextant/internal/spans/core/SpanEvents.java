// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.spans.core;

import java.util.List;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.analysis.IAnalysisModule;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.event.matching.TmfEventMatching;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTraceWithPreDefinedEvents;
import org.eclipse.tracecompass.tmf.core.trace.TmfEventTypeCollectionHelper;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.sextant.spans.model.HttpTracker;
import org.sextant.spans.model.SpanGraph;

/**
 * What the span analysis reads of a recording: its {@code http:*} events, through the span model; the links
 * between the spans of its processes, through Trace Compass's event matching ({@link HttpMatchDefinition}, in
 * the same pass); and the requests of its Redis nodes ({@link RedisLink}).
 */
public final class SpanEvents {

    private final HttpTracker fTracker = new HttpTracker();
    private final HttpEventHandlers fHandlers = new HttpEventHandlers(fTracker);
    private final SpanLinks fLinks = new SpanLinks();
    private final TmfEventMatching fMatching;
    private final IProgressMonitor fMonitor;

    /**
     * @param trace
     *            the recording (an experiment) or one trace
     * @param monitor
     *            the analysis's
     */
    public SpanEvents(ITmfTrace trace, IProgressMonitor monitor) {
        fMonitor = monitor;
        fMatching = new ConcurrentEventMatching(List.of(trace), fLinks);
        fMatching.initMatching();
    }

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
        fMatching.matchEvent(event, event.getTrace(), fMonitor);
    }

    /**
     * @param trace
     *            the recording
     * @return the spans read, linked to one another as the event matching found and to the Redis nodes' requests
     */
    public SpanGraph finish(ITmfTrace trace) {
        return fTracker.finish(RedisLink.commands(trace, fMonitor), fLinks.links());
    }

    /**
     * @param trace
     *            the recording
     * @return the spans read, linked to one another by the span model's own joins (by 4-tuple) rather than the
     *         event matching, which must agree
     */
    public SpanGraph finishWithoutMatching(ITmfTrace trace) {
        return fTracker.finish(RedisLink.commands(trace, fMonitor));
    }
}
