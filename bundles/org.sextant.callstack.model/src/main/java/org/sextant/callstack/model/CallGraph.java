// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.model;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A call graph as callgrind records it: each function's own cost, and each call edge's inclusive cost and call
 * count. {@link #tree()} expands it into a call tree that keeps every unit and every edge's cost.
 *
 * <p>
 * The graph says what each call edge cost in all, not which of a callee's callers paid for which of its costs. The
 * tree shares a function's costs (its own, and each of its calls to functions outside its cycle) among the call
 * paths that reach it in proportion to what each path brings (its <em>budget</em>), in whole units, so that:
 * </p>
 * <ul>
 * <li>every function's own cost on all its paths adds up to its cost lines, so the tree's total is the file's;</li>
 * <li>every call edge leaving a function's cycle adds up, over the paths, to the edge's cost in the file, and each
 * path's total to its budget, so that a function outside any cycle has on its paths exactly the inclusive cost
 * callgrind gives its calls.</li>
 * </ul>
 * <p>
 * Functions calling each other in a cycle (recursion; callgrind names the levels of a directly recursive function
 * {@code f'2}) are one component: each path into it gets the component's functions once, along a spanning tree of
 * its calls from the function entered, and the cycle's calls back are not expanded (their cost is already in the
 * functions' own costs). What a component costs beyond the calls into it (a thread starts inside {@code clone},
 * where no call accounts for the thread's work; a function nobody calls) is a root of its own.
 * </p>
 */
final class CallGraph {

    private final List<String> fNames = new ArrayList<>();
    private final List<String> fBinaries = new ArrayList<>();
    private long[] fSelf = new long[16];
    /** caller, callee, {inclusive cost, calls}: in the order the file first calls each callee. */
    private final List<Map<Integer, long[]>> fCalls = new ArrayList<>();

    /**
     * @param name
     *            the function's name, unique in the graph
     * @param binary
     *            its binary, or null
     * @return its index
     */
    int add(String name, String binary) {
        int index = fNames.size();
        fNames.add(name);
        fBinaries.add(binary);
        fCalls.add(new LinkedHashMap<>());
        if (index == fSelf.length) {
            fSelf = Arrays.copyOf(fSelf, index * 2);
        }
        return index;
    }

    /** @return the function's name */
    String name(int function) {
        return fNames.get(function);
    }

    /** Names a function anew: two functions of one name are told apart once the whole file is read. */
    void rename(int function, String name) {
        fNames.set(function, name);
    }

    /** @return the function's binary, or null */
    String binary(int function) {
        return fBinaries.get(function);
    }

    /** Says which binary a function is in, unless a binary was said before. */
    void locate(int function, String binary) {
        if (fBinaries.get(function) == null) {
            fBinaries.set(function, binary);
        }
    }

    /** @return how many functions */
    int size() {
        return fNames.size();
    }

    /** @throws ArithmeticException when the function's own cost would pass {@link Long#MAX_VALUE} */
    void addSelf(int function, long cost) {
        fSelf[function] = Math.addExact(fSelf[function], cost);
    }

    /** @throws ArithmeticException when the edge's cost would pass {@link Long#MAX_VALUE} */
    void addCall(int caller, int callee, long cost, long calls) {
        long[] edge = fCalls.get(caller).computeIfAbsent(callee, c -> new long[2]);
        edge[0] = Math.addExact(edge[0], cost);
        edge[1] = Math.addExact(edge[1], calls);
    }

    /** @return the sum of every function's own cost */
    long selfTotal() {
        long total = 0;
        for (int f = 0; f < size(); f++) {
            total = Math.addExact(total, fSelf[f]);
        }
        return total;
    }

    /** @return calls per caller and callee, by name, in the file's order */
    Map<String, Map<String, Long>> callCounts() {
        Map<String, Map<String, Long>> counts = new LinkedHashMap<>();
        for (int caller = 0; caller < size(); caller++) {
            for (Map.Entry<Integer, long[]> call : fCalls.get(caller).entrySet()) {
                counts.computeIfAbsent(fNames.get(caller), c -> new LinkedHashMap<>()).put(fNames.get(call.getKey()), call.getValue()[1]);
            }
        }
        return counts;
    }

    /** A path into a component: the node it hangs from, the function entered, and the cost it brings. */
    private record Slot(CallTree.Node parent, int entry, long budget) {
    }

    /**
     * @return the call tree; its total is the sum of the functions' own costs
     * @throws ArithmeticException
     *             when the costs of one component add up past {@link Long#MAX_VALUE}
     */
    CallTree tree() {
        CallTree tree = new CallTree();
        for (int f = 0; f < size(); f++) {
            if (fBinaries.get(f) != null) {
                tree.setBinary(fNames.get(f), fBinaries.get(f));
            }
        }
        int[] component = new int[size()];
        List<int[]> components = components(component);
        List<List<Slot>> slots = new ArrayList<>();
        for (int c = 0; c < components.size(); c++) {
            slots.add(new ArrayList<>());
        }
        long[] calledWith = new long[size()];
        for (Map<Integer, long[]> calls : fCalls) {
            for (Map.Entry<Integer, long[]> call : calls.entrySet()) {
                calledWith[call.getKey()] = Math.addExact(calledWith[call.getKey()], call.getValue()[0]);
            }
        }
        Map<CallTree.Node, Integer> functionOf = new IdentityHashMap<>();
        for (int c = 0; c < components.size(); c++) {
            expand(tree, components.get(c), component, calledWith, slots, functionOf);
            slots.set(c, null);
        }
        // summed once: a function's cost added to each of its callers would cost a deep chain the square of its depth
        tree.sumTotals();
        order(tree, functionOf);
        return tree;
    }

    /** Shares one component's costs among the paths into it, and hands its calls out to the components below. */
    private void expand(CallTree tree, int[] members, int[] component, long[] calledWith, List<List<Slot>> slots,
            Map<CallTree.Node, Integer> functionOf) {
        int self = component[members[0]];
        List<long[]> columns = new ArrayList<>(); // {member, callee or -1 for its own cost, cost}
        long content = 0;
        for (int member : members) {
            if (fSelf[member] > 0) {
                columns.add(new long[] { member, -1, fSelf[member] });
                content = Math.addExact(content, fSelf[member]);
            }
            for (Map.Entry<Integer, long[]> call : fCalls.get(member).entrySet()) {
                if (component[call.getKey()] != self && call.getValue()[0] > 0) {
                    columns.add(new long[] { member, call.getKey(), call.getValue()[0] });
                    content = Math.addExact(content, call.getValue()[0]);
                }
            }
        }
        if (content == 0) {
            return;
        }
        List<Slot> entering = new ArrayList<>(slots.get(self));
        long entered = 0;
        for (Slot slot : entering) {
            entered = Math.addExact(entered, slot.budget());
        }
        if (content > entered) {
            roots(tree, members, calledWith, content - entered, entering);
        }
        long[] rows = entering.stream().mapToLong(Slot::budget).toArray();
        long[][] cells = ControlledRounding.round(rows, columns.stream().mapToLong(column -> column[2]).toArray());
        Map<Integer, Map<Integer, Integer>> spanning = new LinkedHashMap<>();
        for (int s = 0; s < entering.size(); s++) {
            Slot slot = entering.get(s);
            Map<Integer, Integer> up = spanning.computeIfAbsent(slot.entry(), entry -> spanningTree(entry, component));
            Map<Integer, CallTree.Node> nodes = new LinkedHashMap<>();
            for (int j = 0; j < columns.size(); j++) {
                long units = cells[s][j];
                if (units == 0) {
                    continue;
                }
                int member = (int) columns.get(j)[0];
                int callee = (int) columns.get(j)[1];
                CallTree.Node node = node(tree, slot, member, up, nodes, functionOf);
                if (callee < 0) {
                    tree.addOwn(node, units);
                } else {
                    slots.get(component[callee]).add(new Slot(node, callee, units));
                }
            }
        }
    }

    /**
     * The part of a component's cost that no call into it accounts for, as paths from the root: shared among the
     * members whose own cost and calls exceed the calls into them, or given to the first member when none does.
     */
    private void roots(CallTree tree, int[] members, long[] calledWith, long budget, List<Slot> entering) {
        long[] excess = new long[members.length];
        boolean any = false;
        for (int m = 0; m < members.length; m++) {
            long inclusive = fSelf[members[m]];
            for (long[] call : fCalls.get(members[m]).values()) {
                inclusive = Math.addExact(inclusive, call[0]);
            }
            excess[m] = Math.max(0, inclusive - calledWith[members[m]]);
            any |= excess[m] > 0;
        }
        if (!any) {
            excess[0] = 1;
        }
        long[][] shares = ControlledRounding.round(excess, new long[] { budget });
        for (int m = 0; m < members.length; m++) {
            if (shares[m][0] > 0) {
                entering.add(new Slot(tree.root(), members[m], shares[m][0]));
            }
        }
    }

    /** @return for each member, the member it is called from on a breadth-first tree of the cycle's calls from the entry */
    private Map<Integer, Integer> spanningTree(int entry, int[] component) {
        // a map, not an array over every function: a chain of n functions is n components, and n arrays of n
        Map<Integer, Integer> up = new HashMap<>();
        up.put(entry, -1);
        ArrayDeque<Integer> queue = new ArrayDeque<>(List.of(entry));
        while (!queue.isEmpty()) {
            int caller = queue.poll();
            for (Map.Entry<Integer, long[]> call : fCalls.get(caller).entrySet()) {
                int callee = call.getKey();
                if (component[callee] == component[entry] && !up.containsKey(callee) && call.getValue()[0] > 0) {
                    up.put(callee, caller);
                    queue.add(callee);
                }
            }
        }
        return up;
    }

    /** The node of a member on a path into its component, made with the nodes between when first needed. */
    private CallTree.Node node(CallTree tree, Slot slot, int member, Map<Integer, Integer> up, Map<Integer, CallTree.Node> nodes,
            Map<CallTree.Node, Integer> functionOf) {
        List<Integer> chain = new ArrayList<>();
        int known = member;
        while (known >= 0 && !nodes.containsKey(known)) {
            chain.add(known);
            known = up.getOrDefault(known, -2);
        }
        CallTree.Node node = known >= 0 ? nodes.get(known) : slot.parent();
        for (int i = chain.size() - 1; i >= 0; i--) {
            int f = chain.get(i);
            node = tree.child(node, fNames.get(f));
            functionOf.put(node, f);
            nodes.put(f, node);
        }
        return node;
    }

    /** Each caller's callees in the order the file first calls them; the roots in the file's order. */
    private void order(CallTree tree, Map<CallTree.Node, Integer> functionOf) {
        List<CallTree.Node> pending = new ArrayList<>(List.of(tree.root()));
        while (!pending.isEmpty()) {
            CallTree.Node node = pending.remove(pending.size() - 1);
            Integer function = functionOf.get(node);
            List<Integer> callees = function == null ? List.of() : new ArrayList<>(fCalls.get(function).keySet());
            tree.sortChildren(node, Comparator.comparingInt((CallTree.Node child) -> {
                int position = callees.indexOf(functionOf.get(child));
                return position >= 0 ? position : callees.size() + functionOf.get(child);
            }));
            pending.addAll(node.children());
        }
    }

    /**
     * The strongly connected components of the calls that cost something (Tarjan's, without recursion), callers'
     * components before their callees'.
     *
     * @param component
     *            filled with each function's component
     * @return each component's functions, in the file's order
     */
    private List<int[]> components(int[] component) {
        int n = size();
        int[] index = new int[n];
        int[] low = new int[n];
        boolean[] onStack = new boolean[n];
        Arrays.fill(index, -1);
        int[] stack = new int[n];
        int top = 0;
        int counter = 0;
        List<int[]> found = new ArrayList<>();
        int[][] callees = new int[n][];
        for (int f = 0; f < n; f++) {
            callees[f] = fCalls.get(f).entrySet().stream().filter(call -> call.getValue()[0] > 0).mapToInt(Map.Entry::getKey).toArray();
        }
        int[] frameNode = new int[n];
        int[] frameNext = new int[n];
        for (int start = 0; start < n; start++) {
            if (index[start] >= 0) {
                continue;
            }
            int depth = 0;
            frameNode[0] = start;
            frameNext[0] = 0;
            index[start] = low[start] = counter++;
            stack[top++] = start;
            onStack[start] = true;
            while (depth >= 0) {
                int node = frameNode[depth];
                if (frameNext[depth] < callees[node].length) {
                    int callee = callees[node][frameNext[depth]++];
                    if (index[callee] < 0) {
                        index[callee] = low[callee] = counter++;
                        stack[top++] = callee;
                        onStack[callee] = true;
                        depth++;
                        frameNode[depth] = callee;
                        frameNext[depth] = 0;
                    } else if (onStack[callee]) {
                        low[node] = Math.min(low[node], index[callee]);
                    }
                    continue;
                }
                if (low[node] == index[node]) {
                    List<Integer> members = new ArrayList<>();
                    int member;
                    do {
                        member = stack[--top];
                        onStack[member] = false;
                        members.add(member);
                    } while (member != node);
                    found.add(members.stream().mapToInt(Integer::intValue).sorted().toArray());
                }
                depth--;
                if (depth >= 0) {
                    low[frameNode[depth]] = Math.min(low[frameNode[depth]], low[node]);
                }
            }
        }
        // Tarjan finds a component after every component it calls: reversed, callers come first.
        List<int[]> ordered = new ArrayList<>(found.size());
        for (int c = found.size() - 1; c >= 0; c--) {
            for (int member : found.get(c)) {
                component[member] = ordered.size();
            }
            ordered.add(found.get(c));
        }
        return ordered;
    }
}
