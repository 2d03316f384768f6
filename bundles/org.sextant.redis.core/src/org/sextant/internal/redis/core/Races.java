// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.redis.core;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.StateSystemUtils;
import org.eclipse.tracecompass.statesystem.core.exceptions.AttributeNotFoundException;
import org.eclipse.tracecompass.statesystem.core.exceptions.StateSystemDisposedException;
import org.eclipse.tracecompass.statesystem.core.interval.ITmfStateInterval;
import org.sextant.redis.model.RedisTracker;

/**
 * The races of the Redis state system, as the summary lists them and Netflow marks them: the intervals of the
 * connections' {@code Race} attributes that hold a value ("&lt;tid&gt; &lt;operation&gt; / &lt;tid&gt;
 * &lt;operation&gt;"), in time order. A race's connection, the Netflow row it is marked on, is its attribute's
 * parent.
 */
final class Races {

    private Races() {
    }

    /**
     * @param ss
     *            the Redis state system
     * @param node
     *            a node's attribute, or {@link ITmfStateSystem#ROOT_ATTRIBUTE} for every node's
     * @param start
     *            the range's start
     * @param end
     *            the range's end
     * @return the races that intersect the range, in time order
     * @throws StateSystemDisposedException
     *             when the state system was closed meanwhile
     */
    static List<ITmfStateInterval> of(ITmfStateSystem ss, int node, long start, long end) throws StateSystemDisposedException {
        List<ITmfStateInterval> races = new ArrayList<>();
        List<Integer> quarks = node == ITmfStateSystem.ROOT_ATTRIBUTE
                ? ss.getQuarks(RedisTracker.NODES, "*", RedisTracker.CONNECTIONS, "*", RedisTracker.RACE) //$NON-NLS-1$ //$NON-NLS-2$
                : ss.getQuarks(node, RedisTracker.CONNECTIONS, "*", RedisTracker.RACE); //$NON-NLS-1$
        long from = Math.max(start, ss.getStartTime());
        long to = Math.min(end, ss.getCurrentEndTime());
        if (from > to) {
            return races;
        }
        for (int race : quarks) {
            try {
                for (ITmfStateInterval interval : StateSystemUtils.queryHistoryRange(ss, race, from, to)) {
                    if (interval.getValue() != null) {
                        races.add(interval);
                    }
                }
            } catch (AttributeNotFoundException e) {
                throw new IllegalStateException(e); // the quark was just listed
            }
        }
        races.sort(Comparator.comparingLong(ITmfStateInterval::getStartTime));
        return races;
    }
}
