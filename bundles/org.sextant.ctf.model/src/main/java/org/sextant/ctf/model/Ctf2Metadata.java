// SPDX-License-Identifier: EPL-2.0
package org.sextant.ctf.model;

import java.math.BigInteger;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads CTF 2 metadata (a JSON text sequence: fragments each opened by a record separator, RFC 7464) into the
 * model the CTF 1.8 parser gives, {@link CtfMetadata} and {@link CtfType}, so that packet scanning, decoding
 * plans and event readers work on either. Three things differ from TSDL and are mapped here:
 * <ul>
 * <li>The decoder finds the fields it needs (packet magic, sizes, stream class, times, event class) by CTF
 * 1.8's names; CTF 2 marks them with roles instead. A member with a role takes the 1.8 name of its role
 * ({@code packet-total-length} is {@code packet_size}, an event header's {@code default-clock-timestamp} is
 * {@code timestamp}, ...), and a member of a header or context without the role takes a name no role gives
 * ({@code _timestamp}), so that it is never read as one.</li>
 * <li>Field locations (origin and path) name the field they point to, as TSDL's sequences and variants do.</li>
 * <li>Field classes CTF 1.8 lacks become the types added for them (variable-length integers, static and
 * dynamic strings, optional fields, variants chosen by integer ranges); bit arrays, bit maps and booleans are
 * unsigned integers, blobs arrays of bytes.</li>
 * </ul>
 * Both the published specification (CTF2-SPEC-2.0: field locations as {@code {origin, path}}, clock classes by
 * {@code id}) and the draft that babeltrace's and Trace Compass's CTF 2 test traces were written in (locations
 * as {@code [origin, name...]}, {@code fixed-length-unsigned-enumeration}, clock classes by {@code name}) are
 * read. An extension, a field class, a fragment or a role this reader does not know is refused, as the
 * specification asks, with the file and the offset of its fragment.
 */
final class Ctf2Metadata {

    /** Where a field class lies, with the CTF 1.8 names its roles take there. */
    private enum Scope {
        PACKET_HEADER("packet-header", Map.of("packet-magic-number", "magic", "data-stream-class-id", "stream_id", "data-stream-id",
                "stream_instance_id", "metadata-stream-uuid", "uuid")),
        PACKET_CONTEXT("packet-context", Map.of("packet-total-length", "packet_size", "packet-content-length", "content_size",
                "default-clock-timestamp", "timestamp_begin", "packet-end-default-clock-timestamp", "timestamp_end",
                "discarded-event-record-counter-snapshot", "events_discarded", "packet-sequence-number", "packet_seq_num")),
        EVENT_HEADER("event-record-header", Map.of("event-record-class-id", "id", "default-clock-timestamp", "timestamp")),
        COMMON_CONTEXT("event-record-common-context", Map.of()),
        SPECIFIC_CONTEXT("event-record-specific-context", Map.of()),
        PAYLOAD("event-record-payload", Map.of());

        final String fOrigin;
        final Map<String, String> fRoleNames;

        Scope(String origin, Map<String, String> roleNames) {
            fOrigin = origin;
            fRoleNames = roleNames;
        }
    }

    private static final Set<String> ROLES = Set.of("packet-magic-number", "data-stream-class-id", "data-stream-id", "metadata-stream-uuid",
            "packet-total-length", "packet-content-length", "default-clock-timestamp", "packet-end-default-clock-timestamp",
            "discarded-event-record-counter-snapshot", "packet-sequence-number", "event-record-class-id");
    private static final BigInteger TWO_TO_64 = BigInteger.ONE.shiftLeft(64);
    private static final CtfType.Int BYTE = new CtfType.Int(8, 8, ByteOrder.BIG_ENDIAN, false);

    private final Path fFile;
    /** Offset of the fragment being read, for errors. */
    private long fFragment;
    private final Map<String, Object> fAliases = new HashMap<>();
    private final Set<String> fReferenced = new HashSet<>();
    /** Per origin, the members renamed for their role (or for lacking it): what a field location names. */
    private final Map<String, String> fRenamed = new HashMap<>();
    private final Map<String, CtfMetadata.Clock> fClocks = new HashMap<>();
    private final Map<String, String> fEnv = new LinkedHashMap<>();
    private boolean fTraceClass;
    private CtfType.Struct fPacketHeader = CtfMetadata.EMPTY;
    private final Map<Long, CtfMetadata.StreamClass> fStreams = new LinkedHashMap<>();
    private final Map<Long, String> fStreamClocks = new HashMap<>();
    private final Map<Long, Map<Long, CtfMetadata.EventClass>> fEvents = new HashMap<>();

    private Ctf2Metadata(Path file) {
        fFile = file;
    }

    /**
     * @param file
     *            the metadata file, for errors
     * @param text
     *            its text (unpacketized), starting with a record separator
     * @return the metadata
     * @throws TraceFormatException
     *             when it is no CTF 2 metadata this reader understands, naming the file and the fragment's offset
     */
    static CtfMetadata parse(Path file, String text) throws TraceFormatException {
        Ctf2Metadata reader = new Ctf2Metadata(file);
        int start = 0;
        boolean first = true;
        while (start < text.length()) {
            int end = text.indexOf(CtfMetadata.CTF2_RECORD_SEPARATOR, start + 1);
            end = end < 0 ? text.length() : end;
            reader.fFragment = start;
            Object fragment = Json.parse(file, text.substring(start + 1, end), start + 1L);
            reader.fragment(fragment, first);
            first = false;
            start = end;
        }
        return reader.metadata();
    }

    private CtfMetadata metadata() throws TraceFormatException {
        if (fStreams.isEmpty()) {
            fStreams.put(0L, new CtfMetadata.StreamClass(0, CtfMetadata.EMPTY, CtfMetadata.EMPTY, CtfMetadata.EMPTY));
        }
        CtfMetadata.Clock clock = null;
        for (Map.Entry<Long, String> stream : fStreamClocks.entrySet()) {
            CtfMetadata.Clock its = fClocks.get(stream.getValue());
            if (clock != null && !clock.equals(its)) {
                // the codec converts every stream's times with one clock, as CTF 1.8 traces have
                throw new TraceFormatException(fFile, -1, "data stream classes with clocks of different frequencies or offsets, which this reader does not convert");
            }
            clock = its;
        }
        return CtfMetadata.ctf2(fFile, fPacketHeader, fStreams, fEvents, clock != null ? clock : new CtfMetadata.Clock(1_000_000_000L, 0, 0), fEnv,
                fReferenced);
    }

    // --- fragments ---------------------------------------------------------------------------------------

    private void fragment(Object json, boolean first) throws TraceFormatException {
        Map<String, Object> fragment = object(json, "a fragment");
        String type = string(fragment, "type");
        if (first != type.equals("preamble")) {
            throw error(first ? "the first fragment is a " + type + ", not the preamble" : "a second preamble");
        }
        refuseExtensions(fragment);
        switch (type) {
        case "preamble" -> preamble(fragment);
        case "field-class-alias" -> {
            String name = string(fragment, "name");
            if (fAliases.put(name, member(fragment, "field-class")) != null) {
                throw error("field class alias " + name + " defined twice");
            }
        }
        case "trace-class" -> traceClass(fragment);
        case "clock-class" -> clockClass(fragment);
        case "data-stream-class" -> dataStreamClass(fragment);
        case "event-record-class" -> eventRecordClass(fragment);
        default -> throw error("a fragment of unknown type " + type);
        }
    }

    private void preamble(Map<String, Object> fragment) throws TraceFormatException {
        long version = integer(fragment, "version", -1);
        if (version != 2) {
            throw error("CTF major version " + version + " in the preamble (this reader reads CTF 2)");
        }
    }

    private void traceClass(Map<String, Object> fragment) throws TraceFormatException {
        if (fTraceClass || !fStreams.isEmpty()) {
            throw error(fTraceClass ? "a second trace class" : "the trace class after a data stream class");
        }
        fTraceClass = true;
        if (fragment.get("environment") != null) {
            for (Map.Entry<String, Object> entry : object(fragment.get("environment"), "the environment").entrySet()) {
                Object value = entry.getValue();
                if (!(value instanceof String) && !(value instanceof Long) && !(value instanceof BigInteger)) {
                    throw error("environment entry " + entry.getKey() + " is neither a string nor an integer");
                }
                fEnv.put(entry.getKey(), value.toString());
            }
        }
        fPacketHeader = scopeStruct(fragment, "packet-header-field-class", Scope.PACKET_HEADER);
    }

    private void clockClass(Map<String, Object> fragment) throws TraceFormatException {
        // the specification's "id", the draft's "name"
        String id = fragment.containsKey("id") ? string(fragment, "id") : string(fragment, "name");
        long frequency = integer(fragment, "frequency", -1);
        if (frequency <= 0 || frequency > CtfMetadata.MAX_FREQUENCY) {
            throw error("a clock of " + frequency + " Hz (1 to " + CtfMetadata.MAX_FREQUENCY + " taken)");
        }
        long seconds = 0;
        long cycles = 0;
        if (fragment.get("offset-from-origin") != null) {
            Map<String, Object> offset = object(fragment.get("offset-from-origin"), "offset-from-origin");
            seconds = integer(offset, "seconds", 0);
            cycles = integer(offset, "cycles", 0);
            if (cycles < 0) {
                throw error("a clock offset of " + cycles + " cycles");
            }
        }
        if (fClocks.put(id, new CtfMetadata.Clock(frequency, cycles, seconds)) != null) {
            throw error("clock class " + id + " defined twice");
        }
    }

    private void dataStreamClass(Map<String, Object> fragment) throws TraceFormatException {
        long id = integer(fragment, "id", 0);
        if (fStreams.containsKey(id)) {
            throw error("data stream class " + id + " defined twice");
        }
        Object clock = fragment.containsKey("default-clock-class-id") ? fragment.get("default-clock-class-id") : fragment.get("default-clock-class-name");
        if (clock != null) {
            if (!(clock instanceof String name) || !fClocks.containsKey(name)) {
                throw error("data stream class " + id + " has the default clock class " + clock + ", which no clock-class fragment before it defines");
            }
            fStreamClocks.put(id, name);
        }
        CtfType.Struct packetContext = scopeStruct(fragment, "packet-context-field-class", Scope.PACKET_CONTEXT);
        CtfType.Struct eventHeader = scopeStruct(fragment, "event-record-header-field-class", Scope.EVENT_HEADER);
        CtfType.Struct eventContext = scopeStruct(fragment, "event-record-common-context-field-class", Scope.COMMON_CONTEXT);
        fStreams.put(id, new CtfMetadata.StreamClass(id, packetContext, eventHeader, eventContext));
    }

    private void eventRecordClass(Map<String, Object> fragment) throws TraceFormatException {
        long id = integer(fragment, "id", 0);
        long streamId = integer(fragment, "data-stream-class-id", 0);
        if (!fStreams.containsKey(streamId)) {
            throw error("event record class " + id + " of data stream class " + streamId + ", which no fragment before it defines");
        }
        String name = fragment.get("name") == null ? "" : string(fragment, "name");
        CtfType.Struct context = scopeStruct(fragment, "specific-context-field-class", Scope.SPECIFIC_CONTEXT);
        CtfType.Struct payload = scopeStruct(fragment, "payload-field-class", Scope.PAYLOAD);
        Map<Long, CtfMetadata.EventClass> classes = fEvents.computeIfAbsent(streamId, s -> new HashMap<>());
        if (classes.put(id, new CtfMetadata.EventClass(id, name, streamId, context, payload)) != null) {
            throw error("event record class " + id + " of data stream class " + streamId + " defined twice");
        }
    }

    /** A scope's field class: a structure, or an empty one when absent. */
    private CtfType.Struct scopeStruct(Map<String, Object> fragment, String key, Scope scope) throws TraceFormatException {
        Object json = fragment.get(key);
        if (json == null || json == Json.NULL) {
            return CtfMetadata.EMPTY;
        }
        if (fieldClass(json, scope, key, 0) instanceof CtfType.Struct struct) {
            return struct;
        }
        throw error(key + " is not a structure");
    }

    // --- field classes -----------------------------------------------------------------------------------

    /**
     * @param json
     *            a field class, or an alias's name
     * @param name
     *            the member it is the class of, for messages and for a wrapper that aligns it ("" when none)
     */
    private CtfType fieldClass(Object json, Scope scope, String name, int depth) throws TraceFormatException {
        if (depth > Json.MAX_DEPTH) {
            throw error("field classes nested deeper than " + Json.MAX_DEPTH);
        }
        if (json instanceof String alias) {
            Object aliased = fAliases.get(alias);
            if (aliased == null) {
                throw error("field class alias " + alias + ", which no fragment before it defines");
            }
            return fieldClass(aliased, scope, name, depth + 1);
        }
        Map<String, Object> fc = object(json, "the field class of " + name);
        refuseExtensions(fc);
        String type = string(fc, "type");
        return switch (type) {
        case "fixed-length-unsigned-integer", "fixed-length-signed-integer", "fixed-length-unsigned-enumeration", "fixed-length-signed-enumeration" -> {
            CtfType.Int integer = fixedLength(fc, type.contains("-signed-"));
            List<CtfType.Mapping> mappings = mappings(fc.get("mappings"), "mappings");
            yield mappings.isEmpty() ? integer : new CtfType.Enum(integer, mappings);
        }
        case "fixed-length-bit-array", "fixed-length-bit-map", "fixed-length-boolean" -> fixedLength(fc, false);
        case "fixed-length-floating-point-number" -> {
            long length = integer(fc, "length", -1);
            if (length != 16 && length != 32 && length != 64 && length != 128) {
                throw error("a floating point number of " + length + " bits (16, 32, 64 or 128)");
            }
            yield new CtfType.Float((int) length, alignment(fc, "alignment"), byteOrder(fc));
        }
        case "variable-length-unsigned-integer", "variable-length-unsigned-enumeration" -> new CtfType.VarInt(false);
        case "variable-length-signed-integer", "variable-length-signed-enumeration" -> new CtfType.VarInt(true);
        case "null-terminated-string" -> {
            encoding(fc);
            yield new CtfType.Str();
        }
        case "static-length-string" -> {
            encoding(fc);
            yield new CtfType.FixedStr(length(fc));
        }
        case "dynamic-length-string" -> {
            encoding(fc);
            yield new CtfType.DynStr(location(fc, "length-field-location", scope));
        }
        case "static-length-blob" -> new CtfType.Array(BYTE, length(fc));
        case "dynamic-length-blob" -> new CtfType.Sequence(BYTE, location(fc, "length-field-location", scope));
        case "structure" -> structure(fc, scope, depth);
        case "static-length-array" -> aligned(new CtfType.Array(fieldClass(member(fc, "element-field-class"), scope, "", depth + 1), length(fc)), fc, name);
        case "dynamic-length-array" -> aligned(new CtfType.Sequence(fieldClass(member(fc, "element-field-class"), scope, "", depth + 1),
                location(fc, "length-field-location", scope)), fc, name);
        case "optional" -> {
            String selector = location(fc, "selector-field-location", scope);
            List<CtfType.Mapping> ranges = ranges(fc.get("selector-field-ranges"), "", "selector-field-ranges");
            yield new CtfType.Optional(selector, ranges, fieldClass(member(fc, "field-class"), scope, name, depth + 1));
        }
        case "variant" -> variant(fc, scope, name, depth);
        default -> throw error("a field class of unknown type " + type);
        };
    }

    private CtfType.Struct structure(Map<String, Object> fc, Scope scope, int depth) throws TraceFormatException {
        Map<String, CtfType> members = new LinkedHashMap<>();
        Object list = fc.get("member-classes");
        for (Object element : list == null ? List.of() : array(list, "member-classes")) {
            Map<String, Object> member = object(element, "a member class");
            refuseExtensions(member);
            String written = string(member, "name");
            Object memberClass = member(member, "field-class");
            String name = memberName(written, roles(memberClass), scope);
            if (members.put(name, fieldClass(memberClass, scope, name, depth + 1)) != null) {
                throw error("member " + written + " given twice in a structure");
            }
        }
        long minimum = fc.get("minimum-alignment") == null ? 1 : alignment(fc, "minimum-alignment");
        return new CtfType.Struct(members, minimum);
    }

    /**
     * The name a member takes: its role's CTF 1.8 name, or, when a header or context member bears a name a role
     * gives without the role, the name marked so that the decoder never reads it as that role.
     */
    private String memberName(String written, List<String> roles, Scope scope) throws TraceFormatException {
        String name = written;
        for (String role : roles) {
            if (!ROLES.contains(role)) {
                throw error("unknown role " + role + " of member " + written);
            }
            name = scope.fRoleNames.get(role);
            if (name == null) {
                throw error("role " + role + " of member " + written + " in the " + scope.fOrigin + ", where it has no place");
            }
        }
        if (roles.isEmpty() && scope.fRoleNames.containsValue(written)) {
            name = "_" + written;
        }
        if (!name.equals(written)) {
            fRenamed.put(scope.fOrigin + '/' + written, name);
        }
        return name;
    }

    /** The roles of a member's field class (an alias's, when it names one). */
    private List<String> roles(Object memberClass) throws TraceFormatException {
        Object json = memberClass instanceof String alias ? fAliases.get(alias) : memberClass;
        if (!(json instanceof Map<?, ?> fc) || fc.get("roles") == null) {
            return List.of();
        }
        List<String> roles = new ArrayList<>();
        for (Object role : array(fc.get("roles"), "roles")) {
            if (!(role instanceof String text)) {
                throw error("a role that is not a string");
            }
            roles.add(text);
        }
        return roles;
    }

    private CtfType variant(Map<String, Object> fc, Scope scope, String name, int depth) throws TraceFormatException {
        String selector = location(fc, "selector-field-location", scope);
        List<CtfType.Mapping> ranges = new ArrayList<>();
        Map<String, CtfType> options = new LinkedHashMap<>();
        List<Object> list = array(member(fc, "options"), "options");
        if (list.isEmpty()) {
            throw error("a variant without options");
        }
        for (int i = 0; i < list.size(); i++) {
            Map<String, Object> option = object(list.get(i), "a variant option");
            refuseExtensions(option);
            // an option's name is optional: its index names it then, which no written name can be
            String label = option.get("name") == null ? "#" + i : string(option, "name");
            if (options.put(label, fieldClass(member(option, "field-class"), scope, name, depth + 1)) != null) {
                throw error("variant option " + label + " given twice");
            }
            List<CtfType.Mapping> its = ranges(option.get("selector-field-ranges"), label, "selector-field-ranges");
            if (its.isEmpty()) {
                throw error("variant option " + label + " without selector-field-ranges");
            }
            ranges.addAll(its);
        }
        return new CtfType.ValueVariant(selector, List.copyOf(ranges), options);
    }

    /** A static-length or dynamic-length array, aligned further by its {@code minimum-alignment} if any. */
    private CtfType aligned(CtfType array, Map<String, Object> fc, String name) throws TraceFormatException {
        long minimum = fc.get("minimum-alignment") == null ? 1 : alignment(fc, "minimum-alignment");
        // a structure of the one array, of the same name: decoded alike, aligned as the array must be
        return minimum > array.align() ? new CtfType.Struct(Map.of(name, array), minimum) : array;
    }

    private CtfType.Int fixedLength(Map<String, Object> fc, boolean signed) throws TraceFormatException {
        long length = integer(fc, "length", -1);
        if (length < 1 || length > 64) {
            throw error("a fixed-length field of " + length + " bits (1 to 64)");
        }
        ByteOrder order = byteOrder(fc);
        Object bitOrder = fc.get("bit-order");
        String natural = order == ByteOrder.LITTLE_ENDIAN ? "first-to-last" : "last-to-first";
        if (bitOrder != null && !natural.equals(bitOrder)) {
            throw error("bit order " + bitOrder + " for a " + (order == ByteOrder.LITTLE_ENDIAN ? "little" : "big")
                    + "-endian field, which this reader does not read");
        }
        return new CtfType.Int((int) length, alignment(fc, "alignment"), order, signed);
    }

    private ByteOrder byteOrder(Map<String, Object> fc) throws TraceFormatException {
        String order = string(fc, "byte-order");
        return switch (order) {
        // "le" and "be" are the draft's
        case "little-endian", "le" -> ByteOrder.LITTLE_ENDIAN;
        case "big-endian", "be" -> ByteOrder.BIG_ENDIAN;
        default -> throw error("byte order " + order);
        };
    }

    private long alignment(Map<String, Object> fc, String key) throws TraceFormatException {
        long align = integer(fc, key, 1);
        if (align <= 0 || align > CtfMetadata.MAX_ALIGN || Long.bitCount(align) != 1) {
            throw error(key + " " + align + " is no power of two up to " + CtfMetadata.MAX_ALIGN + " bits");
        }
        return align;
    }

    /** A static length: a packet holds less than 2^31 bytes, so a longer field is damage. */
    private int length(Map<String, Object> fc) throws TraceFormatException {
        long length = integer(fc, "length", -1);
        if (length < 0 || length > Integer.MAX_VALUE) {
            throw error("a static length of " + length);
        }
        return (int) length;
    }

    private void encoding(Map<String, Object> fc) throws TraceFormatException {
        Object encoding = fc.get("encoding");
        if (encoding != null && !"utf-8".equals(encoding)) {
            throw error("strings encoded in " + encoding + ", which this reader does not read (UTF-8 only)");
        }
    }

    /**
     * A field location: the specification's {@code {"origin": ..., "path": [...]}} or the draft's
     * {@code [origin, name...]}, naming the field as the decoder knows it (its role's name, if renamed).
     */
    private String location(Map<String, Object> fc, String key, Scope scope) throws TraceFormatException {
        Object json = member(fc, key);
        String origin;
        List<Object> path;
        if (json instanceof List<?> draft) {
            if (draft.size() < 2 || !(draft.get(0) instanceof String first)) {
                throw error(key + " is no field location");
            }
            origin = first;
            path = List.copyOf(draft.subList(1, draft.size()));
        } else {
            Map<String, Object> location = object(json, key);
            origin = location.get("origin") == null ? scope.fOrigin : string(location, "origin");
            path = array(member(location, "path"), key + "'s path");
        }
        if (path.isEmpty() || !(path.get(path.size() - 1) instanceof String name)) {
            throw error(key + " does not end with a member name");
        }
        boolean known = false;
        for (Scope s : Scope.values()) {
            known |= s.fOrigin.equals(origin);
        }
        if (!known) {
            throw error(key + " of unknown origin " + origin);
        }
        String field = fRenamed.getOrDefault(origin + '/' + name, name);
        fReferenced.add(field);
        return field;
    }

    private List<CtfType.Mapping> mappings(Object json, String key) throws TraceFormatException {
        if (json == null) {
            return List.of();
        }
        List<CtfType.Mapping> mappings = new ArrayList<>();
        for (Map.Entry<String, Object> mapping : object(json, key).entrySet()) {
            mappings.addAll(ranges(mapping.getValue(), mapping.getKey(), key));
        }
        return List.copyOf(mappings);
    }

    /** An integer range set, {@code [[low, high], ...]}, each range labelled. */
    private List<CtfType.Mapping> ranges(Object json, String label, String key) throws TraceFormatException {
        if (json == null) {
            return List.of();
        }
        List<CtfType.Mapping> ranges = new ArrayList<>();
        for (Object element : array(json, key)) {
            List<Object> range = array(element, key);
            if (range.size() != 2) {
                throw error("a range of " + key + " that is not [low, high]");
            }
            long low = rangeValue(range.get(0), key);
            long high = rangeValue(range.get(1), key);
            CtfType.Mapping mapping = new CtfType.Mapping(label, low, high);
            // [5, -3] written so is a signed range upside down, not an unsigned one past 2^63
            boolean signedUpsideDown = low >= 0 && high < 0 && range.get(1) instanceof Long;
            if (!mapping.nonEmpty() || signedUpsideDown) {
                throw error("range [" + range.get(0) + ", " + range.get(1) + "] of " + key + " holds no value");
            }
            ranges.add(mapping);
        }
        return ranges;
    }

    /** A range's end: a signed or unsigned 64-bit integer (past 2^63, stored as the negative long of its bits). */
    private long rangeValue(Object value, String key) throws TraceFormatException {
        if (value instanceof Long number) {
            return number;
        }
        if (value instanceof BigInteger big && big.signum() > 0 && big.compareTo(TWO_TO_64) < 0) {
            return big.longValue();
        }
        throw error(key + " holds " + value + ", no 64-bit integer");
    }

    // --- JSON access -------------------------------------------------------------------------------------

    /** The specification lets a reader refuse what an extension would change; this reader knows none. */
    private void refuseExtensions(Map<String, Object> object) throws TraceFormatException {
        Object extensions = object.get("extensions");
        if (extensions != null && !(extensions instanceof Map<?, ?> map && map.isEmpty())) {
            throw error("extensions " + extensions + ", which this reader does not implement");
        }
    }

    @SuppressWarnings("unchecked")
    private Map<String, Object> object(Object json, String what) throws TraceFormatException {
        if (json instanceof Map<?, ?> map) {
            return (Map<String, Object>) map;
        }
        throw error(what + " is not a JSON object");
    }

    @SuppressWarnings("unchecked")
    private List<Object> array(Object json, String what) throws TraceFormatException {
        if (json instanceof List<?> list) {
            return (List<Object>) list;
        }
        throw error(what + " is not a JSON array");
    }

    private Object member(Map<String, Object> object, String key) throws TraceFormatException {
        Object value = object.get(key);
        if (value == null || value == Json.NULL) {
            throw error("no " + key);
        }
        return value;
    }

    private String string(Map<String, Object> object, String key) throws TraceFormatException {
        if (member(object, key) instanceof String text) {
            return text;
        }
        throw error(key + " is not a string");
    }

    /** An integer member that fits a long, or {@code otherwise} when absent. */
    private long integer(Map<String, Object> object, String key, long otherwise) throws TraceFormatException {
        Object value = object.get(key);
        if (value == null) {
            return otherwise;
        }
        if (value instanceof Long number) {
            return number;
        }
        throw error(key + " is " + value + ", not an integer up to " + Long.MAX_VALUE);
    }

    private TraceFormatException error(String problem) {
        return new TraceFormatException(fFile, fFragment, problem + " (CTF 2 metadata fragment)");
    }
}
