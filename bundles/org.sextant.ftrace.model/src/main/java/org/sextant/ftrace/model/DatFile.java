// SPDX-License-Identifier: EPL-2.0
package org.sextant.ftrace.model;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The description a trace-cmd file gives of its data (file versions 6 and 7, uncompressed): the ring buffer's page
 * and event headers, the format of every event, the saved command lines, where the kernel symbols are, and for each
 * buffer (the top one and each instance) its clock and where each CPU's pages lie; with the kernel's per-CPU
 * statistics of lost events. Version 6 lays these out one after the other; version 7 in sections that options
 * point to.
 */
final class DatFile {

    /** A CPU's pages in the file. */
    record Region(int cpu, long offset, long size) {
    }

    /** The data of one ftrace buffer: the top one (named "") or an instance. */
    record Buffer(String name, String clock, int pageSize, List<Region> regions) {
    }

    /** Where a format's text lies, parsed when an event of its id is first met. */
    private record FormatText(String system, long offset, String text) {
    }

    private static final byte[] MAGIC = { 0x17, 0x08, 0x44, 't', 'r', 'a', 'c', 'i', 'n', 'g' };
    private static final int OPTION_DONE = 0;
    private static final int OPTION_DATE = 1;
    private static final int OPTION_CPUSTAT = 2;
    private static final int OPTION_BUFFER = 3;
    private static final int OPTION_OFFSET = 7;
    private static final int OPTION_CPUCOUNT = 8;
    private static final int OPTION_TIME_SHIFT = 12;
    private static final int OPTION_TSC2NSEC = 14;
    private static final int OPTION_HEADER_INFO = 16;
    private static final int OPTION_FTRACE_EVENTS = 17;
    private static final int OPTION_EVENT_FORMATS = 18;
    private static final int OPTION_KALLSYMS = 19;
    private static final int OPTION_CMDLINES = 21;
    private static final int SECTION_HEADER = 16;
    private static final int SECTION_COMPRESSED = 1;
    private static final int MAX_OPTIONS_BYTES = 64 << 20;
    private static final int MAX_PAGE = 1 << 24;
    private static final int MAX_CPUS = 1 << 16;
    private static final Pattern HEADER_FIELD = Pattern.compile("field:[^;]*?(\\w+);\\s*offset:(\\d+);\\s*size:(\\d+);");
    private static final Pattern STAT = Pattern.compile("^(CPU|overrun|commit overrun|dropped events):\\s*(\\d+)\\s*$", Pattern.MULTILINE);
    private static final String[] EVENT_HEADER = { "type_len : 5 bits", "time_delta : 27 bits", "padding : type == 29",
            "time_extend : type == 30", "data max type_len == 28" };

    private final FileBytes fBytes;
    private int fVersion;
    private int fPageSize;
    private int fCommitOffset = -1;
    private int fCommitSize;
    private int fDataOffset = -1;
    private final Map<Integer, FormatText> fFormatTexts = new HashMap<>();
    private final Map<Integer, EventFormat> fFormats = new HashMap<>();
    private final Map<Integer, String> fCommands = new HashMap<>();
    private long fKallsymsOffset = -1;
    private long fKallsymsSize;
    private int fCpuCount;
    private final List<Buffer> fBuffers = new ArrayList<>();
    private final Map<String, Long> fBufferOffsetsV6 = new TreeMap<>();
    private final Map<String, Map<Integer, Long>> fStats = new HashMap<>();
    private long fTimeOffset;

    private DatFile(FileBytes bytes) {
        fBytes = bytes;
    }

    /** @return whether a file's first bytes are trace-cmd's magic */
    static boolean hasMagic(byte[] head) {
        if (head.length < MAGIC.length) {
            return false;
        }
        for (int i = 0; i < MAGIC.length; i++) {
            if (head[i] != MAGIC[i]) {
                return false;
            }
        }
        return true;
    }

    /**
     * Reads a file's description.
     *
     * @param bytes
     *            the file
     * @return its description
     */
    static DatFile read(FileBytes bytes) throws IOException, FtraceFormatException {
        DatFile file = new DatFile(bytes);
        file.readInitialFormat();
        if (file.fVersion == 6) {
            file.readVersion6();
        } else {
            file.readVersion7();
        }
        if (file.fCommitOffset < 0 || file.fDataOffset < 0) {
            throw file.error(-1, "no ring-buffer page header (header_page) in the file");
        }
        for (Buffer buffer : file.fBuffers) {
            for (Region region : buffer.regions()) {
                file.fCpuCount = Math.max(file.fCpuCount, region.cpu() + 1);
            }
        }
        return file;
    }

    private FtraceFormatException error(long offset, String problem) {
        return FtraceFormatException.atOffset(fBytes.file(), offset, problem);
    }

    private void readInitialFormat() throws IOException, FtraceFormatException {
        fBytes.seek(0);
        if (!hasMagic(fBytes.bytes(MAGIC.length, "trace-cmd's magic"))) {
            throw error(0, "not a trace-cmd file: expected its magic bytes 17 08 44 and \"tracing\"");
        }
        long at = fBytes.position();
        String version = fBytes.string("the file version");
        if (!version.equals("6") && !version.equals("7")) {
            throw error(at, "trace-cmd file version " + version + ": this reader reads versions 6 and 7");
        }
        fVersion = Integer.parseInt(version);
        at = fBytes.position();
        byte[] flags = fBytes.bytes(2, "the endianness and long size");
        if (flags[0] != 0) {
            throw error(at, "a big-endian trace (endianness byte " + flags[0] + "): this reader reads little-endian traces");
        }
        if (flags[1] != 4 && flags[1] != 8) {
            throw error(at + 1, "the size of a long is " + flags[1] + " bytes: expected 4 or 8");
        }
        at = fBytes.position();
        fPageSize = pageSize(fBytes.u32("the page size"), at);
    }

    private int pageSize(long size, long at) throws FtraceFormatException {
        if (size < 64 || size > MAX_PAGE || Long.bitCount(size) != 1) {
            throw error(at, "page size " + size + ": expected a power of two from 64 to " + MAX_PAGE);
        }
        return (int) size;
    }

    private void readVersion6() throws IOException, FtraceFormatException {
        readHeaders();
        readFtraceFormats();
        readEventFormats();
        fKallsymsSize = fBytes.u32("the size of the kernel symbols");
        fKallsymsOffset = fBytes.position();
        fBytes.seek(fKallsymsOffset + fKallsymsSize);
        fBytes.seek(fBytes.u32("the size of the printk formats") + fBytes.position());
        readCommands();
        long at = fBytes.position();
        long cpus = fBytes.u32("the number of CPUs");
        if (cpus > MAX_CPUS) {
            throw error(at, cpus + " CPUs: expected at most " + MAX_CPUS);
        }
        fCpuCount = (int) cpus;
        at = fBytes.position();
        String kind = new String(fBytes.bytes(10, "the kind of data"), StandardCharsets.US_ASCII);
        if (kind.equals("options  \0")) {
            readOptions(Long.MAX_VALUE);
            at = fBytes.position();
            kind = new String(fBytes.bytes(10, "the kind of data"), StandardCharsets.US_ASCII);
        }
        if (!kind.equals("flyrecord\0")) {
            throw error(at, "expected \"flyrecord\" data (a latency trace, or damage?)");
        }
        fBuffers.add(flyrecord("", at));
        for (Map.Entry<String, Long> buffer : fBufferOffsetsV6.entrySet()) {
            fBytes.seek(buffer.getValue());
            at = buffer.getValue();
            if (!new String(fBytes.bytes(10, "the kind of data"), StandardCharsets.US_ASCII).equals("flyrecord\0")) {
                throw error(at, "expected the \"flyrecord\" data of buffer " + buffer.getKey());
            }
            fBuffers.add(flyrecord(buffer.getKey(), at));
        }
    }

    /** A version 6 buffer's CPU table and clock, the position just past its "flyrecord". */
    private Buffer flyrecord(String name, long at) throws IOException, FtraceFormatException {
        List<Region> regions = new ArrayList<>();
        for (int cpu = 0; cpu < fCpuCount; cpu++) {
            long offset = fBytes.u64("the offset of CPU " + cpu + "'s data");
            long size = fBytes.u64("the size of CPU " + cpu + "'s data");
            regions.add(region(cpu, offset, size, fPageSize, at));
        }
        String clock = new String(fBytes.bytes(fBytes.u64("the size of the trace clock"), "the trace clock"), StandardCharsets.UTF_8);
        Matcher selected = Pattern.compile("\\[(\\S+)\\]").matcher(clock);
        return new Buffer(name, selected.find() ? selected.group(1) : clock.trim(), fPageSize, regions);
    }

    private Region region(int cpu, long offset, long size, int pageSize, long at) throws FtraceFormatException {
        if (size > 0 && (offset > fBytes.size() - size || size % pageSize != 0)) {
            throw error(at, "CPU " + cpu + "'s data of " + size + " bytes at offset " + offset + " is not whole pages of " + pageSize
                    + " bytes inside the file of " + fBytes.size() + " bytes");
        }
        return new Region(cpu, offset, size);
    }

    private void readVersion7() throws IOException, FtraceFormatException {
        long at = fBytes.position();
        String compression = fBytes.string("the compression's name");
        fBytes.string("the compression's version");
        if (!compression.equals("none")) {
            throw error(at, "the file is compressed (" + compression + "); this reader reads uncompressed files: "
                    + "uncompress it with trace-cmd convert --compression none -i " + fBytes.file() + " -o OUT.dat");
        }
        long next = fBytes.u64("the offset of the first options");
        Set<Long> seen = new HashSet<>();
        Map<Integer, Long> sections = new HashMap<>();
        while (next != 0) {
            if (!seen.add(next)) {
                throw error(next, "the options sections form a loop");
            }
            long size = section(next, 0, "options");
            next = readOptions(fBytes.position() + size, sections);
        }
        fBytes.seek(section(sections, OPTION_HEADER_INFO, "headers"));
        readHeaders();
        fBytes.seek(section(sections, OPTION_FTRACE_EVENTS, "ftrace events"));
        readFtraceFormats();
        fBytes.seek(section(sections, OPTION_EVENT_FORMATS, "events format"));
        readEventFormats();
        if (sections.containsKey(OPTION_KALLSYMS)) {
            fBytes.seek(section(sections, OPTION_KALLSYMS, "kallsyms"));
            fKallsymsSize = fBytes.u32("the size of the kernel symbols");
            fKallsymsOffset = fBytes.position();
        }
        if (sections.containsKey(OPTION_CMDLINES)) {
            fBytes.seek(section(sections, OPTION_CMDLINES, "command lines"));
            readCommands();
        }
    }

    private long section(Map<Integer, Long> sections, int id, String what) throws IOException, FtraceFormatException {
        Long offset = sections.get(id);
        if (offset == null) {
            throw error(-1, "no " + what + " section (option " + id + ")");
        }
        section(offset, id, what);
        return fBytes.position();
    }

    /** Reads a version 7 section's header and checks it; returns the size of its data, which follows. */
    private long section(long offset, int id, String what) throws IOException, FtraceFormatException {
        fBytes.seek(offset);
        int actual = fBytes.u16("a section's id");
        int flags = fBytes.u16("a section's flags");
        fBytes.u32("a section's description");
        long size = fBytes.u64("a section's size");
        if (actual != id) {
            throw error(offset, "expected the " + what + " section (id " + id + "), found a section of id " + actual);
        }
        if ((flags & SECTION_COMPRESSED) != 0) {
            throw error(offset, "the " + what + " section is compressed; uncompress the file with trace-cmd convert --compression none");
        }
        if (size > fBytes.size() - fBytes.position()) {
            throw error(offset, "the " + what + " section of " + size + " bytes runs past the end of the file");
        }
        return size;
    }

    private void readOptions(long end) throws IOException, FtraceFormatException {
        readOptions(end, new HashMap<>());
    }

    /**
     * Reads options up to DONE or {@code end}; returns the offset of the next options section (version 7, from
     * DONE) or 0.
     */
    private long readOptions(long end, Map<Integer, Long> sections) throws IOException, FtraceFormatException {
        String statsBuffer = "";
        while (fBytes.position() < end) {
            long at = fBytes.position();
            int id = fBytes.u16("an option's id");
            if (id == OPTION_DONE && fVersion == 6) {
                return 0;
            }
            long size = fBytes.u32("an option's size");
            if (size > MAX_OPTIONS_BYTES) {
                throw error(at, "option " + id + " of " + size + " bytes: larger than any option");
            }
            ByteBuffer data = ByteBuffer.wrap(fBytes.bytes(size, "option " + id)).order(ByteOrder.LITTLE_ENDIAN);
            try {
                switch (id) {
                case OPTION_DONE:
                    return data.getLong();
                case OPTION_BUFFER:
                    buffer(data, at);
                    break;
                case OPTION_CPUSTAT:
                    statsBuffer = stats(cString(data), statsBuffer);
                    break;
                case OPTION_CPUCOUNT:
                    fCpuCount = Math.max(fCpuCount, (int) Math.min(data.getInt() & 0xFFFFFFFFL, MAX_CPUS));
                    break;
                case OPTION_DATE:
                    fTimeOffset += Long.decode(cString(data).trim()) * 1000;
                    break;
                case OPTION_OFFSET:
                    fTimeOffset += Long.decode(cString(data).trim());
                    break;
                case OPTION_TIME_SHIFT:
                    throw error(at, "the file holds host and guest time shifts (option TIME_SHIFT), which this reader does not apply");
                case OPTION_TSC2NSEC:
                    throw error(at, "the file's timestamps are TSC cycles to convert (option TSC2NSEC), which this reader does not do");
                case OPTION_HEADER_INFO, OPTION_FTRACE_EVENTS, OPTION_EVENT_FORMATS, OPTION_KALLSYMS, OPTION_CMDLINES:
                    sections.put(id, data.getLong());
                    break;
                default:
                    break;
                }
            } catch (java.nio.BufferUnderflowException | NumberFormatException e) {
                throw error(at, "option " + id + " of " + size + " bytes is too short or not what it should hold");
            }
        }
        if (fVersion == 7) {
            throw error(end, "the options section ends without its DONE option");
        }
        return 0;
    }

    private void buffer(ByteBuffer data, long at) throws FtraceFormatException {
        long offset = data.getLong();
        String name = cString(data);
        if (fVersion == 6) {
            fBufferOffsetsV6.put(name, offset);
            return;
        }
        String clock = cString(data);
        int pageSize = pageSize(data.getInt() & 0xFFFFFFFFL, at);
        long cpus = data.getInt() & 0xFFFFFFFFL;
        if (cpus > MAX_CPUS) {
            throw error(at, "buffer " + name + " of " + cpus + " CPUs: expected at most " + MAX_CPUS);
        }
        List<Region> regions = new ArrayList<>();
        for (int i = 0; i < cpus; i++) {
            long cpu = data.getInt() & 0xFFFFFFFFL;
            long cpuOffset = data.getLong();
            long size = data.getLong();
            if (cpu >= MAX_CPUS || cpuOffset < 0 || size < 0) {
                throw error(at, "buffer " + name + ": CPU " + cpu + " at offset " + cpuOffset + " of size " + size + " is out of range");
            }
            regions.add(region((int) cpu, cpuOffset, size, pageSize, at));
        }
        fBuffers.add(new Buffer(name, clock, pageSize, regions));
    }

    /** Reads one CPUSTAT option (the kernel's per_cpu/cpuN/stats, or a "Buffer: NAME" line that starts a buffer's). */
    private String stats(String text, String buffer) {
        String trimmed = text.trim();
        if (trimmed.startsWith("Buffer:")) {
            return trimmed.substring(7).trim();
        }
        Matcher line = STAT.matcher(text);
        int cpu = -1;
        long lost = 0;
        while (line.find()) {
            long value = Long.parseLong(line.group(2));
            if (line.group(1).equals("CPU")) {
                cpu = (int) Math.min(value, MAX_CPUS);
            } else {
                lost += value;
            }
        }
        if (cpu >= 0) {
            fStats.computeIfAbsent(buffer, name -> new HashMap<>()).put(cpu, lost);
        }
        return buffer;
    }

    private static String cString(ByteBuffer data) {
        int start = data.position();
        while (data.get() != 0) {
            // up to the NUL; an option without one underflows, which the caller reports
        }
        return new String(data.array(), start, data.position() - start - 1, StandardCharsets.UTF_8);
    }

    /** Reads the header info: the ring buffer's page header (header_page) and event header (header_event). */
    private void readHeaders() throws IOException, FtraceFormatException {
        long at = fBytes.position();
        if (!fBytes.string("header_page").equals("header_page")) {
            throw error(at, "expected \"header_page\"");
        }
        long pageAt = fBytes.position();
        String page = new String(fBytes.bytes(fBytes.u64("the size of header_page"), "header_page"), StandardCharsets.UTF_8);
        Matcher field = HEADER_FIELD.matcher(page);
        int timestampOffset = -1;
        while (field.find()) {
            int offset = smallNumber(field.group(2));
            int size = smallNumber(field.group(3));
            switch (field.group(1)) {
            case "timestamp" -> timestampOffset = size == 8 ? offset : -2;
            case "commit" -> {
                fCommitOffset = offset;
                fCommitSize = size;
            }
            case "data" -> fDataOffset = offset;
            default -> {
                // "overwrite" shares the commit word
            }
            }
        }
        if (timestampOffset != 0 || (fCommitSize != 4 && fCommitSize != 8) || fCommitOffset != 8 || fDataOffset != 8 + fCommitSize) {
            throw error(pageAt, "a ring-buffer page header unlike Linux's (a 64-bit timestamp at 0, the commit word at 8, then the data)");
        }
        at = fBytes.position();
        if (!fBytes.string("header_event").equals("header_event")) {
            throw error(at, "expected \"header_event\"");
        }
        long eventAt = fBytes.position();
        String event = new String(fBytes.bytes(fBytes.u64("the size of header_event"), "header_event"), StandardCharsets.UTF_8)
                .replaceAll("[ \\t]+", " ");
        for (String expected : EVENT_HEADER) {
            if (!event.contains(expected)) {
                throw error(eventAt, "a ring-buffer event header unlike Linux's since 2.6.31: no \"" + expected + "\"");
            }
        }
    }

    /** @return the decimal digits' value, or -1 when it is too large to be a header's offset or size */
    private static int smallNumber(String digits) {
        return digits.length() > 6 ? -1 : Integer.parseInt(digits);
    }

    private void readFtraceFormats() throws IOException, FtraceFormatException {
        readFormats("ftrace");
    }

    private void readEventFormats() throws IOException, FtraceFormatException {
        long at = fBytes.position();
        long systems = fBytes.u32("the number of event systems");
        if (systems > fBytes.size() - fBytes.position()) {
            throw error(at, systems + " event systems: more than the file can hold");
        }
        for (long i = 0; i < systems; i++) {
            readFormats(fBytes.string("an event system's name"));
        }
    }

    private void readFormats(String system) throws IOException, FtraceFormatException {
        long at = fBytes.position();
        long count = fBytes.u32("the number of " + system + " event formats");
        if (count > (fBytes.size() - fBytes.position()) / 8) {
            throw error(at, count + " " + system + " event formats: more than the file can hold");
        }
        for (long i = 0; i < count; i++) {
            long size = fBytes.u64("the size of an event format");
            long offset = fBytes.position();
            String text = new String(fBytes.bytes(size, "an event format"), StandardCharsets.UTF_8);
            int id = EventFormat.idOf(text);
            if (id < 0) {
                throw error(offset, "an event format of system " + system + " without an ID line");
            }
            fFormatTexts.putIfAbsent(id, new FormatText(system, offset, text));
        }
    }

    private void readCommands() throws IOException, FtraceFormatException {
        String text = new String(fBytes.bytes(fBytes.u64("the size of the saved command lines"), "the saved command lines"),
                StandardCharsets.UTF_8);
        for (String line : text.split("\n")) {
            int space = line.indexOf(' ');
            if (space > 0) {
                try {
                    fCommands.put(Integer.parseInt(line.substring(0, space)), line.substring(space + 1));
                } catch (NumberFormatException e) {
                    // a line that names no thread tells nothing
                }
            }
        }
    }

    Path file() {
        return fBytes.file();
    }

    FileBytes bytes() {
        return fBytes;
    }

    int version() {
        return fVersion;
    }

    /** @return the size of the commit word of a page header (the kernel's long) */
    int commitSize() {
        return fCommitSize;
    }

    /** @return the offset of a page's data from its start */
    int dataOffset() {
        return fDataOffset;
    }

    int cpuCount() {
        return fCpuCount;
    }

    /** @return the buffers with their CPUs' pages */
    List<Buffer> buffers() {
        return fBuffers;
    }

    /** @return nanoseconds the file says to add to every timestamp (its DATE and OFFSET options) */
    long timeOffset() {
        return fTimeOffset;
    }

    /**
     * @param buffer
     *            a buffer's name
     * @param cpu
     *            a CPU
     * @return the events the kernel said it lost on that CPU (overrun, commit overrun, dropped), or -1 when the
     *         file has no statistics for it
     */
    long statsLost(String buffer, int cpu) {
        Map<Integer, Long> stats = fStats.get(buffer);
        Long lost = stats == null ? null : stats.get(cpu);
        return lost == null ? -1 : lost;
    }

    /** @return the command name trace-cmd prints for a thread */
    String command(int pid) {
        if (pid == 0) {
            return "<idle>";
        }
        String command = fCommands.get(pid);
        return command == null ? "<...>" : command;
    }

    /**
     * @param id
     *            an event id
     * @return its format, parsed when first asked for, or null when the file has none
     */
    EventFormat format(int id) throws FtraceFormatException {
        EventFormat format = fFormats.get(id);
        if (format == null) {
            FormatText text = fFormatTexts.get(id);
            if (text == null) {
                return null;
            }
            format = EventFormat.parse(file(), text.offset(), text.system(), text.text());
            fFormats.put(id, format);
        }
        return format;
    }

    /** @return any one format, for the fields all events share; null when the file has none */
    EventFormat anyFormat() throws FtraceFormatException {
        return fFormatTexts.isEmpty() ? null : format(new TreeMap<>(fFormatTexts).firstKey());
    }

    /** @return where the kernel symbols lie (offset, size), or null when the file has none */
    long[] kallsyms() {
        return fKallsymsOffset < 0 ? null : new long[] { fKallsymsOffset, fKallsymsSize };
    }
}
