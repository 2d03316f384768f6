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
        fRoot.fTotal = Math.addExact(fRoot.fTotal, self);
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
     * Adds cost spent in a function itself on the path of a node.
     *
     * @param node
     *            a node of this tree, not the root
     * @param self
     *            the cost, not negative
     * @throws ArithmeticException
     *             when the tree's total would pass {@link Long#MAX_VALUE}
     */
    void addSelf(Node node, long self) {
        fRoot.fTotal = Math.addExact(fRoot.fTotal, self);
        node.fSelf += self;
        for (Node on = node; on != fRoot; on = on.fParent) {
            on.fTotal += self;
        }
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
