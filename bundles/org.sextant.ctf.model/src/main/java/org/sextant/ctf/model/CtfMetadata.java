// SPDX-License-Identifier: EPL-2.0
package org.sextant.ctf.model;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A CTF trace's metadata, read from its {@code metadata} file (plain text, or packetized as LTTng writes it):
 * the trace byte order and packet header, each stream class (packet context, event header and context) and
 * each event class (name, context, fields). A parser for the TSDL of CTF 1.8 that LTTng and perf write;
 * metadata that opens with a record separator is CTF 2's JSON text sequence, which {@link Ctf2Metadata} maps
 * into the same model. Declarations it does not understand are errors naming the file, never guesses.
 */
public final class CtfMetadata {

    /**
     * A stream class.
     *
     * @param id
     *            its id (0 when the metadata declares none)
     * @param packetContext
     *            the packet context
     * @param eventHeader
     *            the event header
     * @param eventContext
     *            the stream's event context (an empty struct when none)
     */
    public record StreamClass(long id, CtfType.Struct packetContext, CtfType eventHeader, CtfType eventContext) {
    }

    /**
     * An event class.
     *
     * @param id
     *            its id within its stream class
     * @param name
     *            its name, for example {@code sched:sched_switch}
     * @param streamId
     *            its stream class
     * @param context
     *            its own context (an empty struct when none)
     * @param fields
     *            its payload
     */
    public record EventClass(long id, String name, long streamId, CtfType context, CtfType fields) {
    }

    /**
     * The clock of a CTF 2 trace's data stream classes.
     *
     * @param frequency
     *            cycles per second
     * @param offsetCycles
     *            cycles from the origin, past {@code offsetSeconds}
     * @param offsetSeconds
     *            seconds from the origin
     */
    record Clock(long frequency, long offsetCycles, long offsetSeconds) {
    }

    private static final int METADATA_PACKET_MAGIC = 0x75D11D57;
    /** The byte that opens each fragment of CTF 2 metadata (RFC 7464's record separator). */
    static final char CTF2_RECORD_SEPARATOR = 0x1E;
    private static final long NANOS_PER_SECOND = 1_000_000_000L;
    /** The fastest clock taken, 9.2 GHz: {@link #toNanos} scales a remainder below the frequency by 10^9 in a long. */
    static final long MAX_FREQUENCY = Long.MAX_VALUE / NANOS_PER_SECOND;
    private static final int METADATA_PACKET_HEADER_BYTES = 37;
    static final CtfType.Struct EMPTY = new CtfType.Struct(Map.of(), 1);
    /** The largest alignment accepted, in bits (4 KiB). */
    static final long MAX_ALIGN = 1L << 15;
    /** The fields decoding needs whatever the metadata references: event ids and timestamps, stream ids, the CPU. */
    private static final List<String> ALWAYS_STRUCTURAL = List.of("id", "timestamp", "stream_id", "cpu_id");
    private static final Pattern TOKEN = Pattern.compile("\"[^\"\\\\]*(?:\\\\.[^\"\\\\]*)*\"|:=|\\.\\.\\.|[A-Za-z_][A-Za-z0-9_]*(?:\\.[A-Za-z_][A-Za-z0-9_]*)*|0[xX][0-9a-fA-F]+|-?\\d+|\\S");

    private final Path fFile;
    private final boolean fCtf2;
    private final List<String> fTokens;
    private int fPosition;
    private ByteOrder fByteOrder = ByteOrder.nativeOrder();
    private CtfType.Struct fPacketHeader = EMPTY;
    private final Map<String, CtfType> fAliases = new HashMap<>();
    private final Map<String, CtfType> fNamed = new HashMap<>();
    private long fClockFrequency = NANOS_PER_SECOND;
    private long fClockOffset;
    private long fClockOffsetSeconds;
    private final Set<String> fReferenced = new HashSet<>();
    private final Map<String, String> fEnv = new LinkedHashMap<>();
    private Set<String> fStructural = Set.of();
    private Map<Long, StreamClass> fStreams = new HashMap<>();
    private Map<Long, Map<Long, EventClass>> fEvents = new HashMap<>();

    private CtfMetadata(Path file, String text) {
        fFile = file;
        fCtf2 = false;
        fTokens = new ArrayList<>();
        Matcher matcher = TOKEN.matcher(withoutComments(text));
        while (matcher.find()) {
            fTokens.add(matcher.group());
        }
    }

    /**
     * Reads a metadata file.
     *
     * @param metadata
     *            the {@code metadata} file of a CTF trace
     * @return its declarations
     * @throws TraceFormatException
     *             when it is not CTF 1.8 metadata this parser understands; the message names the file
     * @throws IOException
     *             when it cannot be read
     */
    public static CtfMetadata read(Path metadata) throws TraceFormatException, IOException {
        String text = text(metadata);
        if (!text.isEmpty() && text.charAt(0) == CTF2_RECORD_SEPARATOR) {
            return Ctf2Metadata.parse(metadata, text);
        }
        CtfMetadata parsed = new CtfMetadata(metadata, text);
        parsed.parse();
        Map<Long, Map<Long, EventClass>> events = new HashMap<>();
        parsed.fEvents.forEach((stream, classes) -> events.put(stream, Map.copyOf(classes)));
        parsed.seal(parsed.fStreams, events, parsed.fReferenced);
        return parsed;
    }

    /** CTF 2 metadata, mapped into this model by {@link Ctf2Metadata}. */
    private CtfMetadata(Path file, CtfType.Struct packetHeader, Clock clock, Map<String, String> env) {
        fFile = file;
        fCtf2 = true;
        fTokens = List.of();
        fPacketHeader = packetHeader;
        fClockFrequency = clock.frequency();
        fClockOffset = clock.offsetCycles();
        fClockOffsetSeconds = clock.offsetSeconds();
        fEnv.putAll(env);
    }

    /**
     * The model of CTF 2 metadata, from what {@link Ctf2Metadata} read.
     *
     * @param referenced
     *            the fields that field locations name (sequence lengths, variant and optional selectors)
     */
    static CtfMetadata ctf2(Path file, CtfType.Struct packetHeader, Map<Long, StreamClass> streams, Map<Long, Map<Long, EventClass>> events,
            Clock clock, Map<String, String> env, Set<String> referenced) {
        CtfMetadata metadata = new CtfMetadata(file, packetHeader, clock, env);
        metadata.seal(streams, events, referenced);
        return metadata;
    }

    private void seal(Map<Long, StreamClass> streams, Map<Long, Map<Long, EventClass>> events, Set<String> referenced) {
        fStreams = Map.copyOf(streams);
        fEvents = Map.copyOf(events);
        Set<String> structural = new HashSet<>(referenced);
        structural.addAll(ALWAYS_STRUCTURAL);
        fStructural = structural;
    }

    /** @return whether the metadata is CTF 2's (JSON) rather than CTF 1.8's (TSDL) */
    public boolean ctf2() {
        return fCtf2;
    }

    /**
     * Converts a timestamp of the trace's clock to nanoseconds since the clock's origin, as the specification and
     * babeltrace2 do (offset_s and offset applied, cycles scaled by the frequency; Trace Compass 6.2 leaves
     * offset_s out).
     *
     * @param cycles
     *            a timestamp in clock cycles
     * @return the same time in nanoseconds
     */
    public long toNanos(long cycles) {
        long total = cycles + fClockOffset;
        // Whole seconds and the remainder apart, so that no nanosecond is lost to rounding at any frequency.
        long nanos = fClockFrequency == NANOS_PER_SECOND ? total
                : total / fClockFrequency * NANOS_PER_SECOND + total % fClockFrequency * NANOS_PER_SECOND / fClockFrequency;
        return nanos + fClockOffsetSeconds * NANOS_PER_SECOND;
    }

    /**
     * {@link #toNanos}, checked: a damaged clock offset or timestamp can carry the conversion past a long, where
     * it wraps, and times that wrap go backwards.
     *
     * @param cycles
     *            a timestamp in clock cycles
     * @return the same time in nanoseconds, as {@link #toNanos} gives it
     * @throws ArithmeticException
     *             when a step of the conversion overflows a long
     */
    long toNanosExact(long cycles) {
        return Math.addExact(cycleNanosExact(cycles), Math.multiplyExact(fClockOffsetSeconds, NANOS_PER_SECOND));
    }

    /**
     * {@link #toNanosExact} without the clock's {@code offset_s}: the part of the conversion that differs from
     * timestamp to timestamp. Where it holds in a long, times keep their order converted modulo 2^64 unless
     * they straddle the wrap.
     */
    long cycleNanosExact(long cycles) {
        long total = Math.addExact(cycles, fClockOffset);
        return Math.addExact(Math.multiplyExact(total / fClockFrequency, NANOS_PER_SECOND), total % fClockFrequency * NANOS_PER_SECOND / fClockFrequency);
    }

    /** @return the clock's {@code offset_s} */
    long clockOffsetSeconds() {
        return fClockOffsetSeconds;
    }

    /**
     * @return the names of the fields that decoding itself needs: event ids and timestamps, stream ids, the
     *         packet's CPU, variant tags and sequence lengths
     */
    public Set<String> structuralFields() {
        return fStructural;
    }

    /**
     * @return the {@code env} block's entries as written (strings unquoted), for example {@code tracer_name} and
     *         {@code tracer_major}: which tracer, of which version, wrote the trace
     */
    public Map<String, String> env() {
        return Collections.unmodifiableMap(fEnv);
    }

    /** @return the trace's byte order */
    public ByteOrder byteOrder() {
        return fByteOrder;
    }

    /** @return the packet header, common to all streams */
    public CtfType.Struct packetHeader() {
        return fPacketHeader;
    }

    /** @return the stream classes by id */
    public Map<Long, StreamClass> streams() {
        return fStreams;
    }

    /**
     * @param streamId
     *            a stream class id
     * @return its event classes by id (empty when it has none)
     */
    public Map<Long, EventClass> events(long streamId) {
        return fEvents.getOrDefault(streamId, Map.of());
    }

    // --- text --------------------------------------------------------------------------------------------

    private static String text(Path metadata) throws IOException, TraceFormatException {
        byte[] bytes = Files.readAllBytes(metadata);
        ByteBuffer buffer = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        if (bytes.length < 4 || (buffer.getInt(0) != METADATA_PACKET_MAGIC && Integer.reverseBytes(buffer.getInt(0)) != METADATA_PACKET_MAGIC)) {
            return new String(bytes, StandardCharsets.UTF_8);
        }
        if (buffer.getInt(0) != METADATA_PACKET_MAGIC) {
            buffer.order(ByteOrder.BIG_ENDIAN);
        }
        StringBuilder text = new StringBuilder();
        int offset = 0;
        while (offset < bytes.length) {
            if (offset + METADATA_PACKET_HEADER_BYTES > bytes.length) {
                throw new TraceFormatException(metadata, offset, "truncated metadata packet header");
            }
            long contentBytes = Integer.toUnsignedLong(buffer.getInt(offset + 24)) / 8;
            long packetBytes = Integer.toUnsignedLong(buffer.getInt(offset + 28)) / 8;
            if (contentBytes < METADATA_PACKET_HEADER_BYTES || packetBytes < contentBytes || offset + contentBytes > bytes.length) {
                throw new TraceFormatException(metadata, offset, "inconsistent metadata packet (content " + contentBytes + " bytes, packet " + packetBytes + " bytes)");
            }
            text.append(new String(bytes, offset + METADATA_PACKET_HEADER_BYTES, (int) contentBytes - METADATA_PACKET_HEADER_BYTES, StandardCharsets.UTF_8));
            offset += (int) packetBytes;
        }
        return text.toString();
    }

    /**
     * The text with its comments blanked out, strings kept whole: a string may hold {@code //} (an event's
     * {@code model.emf.uri = "http://..."}), which a pattern over the whole text would take for a comment,
     * silently dropping the rest of its line. One pass, no regular expression (an unclosed comment or string
     * of any length costs no stack).
     */
    private static String withoutComments(String text) {
        StringBuilder out = new StringBuilder(text.length());
        int i = 0;
        int n = text.length();
        while (i < n) {
            char c = text.charAt(i);
            if (c == '"') {
                int end = i + 1;
                while (end < n && text.charAt(end) != '"') {
                    end += text.charAt(end) == '\\' ? 2 : 1;
                }
                end = Math.min(end + 1, n);
                out.append(text, i, end);
                i = end;
            } else if (c == '/' && i + 1 < n && text.charAt(i + 1) == '*') {
                int end = text.indexOf("*/", i + 2);
                i = end < 0 ? n : end + 2;
                out.append(' ');
            } else if (c == '/' && i + 1 < n && text.charAt(i + 1) == '/') {
                int end = text.indexOf('\n', i);
                i = end < 0 ? n : end;
                out.append(' ');
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    // --- top level ---------------------------------------------------------------------------------------

    private void parse() throws TraceFormatException {
        fByteOrder = traceByteOrder();
        while (fPosition < fTokens.size()) {
            String token = peek();
            switch (token) {
            case "typealias" -> typealias();
            case "typedef" -> typedef();
            case "trace" -> block(this::traceEntry);
            case "stream" -> stream();
            case "event" -> event();
            case "clock" -> block(this::clockEntry);
            case "env" -> block(this::envEntry);
            case "callsite" -> {
                next();
                skipBlock();
                optional(";");
            }
            case ";" -> next();
            default -> { // a named struct, enum or variant declared on its own
                type();
                optional(";");
            }
            }
        }
        if (fStreams.isEmpty()) {
            fStreams.put(0L, new StreamClass(0, EMPTY, EMPTY, EMPTY));
        }
    }

    /**
     * The byte order of the trace block, found before parsing: integers declared "native" (or without an order)
     * take the trace's order, and LTTng declares its type aliases before the trace block.
     */
    private ByteOrder traceByteOrder() {
        for (int i = 0; i + 1 < fTokens.size(); i++) {
            if (fTokens.get(i).equals("trace") && fTokens.get(i + 1).equals("{")) {
                int depth = 0;
                for (int j = i + 1; j + 2 < fTokens.size(); j++) {
                    String token = fTokens.get(j);
                    depth += token.equals("{") ? 1 : token.equals("}") ? -1 : 0;
                    if (depth == 0) {
                        break;
                    }
                    if (depth == 1 && token.equals("byte_order") && fTokens.get(j + 1).equals("=")) {
                        return order(fTokens.get(j + 2), ByteOrder.nativeOrder());
                    }
                }
            }
        }
        return ByteOrder.nativeOrder();
    }

    private interface Entry {
        void parse(String key) throws TraceFormatException;
    }

    /** Parses {@code keyword { key = value; key := type; ... };} calling {@code entry} per key. */
    private void block(Entry entry) throws TraceFormatException {
        next();
        expect("{");
        while (!peek().equals("}")) {
            entry.parse(next());
        }
        next();
        optional(";");
    }

    private void clockEntry(String key) throws TraceFormatException {
        switch (key) {
        case "freq" -> {
            fClockFrequency = value();
            if (fClockFrequency <= 0 || fClockFrequency > MAX_FREQUENCY) {
                throw error("a clock of " + fClockFrequency + " Hz (1 to " + MAX_FREQUENCY + " taken)");
            }
        }
        case "offset" -> fClockOffset = value();
        case "offset_s" -> fClockOffsetSeconds = value();
        default -> skipStatement();
        }
    }

    /** {@code key = "text";} or {@code key = number;}: what the tracer says of itself, kept as written. */
    private void envEntry(String key) throws TraceFormatException {
        expect("=");
        String value = words(";");
        expect(";");
        fEnv.put(key, unquote(value));
    }

    private void traceEntry(String key) throws TraceFormatException {
        switch (key) {
        case "major" -> {
            // CTF 2's metadata is JSON and never gets here; a TSDL of another major is no CTF this parser knows.
            long major = value();
            if (major != 1) {
                throw error("trace major version " + major + " (CTF 1.8 is major 1)");
            }
        }
        case "byte_order" -> skipStatement(); // read before parsing, see traceByteOrder()
        case "packet.header" -> {
            expect(":=");
            fPacketHeader = struct(type(), "packet.header");
            expect(";");
        }
        default -> skipStatement();
        }
    }

    private void stream() throws TraceFormatException {
        long[] id = { 0 };
        CtfType[] types = { EMPTY, EMPTY, EMPTY };
        block(key -> {
            switch (key) {
            case "id" -> id[0] = value();
            case "packet.context" -> types[0] = assigned();
            case "event.header" -> types[1] = assigned();
            case "event.context" -> types[2] = assigned();
            default -> skipStatement();
            }
        });
        fStreams.put(id[0], new StreamClass(id[0], struct(types[0], "packet.context"), types[1], types[2]));
    }

    private void event() throws TraceFormatException {
        long[] ids = { 0, 0 };
        String[] name = { "" };
        CtfType[] types = { EMPTY, EMPTY };
        block(key -> {
            switch (key) {
            case "name" -> {
                expect("=");
                name[0] = unquote(next());
                expect(";");
            }
            case "id" -> ids[0] = value();
            case "stream_id" -> ids[1] = value();
            case "context" -> types[0] = assigned();
            case "fields" -> types[1] = assigned();
            default -> skipStatement();
            }
        });
        fEvents.computeIfAbsent(ids[1], s -> new HashMap<>()).put(ids[0], new EventClass(ids[0], name[0], ids[1], types[0], types[1]));
    }

    private long value() throws TraceFormatException {
        expect("=");
        long value = number(next());
        expect(";");
        return value;
    }

    private CtfType assigned() throws TraceFormatException {
        expect(":=");
        CtfType type = type();
        expect(";");
        return type;
    }

    private void typealias() throws TraceFormatException {
        next();
        CtfType type = type();
        expect(":=");
        fAliases.put(words(";"), type);
        expect(";");
    }

    private void typedef() throws TraceFormatException {
        next();
        CtfType type = type();
        String name = next();
        fAliases.put(name, declarator(type));
        expect(";");
    }

    // --- types -------------------------------------------------------------------------------------------

    private CtfType type() throws TraceFormatException {
        String token = next();
        switch (token) {
        case "integer":
            return integer();
        case "floating_point":
            return floating();
        case "string":
            if (peek().equals("{")) {
                skipBlock();
            }
            return new CtfType.Str();
        case "struct":
            return named("struct ", this::structBody);
        case "enum":
            return named("enum ", this::enumBody);
        case "variant":
            return named("variant ", this::variantBody);
        default:
            StringBuilder name = new StringBuilder(token);
            while (!fAliases.containsKey(name.toString()) && isWord(peek()) && isWord(peekAt(1))) {
                name.append(' ').append(next());
            }
            CtfType aliased = fAliases.get(name.toString());
            if (aliased == null) {
                throw error("unknown type " + name);
            }
            return aliased;
        }
    }

    private interface Body {
        CtfType parse(String name) throws TraceFormatException;
    }

    /** {@code struct|enum|variant [NAME] [<tag>|: container] [{ body }]}: a declaration or a reference. */
    private CtfType named(String kind, Body body) throws TraceFormatException {
        String name = isWord(peek()) ? next() : null;
        boolean declares = peek().equals("{") || peek().equals(":") || peek().equals("<");
        if (!declares) {
            CtfType known = fNamed.get(kind + name);
            if (known == null) {
                throw error("unknown " + kind + name);
            }
            return kind.equals("struct ") ? alignClause((CtfType.Struct) known) : known;
        }
        CtfType type = body.parse(name);
        if (name != null) {
            fNamed.put(kind + name, type);
        }
        return type;
    }

    private CtfType structBody(String name) throws TraceFormatException {
        return alignClause(new CtfType.Struct(members(), 1));
    }

    /** {@code { TYPE name; TYPE name[N]; ... }}: the fields of a struct or the options of a variant, in order. */
    private Map<String, CtfType> members() throws TraceFormatException {
        expect("{");
        Map<String, CtfType> members = new LinkedHashMap<>();
        while (!peek().equals("}")) {
            CtfType type = type();
            String name = next();
            members.put(name, declarator(type));
            expect(";");
        }
        next();
        return members;
    }

    private CtfType.Struct alignClause(CtfType.Struct struct) throws TraceFormatException {
        if (!peek().equals("align")) {
            return struct;
        }
        next();
        expect("(");
        long align = alignment(next()); // in bits, like integer alignment
        expect(")");
        return new CtfType.Struct(struct.fields(), Math.max(struct.minAlign(), align));
    }

    /** Array and sequence suffixes of a field: {@code name[16]}, {@code name[length_field]}. */
    private CtfType declarator(CtfType type) throws TraceFormatException {
        List<String> lengths = new ArrayList<>();
        while (peek().equals("[")) {
            next();
            lengths.add(next());
            expect("]");
        }
        CtfType result = type;
        for (int i = lengths.size() - 1; i >= 0; i--) {
            String length = lengths.get(i);
            result = Character.isDigit(length.charAt(0)) ? new CtfType.Array(result, arrayLength(length))
                    : new CtfType.Sequence(result, referenced(length.substring(length.lastIndexOf('.') + 1)));
        }
        return result;
    }

    private CtfType enumBody(String name) throws TraceFormatException {
        CtfType container = fAliases.get("int");
        if (peek().equals(":")) {
            next();
            container = type();
        }
        if (!(container instanceof CtfType.Int integer)) {
            throw error("enum " + name + " is not over an integer type");
        }
        expect("{");
        List<CtfType.Mapping> mappings = new ArrayList<>();
        long nextValue = 0;
        while (!peek().equals("}")) {
            String label = unquote(next());
            long low = nextValue;
            long high = nextValue;
            if (peek().equals("=")) {
                next();
                low = number(next());
                high = low;
                if (peek().equals("...")) {
                    next();
                    high = number(next());
                }
            }
            mappings.add(new CtfType.Mapping(label, low, high));
            nextValue = high + 1;
            optional(",");
        }
        next();
        return new CtfType.Enum(integer, List.copyOf(mappings));
    }

    private CtfType variantBody(String name) throws TraceFormatException {
        String tag = null;
        if (peek().equals("<")) {
            next();
            tag = next();
            tag = referenced(tag.substring(tag.lastIndexOf('.') + 1));
            expect(">");
        }
        Map<String, CtfType> options = members();
        if (tag == null) {
            throw error("untagged variant " + name + " (its tag must be given where it is used)");
        }
        return new CtfType.Variant(tag, options);
    }

    private CtfType.Int integer() throws TraceFormatException {
        Map<String, String> attributes = attributes();
        long size = number(attributes.getOrDefault("size", "0"));
        if (size <= 0 || size > 64) {
            throw error("integer of unsupported size " + size);
        }
        int bits = (int) size;
        long align = attributes.containsKey("align") ? alignment(attributes.get("align")) : (bits % 8 == 0 ? 8 : 1);
        String signed = attributes.getOrDefault("signed", "false");
        return new CtfType.Int(bits, align, order(attributes.getOrDefault("byte_order", "native"), fByteOrder),
                signed.equals("true") || signed.equals("1"));
    }

    private CtfType.Float floating() throws TraceFormatException {
        Map<String, String> attributes = attributes();
        long exponent = number(attributes.getOrDefault("exp_dig", "0"));
        long mantissa = number(attributes.getOrDefault("mant_dig", "0"));
        if (exponent < 0 || mantissa < 0 || exponent + mantissa != 32 && exponent + mantissa != 64) {
            throw error("floating point of unsupported size " + exponent + " + " + mantissa);
        }
        int bits = (int) (exponent + mantissa);
        long align = attributes.containsKey("align") ? alignment(attributes.get("align")) : 8;
        return new CtfType.Float(bits, align, order(attributes.getOrDefault("byte_order", "native"), fByteOrder));
    }

    private Map<String, String> attributes() throws TraceFormatException {
        expect("{");
        Map<String, String> attributes = new HashMap<>();
        while (!peek().equals("}")) {
            String key = next();
            expect("=");
            attributes.put(key, words(";"));
            expect(";");
        }
        next();
        return attributes;
    }

    // --- tokens ------------------------------------------------------------------------------------------

    private static ByteOrder order(String name, ByteOrder nativeOrder) {
        return switch (name) {
        case "be", "network" -> ByteOrder.BIG_ENDIAN;
        case "le" -> ByteOrder.LITTLE_ENDIAN;
        default -> nativeOrder;
        };
    }

    private CtfType.Struct struct(CtfType type, String what) throws TraceFormatException {
        if (type instanceof CtfType.Struct struct) {
            return struct;
        }
        throw error(what + " is not a struct");
    }

    private long number(String token) throws TraceFormatException {
        try {
            return token.startsWith("0x") || token.startsWith("0X") ? Long.parseUnsignedLong(token.substring(2), 16) : Long.parseLong(token);
        } catch (NumberFormatException e) {
            throw error("expected a number but found '" + token + "'");
        }
    }

    /** A fixed array's length: a packet holds less than 2^31 bytes, so a longer array is damage. */
    private int arrayLength(String token) throws TraceFormatException {
        long length = number(token);
        if (length < 0 || length > Integer.MAX_VALUE) {
            throw error("array of " + length + " elements");
        }
        return (int) length;
    }

    /** An alignment in bits: a power of two, at most a page, as CTF requires and decoding assumes. */
    private long alignment(String token) throws TraceFormatException {
        long align = number(token);
        if (align <= 0 || align > MAX_ALIGN || Long.bitCount(align) != 1) {
            throw error("alignment " + align + " is no power of two up to " + MAX_ALIGN + " bits");
        }
        return align;
    }

    private String referenced(String fieldName) {
        fReferenced.add(fieldName);
        return fieldName;
    }

    private static String unquote(String token) {
        return token.length() >= 2 && token.startsWith("\"") && token.endsWith("\"") ? token.substring(1, token.length() - 1) : token;
    }

    private String words(String end) throws TraceFormatException {
        StringBuilder words = new StringBuilder();
        while (!peek().equals(end)) {
            words.append(words.length() == 0 ? "" : " ").append(next());
        }
        return words.toString();
    }

    private TraceFormatException error(String problem) {
        return new TraceFormatException(fFile, -1, problem + " in the metadata");
    }

    private String next() throws TraceFormatException {
        if (fPosition >= fTokens.size()) {
            throw new TraceFormatException(fFile, -1, "metadata ends in the middle of a declaration");
        }
        return fTokens.get(fPosition++);
    }

    private String peek() throws TraceFormatException {
        return peekAt(0);
    }

    private String peekAt(int ahead) throws TraceFormatException {
        if (fPosition + ahead >= fTokens.size()) {
            throw new TraceFormatException(fFile, -1, "metadata ends in the middle of a declaration");
        }
        return fTokens.get(fPosition + ahead);
    }

    private void expect(String token) throws TraceFormatException {
        String actual = next();
        if (!actual.equals(token)) {
            throw error("expected '" + token + "' but found '" + actual + "'");
        }
    }

    private void optional(String token) {
        if (fPosition < fTokens.size() && fTokens.get(fPosition).equals(token)) {
            fPosition++;
        }
    }

    private static boolean isWord(String token) {
        return Character.isJavaIdentifierStart(token.charAt(0));
    }

    private void skipStatement() throws TraceFormatException {
        int depth = 0;
        while (true) {
            String token = next();
            if (token.equals("{")) {
                depth++;
            } else if (token.equals("}")) {
                depth--;
            } else if (token.equals(";") && depth == 0) {
                return;
            }
        }
    }

    private void skipBlock() throws TraceFormatException {
        expect("{");
        int depth = 1;
        while (depth > 0) {
            String token = next();
            if (token.equals("{")) {
                depth++;
            } else if (token.equals("}")) {
                depth--;
            }
        }
    }
}
