// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * The callgrind outputs of tools/capture/workloads/callpaths.c (tests/fixtures/CATALOGUE.md): golden costs read
 * off the files, where every function has one caller, so the tree is exact.
 */
class CallgrindReaderTest {

    private static final Path FIXTURE = Path.of(System.getProperty("sextant.fixtures"), "callgrind-callpaths");
    /** What leads to main: the dynamic loader and libc's start code. */
    private static final List<String> MAIN = List.of("0x000000000001ab70", "(below main) [callpaths]", "__libc_start_main@@GLIBC_2.34", "(below main) [libc.so.6]",
            "main");

    static CallTree read(String file) throws Exception {
        try (BufferedReader in = Files.newBufferedReader(FIXTURE.resolve(file))) {
            return CallgrindReader.read(in, file);
        }
    }

    static List<String> path(String... below) {
        List<String> path = new ArrayList<>(MAIN);
        path.addAll(List.of(below));
        return path;
    }

    @Test
    void treeTotalsAreCallgrindsTotalsAndEdgeCosts() throws Exception {
        CallTree tree = read("base.callgrind");
        assertEquals(129_422, tree.root().total(), "totals: line");
        assertEquals(129_422, tree.find(path()).total());
        assertEquals(8, tree.find(path()).self(), "main's own lines: 1 + 4 + 3");
        assertEquals(48_000, tree.find(path("run", "parse")).total(), "calls=1 (480) and calls=99 (47,520)");
        assertEquals(79_900, tree.find(path("run", "compute")).total());
        assertEquals(25_800, tree.find(path("run", "compute", "scale")).total(), "calls=100 (600) and calls=4200 (25,200)");
        assertEquals(8_600, tree.find(path("run", "compute", "add")).total());
        assertEquals(200, tree.find(path("run", "report")).total());
        assertEquals(null, tree.find(path("run", "compute", "checksum")));
    }

    /** The second run calls checksum from compute: exactly that path appears, with the call edge's cost. */
    @Test
    void differenceOfTheTwoRunsIsTheAddedPath() throws Exception {
        List<CallTreeDiff.Change> changes = CallTreeDiff.changes(read("base.callgrind"), read("extra.callgrind"));
        List<CallTreeDiff.Change> appeared = changes.stream().filter(c -> c.kind() == CallTreeDiff.Kind.APPEARED).toList();
        assertEquals(List.of(new CallTreeDiff.Change(path("run", "compute", "checksum"), CallTreeDiff.Kind.APPEARED, 0, 22_200)), appeared,
                "calls=100 to checksum: 22,200 instructions");
        assertTrue(changes.stream().noneMatch(c -> c.kind() == CallTreeDiff.Kind.VANISHED || c.kind() == CallTreeDiff.Kind.SHRANK), changes::toString);
        CallTreeDiff.Change compute = changes.stream().filter(c -> c.path().equals(path("run", "compute"))).findFirst().orElseThrow();
        assertTrue(compute.delta() >= 22_200, "compute grew by the call and the instructions around it: " + compute);
    }

    @Test
    void foldedStacksRoundTrip() throws Exception {
        CallTree tree = read("extra.callgrind");
        StringWriter folded = new StringWriter();
        FoldedStacks.write(tree, folded);
        CallTree again = FoldedStacks.read(new BufferedReader(new StringReader(folded.toString())), "folded");
        assertEquals(tree.root().total(), again.root().total());
        for (CallTree.Node node : tree.nodes()) {
            CallTree.Node other = again.find(node.path());
            if (node.total() > 0) {
                assertNotNull(other, node.path().toString());
                assertEquals(node.total(), other.total(), node.path().toString());
            }
        }
    }

    @Test
    void badLinesNameTheSourceAndLine() {
        CallStackFormatException folded = assertThrows(CallStackFormatException.class,
                () -> FoldedStacks.read(new BufferedReader(new StringReader("a;b 3\na;;c x\n")), "stacks.txt"));
        assertTrue(folded.getMessage().startsWith("stacks.txt line 2: "), folded.getMessage());
        CallStackFormatException callgrind = assertThrows(CallStackFormatException.class,
                () -> CallgrindReader.read(new BufferedReader(new StringReader("hello\nworld\n")), "notes.txt"));
        assertTrue(callgrind.getMessage().startsWith("notes.txt line 1: not a callgrind output"), callgrind.getMessage());
    }

    /**
     * callgrind wrote a summary 2 instructions above its totals for the instruction-level dump of the threads
     * program: both are kept, and the tree is what the cost lines add up to, the totals.
     */
    @Test
    void aSummaryOtherThanTheTotalsIsKeptBesideThem() throws Exception {
        Path variety = FIXTURE.resolveSibling("callgrind-variety");
        CallgrindReader.Result result;
        try (BufferedReader in = Files.newBufferedReader(variety.resolve("threads-instr.callgrind"))) {
            result = CallgrindReader.readResult(in, "threads-instr.callgrind");
        }
        assertEquals(List.of("summary", "totals"), result.declared().stream().map(CallgrindReader.Declared::keyword).toList());
        assertEquals(result.declared().get(0).value() - 2, result.declared().get(1).value());
        assertEquals(result.declared().get(1).value(), result.tree().root().total());
    }

    /** Cost lines that add up to neither declared total are a damaged file, named at its totals line. */
    @Test
    void costLinesAddingUpToNeitherTotalAreAnError() throws Exception {
        List<String> lines = new ArrayList<>(Files.readAllLines(FIXTURE.resolve("base.callgrind")));
        int totals = lines.indexOf("totals: 129422");
        lines.set(totals, "totals: 129421");
        lines.set(lines.indexOf("summary: 129422"), "summary: 129423");
        CallStackFormatException error = assertThrows(CallStackFormatException.class,
                () -> CallgrindReader.read(new BufferedReader(new StringReader(String.join("\n", lines))), "edited.callgrind"));
        assertEquals("edited.callgrind line " + (totals + 1) + ": the cost lines add up to 129422, but totals: says 129421: the file is truncated or damaged",
                error.getMessage());
    }

    /**
     * Three threads start inside clone, where no call accounts for their work: the work is a root of its own,
     * not under the pthread_create that made the threads, and main costs what callgrind's call to it cost.
     */
    @Test
    void aThreadsWorkIsNotUnderTheCallThatStartedIt() throws Exception {
        Path variety = FIXTURE.resolveSibling("callgrind-variety");
        CallTree tree;
        try (BufferedReader in = Files.newBufferedReader(variety.resolve("threads-compressed.callgrind"))) {
            tree = CallgrindReader.read(in, "threads-compressed.callgrind");
        }
        CallTree.Node clone = tree.root().child("clone");
        assertNotNull(clone, "clone at the root");
        assertTrue(clone.total() > tree.root().total() * 9 / 10, "the threads' work");
        FunctionTable.Function main = FunctionTable.of(tree, Map.of()).function("main");
        assertEquals(CallgrindAnnotate.callers(variety.resolve("threads-compressed.callers.txt")).get("main").inclusive(), main.inclusive());
    }
}
