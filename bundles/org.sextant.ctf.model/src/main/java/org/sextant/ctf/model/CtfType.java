// SPDX-License-Identifier: EPL-2.0
package org.sextant.ctf.model;

import java.nio.ByteOrder;
import java.util.List;
import java.util.Map;

/**
 * A CTF 1.8 type, as declared in a trace's metadata, with its alignment in bits. Enough of TSDL for the
 * traces LTTng and perf write: integers, floats, strings, fixed arrays, sequences, structs, enums and variants.
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
            for (Mapping mapping : mappings) {
                if (value >= mapping.low() && value <= mapping.high()) {
                    return mapping.label();
                }
            }
            return null;
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
}
