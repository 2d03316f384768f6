// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.model;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The names a reader has met (functions, binaries, commands), each kept as one string: a name in a line is found
 * from its bytes (ISO-8859-1 text, as {@link LineReader} reads it), without making a string of the line or the
 * name, and the string found is the one the call trees already hold, so their lookups compare it by identity. A
 * file has a few thousand names but millions of lines.
 */
final class Names {

    private String[] fTable = new String[1 << 10];
    /** Each name's bytes, compared with a line's as arrays: a string's characters are read one call at a time. */
    private byte[][] fBytes = new byte[fTable.length][];
    /** A flag per name, for its reader: whether it has done what it does once per name. */
    private boolean[] fMarked = new boolean[fTable.length];
    private int fCount;
    /** The slot of the name found last. */
    private int fLast;

    /**
     * @param text
     *            a line's bytes
     * @param start
     *            where the name starts
     * @param end
     *            where it ends
     * @return the name {@code text[start, end)}, the same string every time
     */
    String of(byte[] text, int start, int end) {
        int hash = 0;
        for (int at = start; at < end; at++) {
            hash = 31 * hash + (text[at] & 0xff); // String.hashCode's, so that a found name's cached hash compares
        }
        int mask = fTable.length - 1;
        for (int slot = spread(hash) & mask;; slot = (slot + 1) & mask) {
            String name = fTable[slot];
            if (name == null) {
                name = new String(text, start, end - start, StandardCharsets.ISO_8859_1);
                fTable[slot] = name;
                fBytes[slot] = Arrays.copyOfRange(text, start, end);
                fLast = slot;
                if (++fCount * 2 > fTable.length) {
                    grow();
                }
                return name;
            }
            if (name.hashCode() == hash && Arrays.equals(fBytes[slot], 0, fBytes[slot].length, text, start, end)) {
                fLast = slot;
                return name;
            }
        }
    }

    /**
     * Marks the name {@link #of} returned last.
     *
     * @return whether it was not marked before
     */
    boolean markLast() {
        boolean first = !fMarked[fLast];
        fMarked[fLast] = true;
        return first;
    }

    private void grow() {
        String[] old = fTable;
        byte[][] bytes = fBytes;
        boolean[] marked = fMarked;
        int last = fLast;
        fTable = new String[old.length * 2];
        fBytes = new byte[fTable.length][];
        fMarked = new boolean[fTable.length];
        int mask = fTable.length - 1;
        for (int at = 0; at < old.length; at++) {
            String name = old[at];
            if (name != null) {
                int slot = spread(name.hashCode()) & mask;
                while (fTable[slot] != null) {
                    slot = (slot + 1) & mask;
                }
                fTable[slot] = name;
                fBytes[slot] = bytes[at];
                fMarked[slot] = marked[at];
                if (at == last) {
                    fLast = slot;
                }
            }
        }
    }

    private static int spread(int hash) {
        return hash ^ (hash >>> 16);
    }
}
