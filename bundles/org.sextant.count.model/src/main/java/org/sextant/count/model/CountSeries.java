// SPDX-License-Identifier: EPL-2.0
package org.sextant.count.model;

import java.util.Objects;

/**
 * One of the counters of the event count: the total, one CPU's or one event type's.
 *
 * @param kind
 *            which counter
 * @param name
 *            the CPU number or the event name; empty for the total
 */
public record CountSeries(Kind kind, String name) {

    /** The counters, in the order an event updates them. */
    public enum Kind {
        /** Every event. */
        TOTAL,
        /** The events of one CPU. */
        CPU,
        /** The events of one type. */
        TYPE
    }

    /** The total. */
    public static final CountSeries TOTAL = new CountSeries(Kind.TOTAL, ""); //$NON-NLS-1$

    /** Checks the name. */
    public CountSeries {
        Objects.requireNonNull(kind);
        Objects.requireNonNull(name);
    }

    /** @return the counter of {@code cpu} */
    public static CountSeries cpu(int cpu) {
        return new CountSeries(Kind.CPU, Integer.toString(cpu));
    }

    /** @return the counter of the events named {@code type} */
    public static CountSeries type(String type) {
        return new CountSeries(Kind.TYPE, type);
    }
}
