// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The union of two runs keeps their call order, so that the differential sunburst lays its arcs out as each
 * run's own sunburst: main calls parse then compute in both runs, and the second run also calls report.
 */
class CallTreeDiffTest {

    private static CallTree run(boolean report) {
        CallTree tree = new CallTree();
        tree.add(List.of("main"), 5);
        tree.add(List.of("main", "parse"), 10);
        tree.add(List.of("main", "parse", "lex"), 20);
        tree.add(List.of("main", "compute"), 30);
        if (report) {
            tree.add(List.of("main", "report"), 1);
        }
        return tree;
    }

    private static List<String> names(List<CallTree.Node> nodes) {
        return nodes.stream().map(CallTree.Node::name).toList();
    }

    @Test
    void preorderListsEachCallerBeforeItsCalleesInCallOrder() {
        assertEquals(List.of("main", "parse", "lex", "compute"), names(run(false).preorder()));
    }

    @Test
    void theUnionKeepsTheFirstRunsCallOrderThenTheSecondsNewPaths() {
        CallTree union = CallTreeDiff.union(run(false), run(true));
        assertEquals(List.of("main", "parse", "lex", "compute", "report"), names(union.preorder()));
        assertEquals(66, union.root().total());
    }
}
