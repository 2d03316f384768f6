// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.core;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.exceptions.AttributeNotFoundException;
import org.eclipse.tracecompass.statesystem.core.exceptions.StateSystemDisposedException;
import org.eclipse.tracecompass.statesystem.core.interval.ITmfStateInterval;

/**
 * Compares two state histories attribute by attribute and interval by interval: how a parallel build is shown
 * to equal a serial one.
 */
public final class Histories {

    private Histories() {
    }

    /**
     * @param expected
     *            a history
     * @param actual
     *            another history
     * @return a description of the first difference, or null when both have the same time range, the same
     *         attribute paths and, for every attribute, the same intervals with the same values
     * @throws StateSystemDisposedException
     *             when either was closed meanwhile
     */
    public static @Nullable String firstDifference(ITmfStateSystem expected, ITmfStateSystem actual) throws StateSystemDisposedException {
        if (expected.getNbAttributes() != actual.getNbAttributes()) {
            return "attribute counts differ: " + expected.getNbAttributes() + " and " + actual.getNbAttributes(); //$NON-NLS-1$ //$NON-NLS-2$
        }
        return firstMismatch(expected, actual);
    }

    /**
     * @param expected
     *            a history
     * @param actual
     *            another history, which may have more attributes
     * @return a description of the first difference, or null when both have the same time range and every
     *         attribute of {@code expected} is in {@code actual}, with the same intervals and values
     * @throws StateSystemDisposedException
     *             when either was closed meanwhile
     */
    public static @Nullable String firstMismatch(ITmfStateSystem expected, ITmfStateSystem actual) throws StateSystemDisposedException {
        if (expected.getStartTime() != actual.getStartTime() || expected.getCurrentEndTime() != actual.getCurrentEndTime()) {
            return "time ranges differ: " + expected.getStartTime() + ".." + expected.getCurrentEndTime() + " and " //$NON-NLS-1$ //$NON-NLS-2$
                    + actual.getStartTime() + ".." + actual.getCurrentEndTime(); //$NON-NLS-1$
        }
        for (int quark = 0; quark < expected.getNbAttributes(); quark++) {
            String path = expected.getFullAttributePath(quark);
            int other;
            try {
                other = actual.getQuarkAbsolute(expected.getFullAttributePathArray(quark));
            } catch (AttributeNotFoundException e) {
                return "attribute " + path + " is missing"; //$NON-NLS-1$ //$NON-NLS-2$
            }
            List<String> left = intervals(expected, quark);
            List<String> right = intervals(actual, other);
            if (!left.equals(right)) {
                for (int i = 0; i < Math.min(left.size(), right.size()); i++) {
                    if (!Objects.equals(left.get(i), right.get(i))) {
                        return path + ": interval " + i + " is " + left.get(i) + " in one and " + right.get(i) + " in the other"; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                    }
                }
                return path + ": " + left.size() + " intervals in one, " + right.size() + " in the other"; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            }
        }
        return null;
    }

    /** Every interval of an attribute as "start..end=value", from the start of the history to its end. */
    private static List<String> intervals(ITmfStateSystem ss, int quark) throws StateSystemDisposedException {
        List<String> intervals = new ArrayList<>();
        long time = ss.getStartTime();
        while (time <= ss.getCurrentEndTime()) {
            ITmfStateInterval interval = ss.querySingleState(time, quark);
            intervals.add(interval.getStartTime() + ".." + interval.getEndTime() + '=' + interval.getValue());
            time = interval.getEndTime() + 1;
        }
        return intervals;
    }
}
