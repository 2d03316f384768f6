// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The perf script reader gives the same profile, or the same error, whether the calling thread scans the lines
 * itself (a machine of one core) or parsing threads take them in turns.
 */
class PerfScriptParsersTest {

    private static final Path PT = Path.of(System.getProperty("sextant.fixtures")).resolve("intel-pt");

    @ParameterizedTest
    @CsvSource({ "perf-script-branches, 'INSTRUCTIONS,TIME'", "perf-script-call-ret-trace, TIME", "perf-script-call-trace, TIME",
            "perf-script-insn-trace, 'INSTRUCTIONS,TIME'" })
    void everyNumberOfParsersGivesTheGoldenTrees(String sample, String weights) throws Exception {
        for (int parsers : new int[] { 0, 1, 2, 3 }) {
            CallFlow flow = new CallFlow();
            Set<CallFlow.Weight> read = read(PT.resolve(sample + ".txt"), flow, parsers);
            assertEquals(weights.split(",").length, read.size());
            for (String weight : weights.split(",")) {
                Path golden = PT.resolve(sample + '.' + weight.toLowerCase(Locale.ROOT) + ".folded");
                assertEquals(Files.readAllLines(golden).stream().sorted().toList(), ProfileTest.folded(flow.tree(CallFlow.Weight.valueOf(weight))),
                        parsers + " parsers: " + golden);
            }
        }
    }

    /** Over several batches, the first problem is named at its line by every number of parsers. */
    @ParameterizedTest
    @ValueSource(ints = { 0, 1, 2, 3 })
    void theFirstProblemIsNamedAtItsLine(int parsers, @TempDir Path dir) throws Exception {
        List<String> lines = DamagedProfileTest.jumps(20_000);
        lines.set(13_000, "not a sample");
        lines.set(17_000, "nor this");
        Path script = dir.resolve("perf-script.txt");
        Files.write(script, lines);
        CallStackFormatException error = assertThrows(CallStackFormatException.class, () -> read(script, new CallFlow(), parsers));
        assertEquals(script + " line 13001: not a perf script sample (comm tid [cpu] time: ...): not a sample", error.getMessage());
    }

    private static Set<CallFlow.Weight> read(Path file, CallFlow flow, int parsers) throws Exception {
        try (LineReader in = new LineReader(Files.newInputStream(file), Profile.MAX_LINE, bytes -> {
            // no progress to tell
        })) {
            return PerfScriptReader.read(in, file.toString(), flow, new DeltaProfiler(DeltaProfiler.Pattern.INTERRUPTS), new SyscallLatencies(), parsers);
        }
    }
}
