// SPDX-License-Identifier: EPL-2.0
package org.sextant.common.model.series;

/**
 * Turns cumulative counts sampled at increasing times into rates per second over each sampling interval, which
 * is what an "events over time" chart draws.
 */
public final class Rates {

    private static final double NANOS_PER_SECOND = 1e9;

    private Rates() {
    }

    /**
     * Rates per second between consecutive samples.
     *
     * @param times
     *            sample times in nanoseconds, strictly increasing, at least two
     * @param cumulative
     *            the cumulative count at each sample time, never decreasing
     * @return one rate per interval: element {@code i} covers {@code (times[i], times[i + 1]]}
     */
    public static double[] perSecond(long[] times, long[] cumulative) {
        if (times.length != cumulative.length || times.length < 2) {
            throw new IllegalArgumentException("need at least two samples, one count per time");
        }
        double[] rates = new double[times.length - 1];
        for (int i = 0; i < rates.length; i++) {
            long span = times[i + 1] - times[i];
            long delta = cumulative[i + 1] - cumulative[i];
            if (span <= 0 || delta < 0) {
                throw new IllegalArgumentException("samples must move forward in time and count at sample " + (i + 1));
            }
            rates[i] = delta * NANOS_PER_SECOND / span;
        }
        return rates;
    }
}
