// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.engine;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.stream.IntStream;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.exceptions.AttributeNotFoundException;
import org.eclipse.tracecompass.statesystem.core.exceptions.StateSystemDisposedException;
import org.eclipse.tracecompass.statesystem.core.interval.ITmfStateInterval;

/**
 * Compares two state histories interval by interval: how a parallel build is shown to equal a serial one.
 *
 * <p>
 * Both histories are read once, window of time after window of time, each window by one 2D query per history
 * (which reads each node of a history tree once, where asking for every interval by a singular query walked the
 * tree from its root each time): an interval is compared in the window where it starts, and a window holds about
 * {@value #WINDOW_INTERVALS} intervals of one history at a time, so the memory used does not grow with the
 * histories.
 * </p>
 */
public final class Histories {

    /** The windows of time the comparison starts with, before it learns how dense the intervals are. */
    private static final long INITIAL_WINDOWS = 1024;
    /** The intervals of one history held at once, about: the comparison's memory. */
    private static final int WINDOW_INTERVALS = 500_000;
    private static final double MAX_GROWTH = 4;
    private static final double MAX_WIDTH = Long.MAX_VALUE / 8;

    private Histories() {
    }

    /**
     * @param expected
     *            a history
     * @param actual
     *            another history
     * @return a description of a difference (the first found in time), or null when both have the same time range, the same
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
     * @return a description of a difference (the first found in time), or null when both have the same time range and every
     *         attribute of {@code expected} is in {@code actual}, with the same intervals and values
     * @throws StateSystemDisposedException
     *             when either was closed meanwhile
     */
    public static @Nullable String firstMismatch(ITmfStateSystem expected, ITmfStateSystem actual) throws StateSystemDisposedException {
        if (expected.getStartTime() != actual.getStartTime() || expected.getCurrentEndTime() != actual.getCurrentEndTime()) {
            return "time ranges differ: " + expected.getStartTime() + ".." + expected.getCurrentEndTime() + " and " //$NON-NLS-1$ //$NON-NLS-2$
                    + actual.getStartTime() + ".." + actual.getCurrentEndTime(); //$NON-NLS-1$
        }
        int count = expected.getNbAttributes();
        int[] counterpart = new int[count];
        Map<Integer, Integer> back = new HashMap<>();
        for (int quark = 0; quark < count; quark++) {
            try {
                counterpart[quark] = actual.getQuarkAbsolute(expected.getFullAttributePathArray(quark));
            } catch (AttributeNotFoundException e) {
                return "attribute " + expected.getFullAttributePath(quark) + " is missing"; //$NON-NLS-1$ //$NON-NLS-2$
            }
            back.put(counterpart[quark], quark);
        }
        List<Integer> left = IntStream.range(0, count).boxed().toList();
        List<Integer> right = Arrays.stream(counterpart).boxed().toList();
        long end = expected.getCurrentEndTime();
        long width = Math.max(1, (end - expected.getStartTime()) / INITIAL_WINDOWS);
        long from = expected.getStartTime();
        while (from <= end) {
            long to = end - from < width ? end : from + width - 1;
            Map<Key, ITmfStateInterval> expectedIntervals = new HashMap<>();
            int found = 0;
            for (ITmfStateInterval interval : expected.query2D(left, from, to)) {
                if (interval.getStartTime() >= from) {
                    found++;
                    expectedIntervals.put(new Key(interval.getAttribute(), interval.getStartTime()), interval);
                }
            }
            for (ITmfStateInterval interval : actual.query2D(right, from, to)) {
                if (interval.getStartTime() < from) {
                    continue;
                }
                int quark = back.get(interval.getAttribute());
                ITmfStateInterval other = expectedIntervals.remove(new Key(quark, interval.getStartTime()));
                if (other == null) {
                    return expected.getFullAttributePath(quark) + ": " + describe(interval) + " in one, no interval starting then in the other"; //$NON-NLS-1$ //$NON-NLS-2$
                }
                if (other.getEndTime() != interval.getEndTime() || !sameValue(other.getValue(), interval.getValue())) {
                    return expected.getFullAttributePath(quark) + ": " + describe(other) + " in one and " + describe(interval) + " in the other"; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                }
            }
            if (!expectedIntervals.isEmpty()) {
                ITmfStateInterval missing = expectedIntervals.values().iterator().next();
                return expected.getFullAttributePath(missing.getAttribute()) + ": " + describe(missing) + " in one, no interval starting then in the other"; //$NON-NLS-1$ //$NON-NLS-2$
            }
            // The next window holds about WINDOW_INTERVALS if the intervals are as dense as in this one.
            double factor = Math.min(MAX_GROWTH, WINDOW_INTERVALS / (double) Math.max(1, found));
            width = (long) Math.max(1, Math.min(MAX_WIDTH, width * factor));
            from = to + 1;
        }
        return null;
    }

    /** An interval of one attribute, by its start: unique, since an attribute's intervals do not overlap. */
    private record Key(int quark, long start) {
    }

    private static String describe(ITmfStateInterval interval) {
        return interval.getStartTime() + ".." + interval.getEndTime() + '=' + interval.getValue(); //$NON-NLS-1$
    }

    /** Values compare as text, as before: a history of Trace Compass may store an Integer where ours stores a Long. */
    private static boolean sameValue(@Nullable Object left, @Nullable Object right) {
        return Objects.equals(left, right) || String.valueOf(left).equals(String.valueOf(right));
    }
}
