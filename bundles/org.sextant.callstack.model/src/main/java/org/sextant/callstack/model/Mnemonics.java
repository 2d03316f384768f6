// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.model;

import java.util.Locale;

/**
 * The mnemonic of an x86-64 instruction as decoders print it: from their disassembly when there is one, else
 * from its bytes for the instructions the suite needs (calls, returns, the interrupt and flags instructions of the
 * delta profile, and the {@code nop}s and {@code pause} of spin loops). Every other instruction is {@link #OTHER}.
 */
final class Mnemonics {

    /** Any instruction this class does not name. */
    static final String OTHER = "";

    private Mnemonics() {
    }

    /**
     * @param bytes
     *            the instruction's bytes in hex, separated by spaces ({@code 48 9c}), or null
     * @param disassembly
     *            its disassembly ({@code pushfq}, {@code callq *%rax}), or null or blank
     * @return its mnemonic in lower case, {@code call} and {@code ret} whatever their form, or {@link #OTHER}
     */
    static String of(String bytes, String disassembly) {
        if (disassembly != null && !disassembly.isBlank()) {
            String word = disassembly.strip().split("\\s+", 2)[0].toLowerCase(Locale.ROOT);
            if (word.startsWith("call")) {
                return "call";
            }
            return word.startsWith("ret") ? "ret" : word;
        }
        return bytes == null ? OTHER : decode(bytes.strip().split("\\s+"));
    }

    private static String decode(String[] bytes) {
        int i = 0;
        boolean rep = false;
        boolean rexB = false;
        while (i < bytes.length && isPrefix(bytes[i])) {
            rep |= bytes[i].equals("f3");
            rexB |= bytes[i].charAt(0) == '4' && (Character.digit(bytes[i].charAt(1), 16) & 1) != 0;
            i++;
        }
        if (i == bytes.length) {
            return OTHER;
        }
        switch (bytes[i]) {
        case "90":
            // f3 90 is pause, the spin-loop hint; with REX.B, 90 is xchg r8, rax
            return rexB ? OTHER : rep ? "pause" : "nop";
        case "0f":
            // 0f 1f /0: the long nop compilers pad with
            return i + 1 < bytes.length && bytes[i + 1].equals("1f") ? "nop" : OTHER;
        case "9c":
            return "pushfq";
        case "9d":
            return "popfq";
        case "fa":
            return "cli";
        case "fb":
            return "sti";
        case "e8":
            return "call";
        case "c2", "c3", "ca", "cb":
            return "ret";
        case "ff":
            // call r/m: ModRM reg field 2 (near) or 3 (far)
            int reg = i + 1 < bytes.length ? (Integer.parseInt(bytes[i + 1], 16) >> 3) & 7 : -1;
            return reg == 2 || reg == 3 ? "call" : OTHER;
        default:
            return OTHER;
        }
    }

    /** Legacy prefixes and REX. */
    private static boolean isPrefix(String hex) {
        int value;
        try {
            value = Integer.parseInt(hex, 16);
        } catch (NumberFormatException e) {
            return false;
        }
        return (value >= 0x40 && value <= 0x4f) || value == 0x66 || value == 0x67 || value == 0xf0 || value == 0xf2 || value == 0xf3
                || value == 0x2e || value == 0x36 || value == 0x3e || value == 0x26 || value == 0x64 || value == 0x65;
    }
}
