// SPDX-License-Identifier: EPL-2.0
package org.sextant.otf2.model;

/**
 * OTF2's type codes (OTF2_Type) for attribute and metric values, with the encoding each takes in a file and the
 * local mapping its reference values go through.
 */
public final class Otf2Type {

    /** 8-bit unsigned, written in full. */
    public static final int UINT8 = 1;
    /** 16-bit unsigned, written in full. */
    public static final int UINT16 = 2;
    /** 32-bit unsigned, compressed. */
    public static final int UINT32 = 3;
    /** 64-bit unsigned, compressed. */
    public static final int UINT64 = 4;
    /** 8-bit signed, written in full. */
    public static final int INT8 = 5;
    /** 16-bit signed, written in full. */
    public static final int INT16 = 6;
    /** 32-bit signed, compressed. */
    public static final int INT32 = 7;
    /** 64-bit signed, compressed. */
    public static final int INT64 = 8;
    /** 32-bit float, written in full. */
    public static final int FLOAT = 9;
    /** 64-bit float, written in full. */
    public static final int DOUBLE = 10;
    /** A string reference. */
    public static final int STRING = 11;
    /** A location reference, 64-bit. */
    public static final int LOCATION = 13;

    /** Types from STRING to this one (interrupt generators) are 32-bit references; later ones are 64-bit. */
    private static final int LAST_32_BIT_REFERENCE = 22;

    private static final Otf2EventType.Mapping[] REFERENCES = { null, null, null, null, null, null, null, null, null,
            null, null, Otf2EventType.Mapping.STRING, Otf2EventType.Mapping.ATTRIBUTE, Otf2EventType.Mapping.LOCATION,
            Otf2EventType.Mapping.REGION, Otf2EventType.Mapping.GROUP, Otf2EventType.Mapping.METRIC,
            Otf2EventType.Mapping.COMM, Otf2EventType.Mapping.PARAMETER, Otf2EventType.Mapping.RMA_WIN };

    private Otf2Type() {
    }

    /** Reads a value of this type; doubles and floats come back as their raw bits. */
    static long read(Otf2Buffer in, int type) throws Otf2FormatException {
        return switch (type) {
        case UINT8 -> in.uint8();
        case UINT16 -> in.uint16();
        case UINT32 -> in.uint32();
        case INT8 -> (byte) in.uint8();
        case INT16 -> (short) in.uint16();
        case INT32 -> in.int32();
        case FLOAT -> Float.floatToRawIntBits(in.float32());
        case DOUBLE -> Double.doubleToRawLongBits(in.float64());
        case UINT64, INT64, LOCATION -> in.uint64();
        default -> type <= LAST_32_BIT_REFERENCE ? in.uint32() : in.uint64();
        };
    }

    /** @return the mapping a reference value of this type goes through, or NONE for plain numbers */
    static Otf2EventType.Mapping mapping(int type) {
        Otf2EventType.Mapping mapping = type >= 0 && type < REFERENCES.length ? REFERENCES[type] : null;
        return mapping == null ? Otf2EventType.Mapping.NONE : mapping;
    }
}
