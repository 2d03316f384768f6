// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.count.core;

import java.util.HashMap;
import java.util.Map;

import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.exceptions.StateSystemDisposedException;
import org.eclipse.tracecompass.statesystem.core.interval.ITmfStateInterval;
import org.sextant.count.model.CountSummary;

/**
 * Reads the summary of a finished count from its state system: the counts in force at its end.
 */
public final class CountSummaries {

    private CountSummaries() {
    }

    /**
     * @param ss
     *            a fully built event count state system
     * @return its final counts
     * @throws StateSystemDisposedException
     *             when the state system was closed meanwhile
     */
    public static CountSummary read(ITmfStateSystem ss) throws StateSystemDisposedException {
        int totalQuark = ss.optQuarkAbsolute(CountAttributes.TOTAL);
        if (totalQuark == ITmfStateSystem.INVALID_ATTRIBUTE) {
            return CountSummary.EMPTY;
        }
        long end = ss.getCurrentEndTime();
        var state = ss.queryFullState(end);
        Map<Integer, Long> perCpu = new HashMap<>();
        for (int quark : ss.getQuarks(CountAttributes.CPUS, "*")) { //$NON-NLS-1$
            perCpu.put(Integer.parseInt(ss.getAttributeName(quark)), count(state.get(quark)));
        }
        Map<String, Long> perType = new HashMap<>();
        for (int quark : ss.getQuarks(CountAttributes.EVENT_TYPES, "*")) { //$NON-NLS-1$
            perType.put(ss.getAttributeName(quark), count(state.get(quark)));
        }
        return new CountSummary(count(state.get(totalQuark)), ss.getStartTime(), end, perCpu, perType);
    }

    private static long count(ITmfStateInterval interval) {
        return interval.getValue() instanceof Long count ? count : 0;
    }
}
