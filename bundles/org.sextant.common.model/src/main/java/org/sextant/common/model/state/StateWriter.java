// SPDX-License-Identifier: EPL-2.0
package org.sextant.common.model.state;

/** Where merged state goes: a state history, attribute by attribute, in time order per attribute. */
public interface StateWriter {
    /**
     * @param path
     *            an attribute path
     * @return the attribute's number, created if new
     */
    int attribute(String... path);

    /**
     * Gives an attribute a new value from {@code time} on.
     *
     * @param time
     *            in nanoseconds, never before the attribute's previous change
     * @param attribute
     *            a number from {@link #attribute}
     * @param value
     *            a Long, Integer or String, or null
     */
    void modify(long time, int attribute, Object value);
}
