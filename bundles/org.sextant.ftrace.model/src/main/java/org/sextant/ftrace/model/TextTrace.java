// SPDX-License-Identifier: EPL-2.0
package org.sextant.ftrace.model;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.sextant.common.model.text.LineTooLongException;

/**
 * An ftrace text trace: {@code trace-cmd report -R} (each field {@code name=value}; {@code -t} for nanoseconds)
 * or the kernel's own {@code trace} file (the events' print formats, microseconds). Opening reads every line once,
 * checking that each is an event, a loss or a continuation of a marker's text, in time order, and keeps a
 * checkpoint every {@value #CHECKPOINT_EVERY} events so that a cursor starts near any time.
 * <p>
 * Values are typed as the {@code .dat} reader types them: decimal and {@code 0x} hexadecimal numbers are
 * {@link Long}s, except in the fields that hold names and text ({@link #STRING_FIELDS}); the rest are strings.
 * A marker's text that spans lines ({@code print}'s {@code buf}, the kernel's {@code tracing_mark_write}) is
 * joined with newlines. In the kernel's own format a marker ({@code tracing_mark_write: TEXT}) is the
 * {@code print} event with {@code ip} and {@code buf}, and the symbols of the kernel's print formats are turned
 * back into the numbers trace-cmd prints: {@code sched_switch}'s {@code prev_state} (Linux 4.14 and later:
 * {@code S}=1 {@code D}=2 {@code T}=4 {@code t}=8 {@code X}=16 {@code Z}=32 {@code P}=64 {@code I}=128,
 * {@code R}=0, {@code +} adds 256), {@code sched_process_exit}'s {@code group_dead} and
 * {@code irq_handler_exit}'s {@code ret}; its {@code ==>} and softirqs' {@code [action=NAME]} are dropped, and
 * {@code sched_process_fork}'s {@code comm} and {@code pid} are its fields {@code parent_comm} and {@code parent_pid}.
 */
final class TextTrace extends FtraceTrace {

    /** Fields whose values are text even when they look like numbers (a thread may be named "42"). */
    static final Set<String> STRING_FIELDS = Set.of("comm", "prev_comm", "next_comm", "parent_comm", "child_comm", "name", "buf",
            "filename", "oldcomm", "newcomm");

    private static final int CHECKPOINT_EVERY = 1024;
    private static final String PRINT = "print";
    private static final String MARKER = "tracing_mark_write";
    private static final String[] PRINT_FIELDS = { "ip", "buf" };
    private static final String TASK_STATES = "SDTtXZPI";
    private static final int TASK_PREEMPTED = 256;

    private final Path fFile;
    private Kind fKind = Kind.REPORT_TEXT;
    private int fCpuCount;
    private long fEvents;
    private long fStart;
    private long fEnd;
    private final Map<Integer, Long> fLost = new TreeMap<>();
    private long fLostTotal;
    private long[] fCheckpointOffsets = new long[16];
    private long[] fCheckpointLines = new long[16];
    private long[] fCheckpointTimes = new long[16];
    private int fCheckpoints;

    private TextTrace(Path file) {
        fFile = file;
    }

    static TextTrace read(Path file) throws IOException, FtraceFormatException {
        TextTrace trace = new TextTrace(file);
        trace.scan();
        return trace;
    }

    /**
     * @param head
     *            a file's first bytes
     * @return the kind of text trace they start, or null: an event or loss line must come before anything but
     *         blank lines, comments ({@code #}) and trace-cmd's header lines
     */
    static Kind probe(byte[] head) {
        TextLine line = new TextLine();
        Kind kind = Kind.REPORT_TEXT;
        int start = 0;
        for (int i = 0; i < head.length; i++) {
            if (head[i] != '\n') {
                continue;
            }
            switch (line.parse(head, start, i)) {
            case EVENT:
                return line.hasFlags() ? Kind.TRACEFS_TEXT : kind;
            case LOST:
                return kind;
            default:
                String text = new String(head, start, i - start, StandardCharsets.UTF_8);
                if (text.startsWith("# tracer:")) {
                    kind = Kind.TRACEFS_TEXT;
                } else if (!isHeader(text)) {
                    return null;
                }
            }
            start = i + 1;
        }
        return kind == Kind.TRACEFS_TEXT && start == head.length ? kind : null;
    }

    /** @return whether a line before the first event is one trace-cmd report or the kernel prints there */
    private static boolean isHeader(String text) {
        String trimmed = text.trim();
        return trimmed.isEmpty() || trimmed.startsWith("#") || trimmed.matches("cpus=\\d+|version = \\d+|CPU \\d+ is empty|\\S+: cpus=\\d+");
    }

    private void scan() throws IOException, FtraceFormatException {
        TextLine line = new TextLine();
        boolean seenEvent = false;
        boolean continuable = false;
        boolean lostPending = false;
        long last = Long.MIN_VALUE;
        try (LineReader reader = new LineReader(fFile, 0, 1)) {
            while (reader.next()) {
                switch (line.parse(reader.buffer(), reader.start(), reader.end())) {
                case EVENT:
                    check(line, reader.line(), last);
                    if (!seenEvent && line.hasFlags()) {
                        fKind = Kind.TRACEFS_TEXT;
                    }
                    if (fEvents % CHECKPOINT_EVERY == 0) {
                        checkpoint(reader.offset(), reader.line(), line.time());
                    }
                    if (!seenEvent) {
                        fStart = line.time();
                    }
                    seenEvent = true;
                    lostPending = false;
                    last = line.time();
                    fEvents++;
                    continuable = line.nameIs(PRINT) || line.nameIs(MARKER);
                    break;
                case LOST:
                    if (!line.cpuInRange()) {
                        throw FtraceFormatException.atLine(fFile, reader.line(), "CPU " + line.cpu() + " is out of range");
                    }
                    fCpuCount = Math.max(fCpuCount, line.cpu() + 1);
                    long before = fLost.getOrDefault(line.cpu(), 0L);
                    fLost.put(line.cpu(), before < 0 || line.lost() < 0 ? -1 : before + line.lost());
                    lostPending = true;
                    continuable = false;
                    break;
                default:
                    String text = new String(reader.buffer(), reader.start(), reader.end() - reader.start(), StandardCharsets.UTF_8);
                    if (!seenEvent && !lostPending && isHeader(text)) {
                        header(text);
                    } else if (!continuable) {
                        throw FtraceFormatException.atLine(fFile, reader.line(), line.problem() != null ? line.problem()
                                : "expected an event (COMM-PID [CPU] TIME: NAME: FIELDS) or a loss (CPU:N [M EVENTS DROPPED])");
                    }
                }
            }
            if (lostPending) {
                throw FtraceFormatException.atLine(fFile, reader.line(), "the trace ends with a loss, not the event that follows one");
            }
            if (!seenEvent && fKind != Kind.TRACEFS_TEXT && fLost.isEmpty()) {
                throw FtraceFormatException.atLine(fFile, Math.max(1, reader.line()),
                        "no ftrace event in the file (expected lines COMM-PID [CPU] TIME: NAME: FIELDS)");
            }
        } catch (LineTooLongException e) {
            throw FtraceFormatException.atLine(fFile, e.line(), "longer than " + LineReader.MAX_LINE + " bytes, more than any line of ftrace text");
        }
        fEnd = seenEvent ? last : 0;
    }

    private void check(TextLine line, long number, long last) throws FtraceFormatException {
        if (!line.cpuInRange()) {
            throw FtraceFormatException.atLine(fFile, number, "CPU " + line.cpu() + " is out of range");
        }
        if (line.time() < last) {
            throw FtraceFormatException.atLine(fFile, number, "time " + line.time() + " ns goes back from " + last + " ns on the line before");
        }
        fCpuCount = Math.max(fCpuCount, line.cpu() + 1);
    }

    private void header(String text) {
        if (text.startsWith("# tracer:")) {
            fKind = Kind.TRACEFS_TEXT;
        }
        java.util.regex.Matcher cpus = java.util.regex.Pattern.compile("(?:cpus=|#P:)(\\d{1,5})").matcher(text);
        if (cpus.find()) {
            fCpuCount = Math.max(fCpuCount, Integer.parseInt(cpus.group(1)));
        }
        java.util.regex.Matcher entries = java.util.regex.Pattern.compile("entries-in-buffer/entries-written: (\\d{1,18})/(\\d{1,18})")
                .matcher(text);
        if (entries.find()) {
            fLostTotal = Math.max(0, Long.parseLong(entries.group(2)) - Long.parseLong(entries.group(1)));
        }
    }

    private void checkpoint(long offset, long line, long time) {
        if (fCheckpoints == fCheckpointOffsets.length) {
            fCheckpointOffsets = Arrays.copyOf(fCheckpointOffsets, 2 * fCheckpoints);
            fCheckpointLines = Arrays.copyOf(fCheckpointLines, 2 * fCheckpoints);
            fCheckpointTimes = Arrays.copyOf(fCheckpointTimes, 2 * fCheckpoints);
        }
        fCheckpointOffsets[fCheckpoints] = offset;
        fCheckpointLines[fCheckpoints] = line;
        fCheckpointTimes[fCheckpoints] = time;
        fCheckpoints++;
    }

    @Override
    public Path file() {
        return fFile;
    }

    @Override
    public Kind kind() {
        return fKind;
    }

    @Override
    public int cpuCount() {
        return fCpuCount;
    }

    @Override
    public boolean isEmpty() {
        return fEvents == 0;
    }

    @Override
    public long startTime() {
        return fStart;
    }

    @Override
    public long endTime() {
        return fEnd;
    }

    /** @return how many events the file has, counted when it was opened */
    long eventCount() {
        return fEvents;
    }

    @Override
    public long lostEvents(int cpu) {
        long lost = fLost.getOrDefault(cpu, 0L);
        // the kernel's own file says only how many were lost in all
        return lost == 0 && fLostTotal > 0 ? -1 : lost;
    }

    @Override
    public long lostEvents() {
        long sum = 0;
        for (long lost : fLost.values()) {
            if (lost < 0) {
                return -1;
            }
            sum += lost;
        }
        return Math.max(sum, fLostTotal);
    }

    @Override
    public Cursor cursor(Position from) throws IOException, FtraceFormatException {
        int checkpoint = -1;
        for (int low = 0, high = fCheckpoints - 1; low <= high;) {
            int middle = (low + high) >>> 1;
            if (fCheckpointTimes[middle] < from.timestamp()) {
                checkpoint = middle;
                low = middle + 1;
            } else {
                high = middle - 1;
            }
        }
        return checkpoint < 0 ? new TextCursor(0, 1, from) : new TextCursor(fCheckpointOffsets[checkpoint], fCheckpointLines[checkpoint], from);
    }

    @Override
    public void close() {
        // every cursor holds its own file
    }

    /**
     * Reads the events of a line: the payload's {@code name=value} fields, typed; a marker's text whole.
     *
     * @return the event; its last value is the one continuation lines extend
     */
    private TextEvent event(TextLine line, byte[] bytes, long number, Map<String, TextType> types) throws FtraceFormatException {
        String name = line.name();
        int start = line.payload();
        int end = line.end();
        if (fKind == Kind.TRACEFS_TEXT && name.equals(MARKER)) {
            int text = start < end && bytes[start] == ' ' ? start + 1 : start;
            return new TextEvent(PRINT, line.cpu(), line.time(), line.pid(), line.comm(), PRINT_FIELDS,
                    new Object[] { MARKER, new String(bytes, text, end - text, StandardCharsets.UTF_8) });
        }
        String payload = new String(bytes, start, end - start, StandardCharsets.UTF_8);
        if (fKind == Kind.TRACEFS_TEXT) {
            payload = name.equals("sched_switch") ? payload.replace(" ==> ", " ") : payload.replaceFirst("^(.*?) \\[action=[^\\]]*\\]$", "$1");
        }
        // events of a name share their field names and which hold text, found once: no name compared per field
        TextType type = types.get(name);
        boolean known = type != null;
        List<String> fieldNames = new ArrayList<>();
        List<Object> values = new ArrayList<>();
        int at = 0;
        while (at < payload.length() && payload.charAt(at) == ' ') {
            at++;
        }
        while (at < payload.length()) {
            int equals = identifierEnd(payload, at);
            if (equals == at || equals >= payload.length() || payload.charAt(equals) != '=') {
                throw FtraceFormatException.atLine(fFile, number, "expected NAME=VALUE at \"" + abbreviate(payload.substring(at)) + "\"");
            }
            int index = fieldNames.size();
            known = known && index < type.names().length && type.names()[index].length() == equals - at && payload.startsWith(type.names()[index], at);
            String field = known ? type.names()[index] : payload.substring(at, equals);
            int valueEnd = name.equals(PRINT) && field.equals("buf") ? payload.length() : nextField(payload, equals + 1);
            if (fKind == Kind.TRACEFS_TEXT && name.equals("sched_process_fork") && (field.equals("comm") || field.equals("pid"))) {
                // its print format labels the parent's fields comm and pid
                field = "parent_" + field;
            }
            String text = payload.substring(equals + 1, valueEnd);
            Object symbolic = fKind == Kind.TRACEFS_TEXT ? symbolic(name, field, text) : null;
            boolean isText = known ? type.text()[index] : STRING_FIELDS.contains(field);
            fieldNames.add(field);
            values.add(symbolic != null ? symbolic : isText ? text : typed(text));
            at = valueEnd + 1;
        }
        if (!known || type.names().length != fieldNames.size()) {
            boolean[] text = new boolean[fieldNames.size()];
            for (int i = 0; i < text.length; i++) {
                text[i] = STRING_FIELDS.contains(fieldNames.get(i));
            }
            type = new TextType(fieldNames.toArray(new String[0]), text);
            types.put(name, type);
        }
        return new TextEvent(name, line.cpu(), line.time(), line.pid(), line.comm(), type.names(), values.toArray());
    }

    /**
     * The field names of an event name's events as last read, and which of them hold text.
     *
     * @param names
     *            the names
     * @param text
     *            for each, whether its values are text ({@link #STRING_FIELDS})
     */
    private record TextType(String[] names, boolean[] text) {
    }

    private static int identifierEnd(String text, int from) {
        int at = from;
        while (at < text.length() && (Character.isLetterOrDigit(text.charAt(at)) || text.charAt(at) == '_')) {
            at++;
        }
        return at > from && !Character.isDigit(text.charAt(from)) ? at : from;
    }

    /** @return where the value starting at {@code from} ends: before the next " NAME=", or at the end */
    private static int nextField(String text, int from) {
        for (int space = text.indexOf(' ', from); space >= 0; space = text.indexOf(' ', space + 1)) {
            int end = identifierEnd(text, space + 1);
            if (end > space + 1 && end < text.length() && text.charAt(end) == '=') {
                return space;
            }
        }
        return text.length();
    }

    private static String abbreviate(String text) {
        return text.length() > 40 ? text.substring(0, 40) + "..." : text;
    }

    /** @return a number or, when it does not read as one, the text */
    static Object typed(String text) {
        int length = text.length();
        if (length > 2 && length <= 18 && text.startsWith("0x")) {
            try {
                return Long.parseUnsignedLong(text.substring(2), 16);
            } catch (NumberFormatException e) {
                return text;
            }
        }
        if (length == 0 || length > 20 || !(Character.isDigit(text.charAt(0)) || text.charAt(0) == '-' && length > 1)) {
            return text;
        }
        for (int i = 1; i < length; i++) {
            if (!Character.isDigit(text.charAt(i))) {
                return text;
            }
        }
        try {
            return text.charAt(0) == '-' ? Long.parseLong(text) : Long.parseUnsignedLong(text);
        } catch (NumberFormatException e) {
            return text;
        }
    }

    /** The numbers behind the symbols the kernel's print formats show, or null for other fields. */
    private static Long symbolic(String event, String field, String text) {
        if (event.equals("sched_switch") && field.equals("prev_state")) {
            long state = text.endsWith("+") ? TASK_PREEMPTED : 0;
            String flags = text.endsWith("+") ? text.substring(0, text.length() - 1) : text;
            if (flags.equals("R")) {
                return state;
            }
            for (String flag : flags.split("\\|")) {
                int bit = flag.length() == 1 ? TASK_STATES.indexOf(flag.charAt(0)) : -1;
                if (bit < 0) {
                    return null;
                }
                state |= 1L << bit;
            }
            return state;
        }
        if (event.equals("sched_process_exit") && field.equals("group_dead")) {
            return flag(text, "true", "false");
        }
        if (event.equals("irq_handler_exit") && field.equals("ret")) {
            return flag(text, "handled", "unhandled");
        }
        return null;
    }

    /** @return 1 for the one word, 0 for the other, null for any other text */
    private static Long flag(String text, String one, String zero) {
        if (text.equals(one)) {
            return 1L;
        }
        return text.equals(zero) ? Long.valueOf(0) : null;
    }

    /** Reads events from a checkpoint, in the file's order, which is time order. */
    private final class TextCursor implements Cursor {
        private final LineReader fReader;
        private final TextLine fLine = new TextLine();
        private final Map<String, TextType> fTypes = new HashMap<>();
        private TextLine.Type fType;
        private boolean fSeenEvent;
        private FtraceEvent fNext;
        private final Ranks fRanks;

        TextCursor(long offset, long line, Position from) throws IOException, FtraceFormatException {
            fReader = new LineReader(fFile, offset, line);
            // lines before the time are only looked at, not read into events (a loss needs the line after it: read)
            for (TextLine.Type type = line(); type == TextLine.Type.EVENT && fLine.time() < from.timestamp(); type = line()) {
                fType = null;
                fSeenEvent = true;
                while (line() == TextLine.Type.OTHER) {
                    fType = null;
                }
            }
            fNext = read();
            while (fNext != null && fNext.timestamp() < from.timestamp()) {
                fNext = read();
            }
            fRanks = new Ranks(from.timestamp());
            while (fRanks.before(from, fNext)) {
                next();
            }
        }

        @Override
        public FtraceEvent next() throws IOException, FtraceFormatException {
            FtraceEvent event = fNext;
            if (event == null) {
                return null;
            }
            fNext = read();
            fRanks.passed(event);
            return event;
        }

        @Override
        public Position position() {
            return fRanks.of(fNext);
        }

        @Override
        public void close() throws IOException {
            fReader.close();
        }

        /** @return the type of the line to look at, reading one if none is; null at the end of the file */
        private TextLine.Type line() throws IOException {
            if (fType == null && fReader.next()) {
                fType = fLine.parse(fReader.buffer(), fReader.start(), fReader.end());
            }
            return fType;
        }

        private FtraceEvent read() throws IOException, FtraceFormatException {
            for (TextLine.Type type = line(); type != null; type = line()) {
                fType = null;
                switch (type) {
                case LOST:
                    int cpu = fLine.cpu();
                    long count = fLine.lost();
                    // the event the loss comes before gives it its time; it stays to be read next
                    if (line() != TextLine.Type.EVENT) {
                        throw FtraceFormatException.atLine(fFile, fReader.line(), "expected the event that follows a loss");
                    }
                    return new FtraceEvent.Lost(cpu, fLine.time(), count);
                case EVENT:
                    fSeenEvent = true;
                    return continued(event(fLine, fReader.buffer(), fReader.line(), fTypes));
                default:
                    if (fSeenEvent) {
                        throw FtraceFormatException.atLine(fFile, fReader.line(), "expected an event");
                    }
                }
            }
            return null;
        }

        /** The event with the lines that continue its marker text, if any, joined to it. */
        private TextEvent continued(TextEvent event) throws IOException, FtraceFormatException {
            StringBuilder text = null;
            while (line() == TextLine.Type.OTHER) {
                if (!event.name().equals(PRINT)) {
                    throw FtraceFormatException.atLine(fFile, fReader.line(), "expected an event after a " + event.name() + " event");
                }
                if (text == null) {
                    text = new StringBuilder((String) event.value(event.fieldCount() - 1));
                }
                text.append('\n').append(new String(fReader.buffer(), fReader.start(), fReader.end() - fReader.start(), StandardCharsets.UTF_8));
                fType = null;
            }
            if (text == null) {
                return event;
            }
            Object[] values = new Object[event.fieldCount()];
            String[] fieldNames = new String[values.length];
            for (int i = 0; i < values.length; i++) {
                values[i] = event.value(i);
                fieldNames[i] = event.fieldName(i);
            }
            values[values.length - 1] = text.toString();
            return new TextEvent(event.name(), event.cpu(), event.timestamp(), event.pid(), event.comm(), fieldNames, values);
        }
    }
}
