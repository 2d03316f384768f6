// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.spans.core;

import java.util.Collection;
import java.util.Iterator;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.event.matching.IEventMatchingKey;
import org.eclipse.tracecompass.tmf.core.event.matching.IMatchProcessingUnit;
import org.eclipse.tracecompass.tmf.core.event.matching.ITmfMatchEventDefinition;
import org.eclipse.tracecompass.tmf.core.event.matching.TmfEventDependency;
import org.eclipse.tracecompass.tmf.core.event.matching.TmfEventDependency.DependencyEvent;
import org.eclipse.tracecompass.tmf.core.event.matching.TmfEventMatching;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;

import com.google.common.collect.Table;

/**
 * Trace Compass's event matching with the HTTP definition alone, and without its pruning, for links between
 * requests that overlap.
 *
 * <p>
 * Trace Compass 6.2's {@link TmfEventMatching} is made for packets: after each match it drops the events still
 * waiting in the two traces that are older than the matched ones, once every host has matched with every
 * other, since an interface sends and receives in order; and between traces of one host it refuses an effect
 * that came before its cause. The processes of a recording are one host (their traces share the clock's uuid,
 * which is Trace Compass's host id), so the first match would drop every request still in progress on the
 * other connections of the process. This matching keeps the rest of the protocol: the definitions registered
 * with Trace Compass that apply to a trace ({@link #initMatching}), their directions and keys, the tables of
 * unmatched causes and effects, and each match given to the processing unit as a {@link TmfEventDependency},
 * cause first.
 * </p>
 */
final class ConcurrentEventMatching extends TmfEventMatching {

    ConcurrentEventMatching(Collection<ITmfTrace> traces, IMatchProcessingUnit unit) {
        super(traces, unit);
    }

    @Override
    protected Collection<ITmfMatchEventDefinition> getEventDefinitions(ITmfTrace trace) {
        return super.getEventDefinitions(trace).stream().filter(HttpMatchDefinition.class::isInstance).toList();
    }

    @Override
    public void matchEvent(ITmfEvent event, ITmfTrace trace, IProgressMonitor monitor) {
        for (ITmfMatchEventDefinition definition : getEventDefinitions(event.getTrace())) {
            Direction direction = definition.getDirection(event);
            if (direction == null) {
                continue;
            }
            IEventMatchingKey key = definition.getEventKey(event);
            if (key != null) {
                match(event, direction == Direction.CAUSE, key);
            }
            return;
        }
    }

    private void match(ITmfEvent event, boolean cause, IEventMatchingKey key) {
        Table<ITmfTrace, IEventMatchingKey, DependencyEvent> waiting = cause ? getUnmatchedOut() : getUnmatchedIn();
        Table<ITmfTrace, IEventMatchingKey, DependencyEvent> companions = cause ? getUnmatchedIn() : getUnmatchedOut();
        DependencyEvent self = new DependencyEvent(event);
        Iterator<ITmfTrace> waitingIn = companions.column(key).keySet().iterator();
        if (waitingIn.hasNext()) {
            DependencyEvent companion = companions.remove(waitingIn.next(), key); // the column's iterators do not remove
            getProcessingUnit().addMatch(key, cause ? new TmfEventDependency(self, companion) : new TmfEventDependency(companion, self));
            return;
        }
        if (!waiting.contains(event.getTrace(), key)) {
            waiting.put(event.getTrace(), key, self); // the first one waits, as in Trace Compass: a key is reused only with a port
        }
    }
}
