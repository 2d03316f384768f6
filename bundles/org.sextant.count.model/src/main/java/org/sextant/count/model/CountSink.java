// SPDX-License-Identifier: EPL-2.0
package org.sextant.count.model;

/**
 * Receives the cumulative counts an {@link EventCounter} produces, one call per counter that changed. A state
 * system adapter records them as state changes; tests record them in lists.
 */
public interface CountSink {

    /** All events up to and including the one at {@code timestamp}. */
    void total(long timestamp, long count);

    /** Events on {@code cpu} up to and including the one at {@code timestamp}. */
    void cpu(long timestamp, int cpu, long count);

    /** Events named {@code type} up to and including the one at {@code timestamp}. */
    void type(long timestamp, String type, long count);
}
