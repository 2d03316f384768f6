// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.model;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiConsumer;

/**
 * Reads a callgrind output file (valgrind's {@code --tool=callgrind}: exact instruction counts per function and
 * per call edge) into a {@link CallTree} of its first event (Ir, instructions, by default).
 *
 * <p>
 * Callgrind records a call graph, not call paths: each function's own cost, and each call edge's inclusive
 * cost. The tree expands the graph from the functions nobody calls: a function reached through an edge gets,
 * of its own cost and of its calls, the share that edge's cost is of everything the function cost. Where a
 * function has one caller, as in the programs the tests build, the tree is exact; where it has several, the
 * shares follow callgrind's totals (callgrind's {@code --separate-callers} makes more of it exact). Recursion
 * is cut where a function calls itself again on a path: the cost below stays with the outer call. Each
 * function's own cost is split over the paths that reach it in whole instructions that add up to it, so the
 * tree's total is exactly the sum of the file's cost lines, which is its {@code summary:} and {@code totals:}.
 * </p>
 */
public final class CallgrindReader {

    /**
     * The call graph as the file states it, functions keyed by their compressed id where they have one: two
     * functions may share a name (libc has two "(below main)").
     */
    private static final class Graph {
        final Map<String, String> fNames = new HashMap<>();
        final Map<String, Long> fSelf = new LinkedHashMap<>();
        final Map<String, Map<String, Long>> fCalls = new LinkedHashMap<>();
        final Set<String> fCalled = new LinkedHashSet<>();
        final Map<String, String> fObjectNames = new HashMap<>();
        final Map<String, String> fObjects = new HashMap<>();

        long inclusive(String function) {
            long total = fSelf.getOrDefault(function, 0L);
            for (long cost : fCalls.getOrDefault(function, Map.of()).values()) {
                total += cost;
            }
            return total;
        }
    }

    private CallgrindReader() {
    }

    /**
     * @param source
     *            the callgrind output
     * @param name
     *            its name, for messages
     * @return the call tree, weighted by the first event of the file
     * @throws IOException
     *             when it cannot be read
     * @throws CallStackFormatException
     *             when it is no callgrind output; the message names the source and line
     */
    public static CallTree read(BufferedReader source, String name) throws IOException, CallStackFormatException {
        Graph graph = parse(source, name);
        CallTree tree = new CallTree();
        graph.fObjects.forEach((function, object) -> tree.setBinary(graph.fNames.get(function), graph.fObjectNames.get(object)));
        Map<String, List<Reached>> reached = new LinkedHashMap<>();
        for (String function : graph.fSelf.keySet()) {
            if (!graph.fCalled.contains(function)) {
                expand(graph, reached, new ArrayList<>(), function, 1.0);
            }
        }
        // A function whose every caller lies on a cycle through it is reached from none of the roots: it is one.
        for (String function : graph.fSelf.keySet()) {
            if (graph.fSelf.get(function) > 0 && !reached.containsKey(function)) {
                expand(graph, reached, new ArrayList<>(), function, 1.0);
            }
        }
        reached.forEach((function, paths) -> share(graph.fSelf.get(function), paths, (path, cost) -> {
            if (cost > 0) {
                tree.add(path.stream().map(graph.fNames::get).toList(), cost);
            }
        }));
        return tree;
    }

    /** A call path that reaches a function, and the share of the function's own cost it stands for. */
    private record Reached(List<String> path, double share) {
    }

    private static void expand(Graph graph, Map<String, List<Reached>> reached, List<String> path, String function, double share) {
        path.add(function);
        reached.computeIfAbsent(function, f -> new ArrayList<>()).add(new Reached(List.copyOf(path), share));
        for (Map.Entry<String, Long> call : graph.fCalls.getOrDefault(function, Map.of()).entrySet()) {
            String callee = call.getKey();
            long calleeTotal = graph.inclusive(callee);
            if (!path.contains(callee) && calleeTotal > 0) {
                expand(graph, reached, path, callee, share * call.getValue() / calleeTotal);
            }
        }
        path.remove(path.size() - 1);
    }

    /**
     * Splits a function's own cost over the paths that reach it, in proportion to their shares, in whole units
     * that add up to the cost exactly (the largest remainders get the units rounding leaves): whatever the shares
     * (recursion cut, callers on cycles, rounding), the tree's total is the sum of the file's cost lines.
     */
    private static void share(long cost, List<Reached> paths, BiConsumer<List<String>, Long> add) {
        double shares = paths.stream().mapToDouble(Reached::share).sum();
        int count = paths.size();
        long[] units = new long[count];
        double[] remainders = new double[count];
        long given = 0;
        for (int i = 0; i < count; i++) {
            double exact = shares > 0 ? cost * (paths.get(i).share() / shares) : (double) cost / count;
            units[i] = (long) Math.floor(exact);
            remainders[i] = exact - units[i];
            given += units[i];
        }
        Integer[] order = new Integer[count];
        for (int i = 0; i < count; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingDouble((Integer i) -> remainders[i]).reversed());
        for (int k = 0; given < cost; k = (k + 1) % count) {
            units[order[k]]++;
            given++;
        }
        for (int i = 0; i < count; i++) {
            add.accept(paths.get(i).path(), units[i]);
        }
    }

    private static Graph parse(BufferedReader source, String name) throws IOException, CallStackFormatException {
        Graph graph = new Graph();
        int positions = 1;
        String function = null;
        String callee = null;
        String object = null;
        String calleeObject = null;
        boolean callCost = false;
        boolean format = false;
        String declared = null;
        int declaredAt = 0;
        String line;
        int number = 0;
        while ((line = source.readLine()) != null) {
            number++;
            if (line.isEmpty() || line.startsWith("#")) {
                format |= line.startsWith("# callgrind format");
                continue;
            }
            char first = line.charAt(0);
            if (Character.isDigit(first) || first == '+' || first == '-' || first == '*') {
                if (function == null) {
                    throw new CallStackFormatException(name, number, "a cost line before any fn= line");
                }
                long cost = firstCost(line, positions, name, number);
                if (cost < 0) {
                    throw new CallStackFormatException(name, number, "a negative cost: " + cost);
                }
                try {
                    if (callCost) {
                        graph.fCalls.computeIfAbsent(function, f -> new LinkedHashMap<>()).merge(callee, cost, Math::addExact);
                        graph.fCalled.add(callee);
                        graph.fSelf.putIfAbsent(callee, 0L);
                        callCost = false;
                    } else {
                        graph.fSelf.merge(function, cost, Math::addExact);
                    }
                } catch (ArithmeticException e) {
                    throw new CallStackFormatException(name, number, "the costs add up past " + Long.MAX_VALUE);
                }
            } else if (line.startsWith("ob=")) {
                object = compressed(line.substring(3), graph.fObjectNames, name, number);
            } else if (line.startsWith("cob=")) {
                calleeObject = compressed(line.substring(4), graph.fObjectNames, name, number);
            } else if (line.startsWith("fn=")) {
                function = compressed(line.substring(3), graph.fNames, name, number);
                graph.fSelf.putIfAbsent(function, 0L);
                locate(graph, function, object);
            } else if (line.startsWith("cfn=")) {
                callee = compressed(line.substring(4), graph.fNames, name, number);
                // cob= holds for the cfn= right after it; without one, the callee is in the caller's object
                locate(graph, callee, calleeObject != null ? calleeObject : object);
                calleeObject = null;
            } else if (line.startsWith("calls=")) {
                if (callee == null) {
                    throw new CallStackFormatException(name, number, "calls= without a cfn= before it");
                }
                callCost = true;
            } else if (line.startsWith("positions:")) {
                positions = line.substring("positions:".length()).strip().split("\\s+").length;
            } else if (line.startsWith("version:") || line.startsWith("events:")) {
                format = true;
            } else if (line.startsWith("summary:") || line.startsWith("totals:")) {
                // totals: closes the file; summary: may open it, so a truncated file keeps only summary:
                if (declared == null || line.startsWith("totals:")) {
                    declared = line;
                    declaredAt = number;
                }
            }
        }
        if (!format) {
            throw new CallStackFormatException(name, 1, "not a callgrind output (no '# callgrind format', version: or events: line)");
        }
        if (declared != null) {
            checkTotal(graph, declared, name, declaredAt);
        }
        return graph;
    }

    /**
     * Every cost line is some function's own cost, so they add up to the total the file declares; when they do
     * not, the file was cut short or damaged, and a partial profile would pass for a whole one.
     */
    private static void checkTotal(Graph graph, String declared, String name, int number) throws CallStackFormatException {
        String keyword = declared.substring(0, declared.indexOf(':'));
        long total = firstCost(keyword + ' ' + declared.substring(keyword.length() + 1).strip(), 1, name, number);
        long read = 0;
        try {
            for (long cost : graph.fSelf.values()) {
                read = Math.addExact(read, cost);
            }
        } catch (ArithmeticException e) {
            throw new CallStackFormatException(name, number, "the cost lines add up past " + Long.MAX_VALUE);
        }
        if (read != total) {
            throw new CallStackFormatException(name, number, "the cost lines add up to " + read + ", but " + keyword + ": says " + total
                    + ": the file is truncated or damaged");
        }
    }

    private static void locate(Graph graph, String function, String object) {
        if (object != null) {
            graph.fObjects.putIfAbsent(function, object);
        }
    }

    /** The cost of the first event on a cost line, after its positions; 0 when the line gives none. */
    private static long firstCost(String line, int positions, String name, int number) throws CallStackFormatException {
        String[] fields = line.strip().split("\\s+");
        if (fields.length <= positions) {
            return 0;
        }
        try {
            return Long.parseLong(fields[positions]);
        } catch (NumberFormatException e) {
            throw new CallStackFormatException(name, number, "not a cost: " + fields[positions]);
        }
    }

    /**
     * The key of a function in callgrind's compressed form: "(id) name" defines the id, "(id)" refers to it, a
     * plain "name" is its own key. {@code names} maps keys to names.
     */
    private static String compressed(String text, Map<String, String> names, String name, int number) throws CallStackFormatException {
        String value = text.strip();
        if (!value.startsWith("(")) {
            names.put(value, value);
            return value;
        }
        int close = value.indexOf(')');
        if (close < 0) {
            throw new CallStackFormatException(name, number, "unclosed name id: " + value);
        }
        String key = value.substring(0, close + 1);
        String defined = value.substring(close + 1).strip();
        if (!defined.isEmpty()) {
            names.put(key, defined);
        } else if (!names.containsKey(key)) {
            throw new CallStackFormatException(name, number, "name id " + key + " used before it is defined");
        }
        return key;
    }
}
