// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.core;

import java.util.Objects;

import org.eclipse.tracecompass.tmf.core.statesystem.ITmfStateProvider;
import org.eclipse.tracecompass.tmf.core.statesystem.TmfStateSystemAnalysisModule;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.internal.redis.core.RedisStateProvider;
import org.sextant.internal.redis.core.RedisTraces;

/**
 * The Redis resource model (Connections, Requests, Bus, Threads, Event-loop) of a trace with Redis events, or of
 * an experiment of one trace per node, in a state system whose layout {@code RedisTracker} documents.
 */
public class RedisAnalysisModule extends TmfStateSystemAnalysisModule {

    /** The analysis id, as registered in plugin.xml; also the state system id and history file name. */
    public static final String ID = "org.sextant.redis.core.analysis"; //$NON-NLS-1$

    @Override
    public boolean canExecute(ITmfTrace trace) {
        return RedisTraces.hasRedisEvents(trace);
    }

    @Override
    protected ITmfStateProvider createStateProvider() {
        return new RedisStateProvider(Objects.requireNonNull(getTrace()));
    }
}
