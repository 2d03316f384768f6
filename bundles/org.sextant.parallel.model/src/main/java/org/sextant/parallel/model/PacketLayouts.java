// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.model;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the packet header and packet context layouts from a CTF 1.8 metadata file, plain text or packetized
 * (LTTng). Only the part of TSDL that packet headers and contexts use is understood: integers (inline or
 * through {@code typealias}), fixed-size arrays of integers, and structs (inline or named). Anything else in
 * those two structs is reported as unsupported rather than guessed at.
 */
public final class PacketLayouts {

    private static final int METADATA_PACKET_MAGIC = 0x75D11D57;
    private static final int METADATA_PACKET_HEADER_BYTES = 37;
    private static final Pattern TOKEN = Pattern.compile("\"(?:[^\"\\\\]|\\\\.)*\"|:=|[A-Za-z_][A-Za-z0-9_.]*|0[xX][0-9a-fA-F]+|\\d+|\\S");

    private final Path fFile;
    private final List<String> fTokens;
    private int fPosition;
    private ByteOrder fTraceOrder = ByteOrder.LITTLE_ENDIAN;
    private final Map<String, Type> fAliases = new HashMap<>();
    private final Map<String, StructType> fStructs = new HashMap<>();
    private Type fHeader;
    private final Map<Long, Type> fContexts = new HashMap<>();

    /** An integer or a struct of fields, with its alignment in bits. */
    private sealed interface Type permits IntType, StructType, ArrayType {
        long align();
    }

    private record IntType(int bits, long align, String order) implements Type {
    }

    private record ArrayType(Type element, int length) implements Type {
        @Override
        public long align() {
            return element.align();
        }
    }

    /** A struct; {@code supported} is false when a field has a type packet layouts never need (enum, variant...). */
    private record StructType(LinkedHashMap<String, Type> fields, long explicitAlign, boolean supported) implements Type {
        @Override
        public long align() {
            long align = Math.max(1, explicitAlign);
            for (Type field : fields.values()) {
                align = Math.max(align, field.align());
            }
            return align;
        }
    }

    private PacketLayouts(Path file, String text) {
        fFile = file;
        fTokens = tokens(text);
    }

    /**
     * Reads the layouts of every stream class of a trace.
     *
     * @param metadata
     *            the trace's {@code metadata} file
     * @return the layout of each stream class, by stream id (id 0 when the metadata declares no id)
     * @throws TraceFormatException
     *             when the metadata cannot be read as CTF 1.8, or its packet layout uses what is not understood
     * @throws IOException
     *             when the file cannot be read
     */
    public static Map<Long, PacketLayout> read(Path metadata) throws TraceFormatException, IOException {
        PacketLayouts parser = new PacketLayouts(metadata, text(metadata));
        parser.parse();
        Map<Long, PacketLayout> layouts = new HashMap<>();
        if (parser.fContexts.isEmpty()) {
            parser.fContexts.put(0L, new StructType(new LinkedHashMap<>(), 0, true));
        }
        for (Map.Entry<Long, Type> context : parser.fContexts.entrySet()) {
            layouts.put(context.getKey(), parser.layout(context.getValue()));
        }
        return layouts;
    }

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

    private static List<String> tokens(String text) {
        String withoutComments = text.replaceAll("(?s)/\\*.*?\\*/", " ").replaceAll("//[^\n]*", " ");
        List<String> tokens = new ArrayList<>();
        Matcher matcher = TOKEN.matcher(withoutComments);
        while (matcher.find()) {
            tokens.add(matcher.group());
        }
        return tokens;
    }

    // --- parsing ---------------------------------------------------------------------------------------

    private void parse() throws TraceFormatException {
        while (fPosition < fTokens.size()) {
            String token = next();
            switch (token) {
            case "typealias" -> typealias();
            case "trace" -> trace();
            case "stream" -> stream();
            case "struct" -> {
                if (peek().equals("{")) {
                    skipBlock();
                } else {
                    String name = next();
                    if (peek().equals("{")) {
                        fStructs.put(name, structBody());
                    }
                }
            }
            case "{" -> skipBlockBody();
            default -> { /* event, env, clock, callsite and the rest: not needed for packet layouts */ }
            }
        }
        if (fHeader == null) {
            throw new TraceFormatException(fFile, -1, "the metadata declares no packet.header");
        }
    }

    private void typealias() throws TraceFormatException {
        Type type = typeOrNull();
        expect(":=");
        StringBuilder name = new StringBuilder();
        while (!peek().equals(";")) {
            name.append(name.length() == 0 ? "" : " ").append(next());
        }
        next();
        if (type != null) { // aliases of enums, floats and strings are never used by packet layouts
            fAliases.put(name.toString(), type);
        }
    }

    private void trace() throws TraceFormatException {
        expect("{");
        while (!peek().equals("}")) {
            String key = next();
            if (key.equals("byte_order")) {
                expect("=");
                fTraceOrder = next().equals("be") ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN;
                expect(";");
            } else if (key.equals("packet.header")) {
                expect(":=");
                fHeader = requireType("packet.header");
                expect(";");
            } else {
                skipStatement();
            }
        }
        next();
    }

    private void stream() throws TraceFormatException {
        expect("{");
        long id = 0;
        Type context = null;
        while (!peek().equals("}")) {
            String key = next();
            if (key.equals("id")) {
                expect("=");
                id = Long.decode(next());
                expect(";");
            } else if (key.equals("packet.context")) {
                expect(":=");
                context = requireType("packet.context");
                expect(";");
            } else {
                skipStatement();
            }
        }
        next();
        fContexts.put(id, context == null ? new StructType(new LinkedHashMap<>(), 0, true) : context);
    }

    private Type requireType(String what) throws TraceFormatException {
        Type type = typeOrNull();
        if (type == null || (type instanceof StructType struct && !struct.supported())) {
            throw new TraceFormatException(fFile, -1, what + " uses a type other than integers, arrays and structs");
        }
        return type;
    }

    /** A type at the current position, or null (after skipping it) for enums, floats, strings and the like. */
    private Type typeOrNull() throws TraceFormatException {
        String token = next();
        switch (token) {
        case "integer":
            return integer();
        case "struct":
            if (peek().equals("{")) {
                return structBody();
            }
            String name = next();
            if (peek().equals("{")) {
                StructType struct = structBody();
                fStructs.put(name, struct);
                return struct;
            }
            StructType named = fStructs.get(name);
            if (named == null) {
                throw new TraceFormatException(fFile, -1, "unknown struct " + name);
            }
            return withAlign(named);
        case "string", "floating_point":
            if (peek().equals("{")) {
                skipBlock();
            }
            return null;
        case "enum", "variant":
            while (!peek().equals("{")) { // the container type or tag: "enum : uint8_t {", "variant <id> {"
                next();
            }
            skipBlock();
            return null;
        default:
            StringBuilder alias = new StringBuilder(token);
            while (fAliases.get(alias.toString()) == null && isWord(peek()) && isWord(peekAt(1))) {
                alias.append(' ').append(next());
            }
            Type aliased = fAliases.get(alias.toString());
            if (aliased == null) {
                throw new TraceFormatException(fFile, -1, "unknown type " + alias);
            }
            return aliased;
        }
    }

    private StructType withAlign(StructType struct) throws TraceFormatException {
        if (peek().equals("align")) {
            next();
            expect("(");
            long align = Long.decode(next());
            expect(")");
            return new StructType(struct.fields(), align * 8, struct.supported());
        }
        return struct;
    }

    private IntType integer() throws TraceFormatException {
        expect("{");
        int bits = -1;
        long align = -1;
        String order = "native";
        while (!peek().equals("}")) {
            String key = next();
            expect("=");
            StringBuilder value = new StringBuilder();
            while (!peek().equals(";")) {
                value.append(next());
            }
            next();
            switch (key) {
            case "size" -> bits = Integer.decode(value.toString());
            case "align" -> align = Long.decode(value.toString());
            case "byte_order" -> order = value.toString();
            default -> { /* signed, encoding, base, map: irrelevant to layout */ }
            }
        }
        next();
        if (bits <= 0 || bits > 64) {
            throw new TraceFormatException(fFile, -1, "integer of unsupported size " + bits);
        }
        return new IntType(bits, align > 0 ? align : (bits % 8 == 0 ? 8 : 1), order);
    }

    private StructType structBody() throws TraceFormatException {
        return withAlign(structFields());
    }

    private StructType structFields() throws TraceFormatException {
        expect("{");
        LinkedHashMap<String, Type> fields = new LinkedHashMap<>();
        boolean supported = true;
        while (!peek().equals("}")) {
            Type type = typeOrNull();
            String name = next();
            if (peek().equals("[")) {
                next();
                int length = Integer.decode(next());
                expect("]");
                type = new ArrayType(type, length);
            }
            expect(";");
            if (type == null || (type instanceof StructType struct && !struct.supported())) {
                supported = false;
            } else {
                fields.put(name, type);
            }
        }
        next();
        return new StructType(fields, 0, supported);
    }

    // --- layout ------------------------------------------------------------------------------------------

    private PacketLayout layout(Type context) {
        Map<String, PacketLayout.Field> fields = new HashMap<>();
        long end = place(fHeader, 0, "", fields);
        place(context, end, "", fields);
        return new PacketLayout(fields);
    }

    /** Lays a type out from {@code offset} (aligned first), records its integers, returns the offset after it. */
    private long place(Type type, long offset, String name, Map<String, PacketLayout.Field> fields) {
        long at = alignUp(offset, type.align());
        if (type instanceof IntType integer) {
            ByteOrder order = switch (integer.order()) {
            case "be", "network" -> ByteOrder.BIG_ENDIAN;
            case "le" -> ByteOrder.LITTLE_ENDIAN;
            default -> fTraceOrder;
            };
            fields.put(name, new PacketLayout.Field(at, integer.bits(), order));
            return at + integer.bits();
        }
        if (type instanceof ArrayType array) {
            for (int i = 0; i < array.length(); i++) {
                at = place(array.element(), at, name + '[' + i + ']', fields);
            }
            return at;
        }
        for (Map.Entry<String, Type> field : ((StructType) type).fields().entrySet()) {
            at = place(field.getValue(), at, field.getKey(), fields);
        }
        return at;
    }

    private static long alignUp(long offset, long align) {
        return (offset + align - 1) / align * align;
    }

    // --- tokens ------------------------------------------------------------------------------------------

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
            throw new TraceFormatException(fFile, -1, "expected '" + token + "' but found '" + actual + "' in the metadata");
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
        skipBlockBody();
    }

    private void skipBlockBody() throws TraceFormatException {
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
