// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * The Intel PT inputs, read from the samples of tests/fixtures/intel-pt (written by hand to perf's and
 * sptdecode's documented formats, see its README), against golden trees: {@code SAMPLE.WEIGHT.folded}, worked
 * out by hand from the samples.
 */
class ProfileTest {

    private static final Path FIXTURES = Path.of(System.getProperty("sextant.fixtures"));
    private static final Path PT = FIXTURES.resolve("intel-pt");

    static Profile read(Path file) throws Exception {
        return Profile.read(file, DeltaProfiler.Pattern.INTERRUPTS, bytes -> {
        });
    }

    static List<String> folded(CallTree tree) throws Exception {
        StringWriter out = new StringWriter();
        FoldedStacks.write(tree, out);
        return out.toString().lines().sorted().toList();
    }

    @ParameterizedTest
    @CsvSource({ "perf-script-branches, PERF_SCRIPT, 'INSTRUCTIONS,TIME'", "perf-script-call-ret-trace, PERF_SCRIPT, TIME",
            "perf-script-call-trace, PERF_SCRIPT, TIME", "perf-script-insn-trace, PERF_SCRIPT, 'INSTRUCTIONS,TIME'",
            "sptdecode, SPTDECODE, 'INSTRUCTIONS,TIME'" })
    void samplesGiveTheGoldenTrees(String sample, Profile.Format format, String weights) throws Exception {
        Profile profile = read(PT.resolve(sample + ".txt"));
        assertEquals(format, profile.format());
        for (String weight : weights.split(",")) {
            CallFlow.Weight w = CallFlow.Weight.valueOf(weight);
            Path golden = PT.resolve(sample + '.' + weight.toLowerCase(Locale.ROOT) + ".folded");
            assertEquals(Files.readAllLines(golden).stream().sorted().toList(), folded(profile.tree(w)), golden.toString());
        }
        assertEquals(weights.split(",").length, profile.weights().size());
    }

    /** The syscall between tr end and tr strt (20 us) and the decoder error (200 ns) are on no path. */
    @Test
    void branchesTraceGapsAreUntracedAndScopesSplitThreadsAndCpus() throws Exception {
        Profile profile = read(PT.resolve("perf-script-branches.txt"));
        assertEquals(20_200, profile.flow().untraced());
        assertEquals(Set.of("callpaths/4242", "callpaths/4243"), profile.trees(CallFlow.Scope.THREAD, CallFlow.Weight.TIME).keySet());
        assertEquals(11_500, profile.trees(CallFlow.Scope.CPU, CallFlow.Weight.TIME).get("0").root().total());
        assertEquals(6_800, profile.trees(CallFlow.Scope.CPU, CallFlow.Weight.TIME).get("1").root().total());
        assertEquals("/usr/lib/x86_64-linux-gnu/libc.so.6", profile.tree(CallFlow.Weight.TIME).binary("pthread_mutex_lock"));
        assertEquals("/tmp/pt/callpaths", profile.tree(CallFlow.Weight.TIME).binary("worker"));
    }

    /** pushfq opens a section that popfq closes 8 instructions later; cli..sti is 3; the second sti has no cli. */
    @Test
    void instructionFlowGivesTheDeltaProfile() throws Exception {
        DeltaProfiler deltas = read(PT.resolve("perf-script-insn-trace.txt")).deltas();
        assertEquals(List.of(new DeltaProfiler.Pair(4242, 3, 200_000_000_200L, 300, 8),
                new DeltaProfiler.Pair(4242, 14, 200_000_000_700L, 200, 3)), deltas.pairs());
        assertEquals(1, deltas.unmatchedEnds());
    }

    /**
     * Matched pairs: popfq (line 11) closes the pushfq of line 3, abandoning the cli inside it (line 5), which
     * it undoes; the cli of line 14 and the sti of line 17 pair; the sti of line 18 matches nothing open.
     */
    @Test
    void matchedPairsCloseTheInnermostSectionTheirEndMatches() throws Exception {
        DeltaProfiler deltas = Profile.read(PT.resolve("perf-script-insn-trace.txt"), DeltaProfiler.Matched.INTERRUPTS, bytes -> {
        }).deltas();
        assertEquals(List.of(new DeltaProfiler.Pair(4242, 3, 200_000_000_200L, 300, 8),
                new DeltaProfiler.Pair(4242, 14, 200_000_000_700L, 200, 3)), deltas.pairs());
        assertEquals(1, deltas.abandoned());
        assertEquals(1, deltas.unmatchedEnds());
    }

    /**
     * User space alone traced: each system call from its tr end syscall to the thread's next tr strt. The write
     * wrapper's syscall (+0x14) took 4, 6 and 50 us on thread 500 and 8 us on 501; the read's (+0x12) 2 us;
     * thread 501's second read lost its end to a decoder error, and its last write is open when the trace ends.
     */
    @Test
    void userSpaceBranchesGiveEachSystemCallsLatencyPerCallSite() throws Exception {
        SyscallLatencies syscalls = read(PT.resolve("perf-script-syscalls.txt")).syscalls();
        assertEquals(List.of(new SyscallLatencies.Site("__GI___libc_write+0x14", 4, 4_000, 6_000, 50_000, 50_000, 68_000),
                new SyscallLatencies.Site("__GI___libc_read+0x12", 1, 2_000, 2_000, 2_000, 2_000, 2_000)), syscalls.sites());
        assertEquals(2, syscalls.unfinished());
    }

    /** Kernel traced too: syscall to sysret; a site with no symbol is its address. */
    @Test
    void kernelBranchesEndASystemCallAtItsSysret(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("kernel.txt");
        Files.writeString(file, """
                         app  77/77 [001] 5.000001000:   syscall            7f00000010 getpid+0x5 (/lib/libc.so.6) => ffffffff81e00000 entry_SYSCALL_64 ([kernel.kallsyms])
                         app  77/77 [001] 5.000001700:   sysret       ffffffff81e000a0 entry_SYSCALL_64+0xa0 ([kernel.kallsyms]) =>       7f00000012 getpid+0x7 (/lib/libc.so.6)
                         app  77/77 [001] 5.000002000:   syscall            7f00000020 [unknown] ([unknown]) => ffffffff81e00000 entry_SYSCALL_64 ([kernel.kallsyms])
                         app  77/77 [001] 5.000002300:   sysret       ffffffff81e000a0 entry_SYSCALL_64+0xa0 ([kernel.kallsyms]) =>       7f00000022 [unknown] ([unknown])
                """);
        assertEquals(List.of(new SyscallLatencies.Site("getpid+0x5", 1, 700, 700, 700, 700, 700),
                new SyscallLatencies.Site("7f00000020", 1, 300, 300, 300, 300, 300)), read(file).syscalls().sites());
    }

    @Test
    void sptdecodeInstructionDumpsGiveTheDeltaProfileAndErrorsAreGaps() throws Exception {
        Profile profile = read(PT.resolve("sptdecode.txt"));
        assertEquals(List.of(new DeltaProfiler.Pair(0, 11, 4000, 100, 2)), profile.deltas().pairs());
        assertEquals(3_000, profile.flow().untraced(), "from 2.000 us before the error to 5.000 us after it");
    }

    /** perf's --xed, and --insn-trace=disasm, print the mnemonic instead of (or after) the bytes. */
    @Test
    void disassembledInstructionsNameTheirMnemonic(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("xed.txt");
        Files.writeString(file, """
                         app  77 [001] 5.000000100:           401000 f+0x0 (/bin/app)          pushfq
                         app  77 [001] 5.000000300:           401001 f+0x1 (/bin/app)          callq  0x401100
                         app  77 [001] 5.000000400:           401100 g+0x0 (/bin/app)          popfq
                """);
        Profile profile = read(file);
        assertEquals(List.of(new DeltaProfiler.Pair(77, 1, 5_000_000_100L, 300, 2)), profile.deltas().pairs());
        assertEquals(List.of("f 2", "f;g 1"), folded(profile.tree(CallFlow.Weight.INSTRUCTIONS)));
    }

    @Test
    void aLineOfNoShapeIsAnErrorNamingFileAndLine(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("cut.txt");
        List<String> lines = Files.readAllLines(PT.resolve("perf-script-branches.txt"));
        Files.write(file, List.of(lines.get(0), lines.get(1), "       callpaths  4242/4242  [000] 1000.000"));
        CallStackFormatException e = assertThrows(CallStackFormatException.class, () -> read(file));
        assertTrue(e.getMessage().startsWith(file + " line 3: not a perf script sample"), e.getMessage());
    }

    @Test
    void otherTextIsNoProfile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("notes.txt");
        Files.writeString(file, "Dear diary,\ntoday I traced.\n");
        assertNull(Profile.detect(file));
        CallStackFormatException e = assertThrows(CallStackFormatException.class, () -> read(file));
        assertTrue(e.getMessage().contains("not a call profile"), e.getMessage());
    }
}
