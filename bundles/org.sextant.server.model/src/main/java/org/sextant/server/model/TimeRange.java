// SPDX-License-Identifier: EPL-2.0
package org.sextant.server.model;

import java.util.ArrayList;
import java.util.List;

/**
 * A requested time range and how many times to sample in it ({@code requested_timerange}), as checked by
 * {@link Query}: {@code 0 <= start <= end}, {@code 1 <= nbTimes <= 65536}.
 *
 * @param start
 *            the first time, in nanoseconds
 * @param end
 *            the last time
 * @param nbTimes
 *            how many times to sample
 */
public record TimeRange(long start, long end, int nbTimes) {

    /**
     * The sampled times Trace Compass's data providers take ({@code requested_times}): evenly spread from start to
     * end, both included, without repeats when the range holds fewer nanoseconds than samples.
     *
     * @return the times, in order
     */
    public List<Long> sample() {
        List<Long> times = new ArrayList<>(nbTimes);
        if (nbTimes == 1 || start == end) {
            times.add(start);
            return times;
        }
        // The span in whole nanoseconds first (start >= 0, so it cannot overflow): as doubles, times past 2^53 would
        // lose their last digits. The step need not be whole, and start + i * step must not overflow.
        double step = (double) (end - start) / (nbTimes - 1);
        long previous = -1;
        for (int i = 0; i < nbTimes; i++) {
            long time = i == nbTimes - 1 ? end : Math.min(end, start + (long) Math.floor(i * step));
            if (time != previous) {
                times.add(time);
                previous = time;
            }
        }
        return times;
    }
}
