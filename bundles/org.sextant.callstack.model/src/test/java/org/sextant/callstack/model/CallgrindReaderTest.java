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

import org.junit.jupiter.api.Test;

/**
 * The callgrind outputs of tools/capture/workloads/callpaths.c (tests/fixtures/CATALOGUE.md): golden costs read
 * off the files, where every function has one caller, so the tree is exact.
 */
class CallgrindReaderTest {

    private static final Path FIXTURE = Path.of(System.getProperty("sextant.fixtures"), "callgrind-callpaths");
    /** What leads to main: the dynamic loader and libc's start code. */
    private static final List<String> MAIN = List.of("0x000000000001ab70", "(below main)", "__libc_start_main@@GLIBC_2.34", "(below main)",
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
}
