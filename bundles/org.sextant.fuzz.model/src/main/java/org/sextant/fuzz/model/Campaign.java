// SPDX-License-Identifier: EPL-2.0
package org.sextant.fuzz.model;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

/**
 * Runs a reader over mutants of a real input ({@link Mutator}) and sorts what happens to each: a clean error
 * (the reader's own exception, naming the file), a result that satisfies the reader's invariants, or a
 * failure: an invariant broken, any other exception or error (a crash), or no answer within the time allowed
 * (a hang). An input that is a directory (a CTF trace) has one of its files damaged per mutant. Failing mutants
 * are kept, with the damage that made them, to become regression fixtures.
 */
public final class Campaign {

    /** What happened to one mutant. */
    public enum Outcome {
        /** the reader's result satisfied its invariants */
        VALID,
        /** the reader refused the input with its own error, naming the file */
        CLEAN_ERROR,
        /** the reader returned a result that breaks an invariant */
        INVARIANT_VIOLATION,
        /** the reader failed with anything but its own error */
        CRASH,
        /** the reader did not finish in time */
        HANG
    }

    /** A reader under test. */
    public interface Target {
        /**
         * Reads an input and checks the result's invariants.
         *
         * @param input
         *            the (damaged) file or directory
         * @throws InvariantViolation
         *             when the result breaks an invariant
         * @throws Exception
         *             the reader's error, or anything else (a crash)
         */
        void read(Path input) throws Exception;

        /**
         * Where to aim the damage in one of the input's files: the parts the reader reads, when most of the file is
         * something it only skips or looks up (a trace-cmd file's kernel symbols).
         *
         * @param file
         *            the file, relative to the input
         * @param content
         *            its content
         * @return byte ranges {@code {from, to}} of the file, each mutant damaging one of them (chosen in
         *         proportion to their sizes); null, the default, for the whole file
         */
        default List<int[]> focus(Path file, byte[] content) {
            return null;
        }

        /**
         * @param error
         *            what {@link #read} threw
         * @param input
         *            what it read
         * @return whether that is the reader's clean refusal: its own error type, naming the file
         */
        boolean isCleanError(Exception error, Path input);
    }

    /** A result that breaks an invariant of its reader: counts below zero, times outside the trace, parts that do not add up. */
    public static final class InvariantViolation extends RuntimeException {
        private static final long serialVersionUID = 1L;

        /**
         * @param problem
         *            which invariant, with the values
         */
        public InvariantViolation(String problem) {
            super(problem);
        }
    }

    /**
     * A mutant that failed.
     *
     * @param outcome
     *            how
     * @param seed
     *            the seed that makes it again
     * @param file
     *            the damaged file, relative to the input
     * @param damage
     *            what {@link Mutator} did
     * @param problem
     *            what went wrong
     * @param kept
     *            where the mutant was kept
     */
    public record Failure(Outcome outcome, long seed, String file, String damage, String problem, Path kept) {
    }

    /**
     * What a campaign did.
     *
     * @param reader
     *            the reader's name
     * @param tried
     *            mutants tried
     * @param outcomes
     *            how many of each outcome
     * @param failures
     *            the failing mutants (the first hundred)
     * @param seconds
     *            how long it took
     */
    public record Report(String reader, long tried, Map<Outcome, Long> outcomes, List<Failure> failures, double seconds) {
        /** @return whether no mutant failed */
        public boolean passed() {
            return outcomes.getOrDefault(Outcome.INVARIANT_VIOLATION, 0L) + outcomes.getOrDefault(Outcome.CRASH, 0L)
                    + outcomes.getOrDefault(Outcome.HANG, 0L) == 0;
        }

        @Override
        public String toString() {
            return String.format("%s: %d mutants in %.1f s: %d clean errors, %d valid, %d invariant violations, %d crashes, %d hangs", reader,
                    tried, seconds, count(Outcome.CLEAN_ERROR), count(Outcome.VALID), count(Outcome.INVARIANT_VIOLATION), count(Outcome.CRASH),
                    count(Outcome.HANG));
        }

        private long count(Outcome outcome) {
            return outcomes.getOrDefault(outcome, 0L);
        }
    }

    private static final int KEPT_FAILURES = 100;

    private final String fReader;
    private final Path fInput;
    private final Target fTarget;
    private final Duration fHang;
    private final Path fWork;

    /**
     * @param reader
     *            the reader's name, for the report
     * @param input
     *            a real input: a file, or a directory of files
     * @param target
     *            the reader and its invariants
     * @param hang
     *            how long one mutant may take before it counts as a hang
     * @param work
     *            an empty directory for mutants and the failures kept
     */
    public Campaign(String reader, Path input, Target target, Duration hang, Path work) {
        fReader = Objects.requireNonNull(reader);
        fInput = Objects.requireNonNull(input);
        fTarget = Objects.requireNonNull(target);
        fHang = Objects.requireNonNull(hang);
        fWork = Objects.requireNonNull(work);
    }

    /**
     * Tries mutants made from consecutive seeds until either limit is reached.
     *
     * @param firstSeed
     *            the first mutant's seed
     * @param mutants
     *            the most mutants to try
     * @param time
     *            the most time to spend
     * @return what happened
     * @throws IOException
     *             when the input cannot be read or the work directory written
     */
    public Report run(long firstSeed, long mutants, Duration time) throws IOException {
        long start = System.nanoTime();
        long deadline = start + time.toNanos();
        List<Path> files = files();
        // Read once: every mutant starts from them, and each damaged file is written back from them.
        Map<Path, byte[]> originals = new HashMap<>();
        Map<Path, List<int[]>> focus = new HashMap<>();
        for (Path file : files) {
            byte[] content = Files.readAllBytes(fInput.resolve(file.toString()));
            originals.put(file, content);
            List<int[]> ranges = fTarget.focus(file, content);
            if (ranges != null) {
                focus.put(file, ranges);
            }
        }
        Map<Outcome, Long> outcomes = new EnumMap<>(Outcome.class);
        List<Failure> failures = new ArrayList<>();
        ExecutorService worker = newWorker();
        int round = 0;
        Path copy = prepare(round);
        long tried = 0;
        try {
            for (long seed = firstSeed; tried < mutants && System.nanoTime() < deadline; seed++, tried++) {
                Path relative = files.get((int) Math.floorMod(seed, (long) files.size()));
                byte[] original = originals.get(relative);
                Mutator.Mutant mutant = focus.containsKey(relative) ? Mutator.mutate(original, seed, focus.get(relative)) : Mutator.mutate(original, seed);
                Path target = copy.resolve(relative.toString());
                Files.write(target, mutant.bytes());
                Outcome outcome;
                String problem = null;
                Path input = copy;
                Future<?> run = worker.submit(() -> {
                    fTarget.read(input);
                    return null;
                });
                try {
                    run.get(fHang.toMillis(), TimeUnit.MILLISECONDS);
                    outcome = Outcome.VALID;
                } catch (TimeoutException e) {
                    run.cancel(true);
                    // The stuck thread may still hold the copy: carry on with a new worker and a new copy.
                    worker.shutdownNow();
                    worker = newWorker();
                    outcome = Outcome.HANG;
                    problem = "no answer in " + fHang.toMillis() + " ms";
                } catch (ExecutionException e) {
                    Throwable cause = e.getCause();
                    if (cause instanceof InvariantViolation violation) {
                        outcome = Outcome.INVARIANT_VIOLATION;
                        problem = violation.getMessage();
                    } else if (cause instanceof Exception error && fTarget.isCleanError(error, copy)) {
                        outcome = Outcome.CLEAN_ERROR;
                    } else {
                        outcome = Outcome.CRASH;
                        problem = String.valueOf(cause);
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
                outcomes.merge(outcome, 1L, Long::sum);
                if (outcome != Outcome.VALID && outcome != Outcome.CLEAN_ERROR && failures.size() < KEPT_FAILURES) {
                    failures.add(new Failure(outcome, seed, relative.toString(), mutant.description(), problem, keep(copy, seed)));
                }
                if (outcome == Outcome.HANG) {
                    copy = prepare(++round);
                } else {
                    Files.write(target, original);
                }
            }
        } finally {
            worker.shutdownNow();
        }
        return new Report(fReader, tried, outcomes, failures, (System.nanoTime() - start) / 1e9);
    }

    private static ExecutorService newWorker() {
        return Executors.newSingleThreadExecutor(runnable -> {
            Thread thread = new Thread(runnable, "sextant-fuzz");
            thread.setDaemon(true);
            return thread;
        });
    }

    /** The input's files, relative to it (the input itself, by its name, when it is a file). */
    private List<Path> files() throws IOException {
        if (!Files.isDirectory(fInput)) {
            return List.of(Path.of(""));
        }
        try (Stream<Path> walk = Files.walk(fInput)) {
            return walk.filter(Files::isRegularFile).map(fInput::relativize).sorted().toList();
        }
    }

    /** A fresh copy of the input to damage. */
    private Path prepare(int round) throws IOException {
        Path copy = fWork.resolve("mutant-" + round).resolve(fInput.getFileName().toString());
        copyTree(fInput, copy);
        return copy;
    }

    private Path keep(Path mutant, long seed) throws IOException {
        Path kept = fWork.resolve("failures").resolve(fReader + '-' + seed).resolve(fInput.getFileName().toString());
        copyTree(mutant, kept);
        return kept;
    }

    private static void copyTree(Path from, Path to) throws IOException {
        if (!Files.isDirectory(from)) {
            Files.createDirectories(to.getParent());
            Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING);
            return;
        }
        try (Stream<Path> walk = Files.walk(from)) {
            for (Path file : walk.toList()) {
                Path target = to.resolve(from.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(file, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }
}
