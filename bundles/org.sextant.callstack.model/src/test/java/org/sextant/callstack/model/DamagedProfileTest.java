// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Damaged call profiles (issue 14's examples): each is an error naming the file, the line and what is wrong,
 * or a correct result; never a partial or wrapped-around total passed off as the profile.
 */
class DamagedProfileTest {

    private static final Path FIXTURES = Path.of(System.getProperty("sextant.fixtures"));
    private static final Path CALLGRIND = FIXTURES.resolve("callgrind-callpaths").resolve("base.callgrind");
    private static final Path PT = FIXTURES.resolve("intel-pt");

    @Test
    void truncatedCallgrindIsAnErrorAtItsSummary(@TempDir Path dir) throws Exception {
        List<String> lines = Files.readAllLines(CALLGRIND);
        Path truncated = dir.resolve("truncated.callgrind");
        Files.write(truncated, lines.subList(0, lines.size() / 2));
        CallStackFormatException error = assertThrows(CallStackFormatException.class, () -> ProfileTest.read(truncated));
        int summary = lines.indexOf("summary: 129422") + 1;
        assertEquals(truncated + " line " + summary + ": the cost lines add up to " + partialSum(lines.subList(0, lines.size() / 2))
                + ", but summary: says 129422: the file is truncated or damaged", error.getMessage());
    }

    @Test
    void wholeCallgrindAddsUpToItsTotals() throws Exception {
        assertEquals(129422, ProfileTest.read(CALLGRIND).tree(CallFlow.Weight.INSTRUCTIONS).root().total());
    }

    @Test
    void foldedCostsPastALongAreAnError(@TempDir Path dir) throws Exception {
        Path folded = dir.resolve("overflow.folded");
        Files.writeString(folded, "main;a " + Long.MAX_VALUE + "\nmain;b 1\n");
        CallStackFormatException error = assertThrows(CallStackFormatException.class, () -> ProfileTest.read(folded));
        assertEquals(folded + " line 2: the costs add up past " + Long.MAX_VALUE, error.getMessage());
    }

    @Test
    void perfScriptTimeGoingBackIsAnError(@TempDir Path dir) throws Exception {
        List<String> lines = new ArrayList<>(Files.readAllLines(PT.resolve("perf-script-call-trace.txt")));
        // The third line happens a second before the second one, in the same thread.
        lines.set(2, lines.get(2).replace("1000.000105000", "999.000105000"));
        Path script = dir.resolve("perf-script.txt");
        Files.write(script, lines);
        CallStackFormatException error = assertThrows(CallStackFormatException.class, () -> ProfileTest.read(script));
        assertEquals(script + " line 3: time goes backwards in thread 4242: 999000105000 after 1000000101500: " + lines.get(2),
                error.getMessage());
    }

    /** Of two problems far into a file, the first is the one reported, at its own line. */
    @Test
    void perfScriptFirstProblemIsNamedAtItsLine(@TempDir Path dir) throws Exception {
        List<String> lines = branches(10_000);
        lines.set(8999, "not a sample");
        lines.set(9999, "nor this");
        Path script = dir.resolve("perf-script.txt");
        Files.write(script, lines);
        CallStackFormatException error = assertThrows(CallStackFormatException.class, () -> ProfileTest.read(script));
        assertEquals(script + " line 9000: not a perf script sample (comm tid [cpu] time: ...): not a sample", error.getMessage());
    }

    /**
     * A problem found while the lines are applied, on the calling thread, is reported before one the parsing
     * thread found further on, and found first.
     */
    @Test
    void perfScriptTimeGoingBackIsReportedBeforeALaterProblem(@TempDir Path dir) throws Exception {
        List<String> lines = branches(10_000);
        lines.set(4999, lines.get(4999).replace("1000.000004999", "999.000004999"));
        lines.set(8999, "not a sample");
        Path script = dir.resolve("perf-script.txt");
        Files.write(script, lines);
        CallStackFormatException error = assertThrows(CallStackFormatException.class, () -> ProfileTest.read(script));
        assertEquals(script + " line 5000: time goes backwards in thread 4242: 999000004999 after 1000000004998: " + lines.get(4999).substring(0, 97) + "...",
                error.getMessage());
    }

    /** A perf script line too long to read, found by the parsing thread, is reported after the lines before it. */
    @Test
    void perfScriptLineTooLongIsAnErrorAtItsLine(@TempDir Path dir) throws Exception {
        List<String> lines = branches(6_000);
        lines.set(5999, "x".repeat(Profile.MAX_LINE + 1));
        Path script = dir.resolve("perf-script.txt");
        Files.write(script, lines, StandardCharsets.ISO_8859_1);
        CallStackFormatException error = assertThrows(CallStackFormatException.class, () -> ProfileTest.read(script));
        assertEquals(script + " line 6000: longer than 16777216 characters, more than any line of a call profile", error.getMessage());
    }

    /**
     * A read whose progress callback throws, as a cancelled job's does, ends with that exception on the calling
     * thread, although the callback runs on a parsing thread, and leaves no parsing thread behind.
     */
    @Test
    void perfScriptReadEndsWhenItsProgressThrows(@TempDir Path dir) throws Exception {
        Path script = dir.resolve("perf-script.txt");
        // past the first progress report, 4 MiB in
        Files.write(script, jumps(100_000));
        IllegalStateException cancelled = new IllegalStateException("cancelled");
        IllegalStateException error = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> assertThrows(IllegalStateException.class,
                () -> Profile.read(script, DeltaProfiler.Pattern.INTERRUPTS, bytes -> {
                    throw cancelled;
                })));
        assertSame(cancelled, error);
        assertTrue(Thread.getAllStackTraces().keySet().stream().noneMatch(thread -> thread.getName().startsWith("perf script parser")));
    }

    /** A line that starts with white space and the thread has no command name (fuzzing found it). */
    @Test
    void perfScriptLineWithoutCommandNameReads(@TempDir Path dir) throws Exception {
        List<String> lines = new ArrayList<>(Files.readAllLines(PT.resolve("perf-script-branches.txt")));
        lines.set(1, lines.get(1).replace("callpaths  4242/4242", "           4242/4242"));
        Path script = dir.resolve("perf-script.txt");
        Files.write(script, lines);
        assertEquals(ProfileTest.read(PT.resolve("perf-script-branches.txt")).tree(CallFlow.Weight.TIME).root().total(),
                ProfileTest.read(script).tree(CallFlow.Weight.TIME).root().total());
    }

    @Test
    void sptdecodeTimeGoingBackIsAnError(@TempDir Path dir) throws Exception {
        List<String> lines = new ArrayList<>(Files.readAllLines(PT.resolve("sptdecode.txt")));
        // Line 16, at 2.000 us, now before line 8's 1.250 us.
        assertEquals("2.000     [+0.750]      [+  12]                     add+18", lines.get(15));
        lines.set(15, lines.get(15).replace("2.000     [+0.750]", "1.000     [+0.000]"));
        Path spt = dir.resolve("sptdecode.txt");
        Files.write(spt, lines);
        CallStackFormatException error = assertThrows(CallStackFormatException.class, () -> ProfileTest.read(spt));
        assertEquals(spt + " line 16: time goes backwards in thread 0: 1000 after 1250", error.getMessage());
    }

    /** A call path as deep as a folded line can make it reads in time linear in its depth, path included. */
    @Test
    void aMillionFramesDeepReadsWhole(@TempDir Path dir) throws Exception {
        int depth = 1 << 20;
        List<String> frames = new ArrayList<>(Collections.nCopies(depth, "f"));
        Path folded = dir.resolve("deep.folded");
        Files.writeString(folded, String.join(";", frames) + " 7\n");
        CallTree tree = ProfileTest.read(folded).tree(CallFlow.Weight.INSTRUCTIONS);
        CallTree.Node deepest = tree.nodes().stream().filter(node -> node.self() > 0).findFirst().orElseThrow();
        assertEquals(depth, deepest.path().size());
        assertEquals(depth, deepest.depth());
        assertEquals(7, tree.root().total());
    }

    /**
     * A line with no end is refused at its number, whether it comes while the format is being recognised (the
     * first lines) or while the file is read.
     */
    @ParameterizedTest
    @ValueSource(ints = { 0, 1, 60 })
    void aLineLongerThanAnyFormatsIsAnError(int foldedLinesBefore, @TempDir Path dir) throws Exception {
        Path endless = dir.resolve("endless.txt");
        Files.writeString(endless, "main;f 1\n".repeat(foldedLinesBefore) + "x".repeat(Profile.MAX_LINE + 1), StandardCharsets.ISO_8859_1);
        CallStackFormatException error = assertThrows(CallStackFormatException.class, () -> ProfileTest.read(endless));
        int line = foldedLinesBefore + 1;
        assertEquals(endless + " line " + line + ": longer than 16777216 characters, more than any line of a call profile", error.getMessage());
    }

    /**
     * Jumps within main, one a nanosecond: lines of as many batches as one likes, on a stack that stays one deep
     * (a call each line would make it as deep as the file is long).
     */
    static List<String> jumps(int count) {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            lines.add(String.format("callpaths 4242/4242 [000] 1000.%09d:   jmp   401136 main+0x16 (/tmp/pt/callpaths) =>   401140 main+0x20 (/tmp/pt/callpaths)", i));
        }
        return lines;
    }

    /** Calls from main to run, one a nanosecond, more than a batch of the parsing thread's. */
    private static List<String> branches(int count) {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            lines.add(String.format("callpaths 4242/4242 [000] 1000.%09d:   call   401136 main+0x16 (/tmp/pt/callpaths) =>   401196 run (/tmp/pt/callpaths)", i));
        }
        return lines;
    }

    /**
     * The first cost of every cost line (a line position, absolute, relative or repeated, then costs), but for
     * the inclusive costs of the lines after {@code calls=}.
     */
    private static long partialSum(List<String> lines) {
        long sum = 0;
        boolean call = false;
        for (String line : lines) {
            if (line.startsWith("calls=")) {
                call = true;
            } else if (!line.isEmpty() && (Character.isDigit(line.charAt(0)) || "+-*".indexOf(line.charAt(0)) >= 0)) {
                if (!call) {
                    sum += Long.parseLong(line.split("\\s+")[1]);
                }
                call = false;
            }
        }
        return sum;
    }
}
