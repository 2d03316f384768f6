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
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Delta profiling of an instruction stream (Sharma and Dagenais's Algorithm 1 and beyond pairs): the time and the
 * number of instructions of each <em>section</em> of a thread's instructions, with their distributions. A
 * {@link Pattern} says what a section is:
 * <ul>
 * <li>{@link Pairs}: from an instruction of a start group to the next instruction of an end group on the same
 * thread. A section opens at the first start instruction while none is open on the thread and closes at the first
 * end instruction: with the default groups, superCLI (pushf, cli) and superSTI (popf, sti), that is a section with
 * interrupts disabled however the kernel nests its {@code local_irq_save}, which is a pushf before a cli. An end
 * with no section open is counted but makes no pair (the trace started inside a section).</li>
 * <li>{@link Matched}: each start instruction opens a section and each end closes the innermost open section whose
 * start it matches, {@code pushf} with {@code popf} and {@code cli} with {@code sti}: the paper's pairs, which nest.
 * A {@code popf} restores the flags its {@code pushf} saved, undoing a {@code cli} since (the kernel's
 * {@code local_irq_save} / {@code local_irq_restore}): the sections opened inside the closed one and still open
 * are abandoned, counted but making no pair. An end that matches no open start is counted as unmatched.</li>
 * <li>{@link Runs}: a run of instructions of a set of mnemonics ({@code pause} spins, {@code nop}s) or of a class
 * ({@code fpu}: the x87, SSE and AVX floating-point instructions, as the paper suggests for FPU use), which a few
 * other instructions (the gap) may interrupt without ending it. A section opens at the first instruction of the
 * run; its instructions are those from there to the run's last one, both counted; its time runs to the
 * instruction after the run's last one, which is when the thread left it.</li>
 * </ul>
 * A section still open when the trace ends has no end and is not counted.
 */
public final class DeltaProfiler {

    /** What makes a section; {@link #parse} reads the text the command line and the view take. */
    public sealed interface Pattern permits Pairs, Matched, Runs {
        /** The paper's superCLI / superSTI groups. */
        Pattern INTERRUPTS = new Pairs(Set.of("cli", "pushf", "pushfq"), Set.of("sti", "popf", "popfq"));

        /**
         * @param text
         *            start mnemonics and end mnemonics, each comma-separated, the two separated by a colon
         *            ({@code cli,pushf:sti,popf}); {@code run:} and mnemonics for runs of them
         *            ({@code run:pause}); {@code class:} and a class for runs of its instructions
         *            ({@code class:fpu}); either run may end with {@code /N}, how many other instructions may come
         *            between two of the run's (by default {@value Runs#MNEMONIC_GAP} for mnemonics,
         *            {@value Runs#CLASS_GAP} for a class); {@code match:} and pairs of a start and its end
         *            ({@code match:cli=sti,pushf=popf}), or {@code match} alone for the paper's
         *            ({@link Matched#INTERRUPTS}), for sections that nest
         * @return the pattern
         * @throws IllegalArgumentException
         *             when the text is none of these
         */
        static Pattern parse(String text) {
            String[] groups = text.split(":", -1);
            String kind = groups[0].strip().toLowerCase(Locale.ROOT);
            if (kind.equals(Matched.MATCH)) {
                return Matched.parse(groups, text);
            }
            if (groups.length == 2 && (kind.equals(Runs.RUN) || kind.equals(Runs.CLASS))) {
                return Runs.parse(kind, groups[1], text);
            }
            if (groups.length != 2 || groups[0].isBlank() || groups[1].isBlank()) {
                throw new IllegalArgumentException("a pattern is START,...:END,... (e.g. cli,pushf:sti,popf), run:MNEMONIC,...[/GAP] (e.g. run:pause), "
                        + "class:CLASS[/GAP] (e.g. class:fpu; classes: " + InstructionClass.names()
                        + ") or match[:START=END,...] (nested pairs, e.g. match:cli=sti,pushf=popf), not: " + text);
            }
            return new Pairs(DeltaProfiler.mnemonics(groups[0]), DeltaProfiler.mnemonics(groups[1]));
        }

        /** @return the pattern as {@link #parse} reads it, mnemonics in alphabetical order */
        String text();
    }

    /**
     * Sections from a start instruction to an end instruction.
     *
     * @param start
     *            mnemonics that open a section, in lower case
     * @param end
     *            mnemonics that close it
     */
    public record Pairs(Set<String> start, Set<String> end) implements Pattern {
        @Override
        public String text() {
            return String.join(",", new TreeSet<>(start)) + ':' + String.join(",", new TreeSet<>(end));
        }
    }

    /**
     * Sections from a start instruction to the end instruction that matches it, nested as the thread opens them.
     *
     * @param ends
     *            each start mnemonic with the end mnemonic that closes it, in lower case
     */
    public record Matched(Map<String, String> ends) implements Pattern {
        /** The paper's pairs: each of superCLI with its counterpart in superSTI. */
        public static final Matched INTERRUPTS = new Matched(Map.of("cli", "sti", "pushf", "popf", "pushfq", "popfq"));
        static final String MATCH = "match";

        /** @param ends each start mnemonic with its end's */
        public Matched {
            ends = Map.copyOf(ends);
        }

        @Override
        public String text() {
            return MATCH + ':' + new TreeMap<>(ends).entrySet().stream().map(e -> e.getKey() + '=' + e.getValue()).collect(Collectors.joining(","));
        }

        private static Matched parse(String[] groups, String text) {
            if (groups.length == 1) {
                return INTERRUPTS;
            }
            Map<String, String> ends = new HashMap<>();
            for (String pair : groups.length == 2 ? groups[1].split(",") : new String[0]) {
                String[] sides = pair.split("=", -1);
                if (sides.length != 2 || sides[0].isBlank() || sides[1].isBlank()) {
                    throw new IllegalArgumentException("a matched pattern is match or match:START=END,... (e.g. match:cli=sti,pushf=popf), not: " + text);
                }
                ends.put(sides[0].strip().toLowerCase(Locale.ROOT), sides[1].strip().toLowerCase(Locale.ROOT));
            }
            if (ends.isEmpty()) {
                throw new IllegalArgumentException("a matched pattern is match or match:START=END,... (e.g. match:cli=sti,pushf=popf), not: " + text);
            }
            return new Matched(ends);
        }
    }

    /**
     * Sections that are runs of some instructions.
     *
     * @param mnemonics
     *            the mnemonics of the run, in lower case; empty for a class
     * @param kind
     *            the class of the run's instructions, or null for mnemonics
     * @param gap
     *            how many other instructions may come between two of the run's
     */
    public record Runs(Set<String> mnemonics, InstructionClass kind, int gap) implements Pattern {
        /** Gap of a run of mnemonics unless told otherwise: strictly consecutive. */
        public static final int MNEMONIC_GAP = 0;
        /**
         * Gap of a run of a class unless told otherwise: floating-point code interleaves address arithmetic, loop
         * counters and moves between its floating-point instructions.
         */
        public static final int CLASS_GAP = 16;
        static final String RUN = "run";
        static final String CLASS = "class";

        boolean takes(String mnemonic) {
            return kind != null ? kind.contains(mnemonic) : mnemonics.contains(mnemonic);
        }

        @Override
        public String text() {
            String what = kind != null ? CLASS + ':' + kind.text() : RUN + ':' + String.join(",", new TreeSet<>(mnemonics));
            return what + ((kind != null ? gap != CLASS_GAP : gap != MNEMONIC_GAP) ? "/" + gap : "");
        }

        private static Runs parse(String type, String rest, String text) {
            String[] parts = rest.split("/", -1);
            int gap = type.equals(CLASS) ? CLASS_GAP : MNEMONIC_GAP;
            if (parts.length > 2 || parts[0].isBlank()) {
                throw new IllegalArgumentException("a run is run:MNEMONIC,...[/GAP] or class:CLASS[/GAP], not: " + text);
            }
            if (parts.length == 2) {
                try {
                    gap = Integer.parseInt(parts[1].strip());
                } catch (NumberFormatException e) {
                    gap = -1;
                }
                if (gap < 0) {
                    throw new IllegalArgumentException("the gap after / is a count of instructions, not: " + parts[1]);
                }
            }
            if (type.equals(RUN)) {
                return new Runs(DeltaProfiler.mnemonics(parts[0]), null, gap);
            }
            InstructionClass kind = InstructionClass.of(parts[0].strip());
            if (kind == null) {
                throw new IllegalArgumentException("no instruction class " + parts[0].strip() + "; the classes: " + InstructionClass.names());
            }
            return new Runs(Set.of(), kind, gap);
        }
    }

    private static Set<String> mnemonics(String group) {
        return Arrays.stream(group.split(",")).map(m -> m.strip().toLowerCase(Locale.ROOT)).filter(m -> !m.isEmpty())
                .collect(Collectors.toUnmodifiableSet());
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

    /** A thread's section in progress. */
    private static final class Open {
        long fInstructions;
        long fPosition = -1;
        long fStartTime;
        long fStartInstructions;
        long fLastTime = Long.MIN_VALUE;
        /** For runs: the instruction count at the run's last instruction, and when the thread left it. */
        long fLastInRun;
        long fLeftRun = -1;
        /** For matched pairs: the sections open, innermost last. */
        final List<Opened> fNested = new ArrayList<>();
    }

    /** A matched pair's section open: its start mnemonic, where and when it opened, the thread's instructions then. */
    private record Opened(String start, long position, long time, long instructions) {
    }

    private final Pattern fPattern;
    private final Map<Long, Open> fThreads = new HashMap<>();
    private final List<Pair> fPairs = new ArrayList<>();
    private long fUnmatchedEnds;
    private long fAbandoned;
    private final Set<String> fMatchedEnds;

    /**
     * @param pattern
     *            what makes a section
     */
    public DeltaProfiler(Pattern pattern) {
        fPattern = pattern;
        fMatchedEnds = pattern instanceof Matched matched ? Set.copyOf(matched.ends().values()) : Set.of();
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
        if (fPattern instanceof Pairs pairs) {
            pair(pairs, open, thread, time, mnemonic, position);
        } else if (fPattern instanceof Matched matched) {
            match(matched, open, thread, time, mnemonic, position);
        } else {
            run((Runs) fPattern, open, thread, time, mnemonic, position);
        }
    }

    private void pair(Pairs pattern, Open open, long thread, long time, String mnemonic, long position) {
        if (open.fPosition < 0) {
            if (pattern.start().contains(mnemonic)) {
                start(open, time, position);
            } else if (pattern.end().contains(mnemonic)) {
                fUnmatchedEnds++;
            }
        } else if (pattern.end().contains(mnemonic)) {
            fPairs.add(new Pair(thread, open.fPosition, open.fStartTime, time - open.fStartTime, open.fInstructions - open.fStartInstructions));
            open.fPosition = -1;
        }
    }

    private void match(Matched pattern, Open open, long thread, long time, String mnemonic, long position) {
        List<Opened> nested = open.fNested;
        if (pattern.ends().containsKey(mnemonic)) {
            nested.add(new Opened(mnemonic, position, time, open.fInstructions));
            return;
        }
        if (!fMatchedEnds.contains(mnemonic)) {
            return;
        }
        for (int i = nested.size() - 1; i >= 0; i--) {
            Opened section = nested.get(i);
            if (mnemonic.equals(pattern.ends().get(section.start()))) {
                fPairs.add(new Pair(thread, section.position(), section.time(), time - section.time(), open.fInstructions - section.instructions()));
                fAbandoned += nested.size() - 1 - i;
                nested.subList(i, nested.size()).clear();
                return;
            }
        }
        fUnmatchedEnds++;
    }

    private void run(Runs pattern, Open open, long thread, long time, String mnemonic, long position) {
        if (pattern.takes(mnemonic)) {
            if (open.fPosition < 0) {
                start(open, time, position);
            }
            open.fLastInRun = open.fInstructions;
            open.fLeftRun = -1;
            return;
        }
        if (open.fPosition < 0) {
            return;
        }
        if (open.fLeftRun < 0) {
            open.fLeftRun = time;
        }
        if (open.fInstructions - open.fLastInRun > pattern.gap()) {
            fPairs.add(new Pair(thread, open.fPosition, open.fStartTime, open.fLeftRun - open.fStartTime, open.fLastInRun - open.fStartInstructions + 1));
            open.fPosition = -1;
        }
    }

    private static void start(Open open, long time, long position) {
        open.fPosition = position;
        open.fStartTime = time;
        open.fStartInstructions = open.fInstructions;
    }

    /** @return what makes a section */
    public Pattern pattern() {
        return fPattern;
    }

    /** @return the sections, in the order they closed (a read-only view: no copy of millions of sections) */
    public List<Pair> pairs() {
        return Collections.unmodifiableList(fPairs);
    }

    /** @return end instructions met with no section open, or none they match (pairs only) */
    public long unmatchedEnds() {
        return fUnmatchedEnds;
    }

    /**
     * @return sections of matched pairs left open inside a section an end closed ({@code cli} inside
     *         {@code pushf}...{@code popf}); 0 for other patterns
     */
    public long abandoned() {
        return fAbandoned;
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
