// SPDX-License-Identifier: EPL-2.0
package org.sextant.ctf.model;

import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * How to decode one run of CTF types (an event header; an event class's contexts and payload), resolved once
 * from the metadata for the fields a reader keeps: consecutive fields whose size and place are fixed make one
 * {@link Run} (a size to skip, and the bit offset, width, byte order and sign of each kept integer in it; a kept
 * array of integers is kept element by element, {@code name[i]}, as the type walk keeps it); what has no fixed
 * size or place (strings, sequences, variants, enumerations, arrays of more than {@link #KEPT_ELEMENTS} kept
 * elements) stays a {@link Dynamic} step, decoded by walking its type. perf's events are a run each (its system
 * calls' {@code args} among them); LTTng's have a few steps.
 */
final class DecodingPlan {

    /** One step of a plan. */
    sealed interface Step permits Run, Dynamic {
    }

    /**
     * Fields of fixed size and place: the run starts at a multiple of {@code align} bits, and each field's
     * alignment divides it, so every offset from the run's start is known in advance.
     *
     * @param align
     *            alignment of the run's start, in bits
     * @param bits
     *            size of the run, in bits
     * @param names
     *            the kept integers' names (interned, so that a lookup by a literal name compares references)
     * @param offsets
     *            their offsets from the run's start, in bits
     * @param widths
     *            their widths, in bits
     * @param orders
     *            their byte orders
     * @param signed
     *            whether each is two's complement
     */
    record Run(long align, long bits, String[] names, long[] offsets, int[] widths, ByteOrder[] orders, boolean[] signed) implements Step {
    }

    /**
     * A type decoded by walking it, for want of a fixed size or place.
     *
     * @param type
     *            the type
     * @param name
     *            its field name, or null
     */
    record Dynamic(CtfType type, String name) implements Step {
    }

    /** The most elements of a kept array a run holds: beyond, one slot per element costs more than walking it. */
    static final int KEPT_ELEMENTS = 16;

    private final Step[] fSteps;

    private DecodingPlan(Step[] steps) {
        fSteps = steps;
    }

    /** @return the steps, in decoding order */
    Step[] steps() {
        return fSteps;
    }

    /**
     * Compiles the types decoded one after the other, each a struct or a single type.
     *
     * @param kept
     *            whether a field is kept, by name
     * @param types
     *            the types, in decoding order
     * @return the plan
     */
    static DecodingPlan of(Predicate<String> kept, CtfType... types) {
        Compiler compiler = new Compiler(kept);
        for (CtfType type : types) {
            compiler.add(type, null);
        }
        compiler.endRun();
        return new DecodingPlan(compiler.fSteps.toArray(Step[]::new));
    }

    /** Builds the steps: a run grows while fields fit it, and ends at the first that does not. */
    private static final class Compiler {
        private final Predicate<String> fKept;
        final List<Step> fSteps = new ArrayList<>();
        /** Alignment of the open run's start, 0 when no run is open. */
        private long fAlign;
        private long fBits;
        private final List<String> fNames = new ArrayList<>();
        private final List<Long> fOffsets = new ArrayList<>();
        private final List<Integer> fWidths = new ArrayList<>();
        private final List<ByteOrder> fOrders = new ArrayList<>();
        private final List<Boolean> fSigned = new ArrayList<>();

        Compiler(Predicate<String> kept) {
            fKept = kept;
        }

        void add(CtfType type, String name) {
            if (type instanceof CtfType.Struct struct && Long.bitCount(struct.align()) == 1 && !fixed(struct, name)) {
                // Its fixed fields still make runs: the struct's alignment opens one, its other fields split it.
                startRun(struct.align());
                for (Map.Entry<String, CtfType> field : struct.fields().entrySet()) {
                    add(field.getValue(), field.getKey());
                }
                return;
            }
            if (!fixed(type, name)) {
                endRun();
                fSteps.add(new Dynamic(type, name));
                return;
            }
            startRun(type.align());
            if (type instanceof CtfType.Struct struct) {
                for (Map.Entry<String, CtfType> field : struct.fields().entrySet()) {
                    add(field.getValue(), field.getKey());
                }
            } else if (type instanceof CtfType.Int integer) {
                if (name != null && fKept.test(name)) {
                    keep(name, fBits, integer);
                }
                fBits += integer.bits();
            } else if (type instanceof CtfType.Array array && name != null && fKept.test(name)) {
                CtfType.Int element = (CtfType.Int) array.element();
                long stride = stride(array);
                for (int i = 0; i < array.length(); i++) {
                    keep(name + '[' + i + ']', fBits + i * stride, element);
                }
                fBits += size(array);
            } else {
                fBits += size(type);
            }
        }

        private void keep(String name, long offset, CtfType.Int integer) {
            fNames.add(name.intern());
            fOffsets.add(offset);
            fWidths.add(integer.bits());
            fOrders.add(integer.order());
            fSigned.add(integer.signed());
        }

        /** Aligns the open run to {@code align}, or opens a run there when its place is known only at run time. */
        private void startRun(long align) {
            if (fAlign == 0 || align > fAlign) {
                endRun();
                fAlign = align;
            }
            fBits = (fBits + align - 1) / align * align;
        }

        /**
         * Whether a type has a fixed size whatever the data, and nothing to keep but integers: a struct of such
         * fields, an integer, a float, an array of them that is not kept, or a kept array of a few integers; each
         * with an alignment that is a power of two.
         */
        private boolean fixed(CtfType type, String name) {
            if (Long.bitCount(type.align()) != 1) {
                return false;
            }
            if (type instanceof CtfType.Struct struct) {
                for (Map.Entry<String, CtfType> field : struct.fields().entrySet()) {
                    if (!fixed(field.getValue(), field.getKey())) {
                        return false;
                    }
                }
                return true;
            }
            if (type instanceof CtfType.Int || type instanceof CtfType.Float) {
                return true;
            }
            if (type instanceof CtfType.Array array && (name == null || !fKept.test(name))) {
                return fixed(array.element(), null) && !(array.element() instanceof CtfType.Struct) && size(array) >= 0;
            }
            if (type instanceof CtfType.Array array) {
                return array.element() instanceof CtfType.Int element && Long.bitCount(element.align()) == 1 && array.length() <= KEPT_ELEMENTS;
            }
            return false;
        }

        /**
         * The size in bits of an integer, a float or an array of them, or -1 when too large. An array's elements
         * are padded to their alignment between them, not after the last: what follows an array of 16-bit
         * integers aligned on 32 bits starts 16 bits after its last element (the CTF writer's {@code an_array[5]}).
         */
        private static long size(CtfType type) {
            if (type instanceof CtfType.Int integer) {
                return integer.bits();
            }
            if (type instanceof CtfType.Float floating) {
                return floating.bits();
            }
            CtfType.Array array = (CtfType.Array) type;
            if (array.length() == 0) {
                return 0;
            }
            long stride = stride(array);
            long element = size(array.element());
            return stride < 0 || element < 0 || stride > (Long.MAX_VALUE - element) / array.length() ? -1 : stride * (array.length() - 1) + element;
        }

        /** The distance in bits from an array's element to the next (the element padded to its alignment), or -1 when too large. */
        private static long stride(CtfType.Array array) {
            long element = size(array.element());
            return element < 0 ? -1 : (element + array.align() - 1) / array.align() * array.align();
        }

        void endRun() {
            if (fAlign == 0) {
                return;
            }
            int kept = fNames.size();
            long[] offsets = new long[kept];
            int[] widths = new int[kept];
            boolean[] signed = new boolean[kept];
            for (int i = 0; i < kept; i++) {
                offsets[i] = fOffsets.get(i);
                widths[i] = fWidths.get(i);
                signed[i] = fSigned.get(i);
            }
            fSteps.add(new Run(fAlign, fBits, fNames.toArray(String[]::new), offsets, widths, fOrders.toArray(ByteOrder[]::new), signed));
            fAlign = 0;
            fBits = 0;
            fNames.clear();
            fOffsets.clear();
            fWidths.clear();
            fOrders.clear();
            fSigned.clear();
        }
    }
}
