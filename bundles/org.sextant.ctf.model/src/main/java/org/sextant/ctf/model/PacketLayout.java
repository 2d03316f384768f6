// SPDX-License-Identifier: EPL-2.0
package org.sextant.ctf.model;

import java.nio.ByteOrder;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Where the integer fields of a packet's header and context lie, in bits from the start of the packet, for one
 * stream class. Read from the trace's metadata by {@link PacketLayouts}.
 *
 * @param fields
 *            the integer fields by name (header fields, then context fields; a context field shadows a header
 *            field of the same name)
 */
public record PacketLayout(Map<String, Field> fields) {

    /**
     * One integer field.
     *
     * @param bitOffset
     *            bit offset from the start of the packet
     * @param bits
     *            width in bits (at most 64)
     * @param order
     *            byte order
     */
    public record Field(long bitOffset, int bits, ByteOrder order) {
    }

    /** Keeps an unmodifiable copy of the fields. */
    public PacketLayout {
        fields = Map.copyOf(Objects.requireNonNull(fields));
    }

    /**
     * @param name
     *            a field name, for example {@code packet_size}
     * @return the field, if the layout has it
     */
    public Optional<Field> field(String name) {
        return Optional.ofNullable(fields.get(name));
    }
}
