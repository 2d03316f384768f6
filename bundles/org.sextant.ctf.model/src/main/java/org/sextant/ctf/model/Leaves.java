// SPDX-License-Identifier: EPL-2.0
package org.sextant.ctf.model;

import java.util.Map;

/**
 * The leaves of a decoded scope (a payload, a context) by name, walking its type: what an event shows of
 * itself, as a trace type's event content or a comparison with another reader's. Integers (enumerations by
 * value, booleans 0 or 1), strings, and arrays of integers whole; a variant's or an optional field's value under
 * its own name. Floating point numbers are not decoded, and arrays of anything but integers not shown.
 */
public final class Leaves {

    /** Receives the leaves, in the type's order. */
    public interface Visitor {
        /**
         * @param name
         *            the field's name
         * @param value
         *            its value (an unsigned one past 2^63 negative)
         * @param unsigned
         *            whether it is unsigned
         */
        void integer(String name, long value, boolean unsigned);

        /**
         * @param name
         *            the field's name
         * @param value
         *            its value
         */
        void string(String name, String value);

        /**
         * @param name
         *            the array's name
         * @param values
         *            its elements
         * @param unsigned
         *            whether they are unsigned
         */
        void integers(String name, long[] values, boolean unsigned);
    }

    private Leaves() {
    }

    /**
     * Walks a scope's type, giving the visitor each leaf the event has (a variant's options and an optional's
     * content are each looked for; only what was decoded is there).
     *
     * @param type
     *            the scope's type, for example {@link CtfMetadata.EventClass#fields()}
     * @param fields
     *            the event's fields, decoded by a reader that keeps them all
     * @param visitor
     *            gets the leaves
     */
    public static void walk(CtfType type, EventReader.Fields fields, Visitor visitor) {
        walk(type, null, fields, visitor);
    }

    private static void walk(CtfType type, String name, EventReader.Fields fields, Visitor visitor) {
        if (type instanceof CtfType.Struct struct) {
            for (Map.Entry<String, CtfType> member : struct.fields().entrySet()) {
                walk(member.getValue(), member.getKey(), fields, visitor);
            }
        } else if (type instanceof CtfType.Int integer) {
            integer(name, !integer.signed(), fields, visitor);
        } else if (type instanceof CtfType.Enum enumeration) {
            integer(name, !enumeration.container().signed(), fields, visitor);
        } else if (type instanceof CtfType.VarInt varint) {
            integer(name, !varint.signed(), fields, visitor);
        } else if (type instanceof CtfType.Str || type instanceof CtfType.FixedStr || type instanceof CtfType.DynStr) {
            String value = name == null ? null : fields.string(name);
            if (value != null) {
                visitor.string(name, value);
            }
        } else if (type instanceof CtfType.Array array) {
            elements(array.element(), name, fields, visitor);
        } else if (type instanceof CtfType.Sequence sequence) {
            elements(sequence.element(), name, fields, visitor);
        } else if (type instanceof CtfType.Variant variant) {
            variant.options().values().forEach(option -> walk(option, name, fields, visitor));
        } else if (type instanceof CtfType.ValueVariant variant) {
            variant.options().values().forEach(option -> walk(option, name, fields, visitor));
        } else if (type instanceof CtfType.Optional optional) {
            walk(optional.content(), name, fields, visitor);
        }
    }

    private static void integer(String name, boolean unsigned, EventReader.Fields fields, Visitor visitor) {
        if (fields.hasInteger(name)) {
            visitor.integer(name, fields.integer(name, 0), unsigned);
        }
    }

    /** An integer array's elements, which a reader keeping every field holds as {@code name[i]}. */
    private static void elements(CtfType element, String name, EventReader.Fields fields, Visitor visitor) {
        if (name == null || !(element instanceof CtfType.Int integer)) {
            return;
        }
        int length = 0;
        while (fields.hasInteger(name + '[' + length + ']')) {
            length++;
        }
        long[] values = new long[length];
        for (int i = 0; i < length; i++) {
            values[i] = fields.integer(name + '[' + i + ']', 0);
        }
        visitor.integers(name, values, !integer.signed());
    }
}
