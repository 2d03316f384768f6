// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A call stack as deep as an input can make it goes through every step that walks it whole, with no recursion to
 * overflow the JVM's stack and nothing that grows with the square of its depth (which at these depths would not
 * finish): checked by the trees' depths and totals, not by timing. Folded stacks a million frames deep; callgrind
 * and perf script a quarter of that, whose readers do more per frame.
 */
class DeepStacksTest {

    private static final int MILLION = 1 << 20;
    private static final int DEEP = 1 << 18;

    private static CallTree read(Path file, boolean timeline) throws Exception {
        return Profile.read(file, DeltaProfiler.Pattern.INTERRUPTS, timeline, read -> {
            // no progress to tell
        }).tree(CallFlow.Weight.INSTRUCTIONS);
    }

    /** @return the innermost node of a tree that is one chain, each node checked to have one callee but the last */
    private static CallTree.Node innermost(CallTree tree, int depth) {
        CallTree.Node node = tree.root();
        for (int level = 0; level < depth; level++) {
            assertEquals(1, node.children().size(), "one callee at depth " + level);
            node = node.children().iterator().next();
            assertEquals("f" + level, node.name());
        }
        assertEquals(0, node.children().size());
        return node;
    }

    @Test
    void aMillionFramesDiffAndUnionPathByPath(@TempDir Path dir) throws Exception {
        CallTree before = read(DeepStacks.folded(dir, MILLION, 7), false);
        CallTree after = read(DeepStacks.folded(dir, MILLION, 8), false);
        // the innermost cost grew by one: so did every caller's total
        List<CallTreeDiff.Change> changes = CallTreeDiff.changes(before, after);
        assertEquals(MILLION, changes.size());
        assertEquals(List.of("f0"), changes.get(0).path());
        assertEquals(CallTreeDiff.Kind.GREW, changes.get(MILLION - 1).kind());
        assertEquals(MILLION, changes.get(MILLION - 1).path().size());
        List<CallTreeDiff.Change> largest = CallTreeDiff.largestFirst(before, after);
        assertEquals(List.of("f0"), largest.get(0).path(), "all grew by 1: by text, the shortest path first");
        assertEquals(List.of("f0", "f1"), largest.get(1).path());
        CallTreeDiff.Union union = CallTreeDiff.pair(before, after);
        assertEquals(8, union.tree().root().total());
        CallTree.Node deepest = innermost(union.tree(), MILLION);
        assertEquals(MILLION, deepest.depth());
        assertEquals(8, deepest.self());
        assertEquals(7, union.before(deepest).self());
        assertEquals(8, union.after(deepest).self());
        assertSame(CallTreeDiff.Kind.GREW, union.change(deepest));
    }

    @Test
    void aMillionFramesFlatProfileAndFoldedExport(@TempDir Path dir) throws Exception {
        CallTree tree = read(DeepStacks.folded(dir, MILLION, 7), false);
        FunctionTable table = FunctionTable.of(tree, Map.of());
        assertEquals(MILLION, table.size());
        FunctionTable.Function outermost = table.function("f0");
        assertEquals(7, outermost.inclusive());
        assertEquals(0, outermost.self());
        assertEquals(List.of(new FunctionTable.Edge("f1", 7, -1)), outermost.callees());
        assertEquals(7, table.function("f" + (MILLION - 1)).self());
        assertEquals(MILLION, tree.preorder().size());
        StringWriter folded = new StringWriter();
        FoldedStacks.write(tree, folded);
        assertEquals(DeepStacks.folded(dir, MILLION, 7).toFile().length(), folded.getBuffer().length(), "the one line, as read");
    }

    @Test
    void aMillionFramesBuiltCallByCall() {
        CallTree.Builder builder = new CallTree.Builder();
        CallTree.Node node = builder.root();
        for (int level = 0; level < MILLION; level++) {
            node = builder.call(node, "f" + level, 1);
        }
        CallTree tree = builder.build();
        assertEquals(MILLION, tree.root().total());
        CallTree.Node deepest = innermost(tree, MILLION);
        assertEquals(1, deepest.total());
        assertEquals(2, deepest.parent().total());
    }

    /** Every function of the chain costs itself: each node's total is its own cost and all those below. */
    @Test
    void aDeepCallgrindChain(@TempDir Path dir) throws Exception {
        CallTree tree = read(DeepStacks.callgrind(dir, DEEP), false);
        assertEquals(DEEP, tree.root().total());
        CallTree.Node node = tree.root();
        for (int level = 0; level < DEEP; level++) {
            node = node.child("f" + level);
            assertEquals(1, node.self());
            assertEquals(DEEP - level, node.total(), "at depth " + level);
        }
        assertEquals(DEEP, node.depth());
    }

    /** A call a nanosecond down the chain and a return a nanosecond up: the time tree and the flame chart's steps. */
    @Test
    void aDeepTimedFlow(@TempDir Path dir) throws Exception {
        Profile profile = Profile.read(DeepStacks.perf(dir, DEEP), DeltaProfiler.Pattern.INTERRUPTS, true, read -> {
            // no progress to tell
        });
        CallTree time = profile.tree(CallFlow.Weight.TIME);
        long lines = 2L * (DEEP - 1);
        assertEquals(lines - 1, time.root().total(), "a nanosecond between each two lines");
        CallTree.Node deepest = innermost(time, DEEP);
        assertEquals(1, deepest.total(), "called at one line, returned from at the next");
        assertEquals(3, deepest.parent().total());
        CallTimeline timeline = profile.timeline();
        assertEquals(2 * DEEP, timeline.size(), "each function entered and left once");
        assertEquals(DEEP - 1, timeline.step(DEEP - 1).depth());
        assertEquals(CallTimeline.Kind.ENTER, timeline.step(DEEP - 1).kind());
    }
}
