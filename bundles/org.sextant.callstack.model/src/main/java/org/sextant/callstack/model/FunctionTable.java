// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The functions of a call tree, each once, as a profiler's flat profile lists them: what the function cost itself
 * on all its call paths ({@code self}), what it cost with everything it called ({@code inclusive}), how many times
 * it was called where the input counts calls, and its callers and callees with what each call edge cost.
 *
 * <p>
 * Inclusive costs are counted once: a function's inclusive cost is what ran while it was on the stack, so a
 * recursive function's inner calls, which run inside its outer ones, add nothing to it, and it never exceeds the
 * total. {@code callgrind_annotate --inclusive=yes} adds up every call instead, once per level of recursion (a
 * recursive {@code fib'2} at 666% of the program); the two agree for every function that is not recursive. A call
 * edge's cost is counted once likewise: what ran under the callee's calls from that caller that were not inside
 * another such call.
 * </p>
 */
public final class FunctionTable {

    /**
     * A call edge seen from one end.
     *
     * @param function
     *            the function at the other end
     * @param cost
     *            what the calls on the edge cost with everything they called, counted once
     * @param calls
     *            how many calls, or -1 when the input does not count them
     */
    public record Edge(String function, long cost, long calls) {
    }

    /**
     * One function.
     *
     * @param name
     *            its name
     * @param binary
     *            its binary, or null when the input does not say
     * @param self
     *            its own cost on all its paths
     * @param inclusive
     *            what ran while it was on the stack, counted once
     * @param calls
     *            how many times it was called, or -1 when the input does not count calls
     * @param callers
     *            the functions that called it, the costliest edge first
     * @param callees
     *            the functions it called, the costliest edge first
     */
    public record Function(String name, String binary, long self, long inclusive, long calls, List<Edge> callers, List<Edge> callees) {
    }

    /** The orders a table is listed in. */
    public enum Order {
        /** by inclusive cost, then own cost, then name */
        INCLUSIVE,
        /** by own cost, then inclusive cost, then name */
        SELF
    }

    /** A node of the depth-first walk, entered before its callees and left after them. */
    private record Step(CallTree.Node node, boolean entering) {
    }

    private final long fTotal;
    private final Map<String, Function> fFunctions;

    private FunctionTable(long total, Map<String, Function> functions) {
        fTotal = total;
        fFunctions = functions;
    }

    /**
     * @param tree
     *            a call tree
     * @param calls
     *            calls per caller and callee by function name, as the input counts them; empty when it does not
     * @return its functions
     */
    public static FunctionTable of(CallTree tree, Map<String, Map<String, Long>> calls) {
        Map<String, long[]> costs = new LinkedHashMap<>(); // self, inclusive
        Map<String, Map<String, Long>> edges = new LinkedHashMap<>(); // caller, callee, cost
        Map<String, Integer> onPath = new HashMap<>();
        Map<List<String>, Integer> edgesOnPath = new HashMap<>();
        // depth-first, with the functions and edges on the path counted, so that nested calls add once
        List<Step> pending = new ArrayList<>();
        List<CallTree.Node> roots = new ArrayList<>(tree.root().children());
        for (int i = roots.size() - 1; i >= 0; i--) {
            pending.add(new Step(roots.get(i), true));
        }
        while (!pending.isEmpty()) {
            Step step = pending.remove(pending.size() - 1);
            CallTree.Node node = step.node();
            String name = node.name();
            CallTree.Node parent = node.parent();
            List<String> edge = parent.parent() != null ? List.of(parent.name(), name) : null;
            if (!step.entering()) {
                onPath.merge(name, -1, Integer::sum);
                if (edge != null) {
                    edgesOnPath.merge(edge, -1, Integer::sum);
                }
                continue;
            }
            long[] cost = costs.computeIfAbsent(name, n -> new long[2]);
            cost[0] += node.self();
            if (onPath.getOrDefault(name, 0) == 0) {
                cost[1] += node.total();
            }
            if (edge != null && edgesOnPath.getOrDefault(edge, 0) == 0) {
                edges.computeIfAbsent(edge.get(0), c -> new LinkedHashMap<>()).merge(name, node.total(), Long::sum);
            }
            onPath.merge(name, 1, Integer::sum);
            if (edge != null) {
                edgesOnPath.merge(edge, 1, Integer::sum);
            }
            pending.add(new Step(node, false));
            List<CallTree.Node> children = new ArrayList<>(node.children());
            for (int i = children.size() - 1; i >= 0; i--) {
                pending.add(new Step(children.get(i), true));
            }
        }
        Map<String, List<Edge>> callers = new HashMap<>();
        Map<String, List<Edge>> callees = new HashMap<>();
        edges.forEach((caller, called) -> called.forEach((callee, cost) -> {
            long count = calls.isEmpty() ? -1 : calls.getOrDefault(caller, Map.of()).getOrDefault(callee, 0L);
            callers.computeIfAbsent(callee, c -> new ArrayList<>()).add(new Edge(caller, cost, count));
            callees.computeIfAbsent(caller, c -> new ArrayList<>()).add(new Edge(callee, cost, count));
        }));
        Map<String, Long> called = new HashMap<>();
        calls.values().forEach(edgeCalls -> edgeCalls.forEach((callee, count) -> called.merge(callee, count, Long::sum)));
        Comparator<Edge> costliest = Comparator.comparingLong(Edge::cost).reversed().thenComparing(Edge::function);
        Map<String, Function> functions = new LinkedHashMap<>();
        costs.forEach((name, cost) -> {
            List<Edge> in = callers.getOrDefault(name, new ArrayList<>());
            List<Edge> out = callees.getOrDefault(name, new ArrayList<>());
            in.sort(costliest);
            out.sort(costliest);
            functions.put(name, new Function(name, tree.binary(name), cost[0], cost[1], calls.isEmpty() ? -1 : called.getOrDefault(name, 0L), List.copyOf(in),
                    List.copyOf(out)));
        });
        return new FunctionTable(tree.root().total(), functions);
    }

    /** @return the tree's total, which percentages are of */
    public long total() {
        return fTotal;
    }

    /** @return how many functions */
    public int size() {
        return fFunctions.size();
    }

    /**
     * @param name
     *            a function's name
     * @return the function, or null when the tree has none of that name
     */
    public Function function(String name) {
        return fFunctions.get(name);
    }

    /**
     * @param order
     *            how to sort
     * @param count
     *            how many at most
     * @return the first functions in that order
     */
    public List<Function> top(Order order, int count) {
        Comparator<Function> byName = Comparator.comparing(Function::name);
        Comparator<Function> sort = order == Order.INCLUSIVE
                ? Comparator.comparingLong(Function::inclusive).reversed().thenComparing(Comparator.comparingLong(Function::self).reversed()).thenComparing(byName)
                : Comparator.comparingLong(Function::self).reversed().thenComparing(Comparator.comparingLong(Function::inclusive).reversed()).thenComparing(byName);
        return fFunctions.values().stream().sorted(sort).limit(count).toList();
    }
}
