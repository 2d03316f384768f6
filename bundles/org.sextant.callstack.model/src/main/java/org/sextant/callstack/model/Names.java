// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.model;

/**
 * The names a reader has met (functions, binaries, commands), each kept as one string: a name in a line is found
 * from its characters, without cutting a string out of the line, and the string found is the one the call trees
 * already hold, so their lookups compare it by identity. A file has a few thousand names but millions of lines.
 */
final class Names {

    private String[] fTable = new String[1 << 10];
    private int fCount;

    /**
     * @param text
     *            a line
     * @param start
     *            where the name starts
     * @param end
     *            where it ends
     * @return the name {@code text[start, end)}, the same string every time
     */
    String of(String text, int start, int end) {
        int length = end - start;
        int hash = 0;
        for (int at = start; at < end; at++) {
            hash = 31 * hash + text.charAt(at); // String.hashCode's, so that a found name's cached hash compares
        }
        int mask = fTable.length - 1;
        for (int slot = spread(hash) & mask;; slot = (slot + 1) & mask) {
            String name = fTable[slot];
            if (name == null) {
                name = text.substring(start, end);
                fTable[slot] = name;
                if (++fCount * 2 > fTable.length) {
                    grow();
                }
                return name;
            }
            if (name.hashCode() == hash && name.length() == length && text.regionMatches(start, name, 0, length)) {
                return name;
            }
        }
    }

    private void grow() {
        String[] old = fTable;
        fTable = new String[old.length * 2];
        int mask = fTable.length - 1;
        for (String name : old) {
            if (name != null) {
                int slot = spread(name.hashCode()) & mask;
                while (fTable[slot] != null) {
                    slot = (slot + 1) & mask;
                }
                fTable[slot] = name;
            }
        }
    }

    private static int spread(int hash) {
        return hash ^ (hash >>> 16);
    }
}
