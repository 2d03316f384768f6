// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.model;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongConsumer;

import org.sextant.common.model.text.LineTooLongException;

/**
 * A call profile read from a file of any of the suite's inputs: its call trees, in every scope and weight the
 * input gives, for instruction flows its delta profile, for branch traces its system calls' latencies, and for timed inputs, when asked, its timeline.
 */
public final class Profile {

    /** The inputs, each recognised by its first lines. */
    public enum Format {
        /** valgrind's callgrind output */
        CALLGRIND,
        /** folded stacks, the visualisation path format */
        FOLDED,
        /** perf script of Intel PT, call/return flow or instruction flow */
        PERF_SCRIPT,
        /** simple-pt's sptdecode */
        SPTDECODE;

        /**
         * @return the threads that read a file of this format on this machine: the calling thread, and perf script's
         *         parsing threads where there is more than one core
         */
        public int readingThreads() {
            return this == PERF_SCRIPT ? 1 + PerfScriptReader.parsers() : 1;
        }
    }

    /** How many lines {@link #detect} reads at most. */
    private static final int SNIFF_LINES = 50;
    /**
     * The longest line any reader takes, in characters: a folded call path of a million frames with names of
     * up to 15 characters. A longer one (a file with no line ends, say) is an error, not all the memory there is.
     */
    public static final int MAX_LINE = 16 << 20;

    private final Path fFile;
    private final Format fFormat;
    private final CallFlow fFlow;
    private final DeltaProfiler fDeltas;
    private final SyscallLatencies fSyscalls;
    private final Set<CallFlow.Weight> fWeights;
    private final CallTimeline fTimeline;
    private final List<CallgrindReader.Declared> fDeclared;
    private final Map<String, Map<String, Long>> fCalls;

    private Profile(Path file, Format format, CallFlow flow, DeltaProfiler deltas, SyscallLatencies syscalls, Set<CallFlow.Weight> weights,
            CallgrindReader.Result callgrind) {
        fFile = file;
        fFormat = format;
        fFlow = flow;
        fDeltas = deltas;
        fSyscalls = syscalls;
        fWeights = weights;
        fTimeline = flow.timeline();
        fDeclared = callgrind != null ? callgrind.declared() : List.of();
        fCalls = callgrind != null ? callgrind.calls() : Map.of();
    }

    /**
     * @param file
     *            a file
     * @return its format, or null when it is none of the inputs (or cannot be read)
     */
    public static Format detect(Path file) {
        List<String> lines = sniff(file);
        return lines == null ? null : detect(lines);
    }

    /**
     * @param file
     *            a file
     * @return whether it is an input with time, judged from its first lines: perf script, whose samples all
     *         have a time, or sptdecode text with a time column
     */
    public static boolean isTimed(Path file) {
        List<String> lines = sniff(file);
        if (lines == null) {
            return false;
        }
        Format format = detect(lines);
        return format == Format.PERF_SCRIPT || format == Format.SPTDECODE && SptDecodeReader.isTimed(lines);
    }

    /** @return the file's first lines, or null when it cannot be read */
    private static List<String> firstLines(Path file) throws LineTooLongException {
        List<String> lines = new ArrayList<>();
        try (LineReader in = new LineReader(Files.newInputStream(file), MAX_LINE, read -> {
            // a few lines: no progress to tell
        })) {
            String line;
            while (lines.size() < SNIFF_LINES && (line = in.readLine()) != null) {
                lines.add(line);
            }
        } catch (LineTooLongException e) {
            throw e;
        } catch (IOException e) {
            return null;
        }
        return lines;
    }

    /** @return the file's first lines, or null when it cannot be read or a line is too long for any format */
    private static List<String> sniff(Path file) {
        try {
            return firstLines(file);
        } catch (LineTooLongException e) {
            return null;
        }
    }

    private static Format detect(List<String> lines) {
        if (lines.stream().anyMatch(l -> l.startsWith("# callgrind format") || l.startsWith("events:"))) {
            return Format.CALLGRIND;
        }
        if (PerfScriptReader.recognises(lines)) {
            return Format.PERF_SCRIPT;
        }
        if (SptDecodeReader.recognises(lines)) {
            return Format.SPTDECODE;
        }
        List<String> content = lines.stream().filter(l -> !l.isBlank()).toList();
        if (!content.isEmpty() && content.stream().allMatch(l -> l.strip().matches("\\S(.*\\S)? \\d+"))) {
            return Format.FOLDED;
        }
        return null;
    }

    /**
     * Reads a profile.
     *
     * @param file
     *            the file, of any {@link Format}
     * @param pattern
     *            the instruction pairs of the delta profile
     * @param progress
     *            told the bytes read so far, now and then
     * @return the profile
     * @throws IOException
     *             when the file cannot be read
     * @throws CallStackFormatException
     *             when it is of no format, or is not what its format says; the message names file and line
     */
    public static Profile read(Path file, DeltaProfiler.Pattern pattern, LongConsumer progress) throws IOException, CallStackFormatException {
        return read(file, pattern, false, progress);
    }

    /**
     * Reads a profile, and its timeline when asked.
     *
     * @param file
     *            the file, of any {@link Format}
     * @param pattern
     *            the instruction pairs of the delta profile
     * @param timeline
     *            whether to record the {@link #timeline()} too, which costs memory in proportion to the calls
     * @param progress
     *            told the bytes read so far, now and then
     * @return the profile
     * @throws IOException
     *             when the file cannot be read
     * @throws CallStackFormatException
     *             when it is of no format, or is not what its format says; the message names file and line
     */
    public static Profile read(Path file, DeltaProfiler.Pattern pattern, boolean timeline, LongConsumer progress)
            throws IOException, CallStackFormatException {
        String name = file.toString();
        List<String> lines;
        try {
            lines = firstLines(file);
        } catch (LineTooLongException e) {
            throw tooLong(name, e);
        }
        Format format = lines == null ? null : detect(lines);
        if (format == null) {
            throw new CallStackFormatException(file.toString(), 1,
                    "not a call profile: neither callgrind output, folded stacks, perf script of Intel PT nor sptdecode text");
        }
        try (LineReader text = new LineReader(Files.newInputStream(file), MAX_LINE, progress)) {
            LineReader.Source in = text::readLine;
            DeltaProfiler deltas = new DeltaProfiler(pattern);
            SyscallLatencies syscalls = new SyscallLatencies();
            CallFlow flow;
            Set<CallFlow.Weight> weights;
            CallgrindReader.Result callgrind = null;
            switch (format) {
            case CALLGRIND:
                callgrind = CallgrindReader.readResult(in, name);
                flow = new CallFlow(callgrind.tree());
                weights = Set.of(CallFlow.Weight.INSTRUCTIONS);
                break;
            case FOLDED:
                flow = new CallFlow(FoldedStacks.read(in, name));
                weights = Set.of(CallFlow.Weight.INSTRUCTIONS);
                break;
            case PERF_SCRIPT:
                flow = timeline ? CallFlow.withTimeline() : new CallFlow();
                weights = PerfScriptReader.read(text, name, flow, deltas, syscalls);
                break;
            case SPTDECODE:
                flow = timeline ? CallFlow.withTimeline() : new CallFlow();
                weights = SptDecodeReader.read(in, name, flow, deltas);
                break;
            default:
                throw new IllegalStateException(format.name());
            }
            return new Profile(file, format, flow, deltas, syscalls, weights, callgrind);
        } catch (LineTooLongException e) {
            throw tooLong(name, e);
        }
    }

    private static CallStackFormatException tooLong(String name, LineTooLongException e) {
        return new CallStackFormatException(name, (int) Math.min(e.line(), Integer.MAX_VALUE),
                "longer than " + MAX_LINE + " characters, more than any line of a call profile");
    }

    /** @return the file read */
    public Path file() {
        return fFile;
    }

    /** @return its format */
    public Format format() {
        return fFormat;
    }

    /** @return what the trees can be weighted by: instructions, time, or both */
    public Set<CallFlow.Weight> weights() {
        return fWeights;
    }

    /**
     * @param scope
     *            how to group
     * @param weight
     *            what to weigh by
     * @return a tree per group; only {@link CallFlow.Scope#ALL} for inputs that do not say where code ran
     */
    public Map<String, CallTree> trees(CallFlow.Scope scope, CallFlow.Weight weight) {
        return fFlow.trees(scope, weight);
    }

    /**
     * @param weight
     *            what to weigh by
     * @return the tree of everything
     */
    public CallTree tree(CallFlow.Weight weight) {
        return fFlow.tree(weight);
    }

    /** @return the flow the trees came from, with what it could not attribute */
    public CallFlow flow() {
        return fFlow;
    }

    /**
     * @return when each thread entered and left each function: empty unless the profile was read with its
     *         timeline from an input with time
     */
    public CallTimeline timeline() {
        return fTimeline;
    }

    /**
     * @return the totals the input declares, which its instruction tree equals one of (callgrind's
     *         {@code summary:} and {@code totals:}, which callgrind may write different); empty when it declares none
     */
    public List<CallgrindReader.Declared> declared() {
        return fDeclared;
    }

    /**
     * @return how many times each caller called each callee, by function name, where the input counts calls
     *         (callgrind's {@code calls=}); empty otherwise
     */
    public Map<String, Map<String, Long>> calls() {
        return fCalls;
    }

    /** @return the delta profile of an instruction flow (empty for other inputs) */
    public DeltaProfiler deltas() {
        return fDeltas;
    }

    /** @return the system calls' latencies per call site, from perf script's branches (empty for other inputs) */
    public SyscallLatencies syscalls() {
        return fSyscalls;
    }
}
