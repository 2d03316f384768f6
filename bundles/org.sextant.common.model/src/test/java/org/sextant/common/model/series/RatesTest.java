// SPDX-License-Identifier: EPL-2.0
package org.sextant.common.model.series;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class RatesTest {

    @Test
    void ratePerIntervalIsDeltaOverSeconds() {
        long[] times = { 0, 500_000_000L, 1_500_000_000L, 2_000_000_000L };
        long[] counts = { 10, 20, 20, 70 };
        assertArrayEquals(new double[] { 20.0, 0.0, 100.0 }, Rates.perSecond(times, counts), 1e-9);
    }

    @Test
    void refusesSamplesThatDoNotMoveForward() {
        assertThrows(IllegalArgumentException.class, () -> Rates.perSecond(new long[] { 5, 5 }, new long[] { 1, 2 }));
        assertThrows(IllegalArgumentException.class, () -> Rates.perSecond(new long[] { 5, 6 }, new long[] { 2, 1 }));
        assertThrows(IllegalArgumentException.class, () -> Rates.perSecond(new long[] { 5 }, new long[] { 1 }));
    }
}
