// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.model;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.IdentityHashMap;
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

    /**
     * The union of two executions' call trees ({@link CallTreeDiff#union}), with, for each of its nodes, the nodes
     * of the same call path in each execution: found once, as the union is built, so that nobody looks a path up
     * again from the root (which costs a deep tree the square of its depth).
     */
    public static final class Union {
        private final CallTree fTree;
        private final Map<CallTree.Node, CallTree.Node> fBefore;
        private final Map<CallTree.Node, CallTree.Node> fAfter;

        private Union(CallTree tree, Map<CallTree.Node, CallTree.Node> before, Map<CallTree.Node, CallTree.Node> after) {
            fTree = tree;
            fBefore = before;
            fAfter = after;
        }

        /** @return the union tree, as {@link CallTreeDiff#union} makes it */
        public CallTree tree() {
            return fTree;
        }

        /**
         * @param node
         *            a node of the union, or its root
         * @return the node of the same call path in the first execution, or null when it has none
         */
        public CallTree.Node before(CallTree.Node node) {
            return fBefore.get(node);
        }

        /**
         * @param node
         *            a node of the union, or its root
         * @return the node of the same call path in the second execution, or null when it has none
         */
        public CallTree.Node after(CallTree.Node node) {
            return fAfter.get(node);
        }

        /**
         * @param node
         *            a node of the union
         * @return how its call path's total changed, as {@link CallTreeDiff#changes} says; null when it did not
         */
        public Kind change(CallTree.Node node) {
            return kind(before(node), after(node));
        }
    }

    private CallTreeDiff() {
    }

    /**
     * @param before
     *            the first execution's tree
     * @param after
     *            the second's
     * @return the paths whose total cost differs, parents before children (the first tree's paths in its
     *         {@link CallTree#nodes()} order, then those only the second has); unchanged paths are left out
     */
    public static List<Change> changes(CallTree before, CallTree after) {
        List<Change> changes = new ArrayList<>();
        List<CallTree.Node> was = before.nodes();
        Map<CallTree.Node, CallTree.Node> inAfter = counterparts(was, before, after);
        for (CallTree.Node node : was) {
            CallTree.Node is = inAfter.get(node);
            Change change = change(is != null ? is : node, node, is);
            if (change != null) {
                changes.add(change);
            }
        }
        List<CallTree.Node> is = after.nodes();
        Map<CallTree.Node, CallTree.Node> inBefore = counterparts(is, after, before);
        for (CallTree.Node node : is) {
            if (!inBefore.containsKey(node)) {
                changes.add(change(node, null, node));
            }
        }
        return changes;
    }

    /**
     * {@link #changes} in the order a report lists them: the largest change of total first, then by the path's
     * text ({@code outer;inner}), compared without making it, since the texts of every path of a deep tree add
     * up to the square of its depth.
     *
     * @param before
     *            the first execution's tree
     * @param after
     *            the second's
     * @return the paths whose total cost differs
     */
    public static List<Change> largestFirst(CallTree before, CallTree after) {
        Union union = pair(before, after);
        Map<CallTree.Node, Integer> rank = textOrder(union.tree());
        List<Change> changes = new ArrayList<>();
        List<Integer> ranks = new ArrayList<>();
        for (CallTree.Node node : union.tree().nodes()) {
            Change change = change(node, union.before(node), union.after(node));
            if (change != null) {
                changes.add(change);
                ranks.add(rank.get(node));
            }
        }
        Integer[] order = new Integer[changes.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingLong((Integer i) -> Math.abs(changes.get(i).delta())).reversed().thenComparing(ranks::get));
        List<Change> sorted = new ArrayList<>(order.length);
        for (Integer i : order) {
            sorted.add(changes.get(i));
        }
        return sorted;
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
        return pair(before, after).tree();
    }

    /**
     * @param before
     *            the first execution's tree
     * @param after
     *            the second's
     * @return their {@link #union}, each node with the nodes of its path in both
     */
    public static Union pair(CallTree before, CallTree after) {
        CallTree union = new CallTree();
        Map<CallTree.Node, CallTree.Node> unionOf = new IdentityHashMap<>();
        Map<CallTree.Node, CallTree.Node> inBefore = new IdentityHashMap<>();
        Map<CallTree.Node, CallTree.Node> inAfter = new IdentityHashMap<>();
        List<CallTree> trees = List.of(before, after);
        for (CallTree tree : trees) {
            Map<CallTree.Node, CallTree.Node> in = tree == before ? inBefore : inAfter;
            unionOf.put(tree.root(), union.root());
            in.put(union.root(), tree.root());
            // preorder, the first tree's first: each union node is made where the paths first reach it
            for (CallTree.Node node : tree.preorder()) {
                CallTree.Node made = union.child(unionOf.get(node.parent()), node.name());
                unionOf.put(node, made);
                in.put(made, node);
                long more = node.self() - made.self();
                if (more > 0) {
                    union.addOwn(made, more);
                }
            }
            unionOf.clear();
        }
        union.sumTotals();
        for (CallTree tree : trees) {
            for (CallTree.Node node : tree.nodes()) {
                String binary = tree.binary(node.name());
                if (binary != null) {
                    union.setBinary(node.name(), binary);
                }
            }
        }
        return new Union(union, inBefore, inAfter);
    }

    /** @return for each node of one tree, listed parents first, the node of the same path in the other, where it has one */
    private static Map<CallTree.Node, CallTree.Node> counterparts(List<CallTree.Node> nodes, CallTree tree, CallTree other) {
        Map<CallTree.Node, CallTree.Node> counterparts = new IdentityHashMap<>();
        counterparts.put(tree.root(), other.root());
        for (CallTree.Node node : nodes) {
            CallTree.Node caller = counterparts.get(node.parent());
            CallTree.Node same = caller != null ? caller.child(node.name()) : null;
            if (same != null) {
                counterparts.put(node, same);
            }
        }
        return counterparts;
    }

    private static Kind kind(CallTree.Node was, CallTree.Node is) {
        if (was == null) {
            return Kind.APPEARED;
        }
        if (is == null) {
            return Kind.VANISHED;
        }
        return was.total() == is.total() ? null : is.total() > was.total() ? Kind.GREW : Kind.SHRANK;
    }

    /** @return the change of a path, named by the node of either tree, or null when its total is the same */
    private static Change change(CallTree.Node node, CallTree.Node was, CallTree.Node is) {
        Kind kind = kind(was, is);
        return kind == null ? null : new Change(new PathOf(node), kind, was != null ? was.total() : 0, is != null ? is.total() : 0);
    }

    /**
     * Each node's place when the paths' texts ({@code a;b;c}) are sorted, found without making them: all the
     * paths below a node start with its text and a {@code ;}, so among the callees of one node, a callee's own
     * path sorts by its name, and the block of paths below it by its name and a {@code ;} (a callee {@code a} is
     * listed, then a callee {@code a0} and the paths below it, then those below {@code a}, since '0' sorts before
     * ';'). Exact when no name holds a {@code ;}, which folded stacks cannot write anyway.
     */
    private static Map<CallTree.Node, Integer> textOrder(CallTree tree) {
        record Item(CallTree.Node node, boolean below, String key) {
        }
        Map<CallTree.Node, Integer> rank = new IdentityHashMap<>();
        List<Item> pending = new ArrayList<>(List.of(new Item(tree.root(), true, "")));
        while (!pending.isEmpty()) {
            Item item = pending.remove(pending.size() - 1);
            if (!item.below()) {
                rank.put(item.node(), rank.size());
                continue;
            }
            List<Item> callees = new ArrayList<>();
            for (CallTree.Node callee : item.node().children()) {
                callees.add(new Item(callee, false, callee.name()));
                if (!callee.children().isEmpty()) {
                    callees.add(new Item(callee, true, callee.name() + ';'));
                }
            }
            callees.sort(Comparator.comparing(Item::key).reversed());
            pending.addAll(callees);
        }
        return rank;
    }

    /**
     * A node's call path as a list, made when first read: a change's path is often never read, and making every
     * changed path of a deep tree costs the square of its depth.
     */
    private static final class PathOf extends AbstractList<String> {
        private final CallTree.Node fNode;
        private List<String> fPath;

        PathOf(CallTree.Node node) {
            fNode = node;
        }

        private List<String> path() {
            if (fPath == null) {
                fPath = fNode.path();
            }
            return fPath;
        }

        @Override
        public String get(int index) {
            return path().get(index);
        }

        @Override
        public int size() {
            return path().size();
        }
    }
}
