// SPDX-License-Identifier: EPL-2.0
package org.sextant.annotations.model;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** How much of a stretch of time a list of intervals covers: in time order, not overlapping one another. */
final class Overlap {

    private Overlap() {
    }

    /** @return nanoseconds of [start, end) covered by {@code intervals} */
    static long total(List<Interval> intervals, long start, long end) {
        long total = 0;
        for (int i = first(intervals, start); i < intervals.size() && intervals.get(i).start() < end; i++) {
            total += covered(intervals.get(i), start, end);
        }
        return total;
    }

    /** @return nanoseconds of [start, end) covered by {@code intervals}, per interval value */
    static Map<Object, Long> byValue(List<Interval> intervals, long start, long end) {
        Map<Object, Long> times = new HashMap<>();
        for (int i = first(intervals, start); i < intervals.size() && intervals.get(i).start() < end; i++) {
            long covered = covered(intervals.get(i), start, end);
            if (covered > 0) {
                times.merge(intervals.get(i).value(), covered, Long::sum);
            }
        }
        return times;
    }

    private static long covered(Interval interval, long start, long end) {
        return Math.max(0, Math.min(end, interval.end()) - Math.max(start, interval.start()));
    }

    /** @return the index of the first interval ending after {@code time} */
    private static int first(List<Interval> intervals, long time) {
        int low = 0;
        int high = intervals.size();
        while (low < high) {
            int middle = (low + high) >>> 1;
            if (intervals.get(middle).end() <= time) {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        return low;
    }
}
