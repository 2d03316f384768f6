// SPDX-License-Identifier: EPL-2.0
package org.sextant.ctf.model;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * The fixed layout of packet headers and contexts, per stream class, from a trace's {@link CtfMetadata}: what
 * {@link PacketScanner} needs to find packets without reading their events. Only integers, enums and fixed
 * arrays can have fixed offsets; a packet header or context with strings, sequences or variants is an error.
 */
public final class PacketLayouts {

    private PacketLayouts() {
    }

    /**
     * Reads the layouts of every stream class of a trace.
     *
     * @param metadata
     *            the trace's {@code metadata} file
     * @return the layout of each stream class, by stream id (id 0 when the metadata declares no id)
     * @throws TraceFormatException
     *             when the metadata cannot be read, or a packet header or context has no fixed layout
     * @throws IOException
     *             when the file cannot be read
     */
    public static Map<Long, PacketLayout> read(Path metadata) throws TraceFormatException, IOException {
        return of(CtfMetadata.read(metadata), metadata);
    }

    /**
     * The layouts of an already read metadata.
     *
     * @param metadata
     *            the metadata
     * @param file
     *            its file, for error messages
     * @return the layout of each stream class, by stream id
     * @throws TraceFormatException
     *             when a packet header or context has no fixed layout
     */
    public static Map<Long, PacketLayout> of(CtfMetadata metadata, Path file) throws TraceFormatException {
        Map<Long, PacketLayout> layouts = new HashMap<>();
        for (CtfMetadata.StreamClass stream : metadata.streams().values()) {
            Map<String, PacketLayout.Field> fields = new HashMap<>();
            long end = place(metadata.packetHeader(), 0, "packet.header", fields, file);
            place(stream.packetContext(), end, "packet.context", fields, file);
            layouts.put(stream.id(), new PacketLayout(fields));
        }
        return layouts;
    }

    /** Lays a type out from {@code offset} (aligned first), records its integers, returns the offset after it. */
    private static long place(CtfType type, long offset, String name, Map<String, PacketLayout.Field> fields, Path file)
            throws TraceFormatException {
        long at = alignUp(offset, type.align());
        if (type instanceof CtfType.Enum enumeration) {
            return place(enumeration.container(), at, name, fields, file);
        }
        if (type instanceof CtfType.Int integer) {
            fields.put(name, new PacketLayout.Field(at, integer.bits(), integer.order()));
            return at + integer.bits();
        }
        if (type instanceof CtfType.Array array) {
            if (array.length() < 0 || array.length() > MAX_ELEMENTS) {
                throw new TraceFormatException(file, -1, "array " + name + " of " + array.length()
                        + " elements in a packet header or context (at most " + MAX_ELEMENTS + ")");
            }
            for (int i = 0; i < array.length(); i++) {
                at = place(array.element(), at, name + '[' + i + ']', fields, file);
            }
            return at;
        }
        if (type instanceof CtfType.Struct struct) {
            for (Map.Entry<String, CtfType> field : struct.fields().entrySet()) {
                at = place(field.getValue(), at, field.getKey(), fields, file);
            }
            return at;
        }
        throw new TraceFormatException(file, -1, "field " + name + " of a packet header or context has no fixed size");
    }

    /** Arrays in packet headers and contexts are a UUID's 16 bytes or so: more is damage, not a layout. */
    private static final long MAX_ELEMENTS = 4096;

    private static long alignUp(long offset, long align) {
        return (offset + align - 1) / align * align;
    }
}
