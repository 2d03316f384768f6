// SPDX-License-Identifier: EPL-2.0
package org.sextant.fuzz.model;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Assumptions;

/**
 * How much a fuzz test does: a few hundred mutants per input in the test suite; as many as fit in the time
 * given to {@code ./sextant fuzz --seconds N}, or a number per input ({@code --mutants N}), on the readers whose
 * names start with one of {@code --readers}, which set the system properties read here.
 */
final class Fuzzing {

    static final Path FIXTURES = Path.of(System.getProperty("sextant.fixtures"));

    private static final Duration HANG = Duration.ofSeconds(Long.getLong("sextant.fuzz.hang", 20));

    private Fuzzing() {
    }

    /**
     * Runs a campaign on one input and fails with every failing mutant's seed, damage and problem.
     *
     * @param reader
     *            the reader's name
     * @param input
     *            the real input
     * @param mutants
     *            mutants tried in the test suite
     * @param target
     *            the reader, its clean error and its invariants
     */
    static void run(String reader, Path input, long mutants, Campaign.Target target) throws IOException {
        String readers = System.getProperty("sextant.fuzz.readers", "");
        Assumptions.assumeTrue(readers.isEmpty() || Arrays.stream(readers.split(",")).anyMatch(reader::startsWith),
                () -> reader + " is not among the readers fuzzed (" + readers + ')');
        check(reader, input, Long.getLong("sextant.fuzz.seed", 1), Long.getLong("sextant.fuzz.mutants", mutants), target);
    }

    /**
     * Makes one mutant again from its seed (one that failed in a campaign) and fails if it still does.
     *
     * @param reader
     *            the reader's name
     * @param input
     *            the real input
     * @param seed
     *            the mutant's seed
     * @param target
     *            the reader, its clean error and its invariants
     */
    static void replay(String reader, Path input, long seed, Campaign.Target target) throws IOException {
        check(reader, input, seed, 1, target);
    }

    private static void check(String reader, Path input, long seed, long mutants, Campaign.Target target) throws IOException {
        Path work = Files.createTempDirectory("sextant-fuzz-");
        Campaign campaign = new Campaign(reader, input, target, HANG, work);
        Campaign.Report report = campaign.run(seed, mutants,
                Duration.ofSeconds(Long.getLong("sextant.fuzz.seconds", 600)));
        System.out.println("[fuzz] " + report);
        assertTrue(report.passed(), () -> report + "\n" + report.failures().stream()
                .map(f -> f.outcome() + " seed " + f.seed() + " " + f.file() + " (" + f.damage() + "): " + f.problem() + ", kept in " + f.kept())
                .collect(Collectors.joining("\n")));
    }

    /** Whether an error message names the damaged input (a file in it, for a trace directory). */
    static boolean namesInput(Exception error, Path input) {
        return error.getMessage() != null && error.getMessage().startsWith(input.toString());
    }
}
