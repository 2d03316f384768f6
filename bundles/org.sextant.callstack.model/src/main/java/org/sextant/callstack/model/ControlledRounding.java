// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.model;

import java.math.BigInteger;
import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * Splits whole units over a table without losing one: each column's total is shared among the rows in proportion
 * to the rows' weights, every cell is the floor or the ceiling of its exact share, every column adds up to its
 * total exactly, and every row to the floor or ceiling of its exact share of all columns, which is its weight
 * itself when the weights add up to the columns (Bacharach's controlled rounding: such a table always exists).
 *
 * <p>
 * The cells that rounding up must fill are found as a maximum flow from the rows, each taking at most what its
 * ceiling leaves, to the columns, each needing what its floors leave: rounding each cell on its own (or each column,
 * or each row) would keep one margin and lose the other.
 * </p>
 */
final class ControlledRounding {

    private ControlledRounding() {
    }

    /**
     * @param rows
     *            the rows' weights, not negative, adding up to more than 0 and at most {@link Long#MAX_VALUE}
     * @param columns
     *            the columns' totals, not negative, adding up to at most {@link Long#MAX_VALUE}
     * @return the cells, [row][column]
     */
    static long[][] round(long[] rows, long[] columns) {
        long weights = Arrays.stream(rows).sum();
        long whole = Arrays.stream(columns).sum();
        long[][] cells = new long[rows.length][columns.length];
        boolean[][] fractional = new boolean[rows.length][columns.length];
        long[] need = columns.clone();
        long[] least = new long[rows.length];
        long[] room = new long[rows.length];
        boolean anyFraction = false;
        for (int r = 0; r < rows.length; r++) {
            long given = 0;
            for (int c = 0; c < columns.length; c++) {
                long[] share = share(rows[r], columns[c], weights);
                cells[r][c] = share[0];
                fractional[r][c] = share[1] != 0;
                anyFraction |= fractional[r][c];
                need[c] -= share[0];
                given += share[0];
            }
            long[] rowShare = share(rows[r], whole, weights);
            least[r] = rowShare[0] - given;
            room[r] = rowShare[0] + rowShare[1] - given;
        }
        if (anyFraction) {
            roundUp(cells, fractional, need, least, room);
        }
        return cells;
    }

    /** @return {@code floor(a * b / c)} and 1 when it leaves a remainder, else 0 */
    private static long[] share(long a, long b, long c) {
        if (Math.multiplyHigh(a, b) == 0 && a * b >= 0) {
            long product = a * b;
            return new long[] { product / c, product % c != 0 ? 1 : 0 };
        }
        BigInteger[] division = BigInteger.valueOf(a).multiply(BigInteger.valueOf(b)).divideAndRemainder(BigInteger.valueOf(c));
        return new long[] { division[0].longValueExact(), division[1].signum() != 0 ? 1 : 0 };
    }

    /**
     * Adds the units each column still needs, one per fractional cell, each row taking at least what its floor
     * leaves and no more than what its ceiling does: first up to the least of each row, then up to its room; a
     * flow never takes back what it sent from the source, so the rows keep their least.
     */
    private static void roundUp(long[][] cells, boolean[][] fractional, long[] need, long[] least, long[] room) {
        int rows = cells.length;
        int columns = need.length;
        Flow flow = new Flow(rows + columns + 2);
        int source = rows + columns;
        int sink = source + 1;
        int[][] edge = new int[rows][columns];
        for (int r = 0; r < rows; r++) {
            flow.add(source, r, least[r]);
            for (int c = 0; c < columns; c++) {
                edge[r][c] = fractional[r][c] ? flow.add(r, rows + c, 1) : -1;
            }
        }
        for (int c = 0; c < columns; c++) {
            flow.add(rows + c, sink, need[c]);
        }
        flow.maximise(source, sink);
        for (int r = 0; r < rows; r++) {
            if (room[r] > least[r]) {
                flow.add(source, r, room[r] - least[r]);
            }
        }
        flow.maximise(source, sink);
        for (int r = 0; r < rows; r++) {
            for (int c = 0; c < columns; c++) {
                if (edge[r][c] >= 0 && flow.used(edge[r][c])) {
                    cells[r][c]++;
                    fractional[r][c] = false;
                    need[c]--;
                }
            }
        }
        // The theorem says nothing is left; should arithmetic ever disagree, the columns stay exact all the same.
        for (int c = 0; c < columns; c++) {
            for (int r = 0; r < rows && need[c] > 0; r++) {
                if (fractional[r][c]) {
                    cells[r][c]++;
                    need[c]--;
                }
            }
        }
    }

    /** Dinic's maximum flow on a small graph of whole capacities. */
    private static final class Flow {
        private final int fNodes;
        private int[] fTo = new int[16];
        private long[] fCapacity = new long[16];
        private int[] fNext = new int[16];
        private final int[] fFirst;
        private int fEdges;
        private final int[] fLevel;
        private final int[] fCursor;

        Flow(int nodes) {
            fNodes = nodes;
            fFirst = new int[nodes];
            Arrays.fill(fFirst, -1);
            fLevel = new int[nodes];
            fCursor = new int[nodes];
        }

        /** @return the edge's index, whose flow {@link #used} tells */
        int add(int from, int to, long capacity) {
            int index = fEdges;
            arc(from, to, capacity);
            arc(to, from, 0);
            return index;
        }

        private void arc(int from, int to, long capacity) {
            if (fEdges == fTo.length) {
                fTo = Arrays.copyOf(fTo, fEdges * 2);
                fCapacity = Arrays.copyOf(fCapacity, fEdges * 2);
                fNext = Arrays.copyOf(fNext, fEdges * 2);
            }
            fTo[fEdges] = to;
            fCapacity[fEdges] = capacity;
            fNext[fEdges] = fFirst[from];
            fFirst[from] = fEdges++;
        }

        boolean used(int edge) {
            return fCapacity[edge] == 0;
        }

        void maximise(int source, int sink) {
            int[] path = new int[fNodes];
            while (levels(source, sink)) {
                System.arraycopy(fFirst, 0, fCursor, 0, fNodes);
                while (push(source, sink, path) > 0) {
                    // each push saturates a path of the level graph
                }
            }
        }

        private boolean levels(int source, int sink) {
            Arrays.fill(fLevel, -1);
            fLevel[source] = 0;
            ArrayDeque<Integer> queue = new ArrayDeque<>();
            queue.add(source);
            while (!queue.isEmpty()) {
                int node = queue.poll();
                for (int e = fFirst[node]; e >= 0; e = fNext[e]) {
                    if (fCapacity[e] > 0 && fLevel[fTo[e]] < 0) {
                        fLevel[fTo[e]] = fLevel[node] + 1;
                        queue.add(fTo[e]);
                    }
                }
            }
            return fLevel[sink] >= 0;
        }

        /** One augmenting path of the level graph, found without recursion (its depth is 3 here, but need not be). */
        private long push(int source, int sink, int[] path) {
            int depth = 0;
            int node = source;
            while (true) {
                if (node == sink) {
                    long amount = Long.MAX_VALUE;
                    for (int i = 0; i < depth; i++) {
                        amount = Math.min(amount, fCapacity[path[i]]);
                    }
                    for (int i = 0; i < depth; i++) {
                        fCapacity[path[i]] -= amount;
                        fCapacity[path[i] ^ 1] += amount;
                    }
                    return amount;
                }
                int e = fCursor[node];
                while (e >= 0 && (fCapacity[e] == 0 || fLevel[fTo[e]] != fLevel[node] + 1)) {
                    e = fNext[e];
                }
                fCursor[node] = e;
                if (e >= 0) {
                    path[depth++] = e;
                    node = fTo[e];
                } else if (depth == 0) {
                    return 0;
                } else {
                    // a dead end: no way on from here in this phase
                    fLevel[node] = -1;
                    node = fTo[path[--depth] ^ 1];
                    fCursor[node] = fNext[fCursor[node]];
                }
            }
        }
    }
}
