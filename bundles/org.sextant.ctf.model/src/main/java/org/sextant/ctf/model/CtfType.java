// SPDX-License-Identifier: EPL-2.0
package org.sextant.ctf.model;

import java.nio.ByteOrder;
import java.util.List;
import java.util.Map;

/**
 * A CTF type, as declared in a trace's metadata, with its alignment in bits. Enough of TSDL for the traces
 * LTTng and perf write: integers, floats, strings, fixed arrays, sequences, structs, enums and variants; and
 * what CTF 2's field classes add to them ({@link Ctf2Metadata}): variable-length integers, strings of a static
 * or dynamic length, optional fields, and variants chosen by ranges of an integer.
 */
public sealed interface CtfType {

    /** @return the alignment of the type in bits */
    long align();

    /**
     * An integer.
     *
     * @param bits
     *            width, 1 to 64
     * @param align
     *            alignment in bits
     * @param order
     *            byte order (the trace's when declared native)
     * @param signed
     *            whether it is two's complement
     */
    record Int(int bits, long align, ByteOrder order, boolean signed) implements CtfType {
    }

    /**
     * A floating point number, decoded as raw bits.
     *
     * @param bits
     *            exponent plus mantissa digits
     * @param align
     *            alignment in bits
     * @param order
     *            byte order
     */
    record Float(int bits, long align, ByteOrder order) implements CtfType {
    }

    /** A NUL-terminated string, byte-aligned. */
    record Str() implements CtfType {
        @Override
        public long align() {
            return 8;
        }
    }

    /**
     * An array of a fixed length.
     *
     * @param element
     *            the element type
     * @param length
     *            the number of elements
     */
    record Array(CtfType element, int length) implements CtfType {
        @Override
        public long align() {
            return element.align();
        }
    }

    /**
     * An array whose length is an integer field decoded earlier.
     *
     * @param element
     *            the element type
     * @param lengthField
     *            the name of the length field
     */
    record Sequence(CtfType element, String lengthField) implements CtfType {
        @Override
        public long align() {
            return element.align();
        }
    }

    /**
     * A struct.
     *
     * @param fields
     *            the fields in order
     * @param minAlign
     *            the alignment declared with {@code align(N)}, in bits (1 when none)
     * @param align
     *            the struct's alignment: the largest of {@code minAlign} and its fields' (computed once, since
     *            the decoder asks for it at every event)
     */
    record Struct(Map<String, CtfType> fields, long minAlign, long align) implements CtfType {

        /**
         * @param fields
         *            the fields in order
         * @param minAlign
         *            the alignment declared with {@code align(N)}, in bits (1 when none)
         */
        public Struct(Map<String, CtfType> fields, long minAlign) {
            this(fields, minAlign, fields.values().stream().mapToLong(CtfType::align).reduce(minAlign, Math::max));
        }
    }

    /**
     * An enumeration over an integer.
     *
     * @param container
     *            the integer type
     * @param mappings
     *            the labels and their value ranges
     */
    record Enum(Int container, List<Mapping> mappings) implements CtfType {
        @Override
        public long align() {
            return container.align();
        }

        /**
         * @param value
         *            a decoded value
         * @return its label, or null when no mapping covers it
         */
        public String label(long value) {
            return Mapping.label(mappings, value);
        }
    }

    /**
     * One label of an enumeration.
     *
     * @param label
     *            the label
     * @param low
     *            first value
     * @param high
     *            last value
     */
    record Mapping(String label, long low, long high) {

        /**
         * Whether the range holds a value. A range from below zero to above it is signed; any other is compared
         * unsigned, which is also the signed order when both ends are below zero: so an unsigned range past
         * 2^63 (its ends stored as negative longs) and a signed one both hold what they should.
         *
         * @param value
         *            a decoded value, as a long (an unsigned 64-bit value past 2^63 negative)
         * @return whether it lies in the range
         */
        public boolean holds(long value) {
            return low < 0 && high >= 0 ? value >= low && value <= high
                    : Long.compareUnsigned(value, low) >= 0 && Long.compareUnsigned(value, high) <= 0;
        }

        /** @return whether the range holds at least one value */
        boolean nonEmpty() {
            return low < 0 && high >= 0 || Long.compareUnsigned(low, high) <= 0;
        }

        /** @return the label of the first mapping holding the value, or null */
        static String label(List<Mapping> mappings, long value) {
            for (Mapping mapping : mappings) {
                if (mapping.holds(value)) {
                    return mapping.label();
                }
            }
            return null;
        }
    }

    /**
     * A variant, whose option is chosen by the label of an enumeration field decoded earlier.
     *
     * @param tag
     *            the name of the enumeration field
     * @param options
     *            the options by label
     */
    record Variant(String tag, Map<String, CtfType> options) implements CtfType {
        @Override
        public long align() {
            return 1; // each option aligns itself
        }
    }

    /**
     * A variable-length integer (CTF 2): unsigned or signed LEB128, seven bits a byte, at most 64 bits of value.
     *
     * @param signed
     *            whether the last byte's top bit of value extends the sign
     */
    record VarInt(boolean signed) implements CtfType {
        @Override
        public long align() {
            return 8;
        }
    }

    /**
     * A string of a fixed number of bytes (CTF 2's static-length string), ending at its first NUL if any.
     *
     * @param length
     *            its bytes
     */
    record FixedStr(int length) implements CtfType {
        @Override
        public long align() {
            return 8;
        }
    }

    /**
     * A string whose length in bytes is an integer field decoded earlier (CTF 2's dynamic-length string), ending
     * at its first NUL if any.
     *
     * @param lengthField
     *            the name of the length field
     */
    record DynStr(String lengthField) implements CtfType {
        @Override
        public long align() {
            return 8;
        }
    }

    /**
     * A field that is there or not, as a field decoded earlier says (CTF 2's optional): a boolean (there when
     * not zero) or an integer in one of the ranges.
     *
     * @param selector
     *            the name of the selector field
     * @param ranges
     *            the selector's values for which the field is there; empty for a boolean selector
     * @param content
     *            the field's type
     */
    record Optional(String selector, List<Mapping> ranges, CtfType content) implements CtfType {
        @Override
        public long align() {
            return 1; // the content aligns itself, when it is there
        }

        /**
         * @param value
         *            the selector's value
         * @return whether the field is there
         */
        public boolean present(long value) {
            return ranges.isEmpty() ? value != 0 : Mapping.label(ranges, value) != null;
        }
    }

    /**
     * A variant whose option is chosen by the value of an integer field decoded earlier (CTF 2's variant): the
     * option whose ranges hold it.
     *
     * @param selector
     *            the name of the selector field
     * @param ranges
     *            each option's ranges, labelled with its name
     * @param options
     *            the options by name
     */
    record ValueVariant(String selector, List<Mapping> ranges, Map<String, CtfType> options) implements CtfType {
        @Override
        public long align() {
            return 1; // each option aligns itself
        }
    }
}
