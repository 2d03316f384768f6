// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.redis.core;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.statesystem.ITmfAnalysisModuleWithStateSystems;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTraceWithPreDefinedEvents;
import org.eclipse.tracecompass.tmf.core.trace.TmfEventTypeCollectionHelper;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.sextant.redis.core.RedisAnalysisModule;
import org.sextant.redis.core.RedisParallelModule;

/** Which traces the Redis analyses apply to, and which build of the model serves them. */
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

    /**
     * @param trace
     *            a trace or an experiment
     * @return the module whose state system is the trace's Redis model: the engine's build where it reads the
     *         trace ({@link RedisParallelModule}), else Trace Compass's ({@link RedisAnalysisModule}); null without
     *         Redis events
     */
    public static @Nullable ITmfAnalysisModuleWithStateSystems stateModule(ITmfTrace trace) {
        RedisParallelModule parallel = RedisParallelModule.of(trace);
        if (parallel != null) {
            return parallel;
        }
        return TmfTraceUtils.getAnalysisModuleOfClass(trace, RedisAnalysisModule.class, RedisAnalysisModule.ID);
    }

    /**
     * @param module
     *            a module {@link #stateModule} chose
     * @return how its model was built: the engine's description ("parallel, 2 threads", "reused"), or
     *         "trace compass"
     */
    public static String describeBuild(ITmfAnalysisModuleWithStateSystems module) {
        return module instanceof RedisParallelModule parallel ? parallel.describeBuild() : "trace compass"; //$NON-NLS-1$
    }
}
