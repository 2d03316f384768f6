// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.model;

import java.io.IOException;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
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
 *
 * <p>
 * Each line's header, event name, addresses and {@code IPC} are scanned by hand, not by regular expressions:
 * files run to gigabytes. Regular expressions remain for the rarer shapes' fields (indented calls,
 * instructions) and for decoder errors, whose lines are recognised by their first words.
 * </p>
 */
final class PerfScriptReader {

    private static final String DECODE_ERROR_START = "instruction trace error";
    private static final String IPC = "IPC: ";
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
    private final Names fNames = new Names();
    /** The functions whose binary the flow knows: the first one named is theirs. */
    private final Set<String> fLocated = new HashSet<>();
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
            Header header = Header.scan(line);
            if (header != null) {
                int fields = header.fields();
                return line.indexOf(" => ", fields) >= 0 || INDENTED.matcher(line).region(sampleStart(line, fields), line.length()).matches()
                        || isInstruction(INSTRUCTION.matcher(line).region(fields, line.length()));
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
    static Set<CallFlow.Weight> read(LineReader.Source in, String name, CallFlow flow, DeltaProfiler deltas) throws IOException, CallStackFormatException {
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
        if (line.startsWith(DECODE_ERROR_START, skipSpaces(line, 0))) {
            Matcher error = DECODE_ERROR.matcher(line);
            if (error.matches()) {
                long thread = Long.parseLong(error.group(3));
                String seconds = error.group(1);
                fFlow.gap(new CallFlow.Where("?", thread, -1), seconds == null ? -1 : nanoseconds(line, error.start(1), error.end(1), error.end(2)));
                fPrevious.remove(thread);
                return;
            }
        }
        Header header = Header.scan(line);
        if (header == null) {
            throw problem("not a perf script sample (comm tid [cpu] time: ...)", line);
        }
        CallFlow.Where where = new CallFlow.Where(fNames.of(line, header.commStart(), header.commEnd()), header.tid(), header.cpu());
        long time = header.nanos();
        fWeights.add(CallFlow.Weight.TIME);
        int fields = sampleStart(line, header.fields());
        int arrow = line.indexOf(" => ", fields);
        if (arrow >= 0) {
            branch(where, time, line, fields, arrow);
            return;
        }
        Matcher indented = INDENTED.matcher(line).region(fields, line.length());
        if (indented.matches()) {
            indented(where, time, indented);
            return;
        }
        Matcher instruction = INSTRUCTION.matcher(line).region(fields, line.length());
        if (isInstruction(instruction)) {
            instruction(where, time, instruction);
            return;
        }
        throw problem("a sample that is no branch (ip => addr), indented call nor instruction (insn:)", line);
    }

    /** A branch, {@code line[from, arrow)} its source and what follows {@code " => "} its target. */
    private void branch(CallFlow.Where where, long time, String line, int from, int arrow) throws CallStackFormatException {
        long instructions = 0;
        int toEnd = line.length();
        long[] ipc = ipc(line, arrow + 4);
        if (ipc != null) {
            instructions = ipc[1];
            toEnd = (int) ipc[0];
            fWeights.add(CallFlow.Weight.INSTRUCTIONS);
        }
        Location source = Location.at(line, from, arrow);
        Location target = Location.at(line, arrow + 4, toEnd);
        if (source == null || target == null) {
            throw problem("a branch that is not ip sym (dso) => addr sym (dso)", line);
        }
        Flags flags = new Flags(line, from, source.start());
        String caller = function(line, source);
        String callee = Long.parseUnsignedLong(line, target.start(), target.addressEnd(), 16) == 0 ? null : function(line, target);
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

    private String function(String line, Location location) {
        String function = location.symbolStart() < 0 ? CallFlow.UNKNOWN : fNames.of(line, location.symbolStart(), location.symbolEnd());
        if (location.binaryStart() >= 0 && fLocated.add(function)) {
            fFlow.locate(function, fNames.of(line, location.binaryStart(), location.binaryEnd()));
        }
        return function;
    }

    /** A branch's flags, {@code line[start, end)}, asked about without cutting them out of the line. */
    private record Flags(String line, int start, int end) {
        boolean contains(String flag) {
            int at = line.indexOf(flag, start);
            return at >= 0 && at + flag.length() <= end;
        }
    }

    /**
     * An address with its symbol and binary, as the end of a branch's side: {@code ip [sym[+0xoff]] [(dso)]}, as
     * positions in the line. Found from the end, without a regular expression or cutting strings: this runs
     * twice per line of files of gigabytes.
     *
     * @param start
     *            where the address starts (what comes before it on its side are the flags)
     * @param addressEnd
     *            where the address, in hex, ends
     * @param symbolStart
     *            where its symbol starts, -1 when it has none
     * @param symbolEnd
     *            where the symbol ends, before any offset
     * @param binaryStart
     *            where its binary starts, -1 when it has none
     * @param binaryEnd
     *            where the binary ends
     */
    private record Location(int start, int addressEnd, int symbolStart, int symbolEnd, int binaryStart, int binaryEnd) {

        /** @return the location that ends the side {@code line[begin, end)}, or null when it does not end in one */
        static Location at(String line, int begin, int end) {
            int rest = trimEnd(line, begin, end);
            int binaryStart = -1;
            int binaryEnd = -1;
            if (rest > begin && line.charAt(rest - 1) == ')') {
                int open = rest - 2;
                while (open >= begin && !(line.charAt(open) == ' ' && line.charAt(open + 1) == '(')) {
                    open--;
                }
                if (open < begin) {
                    return null;
                }
                binaryStart = trimStart(line, open + 2, rest - 1);
                binaryEnd = trimEnd(line, binaryStart, rest - 1);
                rest = trimEnd(line, begin, open);
            }
            int lastSpace = line.lastIndexOf(' ', rest - 1);
            int last = lastSpace < begin ? begin : lastSpace + 1;
            int before = lastSpace < begin ? begin : trimEnd(line, begin, lastSpace);
            int previousSpace = line.lastIndexOf(' ', before - 1);
            int previous = previousSpace < begin ? begin : previousSpace + 1;
            if (isHex(line, previous, before)) {
                int offset = rest - 3;
                while (offset > last && !line.startsWith("+0x", offset)) {
                    offset--;
                }
                return new Location(previous, before, last, offset > last ? offset : rest, binaryStart, binaryEnd);
            }
            return isHex(line, last, rest) ? new Location(last, rest, -1, -1, binaryStart, binaryEnd) : null;
        }
    }

    /**
     * A sample's header, {@code comm [pid/]tid [[cpu]] seconds.fraction:}, as positions in its line. The command
     * name may hold spaces: as the regular expression it replaces would, the header is the first place after a
     * space where a thread, an optional CPU and a time follow.
     *
     * @param line
     *            the line
     * @param commStart
     *            where the command name starts
     * @param commEnd
     *            where it ends
     * @param tidStart
     *            where the thread starts
     * @param tidEnd
     *            where it ends
     * @param cpuStart
     *            where the CPU's digits start, -1 when not printed
     * @param cpuEnd
     *            where they end
     * @param secondsStart
     *            where the time starts
     * @param dot
     *            where its decimal point is
     * @param fractionEnd
     *            where it ends
     * @param fields
     *            where the sample's own fields start
     */
    private record Header(String line, int commStart, int commEnd, int tidStart, int tidEnd, int cpuStart, int cpuEnd, int secondsStart, int dot,
            int fractionEnd, int fields) {

        /** @return the thread (the numbers are read only when asked for: a line may be recognised without them) */
        long tid() {
            return decimal(line, tidStart, tidEnd);
        }

        /** @return the CPU, or -1 when not printed */
        int cpu() {
            return cpuStart < 0 ? -1 : Math.toIntExact(decimal(line, cpuStart, cpuEnd));
        }

        /** @return the time in nanoseconds */
        long nanos() {
            return nanoseconds(line, secondsStart, dot, fractionEnd);
        }

        /** @return the header of a line, or null when it has none */
        static Header scan(String line) {
            int commStart = skipSpaces(line, 0);
            int length = line.length();
            for (int at = commStart; at < length; at++) {
                // each token after white space (the first one too, when the line starts with it) may be the thread
                if (at > 0 && isSpace(line.charAt(at - 1)) && !isSpace(line.charAt(at))) {
                    // a line that starts with white space may start with the thread: no command name
                    int commEnd = Math.max(at - 1, commStart);
                    while (commEnd > commStart && isSpace(line.charAt(commEnd - 1))) {
                        commEnd--;
                    }
                    Header header = after(line, commStart, commEnd, at);
                    if (header != null) {
                        return header;
                    }
                }
            }
            return null;
        }

        /** The header whose thread starts at {@code at}, or null when what follows is not one. */
        private static Header after(String line, int commStart, int commEnd, int at) {
            int tidStart = at;
            int end = signedDigits(line, at);
            if (end < 0) {
                return null;
            }
            if (end < line.length() && line.charAt(end) == '/') { // pid/tid
                tidStart = end + 1;
                end = signedDigits(line, tidStart);
                if (end < 0) {
                    return null;
                }
            }
            int tidEnd = end;
            int next = skipSpaces(line, end);
            if (next == end) {
                return null;
            }
            int cpuStart = -1;
            int cpuEnd = -1;
            if (next < line.length() && line.charAt(next) == '[') {
                cpuStart = next + 1;
                cpuEnd = digits(line, cpuStart);
                if (cpuEnd < 0 || cpuEnd >= line.length() || line.charAt(cpuEnd) != ']') {
                    return null;
                }
                int afterCpu = skipSpaces(line, cpuEnd + 1);
                if (afterCpu == cpuEnd + 1) {
                    return null;
                }
                next = afterCpu;
            }
            int secondsEnd = digits(line, next);
            if (secondsEnd < 0 || secondsEnd >= line.length() || line.charAt(secondsEnd) != '.') {
                return null;
            }
            int fractionEnd = digits(line, secondsEnd + 1);
            if (fractionEnd < 0 || fractionEnd >= line.length() || line.charAt(fractionEnd) != ':') {
                return null;
            }
            return new Header(line, commStart, commEnd, tidStart, tidEnd, cpuStart, cpuEnd, next, secondsEnd, fractionEnd,
                    skipSpaces(line, fractionEnd + 1));
        }
    }

    /** The end of the digits at {@code at}, or -1 when there are none. */
    private static int digits(String text, int at) {
        int end = at;
        while (end < text.length() && text.charAt(end) >= '0' && text.charAt(end) <= '9') {
            end++;
        }
        return end == at ? -1 : end;
    }

    /** The end of an optionally negative number at {@code at}, or -1 when there is none. */
    private static int signedDigits(String text, int at) {
        return at < text.length() && text.charAt(at) == '-' ? digits(text, at + 1) : digits(text, at);
    }

    /** The first position from {@code at} that is not white space (as {@code \\s} means it). */
    private static int skipSpaces(String text, int at) {
        int end = at;
        while (end < text.length() && isSpace(text.charAt(end))) {
            end++;
        }
        return end;
    }

    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\u000B' || c == '\f' || c == '\r';
    }

    /** Where {@code text[start, end)} ends without its trailing white space (as {@link String#strip} means it). */
    private static int trimEnd(String text, int start, int end) {
        int at = end;
        while (at > start && Character.isWhitespace(text.charAt(at - 1))) {
            at--;
        }
        return at;
    }

    /** Where {@code text[start, end)} starts without its leading white space (as {@link String#strip} means it). */
    private static int trimStart(String text, int start, int end) {
        int at = start;
        while (at < end && Character.isWhitespace(text.charAt(at))) {
            at++;
        }
        return at;
    }

    private static boolean isLetter(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
    }

    private static boolean isWord(char c) {
        return isLetter(c) || c >= '0' && c <= '9' || c == '_';
    }

    /** Lower-case hexadecimal digits in {@code text[start, end)}, at least one. */
    private static boolean isHex(String text, int start, int end) {
        if (start >= end) {
            return false;
        }
        for (int i = start; i < end; i++) {
            char c = text.charAt(i);
            if (!(c >= '0' && c <= '9' || c >= 'a' && c <= 'f')) {
                return false;
            }
        }
        return true;
    }

    /**
     * The first {@code <spaces>IPC: r.r (insns/cycles)} of a branch's target side, which starts at {@code from}
     * and ends the line.
     *
     * @return where its white space starts and the instructions, or null when there is none
     */
    private static long[] ipc(String text, int from) {
        for (int at = text.indexOf(IPC, from); at >= 0; at = text.indexOf(IPC, at + 1)) {
            int start = at;
            while (start > from && isSpace(text.charAt(start - 1))) {
                start--;
            }
            if (start == at) {
                continue;
            }
            int end = digits(text, at + IPC.length());
            if (end < 0 || end >= text.length() || text.charAt(end) != '.') {
                continue;
            }
            end = digits(text, end + 1);
            if (end < 0 || !text.startsWith(" (", end)) {
                continue;
            }
            int instructionsEnd = digits(text, end + 2);
            if (instructionsEnd < 0 || instructionsEnd >= text.length() || text.charAt(instructionsEnd) != '/') {
                continue;
            }
            int cyclesEnd = digits(text, instructionsEnd + 1);
            if (cyclesEnd < 0 || cyclesEnd >= text.length() || text.charAt(cyclesEnd) != ')') {
                continue;
            }
            return new long[] { start, decimal(text, end + 2, instructionsEnd) };
        }
        return null;
    }

    /**
     * Where a sample's fields start in its line, past the period and event name perf prints before them when
     * asked to: {@code [period ]name[:modifiers]: }.
     *
     * @param from
     *            where the fields start when there are none of those
     */
    private static int sampleStart(String line, int from) {
        int length = line.length();
        int at = from;
        int period = digits(line, from);
        if (period >= 0) {
            int afterPeriod = skipSpaces(line, period);
            if (afterPeriod > period) {
                at = afterPeriod;
            }
        }
        if (at >= length || !(isLetter(line.charAt(at)) || line.charAt(at) == '_')) {
            return from;
        }
        int end = at + 1;
        while (end < length && (isWord(line.charAt(end)) || line.charAt(end) == '.' || line.charAt(end) == '/' || line.charAt(end) == '-')) {
            end++;
        }
        int modifiers = end;
        if (modifiers < length && line.charAt(modifiers) == ':') {
            int letters = modifiers + 1;
            while (letters < length && isLetter(line.charAt(letters))) {
                letters++;
            }
            int afterModifiers = eventEnd(line, letters);
            if (letters > modifiers + 1 && afterModifiers >= 0) {
                return afterModifiers;
            }
        }
        int after = eventEnd(line, end);
        return after >= 0 ? after : from;
    }

    /** Past the {@code :} and white space that end an event name at {@code at}, or -1 when they do not. */
    private static int eventEnd(String fields, int at) {
        if (at >= fields.length() || fields.charAt(at) != ':') {
            return -1;
        }
        int after = skipSpaces(fields, at + 1);
        return after > at + 1 ? after : -1;
    }

    /** perf prints seconds with 9 decimals ({@code --ns}) or 6: {@code line[start, dot)} and {@code line(dot, end)}. */
    private static long nanoseconds(String line, int start, int dot, int end) {
        int fractionEnd = Math.min(end, dot + 10);
        long nanos = decimal(line, dot + 1, fractionEnd);
        for (int digits = fractionEnd - dot - 1; digits < 9; digits++) {
            nanos *= 10;
        }
        return Math.addExact(Math.multiplyExact(decimal(line, start, dot), 1_000_000_000L), nanos);
    }

    /**
     * The number {@code text[start, end)}, digits after an optional {@code -}, as the scans above found them:
     * parsed without {@code Long.parseLong}'s checks of each character, which they made already.
     *
     * @throws ArithmeticException
     *             when it does not fit a long
     */
    private static long decimal(String text, int start, int end) {
        boolean negative = text.charAt(start) == '-';
        long value = 0;
        for (int at = negative ? start + 1 : start; at < end; at++) {
            value = Math.addExact(Math.multiplyExact(value, 10), text.charAt(at) - '0');
        }
        return negative ? -value : value;
    }

    private CallStackFormatException problem(String what, String line) {
        return new CallStackFormatException(fName, fLine, what + ": " + (line.length() <= 100 ? line : line.substring(0, 97) + "..."));
    }
}
