// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.model;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What changed between two executions' call trees, call path by call path: the paths whose total cost grew or
 * shrank, the paths that appeared and those that vanished. The differential sunburst colours by it.
 */
public final class CallTreeDiff {

    /** How a call path changed. */
    public enum Kind {
        /** only in the second tree */
        APPEARED,
        /** only in the first tree */
        VANISHED,
        /** in both, costing more in the second */
        GREW,
        /** in both, costing less in the second */
        SHRANK
    }

    /**
     * One changed call path.
     *
     * @param path
     *            function names from the outermost caller
     * @param kind
     *            how it changed
     * @param before
     *            its total cost in the first tree (0 when it appeared)
     * @param after
     *            its total cost in the second tree (0 when it vanished)
     */
    public record Change(List<String> path, Kind kind, long before, long after) {
        /** @return the change in total cost */
        public long delta() {
            return after - before;
        }
    }

    private CallTreeDiff() {
    }

    /**
     * @param before
     *            the first execution's tree
     * @param after
     *            the second's
     * @return the paths whose total cost differs, parents before children; unchanged paths are left out
     */
    public static List<Change> changes(CallTree before, CallTree after) {
        Map<List<String>, long[]> totals = new LinkedHashMap<>();
        for (CallTree.Node node : before.nodes()) {
            totals.computeIfAbsent(node.path(), p -> new long[] { -1, -1 })[0] = node.total();
        }
        for (CallTree.Node node : after.nodes()) {
            totals.computeIfAbsent(node.path(), p -> new long[] { -1, -1 })[1] = node.total();
        }
        List<Change> changes = new ArrayList<>();
        totals.forEach((path, cost) -> {
            if (cost[0] < 0) {
                changes.add(new Change(path, Kind.APPEARED, 0, cost[1]));
            } else if (cost[1] < 0) {
                changes.add(new Change(path, Kind.VANISHED, cost[0], 0));
            } else if (cost[0] != cost[1]) {
                changes.add(new Change(path, cost[1] > cost[0] ? Kind.GREW : Kind.SHRANK, cost[0], cost[1]));
            }
        });
        return changes;
    }

    /**
     * The tree a differential sunburst draws: every call path of either execution, each costing itself the
     * larger of its two costs, so that a path that vanished has room as well as one that appeared, and every
     * node's total still covers its callees. The callees of each function keep the first execution's call order,
     * those only the second calls after them in its order, so that the arcs lie as in each execution's sunburst.
     *
     * @param before
     *            the first execution's tree
     * @param after
     *            the second's
     * @return the union tree
     */
    public static CallTree union(CallTree before, CallTree after) {
        Map<List<String>, Long> selfs = new LinkedHashMap<>();
        for (CallTree tree : List.of(before, after)) {
            for (CallTree.Node node : tree.preorder()) {
                selfs.merge(node.path(), node.self(), Math::max);
            }
        }
        CallTree union = new CallTree();
        selfs.forEach(union::add);
        for (CallTree tree : List.of(before, after)) {
            for (CallTree.Node node : tree.nodes()) {
                String binary = tree.binary(node.name());
                if (binary != null) {
                    union.setBinary(node.name(), binary);
                }
            }
        }
        return union;
    }
}
