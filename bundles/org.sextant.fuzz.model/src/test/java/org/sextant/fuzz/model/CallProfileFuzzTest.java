// SPDX-License-Identifier: EPL-2.0
package org.sextant.fuzz.model;

import java.nio.file.Path;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.sextant.callstack.model.CallFlow;
import org.sextant.callstack.model.CallStackFormatException;
import org.sextant.callstack.model.CallTree;
import org.sextant.callstack.model.DeltaProfiler;
import org.sextant.callstack.model.Profile;

/**
 * The call-profile readers (callgrind, folded stacks, perf script of Intel PT, sptdecode) on damaged copies of
 * the samples: every mutant is refused with a {@link CallStackFormatException} naming the file and line, or
 * reads into trees whose costs add up: no cost below zero, every node's total its own cost plus its callees',
 * the root's the sum of every node's own.
 */
class CallProfileFuzzTest {

    private static final Campaign.Target TARGET = new Campaign.Target() {
        @Override
        public void read(Path file) throws Exception {
            Profile profile = Profile.read(file, DeltaProfiler.Pattern.INTERRUPTS, bytes -> {
            });
            for (CallFlow.Weight weight : profile.weights()) {
                for (CallFlow.Scope scope : CallFlow.Scope.values()) {
                    for (Map.Entry<String, CallTree> tree : profile.trees(scope, weight).entrySet()) {
                        check(tree.getValue(), weight + " " + scope + " " + tree.getKey());
                    }
                }
            }
            for (DeltaProfiler.Pair pair : profile.deltas().pairs()) {
                if (pair.time() < 0 || pair.instructions() < 0) {
                    throw new Campaign.InvariantViolation("a delta section of negative length: " + pair);
                }
            }
        }

        @Override
        public boolean isCleanError(Exception error, Path file) {
            return error instanceof CallStackFormatException && Fuzzing.namesInput(error, file);
        }
    };

    @ParameterizedTest
    @CsvSource({ "callgrind-callpaths/base.callgrind, 500", "callgrind-variety/threads-compressed.callgrind, 100",
            "intel-pt/perf-script-branches.time.folded, 300",
            "intel-pt/perf-script-branches.txt, 500", "intel-pt/perf-script-call-ret-trace.txt, 300",
            "intel-pt/perf-script-insn-trace.txt, 300", "intel-pt/sptdecode.txt, 500" })
    void everyMutantIsRefusedCleanlyOrAddsUp(String sample, long mutants) throws Exception {
        Path input = Fuzzing.FIXTURES.resolve(sample);
        Fuzzing.run("profile-" + input.getFileName(), input, mutants, TARGET);
    }

    /**
     * The mutants that failed in a campaign (./sextant fuzz --seed 100000), made again from their seeds: an
     * instruction timed at 2^63-1 opening a delta section that closed before it began, a folded line of
     * separators only, whose empty call path reached the tree, and a callgrind cost of 2^63-1 whose sum with the
     * other cost lines overflowed.
     */
    @ParameterizedTest
    @CsvSource({ "intel-pt/sptdecode.txt, 114881", "intel-pt/perf-script-branches.time.folded, 234361", "callgrind-callpaths/base.callgrind, 167" })
    void mutantsThatFailedOnceStayFixed(String sample, long seed) throws Exception {
        Path input = Fuzzing.FIXTURES.resolve(sample);
        Fuzzing.replay("profile-" + input.getFileName(), input, seed, TARGET);
    }

    private static void check(CallTree tree, String which) {
        long selfs = 0;
        for (CallTree.Node node : tree.nodes()) {
            long callees = 0;
            for (CallTree.Node child : node.children()) {
                callees += child.total();
            }
            if (node.self() < 0 || node.total() != node.self() + callees) {
                throw new Campaign.InvariantViolation(which + ": " + node.path() + " self " + node.self() + ", total " + node.total()
                        + ", callees " + callees);
            }
            selfs += node.self();
        }
        if (tree.root().total() != selfs) {
            throw new Campaign.InvariantViolation(which + ": total " + tree.root().total() + ", own costs add up to " + selfs);
        }
    }
}
