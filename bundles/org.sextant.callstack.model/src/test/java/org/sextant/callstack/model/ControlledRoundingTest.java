// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;

import org.junit.jupiter.api.Test;

/** Whole units shared over a table: columns exact, rows exact where the weights add up to the columns. */
class ControlledRoundingTest {

    /**
     * Three callers of a function that cost 3 itself and 5 in a callee, 4 + 2 + 2 = 8 in all: each caller's share
     * of each cost is a fraction, which rounding each cell alone would not make add up both ways.
     */
    @Test
    void eachRowGetsItsWeightAndEachColumnItsTotal() {
        long[][] cells = ControlledRounding.round(new long[] { 4, 2, 2 }, new long[] { 3, 5 });
        assertArrayEquals(new long[] { 4, 2, 2 }, Arrays.stream(cells).mapToLong(row -> row[0] + row[1]).toArray());
        assertEquals(3, cells[0][0] + cells[1][0] + cells[2][0]);
        assertEquals(5, cells[0][1] + cells[1][1] + cells[2][1]);
    }

    @Test
    void randomTablesKeepBothMarginsAndRoundEachCellToANeighbour() {
        Random random = new Random(19);
        for (int round = 0; round < 2000; round++) {
            int rows = 1 + random.nextInt(12);
            int columns = 1 + random.nextInt(6);
            long[] column = new long[columns];
            long whole = 0;
            for (int c = 0; c < columns; c++) {
                column[c] = random.nextInt(5) == 0 ? 0 : random.nextInt(round % 2 == 0 ? 50 : 1_000_000);
                whole += column[c];
            }
            // weights adding up to the columns (a consistent call graph), or not (scaled)
            boolean consistent = random.nextBoolean() && whole > 0;
            long[] weight = new long[rows];
            long left = whole;
            for (int r = 0; r < rows; r++) {
                weight[r] = consistent ? (r == rows - 1 ? left : (long) (random.nextDouble() * left)) : 1 + random.nextInt(100);
                left -= consistent ? weight[r] : 0;
            }
            if (Arrays.stream(weight).sum() == 0) {
                weight[0] = 1;
            }
            long weights = Arrays.stream(weight).sum();
            long[][] cells = ControlledRounding.round(weight, column);
            for (int c = 0; c < columns; c++) {
                long sum = 0;
                for (int r = 0; r < rows; r++) {
                    double exact = (double) weight[r] * column[c] / weights;
                    assertTrue(Math.abs(cells[r][c] - exact) < 1, "cell " + r + "," + c + ": " + cells[r][c] + " for " + exact);
                    sum += cells[r][c];
                }
                assertEquals(column[c], sum, "column " + c);
            }
            for (int r = 0; r < rows; r++) {
                long sum = Arrays.stream(cells[r]).sum();
                double exact = (double) weight[r] * whole / weights;
                assertTrue(Math.abs(sum - exact) < 1, "row " + r);
                if (consistent) {
                    assertEquals(weight[r], sum, "row " + r);
                }
            }
        }
    }

    @Test
    void productsPastALongAreExact() {
        long big = Long.MAX_VALUE / 3;
        long[][] cells = ControlledRounding.round(new long[] { big, big, big }, new long[] { big, 2 * big });
        assertEquals(big, cells[0][0] + cells[1][0] + cells[2][0]);
        assertEquals(2 * big, cells[0][1] + cells[1][1] + cells[2][1]);
        assertEquals(big, cells[1][0] + cells[1][1]);
    }
}
