// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.model;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads {@code perf script} text of an Intel PT trace, in the three shapes perf prints it:
 * <ul>
 * <li>branches, {@code --itrace=cr -F +flags} (calls and returns; {@code b} for all branches):
 * {@code comm tid [cpu] time: flags ip sym+off (dso) => addr sym+off (dso)}, with {@code IPC: r (insns/cycles)}
 * when cycle-accurate mode gives instruction counts;</li>
 * <li>indented calls, {@code --call-trace} and {@code --call-ret-trace}:
 * {@code comm tid [cpu] time: [flags] (dso)<tab><4 spaces per depth>function};</li>
 * <li>instructions, {@code --itrace=i1i -F +insn} or {@code --insn-trace}:
 * {@code comm tid [cpu] time: ip sym+off (dso) insn: bytes [disassembly]}, or perf's {@code --xed} form with
 * the disassembly instead of the bytes.</li>
 * </ul>
 * Optional fields perf may add (pid before the tid, period and event name after the time) are skipped.
 * Trace starts and ends ({@code tr strt}, {@code tr end}) and decoder errors are gaps: their time goes to no
 * call path. Weights: time always; instructions from instruction lines and {@code IPC} counts.
 */
final class PerfScriptReader {

    /** comm, [pid/]tid, [cpu], seconds.fraction, then the sample's own fields. */
    private static final Pattern HEADER = Pattern.compile("\\s*(.*?)\\s+(?:-?\\d+/)?(-?\\d+)\\s+(?:\\[(\\d+)\\]\\s+)?(\\d+)\\.(\\d+):\\s*(.*)");
    /** The period and event name perf prints before a sample's fields when asked to. */
    private static final Pattern EVENT = Pattern.compile("(?:\\d+\\s+)?[A-Za-z_][\\w./-]*(?::[a-zA-Z]+)?:\\s+");
    private static final Pattern HEX = Pattern.compile("[0-9a-f]+");
    private static final Pattern IPC = Pattern.compile("\\s+IPC: \\d+\\.\\d+ \\((\\d+)/\\d+\\)");
    private static final Pattern INSTRUCTION = Pattern
            .compile("([0-9a-f]+)(?:\\s+([^\\s(]\\S*?)(?:\\+0x[0-9a-f]+)?(?=\\s|$))?(?:\\s+\\(([^)]*)\\))?(?:\\s+ilen:\\s*\\d+)?(?:\\s+insn:((?:\\s+[0-9a-f]{2})+))?\\s*(.*)");
    private static final Pattern INDENTED = Pattern.compile("([a-z ]*?)\\s*\\(([^)]*)\\)[\\t ]( *)(\\S+)\\s*");
    /** perf's report of a decoding error, which the decoder resynchronises after. */
    private static final Pattern DECODE_ERROR = Pattern.compile("\\s*instruction trace error(?:.*?time (\\d+)\\.(\\d+))?.*?tid (-?\\d+).*");

    private final String fName;
    private final CallFlow fFlow;
    private final DeltaProfiler fDeltas;
    private final Set<CallFlow.Weight> fWeights = EnumSet.noneOf(CallFlow.Weight.class);
    private final Map<Long, String> fPrevious = new HashMap<>();
    private int fLine;

    private PerfScriptReader(String name, CallFlow flow, DeltaProfiler deltas) {
        fName = name;
        fFlow = flow;
        fDeltas = deltas;
    }

    /**
     * @param lines
     *            the first lines of a file
     * @return whether they are perf script text of Intel PT branches, calls or instructions
     */
    static boolean recognises(List<String> lines) {
        for (String line : lines) {
            Matcher header = HEADER.matcher(line);
            if (header.matches()) {
                String fields = header.group(6);
                return fields.contains(" => ") || INDENTED.matcher(stripEvent(fields)).matches() || isInstruction(INSTRUCTION.matcher(fields));
            }
        }
        return false;
    }

    /**
     * Reads the flow into call stacks and, from instruction lines, the delta profile.
     *
     * @param in
     *            the text
     * @param name
     *            its name, for messages
     * @param flow
     *            the flow to build
     * @param deltas
     *            the delta profile to build
     * @return the weights the text gave
     * @throws IOException
     *             when it cannot be read
     * @throws CallStackFormatException
     *             at a line that is none of perf's shapes, or where a thread's time goes backwards
     */
    static Set<CallFlow.Weight> read(BufferedReader in, String name, CallFlow flow, DeltaProfiler deltas) throws IOException, CallStackFormatException {
        PerfScriptReader reader = new PerfScriptReader(name, flow, deltas);
        String line;
        while ((line = in.readLine()) != null) {
            reader.fLine++;
            try {
                reader.line(line);
            } catch (CallFlow.TimeGoesBack e) {
                throw reader.problem(e.getMessage(), line);
            } catch (NumberFormatException | ArithmeticException e) {
                throw reader.problem("a number out of range", line);
            }
        }
        return reader.fWeights;
    }

    private void line(String line) throws CallStackFormatException {
        if (line.isBlank() || line.startsWith("#")) {
            return;
        }
        Matcher error = DECODE_ERROR.matcher(line);
        if (error.matches()) {
            long thread = Long.parseLong(error.group(3));
            fFlow.gap(new CallFlow.Where("?", thread, -1), error.group(1) == null ? -1 : nanoseconds(error.group(1), error.group(2)));
            fPrevious.remove(thread);
            return;
        }
        Matcher header = HEADER.matcher(line);
        if (!header.matches()) {
            throw problem("not a perf script sample (comm tid [cpu] time: ...)", line);
        }
        CallFlow.Where where = new CallFlow.Where(header.group(1), Long.parseLong(header.group(2)),
                header.group(3) == null ? -1 : Integer.parseInt(header.group(3)));
        long time = nanoseconds(header.group(4), header.group(5));
        fWeights.add(CallFlow.Weight.TIME);
        String fields = stripEvent(header.group(6));
        int arrow = fields.indexOf(" => ");
        if (arrow >= 0) {
            branch(where, time, fields.substring(0, arrow), fields.substring(arrow + 4), line);
            return;
        }
        Matcher indented = INDENTED.matcher(fields);
        if (indented.matches()) {
            indented(where, time, indented);
            return;
        }
        Matcher instruction = INSTRUCTION.matcher(fields);
        if (isInstruction(instruction)) {
            instruction(where, time, instruction);
            return;
        }
        throw problem("a sample that is no branch (ip => addr), indented call nor instruction (insn:)", line);
    }

    private void branch(CallFlow.Where where, long time, String from, String to, String line) throws CallStackFormatException {
        long instructions = 0;
        Matcher ipc = IPC.matcher(to);
        if (ipc.find()) {
            instructions = Long.parseLong(ipc.group(1));
            to = to.substring(0, ipc.start());
            fWeights.add(CallFlow.Weight.INSTRUCTIONS);
        }
        Location source = Location.at(from);
        Location target = Location.at(to);
        if (source == null || target == null) {
            throw problem("a branch that is not ip sym (dso) => addr sym (dso)", line);
        }
        String flags = from.substring(0, source.start());
        String caller = function(source);
        String callee = Long.parseUnsignedLong(target.address(), 16) == 0 ? null : function(target);
        if (flags.contains("tr strt")) {
            if (instructions > 0) {
                // instructions counted up to a trace start ran before the trace stopped, on the stack it stopped in
                fFlow.advance(where, -1, instructions, null);
            }
            fFlow.gap(where, time);
            if (callee != null) {
                fFlow.ret(where, callee);
            }
            return;
        }
        fFlow.advance(where, time, instructions, caller);
        if (flags.contains("call") || flags.contains("int") && !flags.contains("iret")) {
            // call, syscall, int, hw int: into the target when the trace follows it
            if (callee != null) {
                fFlow.call(where, caller, callee);
            }
        } else if (flags.contains("ret")) {
            // return, sysret, iret
            fFlow.ret(where, callee);
        } else if (flags.contains("jmp") && callee != null && !callee.equals(caller)) {
            fFlow.jump(where, callee);
        }
    }

    private void indented(CallFlow.Where where, long time, Matcher indented) {
        String flags = indented.group(1);
        int depth = indented.group(3).length() / 4;
        String function = indented.group(4);
        fFlow.locate(function, indented.group(2).strip());
        if (flags.contains("tr strt")) {
            fFlow.gap(where, time);
            fFlow.enter(where, depth, function);
            return;
        }
        fFlow.advance(where, time, 0, function);
        if (flags.contains("ret")) {
            // perf indents a return as its call, and names the function returned from
            fFlow.enter(where, depth, function);
            fFlow.ret(where, null);
        } else if (flags.isBlank() || flags.contains("call") || flags.contains("int") && !flags.contains("iret")) {
            // --call-trace prints calls only, without flags; the name is the function called
            fFlow.enter(where, depth, function);
        }
    }

    private void instruction(CallFlow.Where where, long time, Matcher instruction) {
        String function = instruction.group(2) != null ? instruction.group(2) : CallFlow.UNKNOWN;
        if (instruction.group(3) != null) {
            fFlow.locate(function, instruction.group(3).strip());
        }
        String mnemonic = Mnemonics.of(instruction.group(4), instruction.group(5));
        String previous = fPrevious.put(where.thread(), mnemonic);
        if ("call".equals(previous)) {
            fFlow.call(where, null, function);
        } else if ("ret".equals(previous)) {
            fFlow.ret(where, function);
        } else {
            fFlow.jump(where, function);
        }
        fFlow.advance(where, time, 1, function);
        fWeights.add(CallFlow.Weight.INSTRUCTIONS);
        fDeltas.instruction(where.thread(), time, mnemonic, fLine);
    }

    /** An instruction line has the instruction's bytes or its disassembly. */
    private static boolean isInstruction(Matcher instruction) {
        return instruction.matches() && (instruction.group(4) != null || !instruction.group(5).isEmpty());
    }

    private String function(Location location) {
        String symbol = location.symbol();
        String function = symbol == null || symbol.equals(CallFlow.UNKNOWN) ? CallFlow.UNKNOWN : symbol;
        if (location.binary() != null) {
            fFlow.locate(function, location.binary());
        }
        return function;
    }

    /**
     * An address with its symbol and binary, as the end of a branch's side: {@code ip [sym[+0xoff]] [(dso)]}.
     * Found from the end, without a regular expression: this runs twice per line of files of gigabytes.
     *
     * @param start
     *            where the address starts in the text (what comes before it are the flags)
     * @param address
     *            the address, in hex
     * @param symbol
     *            its symbol without the offset, or null
     * @param binary
     *            its binary, or null
     */
    private record Location(int start, String address, String symbol, String binary) {
        static Location at(String text) {
            String rest = text.stripTrailing();
            String binary = null;
            if (rest.endsWith(")")) {
                int open = rest.lastIndexOf(" (");
                if (open < 0) {
                    return null;
                }
                binary = rest.substring(open + 2, rest.length() - 1).strip();
                rest = rest.substring(0, open).stripTrailing();
            }
            int lastSpace = rest.lastIndexOf(' ');
            String last = rest.substring(lastSpace + 1);
            String before = lastSpace < 0 ? "" : rest.substring(0, lastSpace).stripTrailing();
            int previousSpace = before.lastIndexOf(' ');
            String previous = before.substring(previousSpace + 1);
            if (!previous.isEmpty() && HEX.matcher(previous).matches()) {
                int offset = last.lastIndexOf("+0x");
                return new Location(previousSpace + 1, previous, offset > 0 ? last.substring(0, offset) : last, binary);
            }
            return HEX.matcher(last).matches() ? new Location(lastSpace + 1, last, null, binary) : null;
        }
    }

    private static String stripEvent(String fields) {
        Matcher event = EVENT.matcher(fields);
        return event.lookingAt() ? fields.substring(event.end()) : fields;
    }

    /** perf prints seconds with 9 decimals ({@code --ns}) or 6. */
    private static long nanoseconds(String seconds, String fraction) {
        long nanos = Long.parseLong(fraction.length() > 9 ? fraction.substring(0, 9) : fraction);
        for (int digits = fraction.length(); digits < 9; digits++) {
            nanos *= 10;
        }
        return Math.addExact(Math.multiplyExact(Long.parseLong(seconds), 1_000_000_000L), nanos);
    }

    private CallStackFormatException problem(String what, String line) {
        return new CallStackFormatException(fName, fLine, what + ": " + (line.length() <= 100 ? line : line.substring(0, 97) + "..."));
    }
}
