// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.model;

import java.util.Arrays;

/**
 * Latency percentiles of a set of requests, by the nearest-rank method: the p-th percentile is the smallest
 * latency that at least p percent of the requests do not exceed.
 *
 * @param count
 *            requests
 * @param p50
 *            median, nanoseconds
 * @param p90
 *            nanoseconds
 * @param p99
 *            nanoseconds
 * @param max
 *            nanoseconds
 */
public record LatencyStats(int count, long p50, long p90, long p99, long max) {

    /**
     * @param latencies
     *            nanoseconds, in any order; at least one
     * @return their percentiles
     */
    public static LatencyStats of(long[] latencies) {
        if (latencies.length == 0) {
            throw new IllegalArgumentException("no latencies");
        }
        long[] sorted = latencies.clone();
        Arrays.sort(sorted);
        return new LatencyStats(sorted.length, rank(sorted, 50), rank(sorted, 90), rank(sorted, 99), sorted[sorted.length - 1]);
    }

    private static long rank(long[] sorted, int percent) {
        int rank = (int) Math.ceil(percent / 100.0 * sorted.length);
        return sorted[Math.max(rank, 1) - 1];
    }
}
