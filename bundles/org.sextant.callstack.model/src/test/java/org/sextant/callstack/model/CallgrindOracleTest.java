// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Callgrind profiles nobody tuned the reader for (tests/fixtures/callgrind-variety: recursion, inlining, threads,
 * callers on a cycle, instruction-level dumps with jumps and nine events, compressed names, two runs of one
 * program) against callgrind's own numbers: the tree's total is what the cost lines add up to, which is the
 * file's {@code totals:}, and its {@code summary:} where callgrind wrote the two alike; every function's own cost
 * is what {@code callgrind_annotate} prints for it; every function's inclusive cost and calls are what
 * {@code callgrind_annotate --inclusive=yes --tree=caller} prints, wherever the two definitions of inclusive agree.
 */
class CallgrindOracleTest {

    private static final Path FIXTURE = Path.of(System.getProperty("sextant.fixtures"), "callgrind-variety");

    private static CallgrindReader.Result read(String profile) throws IOException, CallStackFormatException {
        try (BufferedReader in = Files.newBufferedReader(FIXTURE.resolve(profile + ".callgrind"))) {
            return CallgrindReader.readResult(in, profile);
        }
    }

    private static long declared(String profile, String keyword) throws IOException {
        return Long.parseLong(Files.readAllLines(FIXTURE.resolve(profile + ".callgrind")).get(declaredLine(profile, keyword) - 1).split("\\s+")[1]);
    }

    private static int declaredLine(String profile, String keyword) throws IOException {
        List<String> lines = Files.readAllLines(FIXTURE.resolve(profile + ".callgrind"));
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith(keyword + ':')) {
                return i + 1;
            }
        }
        throw new AssertionError(profile + " has no " + keyword + ':');
    }

    @ParameterizedTest
    @ValueSource(strings = { "recursion", "threads-instr", "threads-compressed", "callpaths-base", "callpaths-extra" })
    void theTreeKeepsEveryCostLineAndBothDeclaredTotals(String profile) throws Exception {
        CallgrindReader.Result result = read(profile);
        long totals = declared(profile, "totals");
        assertEquals(totals, result.read());
        assertEquals(totals, result.tree().root().total());
        assertEquals(List.of(new CallgrindReader.Declared("summary", declared(profile, "summary"), declaredLine(profile, "summary")),
                new CallgrindReader.Declared("totals", totals, declaredLine(profile, "totals"))), result.declared());
    }

    /** callgrind_annotate's own-cost lines per function name (its lines per source file added up). */
    @ParameterizedTest
    @ValueSource(strings = { "recursion", "threads-instr", "threads-compressed", "callpaths-base", "callpaths-extra" })
    void ownCostsAreCallgrindAnnotates(String profile) throws Exception {
        Map<String, Long> own = new TreeMap<>();
        for (CallTree.Node node : read(profile).tree().nodes()) {
            if (node.self() > 0) {
                own.merge(CallgrindAnnotate.printed(node.name()), node.self(), Long::sum);
            }
        }
        Map<String, Long> annotated = new TreeMap<>(CallgrindAnnotate.self(FIXTURE.resolve(profile + ".annotate.txt")));
        annotated.values().removeIf(cost -> cost == 0);
        assertEquals(annotated, own);
    }

    /**
     * Every function of a name of its own: its inclusive cost and calls are callgrind_annotate's, but where the
     * definitions differ: a recursive function (one of its own callers) counts its inner calls once per level
     * there, once here; a thread's first function ({@code clone}, where the new thread starts without a call)
     * counts in callgrind_annotate only its calls, whose cost is below its own, and here the thread's work too; and
     * where callgrind's summary is above its totals, its call costs count up to that many instructions that no cost
     * line holds.
     */
    @ParameterizedTest
    @ValueSource(strings = { "recursion", "threads-instr", "threads-compressed", "callpaths-base", "callpaths-extra" })
    void inclusiveCostsAndCallsAreCallgrindAnnotatesWhereTheDefinitionsAgree(String profile) throws Exception {
        CallgrindReader.Result result = read(profile);
        FunctionTable table = FunctionTable.of(result.tree(), result.calls());
        Map<String, CallgrindAnnotate.Line> annotated = CallgrindAnnotate.callers(FIXTURE.resolve(profile + ".callers.txt"));
        Map<String, Long> self = CallgrindAnnotate.self(FIXTURE.resolve(profile + ".annotate.txt"));
        long missing = declared(profile, "summary") - declared(profile, "totals");
        List<String> agree = new ArrayList<>();
        List<String> differ = new ArrayList<>();
        for (FunctionTable.Function function : table.top(FunctionTable.Order.INCLUSIVE, Integer.MAX_VALUE)) {
            CallgrindAnnotate.Line line = annotated.get(function.name());
            if (line == null) {
                // a qualified name (one of several functions of its name), or a function callgrind_annotate does not list
                continue;
            }
            assertEquals(line.calls(), function.calls(), function.name() + ": calls");
            if (line.inclusive() == function.inclusive()) {
                agree.add(function.name());
                continue;
            }
            long over = line.inclusive() - function.inclusive();
            boolean threadStart = line.inclusive() < self.getOrDefault(function.name(), 0L);
            assertTrue(line.recursive() || threadStart || over > 0 && over <= missing,
                    function.name() + ": " + function.inclusive() + " here, " + line.inclusive() + " in callgrind_annotate");
            differ.add(function.name());
        }
        assertTrue(agree.size() > 10 * differ.size(), "agree: " + agree.size() + ", differ: " + differ);
    }

    /**
     * The second run of callpaths.c calls checksum from compute: the differential of the two runs is, function by
     * function, the difference of the two runs' callgrind_annotate tables.
     */
    @Test
    void theBaselineDifferentialIsTheDifferenceOfTheAnnotations() throws Exception {
        CallgrindReader.Result base = read("callpaths-base");
        CallgrindReader.Result extra = read("callpaths-extra");
        List<FunctionDiff.Change> changes = FunctionDiff.of(FunctionTable.of(base.tree(), base.calls()), FunctionTable.of(extra.tree(), extra.calls()));
        Map<String, Long> selfBefore = CallgrindAnnotate.self(FIXTURE.resolve("callpaths-base.annotate.txt"));
        Map<String, Long> selfAfter = CallgrindAnnotate.self(FIXTURE.resolve("callpaths-extra.annotate.txt"));
        Map<String, CallgrindAnnotate.Line> before = CallgrindAnnotate.callers(FIXTURE.resolve("callpaths-base.callers.txt"));
        Map<String, CallgrindAnnotate.Line> after = CallgrindAnnotate.callers(FIXTURE.resolve("callpaths-extra.callers.txt"));
        Map<String, Long> selfDelta = new TreeMap<>();
        for (FunctionDiff.Change change : changes) {
            selfDelta.merge(CallgrindAnnotate.printed(change.name()), change.self().delta(), Long::sum);
            CallgrindAnnotate.Line was = before.get(change.name());
            CallgrindAnnotate.Line is = after.get(change.name());
            if (was != null || is != null) {
                assertEquals((is != null ? is.inclusive() : 0) - (was != null ? was.inclusive() : 0), change.inclusive().delta(), change.name());
            }
        }
        Map<String, Long> annotatedDelta = new TreeMap<>();
        selfAfter.forEach((name, cost) -> annotatedDelta.merge(name, cost, Long::sum));
        selfBefore.forEach((name, cost) -> annotatedDelta.merge(name, -cost, Long::sum));
        annotatedDelta.values().removeIf(delta -> delta == 0);
        selfDelta.values().removeIf(delta -> delta == 0);
        assertEquals(annotatedDelta, selfDelta);

        FunctionDiff.Change checksum = changes.stream().filter(change -> change.name().equals("checksum")).findFirst().orElse(null);
        assertNotNull(checksum);
        assertEquals(CallTreeDiff.Kind.APPEARED, checksum.kind());
        assertEquals(new FunctionDiff.Cost(0, after.get("checksum").inclusive()), checksum.inclusive());
    }
}
