// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.model;

import java.io.IOException;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the text of simple-pt's {@code sptdecode}, one decoded PT buffer (one CPU):
 *
 * <pre>
 * TIME      DELTA         INSNs   OPERATION
 * 0        [+0]           [+   1] _dl_aux_init+436
 *                         [+   6] __libc_start_main+455 -&gt; _dl_discover_osversion
 *                         [+   9]     main+22 -&gt; f1
 * </pre>
 *
 * Each entry says how many instructions ran since the previous one, and where: the caller of a call
 * ({@code caller+offset -> callee}) or an instruction that got a timestamp, indented four spaces per call depth;
 * returns are not printed, the next entry is just less indented. The time, when there is one, is in
 * microseconds with three decimals (TSC converted) or in TSC ticks. With {@code --insn} every instruction is
 * dumped too ({@code ip tsc class insn: bytes [disassembly]}), which feeds the delta profile. A decoder error
 * ({@code offset:ip: error ...}, {@code offset: sync forward: ...}) is a gap: sptdecode starts again at depth 0.
 * The buffer says nothing of threads: everything is one thread.
 */
final class SptDecodeReader {

    private static final CallFlow.Where WHERE = new CallFlow.Where("?", 0, -1);
    private static final Pattern ENTRY = Pattern
            .compile("(?:\\s*(\\d+)(?:\\.(\\d+))?\\s+\\[[+-][\\d.]*\\])?\\s*\\[\\+\\s*(\\d+)\\] ( *)(\\S+?)(?:\\+\\d+)?(?: -> (\\S+?)(?:\\+\\d+)?)?\\s*");
    private static final Pattern INSTRUCTION = Pattern.compile("[0-9a-f]+ (\\d+)\\s+(\\S+) insn:((?: [0-9a-f]{2})+)\\s*([^\\t]*).*");
    private static final Pattern ERROR = Pattern.compile("[0-9a-f]+:(?:[0-9a-f]+: error| sync forward:) .*");
    private static final Pattern OTHER = Pattern
            .compile("TIME\\s+DELTA\\s+INSNs\\s+OPERATION|frequency \\d+|\\s*(?:interrupted|resynced|transaction|aborted|committed|loop (?:start|end))\\b.*");

    private SptDecodeReader() {
    }

    /**
     * @param lines
     *            the first lines of a file
     * @return whether they are sptdecode text
     */
    static boolean recognises(List<String> lines) {
        return lines.stream().anyMatch(l -> l.startsWith("TIME") && l.contains("INSNs") && l.contains("OPERATION"))
                || lines.stream().anyMatch(l -> ENTRY.matcher(l).matches());
    }

    /**
     * @param lines
     *            the first lines of sptdecode text
     * @return whether its entries have a time (sptdecode prints one where the trace has a timing packet)
     */
    static boolean isTimed(List<String> lines) {
        return lines.stream().map(ENTRY::matcher).anyMatch(entry -> entry.matches() && entry.group(1) != null);
    }

    /**
     * Reads the entries into a call stack and the instruction dumps into the delta profile.
     *
     * @param in
     *            the text
     * @param name
     *            its name, for messages
     * @param flow
     *            the flow to build
     * @param deltas
     *            the delta profile to build
     * @return the weights the text gave: instructions, and time when entries have one
     * @throws IOException
     *             when it cannot be read
     * @throws CallStackFormatException
     *             at a line that is no sptdecode output, or where time goes backwards
     */
    static Set<CallFlow.Weight> read(LineReader.Source in, String name, CallFlow flow, DeltaProfiler deltas) throws IOException, CallStackFormatException {
        Set<CallFlow.Weight> weights = EnumSet.of(CallFlow.Weight.INSTRUCTIONS);
        boolean resumed = false;
        String line;
        int number = 0;
        while ((line = in.readLine()) != null) {
            number++;
            try {
                resumed = line(line, number, name, flow, deltas, weights, resumed);
            } catch (NumberFormatException | ArithmeticException e) {
                throw new CallStackFormatException(name, number, "a number out of range: " + abbreviate(line));
            } catch (CallFlow.TimeGoesBack e) {
                throw new CallStackFormatException(name, number, e.getMessage());
            }
        }
        return weights;
    }

    /**
     * One line.
     *
     * @param resumed
     *            whether the trace resumes after a decoder error at this line
     * @return whether it still does after it
     */
    private static boolean line(String line, int number, String name, CallFlow flow, DeltaProfiler deltas, Set<CallFlow.Weight> weights,
            boolean resumed) throws CallStackFormatException {
        Matcher entry = ENTRY.matcher(line);
        if (entry.matches()) {
            long time = -1;
            if (entry.group(1) != null) {
                time = time(entry.group(1), entry.group(2));
                weights.add(CallFlow.Weight.TIME);
            }
            String function = entry.group(5);
            flow.enter(WHERE, entry.group(4).length() / 4, function);
            boolean stillResumed = resumed;
            try {
                if (resumed && time >= 0) {
                    flow.gap(WHERE, time);
                    stillResumed = false;
                }
                flow.advance(WHERE, time, Long.parseLong(entry.group(3)), function);
            } catch (CallFlow.TimeGoesBack e) {
                throw new CallStackFormatException(name, number, e.getMessage());
            }
            if (entry.group(6) != null) {
                flow.call(WHERE, function, entry.group(6));
            }
            return stillResumed;
        }
        Matcher instruction = INSTRUCTION.matcher(line);
        if (instruction.matches()) {
            String mnemonic = Mnemonics.of(instruction.group(3), instruction.group(4));
            deltas.instruction(WHERE.thread(), Long.parseLong(instruction.group(1)), mnemonic, number);
            return resumed;
        }
        if (ERROR.matcher(line).matches()) {
            return true;
        }
        if (!line.isBlank() && !OTHER.matcher(line).matches()) {
            throw new CallStackFormatException(name, number, "not sptdecode output ([+N] caller+off -> callee): " + abbreviate(line));
        }
        return resumed;
    }

    private static String abbreviate(String line) {
        return line.length() <= 100 ? line : line.substring(0, 97) + "...";
    }

    /** Microseconds with decimals become nanoseconds; TSC ticks stay as they are. */
    private static long time(String whole, String decimals) {
        if (decimals == null) {
            return Long.parseLong(whole);
        }
        String nanos = (decimals + "000").substring(0, 3);
        return Math.addExact(Math.multiplyExact(Long.parseLong(whole), 1000), Long.parseLong(nanos));
    }
}
