// SPDX-License-Identifier: EPL-2.0
package org.sextant.common.model.series;

import java.util.Arrays;

/**
 * Percentiles of a set of durations (request latencies, annotation instances), by the nearest-rank method: the
 * p-th percentile is the smallest duration that at least p percent of them do not exceed.
 *
 * @param count
 *            durations
 * @param p50
 *            median, nanoseconds
 * @param p90
 *            nanoseconds
 * @param p99
 *            nanoseconds
 * @param max
 *            nanoseconds
 */
public record DurationStats(int count, long p50, long p90, long p99, long max) {

    /**
     * @param durations
     *            nanoseconds, in any order; at least one
     * @return their percentiles
     */
    public static DurationStats of(long[] durations) {
        if (durations.length == 0) {
            throw new IllegalArgumentException("no durations");
        }
        long[] sorted = durations.clone();
        Arrays.sort(sorted);
        return new DurationStats(sorted.length, rank(sorted, 50), rank(sorted, 90), rank(sorted, 99), sorted[sorted.length - 1]);
    }

    private static long rank(long[] sorted, int percent) {
        int rank = (int) Math.ceil(percent / 100.0 * sorted.length);
        return sorted[Math.max(rank, 1) - 1];
    }
}
