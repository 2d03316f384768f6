// SPDX-License-Identifier: EPL-2.0
package org.sextant.annotations.model;

/**
 * A stretch of time during which an attribute held a value.
 *
 * @param start
 *            nanoseconds, inclusive
 * @param end
 *            nanoseconds, exclusive
 * @param value
 *            a Long or a String
 */
public record Interval(long start, long end, Object value) {

    /** @return end - start */
    public long duration() {
        return end - start;
    }
}
