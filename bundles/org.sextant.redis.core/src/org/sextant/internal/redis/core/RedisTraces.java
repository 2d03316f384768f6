// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.redis.core;

import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTraceWithPreDefinedEvents;
import org.eclipse.tracecompass.tmf.core.trace.TmfEventTypeCollectionHelper;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;

/** Which traces the Redis analyses apply to. */
public final class RedisTraces {

    private RedisTraces() {
    }

    /**
     * @param trace
     *            a trace or an experiment
     * @return whether it, or one of an experiment's traces, declares Redis events
     */
    public static boolean hasRedisEvents(ITmfTrace trace) {
        for (ITmfTrace member : TmfTraceManager.getTraceSet(trace)) {
            if (member instanceof ITmfTraceWithPreDefinedEvents withEvents && TmfEventTypeCollectionHelper
                    .getEventNames(withEvents.getContainedEventTypes()).stream().anyMatch(RedisEventHandlers::isRedisEvent)) {
                return true;
            }
        }
        return false;
    }
}
