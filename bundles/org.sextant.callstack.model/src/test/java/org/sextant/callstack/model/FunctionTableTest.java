// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.BufferedReader;
import java.io.StringReader;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/** A flat profile of a tree with recursion: everything on the stack counts once. */
class FunctionTableTest {

    private static CallTree tree(String folded) throws Exception {
        return FoldedStacks.read(new BufferedReader(new StringReader(folded)), "test.folded");
    }

    /**
     * main calls f, which recurses twice, and g, which calls f: f's inclusive cost is everything under its outer
     * calls (10 + 20 + 40 under main, 8 under g), not 70 + 60 + 40 once per level; the edge f -> f is its outer
     * recursive call's 60, the one inside it adding nothing.
     */
    @Test
    void recursionCountsOnce() throws Exception {
        FunctionTable table = FunctionTable.of(tree("main 1\nmain;f 10\nmain;f;f 20\nmain;f;f;f 40\nmain;g 2\nmain;g;f 8\n"), Map.of());
        assertEquals(81, table.total());
        FunctionTable.Function f = table.function("f");
        assertEquals(78, f.self());
        assertEquals(78, f.inclusive());
        assertEquals(-1, f.calls(), "folded stacks count no calls");
        assertEquals(List.of(new FunctionTable.Edge("main", 70, -1), new FunctionTable.Edge("f", 60, -1), new FunctionTable.Edge("g", 8, -1)), f.callers());
        assertEquals(List.of(new FunctionTable.Edge("f", 60, -1)), f.callees());
        assertEquals(List.of("main", "f", "g"), table.top(FunctionTable.Order.INCLUSIVE, 3).stream().map(FunctionTable.Function::name).toList());
        assertEquals(List.of("f", "g"), table.top(FunctionTable.Order.SELF, 2).stream().map(FunctionTable.Function::name).toList());
    }

    @Test
    void callsComeFromTheInputsCounts() throws Exception {
        FunctionTable table = FunctionTable.of(tree("main;a 5\nmain;b;a 3\n"), Map.of("main", Map.of("a", 2L, "b", 1L), "b", Map.of("a", 7L)));
        assertEquals(9, table.function("a").calls());
        assertEquals(List.of(new FunctionTable.Edge("main", 5, 2), new FunctionTable.Edge("b", 3, 7)), table.function("a").callers());
        assertEquals(0, table.function("main").calls(), "nobody calls main");
    }

    @Test
    void theDifferenceOfTwoRunsListsTheLargestChangeFirst() throws Exception {
        FunctionTable before = FunctionTable.of(tree("main 1\nmain;a 10\nmain;gone 4\n"), Map.of());
        FunctionTable after = FunctionTable.of(tree("main 1\nmain;a 12\nmain;new 30\n"), Map.of());
        List<FunctionDiff.Change> changes = FunctionDiff.of(before, after);
        assertEquals(List.of("new", "main", "gone", "a"), changes.stream().map(FunctionDiff.Change::name).toList());
        assertEquals(new FunctionDiff.Change("new", null, new FunctionDiff.Cost(0, 30), new FunctionDiff.Cost(0, 30), CallTreeDiff.Kind.APPEARED),
                changes.get(0));
        assertEquals(new FunctionDiff.Cost(15, 43), changes.get(1).inclusive());
        assertEquals(CallTreeDiff.Kind.VANISHED, changes.get(2).kind());
        assertEquals(1.2, changes.get(3).inclusive().ratio(), 1e-9);
        assertEquals(Double.POSITIVE_INFINITY, changes.get(0).inclusive().ratio());
    }
}
