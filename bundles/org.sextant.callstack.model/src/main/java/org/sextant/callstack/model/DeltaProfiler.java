// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Delta profiling of an instruction stream (Sharma and Dagenais's Algorithm 1): the time and the number of
 * instructions between an instruction of a start group and the next instruction of an end group on the same
 * thread, for every such pair, with their distributions.
 *
 * <p>
 * A section opens at the first start instruction while none is open on the thread and closes at the first end
 * instruction: with the default groups, superCLI (pushf, cli) and superSTI (popf, sti), that is a section with
 * interrupts disabled however the kernel nests its {@code local_irq_save}, which is a pushf before a cli. An end
 * with no section open is counted but makes no pair (the trace started inside a section).
 * </p>
 */
public final class DeltaProfiler {

    /**
     * Which instructions open and close a section, by mnemonic.
     *
     * @param start
     *            mnemonics that open a section, in lower case
     * @param end
     *            mnemonics that close it
     */
    public record Pattern(Set<String> start, Set<String> end) {
        /** The paper's superCLI / superSTI groups. */
        public static final Pattern INTERRUPTS = new Pattern(Set.of("cli", "pushf", "pushfq"), Set.of("sti", "popf", "popfq"));

        /**
         * @param text
         *            start mnemonics and end mnemonics, each comma-separated, the two separated by a colon:
         *            {@code cli,pushf:sti,popf}
         * @return the pattern
         * @throws IllegalArgumentException
         *             when the text is not of that form
         */
        public static Pattern parse(String text) {
            String[] groups = text.split(":", -1);
            if (groups.length != 2 || groups[0].isBlank() || groups[1].isBlank()) {
                throw new IllegalArgumentException("a pattern is START,...:END,... (e.g. cli,pushf:sti,popf), not: " + text);
            }
            return new Pattern(mnemonics(groups[0]), mnemonics(groups[1]));
        }

        /** @return the pattern as {@link #parse} reads it, each group's mnemonics in alphabetical order */
        public String text() {
            return String.join(",", new TreeSet<>(start)) + ':' + String.join(",", new TreeSet<>(end));
        }

        private static Set<String> mnemonics(String group) {
            return Arrays.stream(group.split(",")).map(m -> m.strip().toLowerCase(Locale.ROOT)).filter(m -> !m.isEmpty())
                    .collect(Collectors.toUnmodifiableSet());
        }
    }

    /**
     * One section.
     *
     * @param thread
     *            the thread it ran on
     * @param position
     *            where it opened in the input (a line number)
     * @param startTime
     *            when it opened
     * @param time
     *            the time it lasted, to the closing instruction
     * @param instructions
     *            the instruction-count delta: instructions after the opening one, up to the closing one
     */
    public record Pair(long thread, long position, long startTime, long time, long instructions) {
    }

    /** A distribution of values in equal bins. */
    public record Histogram(long min, long width, long[] counts) {
        /**
         * @param values
         *            the values
         * @param bins
         *            how many bins at most
         * @return their histogram, bins of whole units, {@code min} the first bin's lower bound
         */
        public static Histogram of(long[] values, int bins) {
            if (values.length == 0) {
                return new Histogram(0, 1, new long[0]);
            }
            long min = Arrays.stream(values).min().getAsLong();
            long max = Arrays.stream(values).max().getAsLong();
            long width = Math.max(1, (max - min) / bins + 1);
            long[] counts = new long[(int) ((max - min) / width) + 1];
            for (long value : values) {
                counts[(int) ((value - min) / width)]++;
            }
            return new Histogram(min, width, counts);
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof Histogram h && min == h.min && width == h.width && Arrays.equals(counts, h.counts);
        }

        @Override
        public int hashCode() {
            return Long.hashCode(min) * 31 + Arrays.hashCode(counts);
        }

        @Override
        public String toString() {
            return "Histogram[min=" + min + ", width=" + width + ", counts=" + Arrays.toString(counts) + ']';
        }
    }

    private static final class Open {
        long fInstructions;
        long fPosition = -1;
        long fStartTime;
        long fStartInstructions;
        long fLastTime = Long.MIN_VALUE;
    }

    private final Pattern fPattern;
    private final Map<Long, Open> fThreads = new HashMap<>();
    private final List<Pair> fPairs = new ArrayList<>();
    private long fUnmatchedEnds;

    /**
     * @param pattern
     *            the instruction groups that open and close a section
     */
    public DeltaProfiler(Pattern pattern) {
        fPattern = pattern;
    }

    /**
     * One instruction executed.
     *
     * @param thread
     *            the thread
     * @param time
     *            when
     * @param mnemonic
     *            its mnemonic, in lower case ({@code cli}); anything for instructions of no interest
     * @param position
     *            where it is in the input, to find a section again
     * @throws CallFlow.TimeGoesBack
     *             when {@code time} is before the thread's previous instruction's: a section would last less
     *             than nothing
     */
    public void instruction(long thread, long time, String mnemonic, long position) {
        Open open = fThreads.computeIfAbsent(thread, t -> new Open());
        if (time < open.fLastTime) {
            throw new CallFlow.TimeGoesBack(thread, time, open.fLastTime);
        }
        open.fLastTime = time;
        open.fInstructions++;
        if (open.fPosition < 0) {
            if (fPattern.start().contains(mnemonic)) {
                open.fPosition = position;
                open.fStartTime = time;
                open.fStartInstructions = open.fInstructions;
            } else if (fPattern.end().contains(mnemonic)) {
                fUnmatchedEnds++;
            }
        } else if (fPattern.end().contains(mnemonic)) {
            fPairs.add(new Pair(thread, open.fPosition, open.fStartTime, time - open.fStartTime, open.fInstructions - open.fStartInstructions));
            open.fPosition = -1;
        }
    }

    /** @return the instruction groups that open and close a section */
    public Pattern pattern() {
        return fPattern;
    }

    /** @return the sections, in the order they closed (a read-only view: no copy of millions of sections) */
    public List<Pair> pairs() {
        return Collections.unmodifiableList(fPairs);
    }

    /** @return end instructions met with no section open */
    public long unmatchedEnds() {
        return fUnmatchedEnds;
    }

    /**
     * @param bins
     *            how many bins at most
     * @return the distribution of the sections' durations
     */
    public Histogram timeHistogram(int bins) {
        return Histogram.of(fPairs.stream().mapToLong(Pair::time).toArray(), bins);
    }

    /**
     * @param bins
     *            how many bins at most
     * @return the distribution of the sections' instruction counts
     */
    public Histogram instructionHistogram(int bins) {
        return Histogram.of(fPairs.stream().mapToLong(Pair::instructions).toArray(), bins);
    }

    /**
     * @param count
     *            how many
     * @return the longest sections, the longest first
     */
    public List<Pair> outliers(int count) {
        return fPairs.stream().sorted(Comparator.comparingLong(Pair::time).reversed()).limit(count).toList();
    }
}
