// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.model;

import java.io.IOException;
import java.io.Writer;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How the call-profile model's time grows with the depth of a call stack: one call path of 2^12 to 2^20 frames,
 * through each step that walks it (reading folded stacks, callgrind output and perf script, the flat profile,
 * the difference of two runs and their union, the folded export). A main, not a test: unit tests time nothing.
 * Run by {@code tools/bench-deep-stacks.sh}; each row is one depth, each column a step's seconds: the CPU time of
 * the benchmark's thread, which a machine busy with other work changes less than the wall time (in brackets,
 * garbage collection included). A step that takes more than a minute is not run at greater depths ({@code -});
 * one that fails says how.
 */
public final class DeepStacksBenchmark {

    private static final double GIVE_UP_SECONDS = 60;

    private DeepStacksBenchmark() {
    }

    /** A step of the benchmark, on the files of one depth. */
    private interface Step {
        void run(Path dir, int depth) throws Exception;
    }

    /**
     * @param args
     *            the depths' powers of two, by default 12 14 16 18 20
     * @throws IOException
     *             when the files cannot be written
     */
    public static void main(String[] args) throws IOException {
        List<Integer> powers = new ArrayList<>();
        for (String arg : args) {
            powers.add(Integer.parseInt(arg));
        }
        if (powers.isEmpty()) {
            powers.addAll(List.of(12, 14, 16, 18, 20));
        }
        Map<String, Step> steps = new LinkedHashMap<>();
        steps.put("folded read", (dir, depth) -> folded(dir, depth, 7));
        steps.put("flat profile", (dir, depth) -> FunctionTable.of(folded(dir, depth, 7), Map.of()));
        steps.put("diff+union", (dir, depth) -> {
            CallTree before = folded(dir, depth, 7);
            CallTree after = folded(dir, depth, 8);
            CallTreeDiff.changes(before, after);
            CallTreeDiff.union(before, after);
        });
        steps.put("folded write", (dir, depth) -> FoldedStacks.write(folded(dir, depth, 7), Writer.nullWriter()));
        steps.put("callgrind read", (dir, depth) -> read(DeepStacks.callgrind(dir, depth), false));
        steps.put("perf read+timeline", (dir, depth) -> read(DeepStacks.perf(dir, depth), true));
        Path dir = Files.createTempDirectory("deep-stacks");
        System.out.printf("%-8s", "frames");
        steps.keySet().forEach(name -> System.out.printf("%22s", name));
        System.out.println();
        Map<String, Boolean> givenUp = new HashMap<>();
        for (int power : powers) {
            int depth = 1 << power;
            System.out.printf("%-8s", "2^" + power);
            for (Map.Entry<String, Step> step : steps.entrySet()) {
                System.out.printf("%22s", givenUp.containsKey(step.getKey()) ? "-" : time(step.getValue(), dir, depth, givenUp, step.getKey()));
                System.out.flush();
            }
            System.out.println();
            try (var files = Files.list(dir)) {
                for (Path file : files.toList()) {
                    Files.delete(file);
                }
            }
        }
        Files.delete(dir);
    }

    private static String time(Step step, Path dir, int depth, Map<String, Boolean> givenUp, String name) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long start = System.nanoTime();
        long cpu = threads.getCurrentThreadCpuTime();
        try {
            step.run(dir, depth);
        } catch (Throwable e) { // a benchmark reports a stack overflow or a full heap at that depth, and goes on
            givenUp.put(name, true);
            return e.getClass().getSimpleName();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        if (seconds > GIVE_UP_SECONDS) {
            givenUp.put(name, true);
        }
        return String.format("%.2f (%.2f)", (threads.getCurrentThreadCpuTime() - cpu) / 1e9, seconds);
    }

    private static CallTree read(Path file, boolean timeline) throws IOException, CallStackFormatException {
        Profile profile = Profile.read(file, DeltaProfiler.Pattern.INTERRUPTS, timeline, read -> {
            // no progress to tell
        });
        profile.timeline();
        return profile.tree(CallFlow.Weight.INSTRUCTIONS);
    }

    private static CallTree folded(Path dir, int depth, long cost) throws IOException, CallStackFormatException {
        return read(DeepStacks.folded(dir, depth, cost), false);
    }
}
