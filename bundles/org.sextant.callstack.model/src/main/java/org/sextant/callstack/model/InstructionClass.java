// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.model;

import java.util.Arrays;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * A class of x86-64 instructions, told by mnemonic as decoders print their disassembly, for the delta profile's
 * runs of a class ({@code class:fpu}). Instructions known only by their bytes have no mnemonic here, and belong to
 * no class.
 */
public enum InstructionClass {
    /** x87: the mnemonics starting with f ({@code fld}, {@code fmulp}, {@code fnstcw}) */
    X87,
    /**
     * SSE floating point: scalar and packed single and double ({@code addsd}, {@code mulps}, {@code movss}), the
     * conversions ({@code cvtsi2sd}) and comparisons ({@code ucomisd}); not their VEX forms
     */
    SSE,
    /** AVX: the VEX-encoded instructions, whose mnemonics start with v ({@code vaddpd}, {@code vfmadd231sd}) */
    AVX,
    /** any of the three: floating-point use */
    FPU;

    private static final Set<String> STRING_DWORDS = Set.of("lodsd", "stosd", "scasd", "insd", "outsd");

    /**
     * @param mnemonic
     *            a mnemonic in lower case
     * @return whether it is of this class
     */
    public boolean contains(String mnemonic) {
        return switch (this) {
        case X87 -> mnemonic.startsWith("f") && mnemonic.length() > 1;
        case SSE -> isSse(mnemonic);
        case AVX -> mnemonic.startsWith("v") && !mnemonic.startsWith("verr") && !mnemonic.startsWith("verw") && !mnemonic.startsWith("vm");
        case FPU -> X87.contains(mnemonic) || SSE.contains(mnemonic) || AVX.contains(mnemonic);
        };
    }

    private static boolean isSse(String mnemonic) {
        if (mnemonic.startsWith("cvt") || mnemonic.startsWith("ucomis") || mnemonic.startsWith("comis")) {
            return true;
        }
        // Scalar and packed single and double. The string instructions' dword forms end in sd too: lodsd, stosd,
        // scasd, insd and outsd are left out; movsd and cmpsd are also SSE's, told apart only by their operands,
        // which the class does not see: taken as SSE.
        return mnemonic.length() > 2 && !STRING_DWORDS.contains(mnemonic) && (mnemonic.endsWith("ss") || mnemonic.endsWith("sd") || mnemonic.endsWith("ps") || mnemonic.endsWith("pd"))
                && !mnemonic.startsWith("push") && !mnemonic.startsWith("pop") && !mnemonic.startsWith("v");
    }

    /** @return how patterns name it: {@code fpu} */
    public String text() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * @param text
     *            a class's name, any case
     * @return the class, or null when there is none of that name
     */
    public static InstructionClass of(String text) {
        return Arrays.stream(values()).filter(c -> c.text().equalsIgnoreCase(text)).findFirst().orElse(null);
    }

    /** @return the classes' names, comma-separated */
    public static String names() {
        return Arrays.stream(values()).map(InstructionClass::text).collect(Collectors.joining(", "));
    }
}
