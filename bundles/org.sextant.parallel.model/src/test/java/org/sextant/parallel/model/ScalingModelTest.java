// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class ScalingModelTest {

    private static final long MS = 1_000_000;

    /** 100 chunks of 10 ms of work, a 50 ms merge, a 60 ms insertion, 20 ms of set-up. */
    private static final ScalingModel MODEL = new ScalingModel(new PipelineCosts(100, 20 * MS, 1000 * MS, 12 * MS, 50 * MS), 60 * MS);

    @Test
    void oneThreadOnOneCoreDoesEverythingInTurn() {
        assertEquals((20 + 1000 + 50 + 60) * MS, MODEL.wallNanos(1, 1), 1);
        assertEquals("cores", MODEL.bound(1, 1));
    }

    @Test
    void workersScaleUntilTheInsertionThreadBounds() {
        assertEquals((20 + 1000) * MS, MODEL.wallNanos(1, 16), 1, "the merge and insertion overlap the one worker");
        assertEquals((20 + 7 * 10) * MS, MODEL.wallNanos(16, 16), 1, "ceil(100 / 16) = 7 rounds of 10 ms");
        assertEquals("workers", MODEL.bound(16, 16));
        assertEquals((20 + 60) * MS, MODEL.wallNanos(64, 64), 1, "2 rounds of chunks take 20 ms, the insertion 60 ms");
        assertEquals("insertion", MODEL.bound(64, 64));
        assertEquals(1020.0 / (64 * 80), MODEL.efficiency(64, 64), 1e-9);
    }

    @Test
    void theCostliestChunkIsAFloor() {
        ScalingModel model = new ScalingModel(new PipelineCosts(4, 0, 100 * MS, 70 * MS, 0), 0);
        assertEquals(70 * MS, model.wallNanos(4, 4), 1);
    }

    @Test
    void nothingToProjectFrom() {
        assertThrows(IllegalArgumentException.class, () -> new ScalingModel(new PipelineCosts(0, 0, 0, 0, 0), 0));
        assertThrows(IllegalArgumentException.class, () -> MODEL.wallNanos(0, 2));
    }
}
