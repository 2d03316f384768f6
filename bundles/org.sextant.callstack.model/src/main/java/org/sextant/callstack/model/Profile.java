// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.model;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongConsumer;

/**
 * A call profile read from a file of any of the suite's inputs: its call trees, in every scope and weight the
 * input gives, and, for instruction flows, its delta profile.
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
        SPTDECODE
    }

    /** How many lines {@link #detect} reads at most. */
    private static final int SNIFF_LINES = 50;

    private final Path fFile;
    private final Format fFormat;
    private final CallFlow fFlow;
    private final DeltaProfiler fDeltas;
    private final Set<CallFlow.Weight> fWeights;

    private Profile(Path file, Format format, CallFlow flow, DeltaProfiler deltas, Set<CallFlow.Weight> weights) {
        fFile = file;
        fFormat = format;
        fFlow = flow;
        fDeltas = deltas;
        fWeights = weights;
    }

    /**
     * @param file
     *            a file
     * @return its format, or null when it is none of the inputs (or cannot be read)
     */
    public static Format detect(Path file) {
        List<String> lines = new ArrayList<>();
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.ISO_8859_1)) {
            String line;
            while (lines.size() < SNIFF_LINES && (line = in.readLine()) != null) {
                lines.add(line);
            }
        } catch (IOException e) {
            return null;
        }
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
        Format format = detect(file);
        if (format == null) {
            throw new CallStackFormatException(file.toString(), 1,
                    "not a call profile: neither callgrind output, folded stacks, perf script of Intel PT nor sptdecode text");
        }
        String name = file.toString();
        try (BufferedReader in = new ProgressReader(Files.newBufferedReader(file, StandardCharsets.ISO_8859_1), progress)) {
            DeltaProfiler deltas = new DeltaProfiler(pattern);
            CallFlow flow;
            Set<CallFlow.Weight> weights;
            switch (format) {
            case CALLGRIND:
                flow = new CallFlow(CallgrindReader.read(in, name));
                weights = Set.of(CallFlow.Weight.INSTRUCTIONS);
                break;
            case FOLDED:
                flow = new CallFlow(FoldedStacks.read(in, name));
                weights = Set.of(CallFlow.Weight.INSTRUCTIONS);
                break;
            case PERF_SCRIPT:
                flow = new CallFlow();
                weights = PerfScriptReader.read(in, name, flow, deltas);
                break;
            case SPTDECODE:
                flow = new CallFlow();
                weights = SptDecodeReader.read(in, name, flow, deltas);
                break;
            default:
                throw new IllegalStateException(format.name());
            }
            return new Profile(file, format, flow, deltas, weights);
        }
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

    /** @return the delta profile of an instruction flow (empty for other inputs) */
    public DeltaProfiler deltas() {
        return fDeltas;
    }
}
