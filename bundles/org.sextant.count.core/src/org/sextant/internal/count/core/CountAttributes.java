// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.count.core;

/**
 * Names of the attributes of the event count state system (see {@link EventCountStateProvider} for the tree).
 */
public final class CountAttributes {

    /** Cumulative count of all events. */
    public static final String TOTAL = "Total"; //$NON-NLS-1$
    /** Parent of one attribute per CPU, named by CPU number. */
    public static final String CPUS = "CPUs"; //$NON-NLS-1$
    /** Parent of one attribute per event type, named by event name. */
    public static final String EVENT_TYPES = "Event types"; //$NON-NLS-1$

    private CountAttributes() {
    }
}
