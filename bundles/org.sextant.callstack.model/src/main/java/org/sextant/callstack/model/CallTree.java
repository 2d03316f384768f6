// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.model;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A call tree weighted by a cost (instructions, or time): each node is a function reached by one call path from
 * the root, with the cost spent in the function itself on that path ({@code self}) and in it and everything it
 * called ({@code total}). The root is no function: its total is the whole cost.
 */
public final class CallTree {

    /** A function on one call path. */
    public static final class Node {
        private final String fName;
        private final Node fParent;
        private final Map<String, Node> fChildren = new LinkedHashMap<>();
        private long fSelf;
        private long fTotal;

        private Node(String name, Node parent) {
            fName = name;
            fParent = parent;
        }

        /** @return the function's name (empty for the root) */
        public String name() {
            return fName;
        }

        /** @return the caller's node, or null for the root */
        public Node parent() {
            return fParent;
        }

        /** @return the functions called on this path, in the order first seen */
        public Collection<Node> children() {
            return fChildren.values();
        }

        /**
         * @param name
         *            a function name
         * @return the child of that name, or null
         */
        public Node child(String name) {
            return fChildren.get(name);
        }

        /** @return the cost spent in this function itself on this path */
        public long self() {
            return fSelf;
        }

        /** @return the cost spent in this function and its callees on this path */
        public long total() {
            return fTotal;
        }

        /** @return the path from the root's first level to this node */
        public List<String> path() {
            // Collected innermost first and reversed once: linear in the depth, which folded stacks leave unbounded.
            List<String> path = new ArrayList<>();
            for (Node node = this; node.fParent != null; node = node.fParent) {
                path.add(node.fName);
            }
            Collections.reverse(path);
            return path;
        }

        /** @return the depth: 0 for the root, 1 for its children */
        public int depth() {
            int depth = 0;
            for (Node node = this; node.fParent != null; node = node.fParent) {
                depth++;
            }
            return depth;
        }
    }

    private final Node fRoot = new Node("", null);
    private final Map<String, String> fBinaries;
    /** What the root's total is, or will be once {@link #sumTotals} ran: where an overflow is found. */
    private long fCost;
    /** Whether costs were added with {@link #addOwn} since the totals were last summed. */
    private boolean fStale;

    /** An empty tree. */
    public CallTree() {
        this(new HashMap<>());
    }

    /**
     * An empty tree that knows the binaries of its functions from a map it shares with the other trees of one
     * input, which keeps filling it.
     *
     * @param binaries
     *            function name to binary
     */
    CallTree(Map<String, String> binaries) {
        fBinaries = binaries;
    }

    /**
     * Builds a tree call by call, each call under a node built before (as a provider's entries list them), and
     * sums the totals once at the end: {@link CallTree#add} walks each whole path from the root, which costs a
     * tree rebuilt path by path the square of its depth.
     */
    public static final class Builder {
        private final CallTree fTree = new CallTree();
        private boolean fBuilt;

        /** @return the root, the caller of the outermost calls */
        public Node root() {
            return fTree.fRoot;
        }

        /**
         * Adds a call, or cost to a call made before.
         *
         * @param caller
         *            the {@link #root()}, or a node this builder returned
         * @param name
         *            the function called
         * @param self
         *            the cost spent in the function itself on this path, not negative
         * @return the node of the call, made when the caller had no call of that name yet
         * @throws ArithmeticException
         *             when the tree's total would pass {@link Long#MAX_VALUE}
         */
        public Node call(Node caller, String name, long self) {
            if (fBuilt || self < 0) {
                throw new IllegalArgumentException(fBuilt ? "the tree is built" : "a cost not negative: " + self);
            }
            Node node = fTree.child(caller, name);
            fTree.addOwn(node, self);
            return node;
        }

        /**
         * Records the binary a function is in, as {@link CallTree#setBinary} does.
         *
         * @param function
         *            a function name
         * @param binary
         *            the binary's name or path
         */
        public void setBinary(String function, String binary) {
            fTree.setBinary(function, binary);
        }

        /** @return the tree, its totals summed; the builder takes no more calls */
        public CallTree build() {
            fBuilt = true;
            fTree.sumTotals();
            return fTree;
        }
    }

    /** @return the root: no function, its total the whole cost */
    public Node root() {
        return fRoot;
    }

    /**
     * Adds cost spent in the last function of a call path itself.
     *
     * @param path
     *            function names from the outermost caller, at least one
     * @param self
     *            the cost, not negative
     * @throws ArithmeticException
     *             when the tree's total would pass {@link Long#MAX_VALUE}
     */
    public void add(List<String> path, long self) {
        Objects.requireNonNull(path);
        if (path.isEmpty() || self < 0) {
            throw new IllegalArgumentException("need a call path and a cost not negative: " + path + ", " + self);
        }
        Node node = fRoot;
        // Every node's total is at most the root's: the root is the one that can overflow.
        fCost = Math.addExact(fCost, self);
        fRoot.fTotal += self;
        for (String name : path) {
            Node parent = node;
            node = parent.fChildren.computeIfAbsent(name, n -> new Node(n, parent));
            node.fTotal += self;
        }
        node.fSelf += self;
    }

    /**
     * @param parent
     *            a node of this tree
     * @param name
     *            a function it calls
     * @return the node of that call, made (with no cost) when the tree has none yet
     */
    Node child(Node parent, String name) {
        return parent.fChildren.computeIfAbsent(name, n -> new Node(n, parent));
    }

    /**
     * Adds cost spent in a function itself on the path of a node, and leaves its callers' totals to
     * {@link #sumTotals}: walking up every caller at every step would cost a flow or a call graph the square of
     * its stacks' depth.
     *
     * @param node
     *            a node of this tree, not the root
     * @param self
     *            the cost, not negative
     * @throws ArithmeticException
     *             when the tree's total would pass {@link Long#MAX_VALUE}, found here where the input's line is known
     */
    void addOwn(Node node, long self) {
        fCost = Math.addExact(fCost, self);
        node.fSelf += self;
        fStale = true;
    }

    /** Brings every total up to date after {@link #addOwn}, in one pass from the callees up. */
    void sumTotals() {
        if (!fStale) {
            return;
        }
        List<Node> nodes = nodes();
        fRoot.fTotal = fRoot.fSelf;
        for (Node node : nodes) {
            node.fTotal = node.fSelf;
        }
        // parents before children: backwards, each node's total is whole when it is added to its caller's
        for (int i = nodes.size() - 1; i >= 0; i--) {
            Node node = nodes.get(i);
            node.fParent.fTotal += node.fTotal;
        }
        fStale = false;
    }

    /**
     * Puts a node's callees in another order.
     *
     * @param node
     *            a node of this tree
     * @param order
     *            the order
     */
    void sortChildren(Node node, Comparator<Node> order) {
        List<Node> children = new ArrayList<>(node.fChildren.values());
        children.sort(order);
        node.fChildren.clear();
        children.forEach(child -> node.fChildren.put(child.fName, child));
    }

    /**
     * Records the binary (executable or library) a function is in, for colouring by binary.
     *
     * @param function
     *            a function name
     * @param binary
     *            the binary's name or path
     */
    public void setBinary(String function, String binary) {
        fBinaries.put(function, binary);
    }

    /**
     * @param function
     *            a function name
     * @return the binary the function is in, or null when the input did not say
     */
    public String binary(String function) {
        return fBinaries.get(function);
    }

    /**
     * @param path
     *            function names from the outermost caller
     * @return the node of that call path, or null when the tree has none
     */
    public Node find(List<String> path) {
        Node node = fRoot;
        for (String name : path) {
            node = node.child(name);
            if (node == null) {
                return null;
            }
        }
        return node;
    }

    /**
     * @return every node but the root in call order: each before its callees, and after the callees of the
     *         functions called before it from the same caller, as a sunburst lays them out
     */
    public List<Node> preorder() {
        List<Node> nodes = new ArrayList<>();
        List<Node> pending = new ArrayList<>(fRoot.children());
        Collections.reverse(pending);
        while (!pending.isEmpty()) {
            Node node = pending.remove(pending.size() - 1);
            nodes.add(node);
            List<Node> children = new ArrayList<>(node.children());
            Collections.reverse(children);
            pending.addAll(children);
        }
        return nodes;
    }

    /** @return every node but the root, parents before children */
    public List<Node> nodes() {
        List<Node> nodes = new ArrayList<>();
        List<Node> pending = new ArrayList<>(fRoot.children());
        while (!pending.isEmpty()) {
            Node node = pending.remove(pending.size() - 1);
            nodes.add(node);
            pending.addAll(node.children());
        }
        return nodes;
    }
}
