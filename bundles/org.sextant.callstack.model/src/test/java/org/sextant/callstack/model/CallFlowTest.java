// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import org.junit.jupiter.api.Test;

/** The stack machine on hand-written flows: where costs go when the trace starts mid-stack, unwinds, or stops. */
class CallFlowTest {

    private static final CallFlow.Where T1 = new CallFlow.Where("app", 1, 0);
    private static final CallFlow.Where T2 = new CallFlow.Where("app", 2, 1);

    @Test
    void costsGoToThePathOnTheStackBeforeEachStep() {
        CallFlow flow = new CallFlow();
        flow.advance(T1, 100, 0, "main");
        flow.advance(T1, 110, 4, null);
        flow.call(T1, "main", "compute");
        flow.advance(T1, 130, 7, null);
        flow.call(T1, "compute", "mix");
        flow.advance(T1, 135, 2, null);
        flow.ret(T1, "compute");
        CallTree time = flow.tree(CallFlow.Weight.TIME);
        assertEquals(10, time.find(List.of("main")).self(), "100 to the call at 110");
        assertEquals(20, time.find(List.of("main", "compute")).self());
        assertEquals(5, time.find(List.of("main", "compute", "mix")).self());
        CallTree instructions = flow.tree(CallFlow.Weight.INSTRUCTIONS);
        assertEquals(13, instructions.root().total());
        assertEquals(9, instructions.find(List.of("main", "compute")).total());
        assertEquals(List.of("main", "compute"), flow.stackOf(1));
    }

    @Test
    void aReturnIntoAnUnknownFunctionStartsANewRoot() {
        CallFlow flow = new CallFlow();
        flow.call(T1, "compute", "mix");
        flow.advance(T1, 0, 3, null);
        flow.ret(T1, "compute");
        flow.ret(T1, "main");
        flow.advance(T1, 0, 2, null);
        CallTree tree = flow.tree(CallFlow.Weight.INSTRUCTIONS);
        assertEquals(3, tree.find(List.of("compute", "mix")).self(), "the trace started in compute");
        assertEquals(2, tree.find(List.of("main")).self(), "main was never called in the trace: a root of its own");
        assertEquals(List.of("main"), flow.stackOf(1));
    }

    @Test
    void aReturnFurtherDownTheStackUnwindsToIt() {
        CallFlow flow = new CallFlow();
        flow.call(T1, "main", "a");
        flow.call(T1, "a", "b");
        flow.call(T1, "b", "c");
        flow.ret(T1, "main");
        assertEquals(List.of("main"), flow.stackOf(1), "longjmp from c back to main");
        flow.ret(T1, null);
        assertEquals(List.of(), flow.stackOf(1));
    }

    @Test
    void timeAcrossAGapGoesToNoPath() {
        CallFlow flow = new CallFlow();
        flow.advance(T1, 100, 1, "main");
        flow.advance(T1, 150, 1, null);
        flow.gap(T1, 1000);
        flow.advance(T1, 1010, 1, null);
        assertEquals(60, flow.tree(CallFlow.Weight.TIME).root().total());
        assertEquals(850, flow.untraced());
    }

    @Test
    void scopesSplitByProcessThreadAndCpu() {
        CallFlow flow = new CallFlow();
        flow.advance(T1, 0, 5, "main");
        flow.advance(T2, 0, 7, "worker");
        flow.advance(new CallFlow.Where("app", 1, 1), 0, 1, null);
        Map<String, CallTree> threads = flow.trees(CallFlow.Scope.THREAD, CallFlow.Weight.INSTRUCTIONS);
        assertEquals(List.of("app/1", "app/2"), List.copyOf(threads.keySet()));
        assertEquals(6, threads.get("app/1").root().total());
        Map<String, CallTree> cpus = flow.trees(CallFlow.Scope.CPU, CallFlow.Weight.INSTRUCTIONS);
        assertEquals(5, cpus.get("0").root().total());
        assertEquals(8, cpus.get("1").root().total(), "worker's 7, and main's 1 after it migrated");
        assertEquals(13, flow.trees(CallFlow.Scope.PROCESS, CallFlow.Weight.INSTRUCTIONS).get("app").root().total());
    }

    /**
     * The flow keeps each stack's nodes from step to step rather than walking every tree from its root: on a long
     * random flow of calls, returns, jumps, depths and migrations over three threads and two CPUs, its trees
     * equal those of charging each step's whole stack to the trees from the root.
     */
    @Test
    void treesEqualChargingEveryStepsWholeStack() {
        Random random = new Random(18);
        List<String> functions = List.of("main", "a", "b", "c", "d");
        CallFlow flow = new CallFlow();
        Map<String, CallTree> expected = new HashMap<>();
        long[] times = { -1, -1, -1 };
        for (int step = 0; step < 20_000; step++) {
            int thread = random.nextInt(3);
            CallFlow.Where where = new CallFlow.Where("p" + thread % 2, thread, random.nextInt(4) == 0 ? 1 - thread % 2 : thread % 2);
            String function = functions.get(random.nextInt(functions.size()));
            switch (random.nextInt(5)) {
            case 0 -> flow.call(where, null, function);
            case 1 -> flow.ret(where, random.nextBoolean() ? function : null);
            case 2 -> flow.jump(where, function);
            case 3 -> flow.enter(where, random.nextInt(4), function);
            default -> {
                long instructions = random.nextInt(3);
                long time = Math.max(times[thread], 0) + random.nextInt(3);
                List<String> stack = flow.stackOf(thread);
                long elapsed = times[thread] >= 0 ? time - times[thread] : 0;
                if (!stack.isEmpty()) {
                    for (CallFlow.Scope scope : CallFlow.Scope.values()) {
                        charge(expected, scope + "/" + where.key(scope) + "/i", stack, instructions);
                        charge(expected, scope + "/" + where.key(scope) + "/t", stack, elapsed);
                    }
                }
                flow.advance(where, time, instructions, null);
                times[thread] = time;
            }
            }
        }
        Set<String> built = new HashSet<>();
        for (CallFlow.Scope scope : CallFlow.Scope.values()) {
            for (CallFlow.Weight weight : CallFlow.Weight.values()) {
                String suffix = weight == CallFlow.Weight.INSTRUCTIONS ? "/i" : "/t";
                flow.trees(scope, weight).forEach((key, tree) -> {
                    String name = scope + "/" + key + suffix;
                    if (tree.root().total() > 0) {
                        built.add(name);
                    }
                    assertSameTree(expected.get(name), tree);
                });
            }
        }
        assertEquals(expected.keySet(), built, "a tree for every place and weight charged, and no other");
    }

    private static void charge(Map<String, CallTree> trees, String key, List<String> stack, long cost) {
        if (cost > 0) {
            trees.computeIfAbsent(key, k -> new CallTree()).add(stack, cost);
        }
    }

    private static void assertSameTree(CallTree expected, CallTree actual) {
        List<String> want = new ArrayList<>();
        List<String> got = new ArrayList<>();
        if (expected != null) {
            expected.preorder().forEach(node -> want.add(node.path() + " " + node.self() + " " + node.total()));
        }
        actual.preorder().forEach(node -> got.add(node.path() + " " + node.self() + " " + node.total()));
        assertEquals(want, got);
    }
}
