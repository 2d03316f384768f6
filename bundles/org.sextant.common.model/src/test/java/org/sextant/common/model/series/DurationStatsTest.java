// SPDX-License-Identifier: EPL-2.0
package org.sextant.common.model.series;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.stream.LongStream;

import org.junit.jupiter.api.Test;

/** Nearest-rank percentiles. */
class DurationStatsTest {

    @Test
    void hundredLatencies() {
        long[] latencies = LongStream.rangeClosed(1, 100).map(i -> 101 - i).toArray();
        assertEquals(new DurationStats(100, 50, 90, 99, 100), DurationStats.of(latencies));
    }

    @Test
    void oneLatencyIsEveryPercentile() {
        assertEquals(new DurationStats(1, 7, 7, 7, 7), DurationStats.of(new long[] { 7 }));
    }

    @Test
    void noLatencyIsAnError() {
        assertThrows(IllegalArgumentException.class, () -> DurationStats.of(new long[0]));
    }
}
