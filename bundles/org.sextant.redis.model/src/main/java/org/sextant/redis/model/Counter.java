// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.model;

import org.sextant.common.model.state.StateWriter;

/** A cumulative counter attribute of the Redis model's state, null until it is first written. */
final class Counter {
    private final StateWriter fWriter;
    private final int fQuark;
    private long fValue;

    Counter(StateWriter writer, int quark) {
        fWriter = writer;
        fQuark = quark;
    }

    void add(long time, long amount) {
        fValue += amount;
        fWriter.modify(time, fQuark, fValue);
    }

    void clear(long time) {
        fWriter.modify(time, fQuark, null);
    }
}
