// SPDX-License-Identifier: EPL-2.0
package org.sextant.ftrace.model;

import java.util.ArrayList;
import java.util.List;

/**
 * The kernel's symbols as {@code /proc/kallsyms} listed them when the trace was taken, to name the functions that
 * events point to as trace-cmd does: the symbol at or below the address, and past the last symbol only an exact
 * match; absolute symbols ({@code A}, {@code a}) and ARM's {@code $} markers left out.
 */
final class Kallsyms {

    private final long[] fAddresses;
    private final String[] fNames;

    private Kallsyms(long[] addresses, String[] names) {
        fAddresses = addresses;
        fNames = names;
    }

    /**
     * @param text
     *            the symbols, a line each: hexadecimal address, type letter, name, maybe a [module]
     * @return them, sorted by address; lines that are not symbols are skipped
     */
    static Kallsyms parse(String text) {
        List<long[]> order = new ArrayList<>();
        List<String> names = new ArrayList<>();
        int length = text.length();
        for (int line = 0; line < length;) {
            int end = text.indexOf('\n', line);
            if (end < 0) {
                end = length;
            }
            long address = 0;
            int at = line;
            while (at < end && Character.digit(text.charAt(at), 16) >= 0 && at - line < 16) {
                address = address << 4 | Character.digit(text.charAt(at), 16);
                at++;
            }
            // "ADDRESS T NAME", types A and a (absolute) and ARM's $ markers left out
            if (at > line && at + 3 < end && text.charAt(at) == ' ' && text.charAt(at + 2) == ' ' && "Aa".indexOf(text.charAt(at + 1)) < 0
                    && text.charAt(at + 3) != '$') {
                int nameEnd = at + 3;
                while (nameEnd < end && !Character.isWhitespace(text.charAt(nameEnd))) {
                    nameEnd++;
                }
                order.add(new long[] { address, names.size() });
                names.add(text.substring(at + 3, nameEnd));
            }
            line = end + 1;
        }
        order.sort((a, b) -> a[0] != b[0] ? Long.compareUnsigned(a[0], b[0]) : Long.compare(a[1], b[1]));
        long[] addresses = new long[order.size()];
        String[] sorted = new String[order.size()];
        for (int i = 0; i < addresses.length; i++) {
            addresses[i] = order.get(i)[0];
            sorted[i] = names.get((int) order.get(i)[1]);
        }
        return new Kallsyms(addresses, sorted);
    }

    /**
     * @param address
     *            an address
     * @param withOffset
     *            whether to add {@code +0x<offset>} as {@code %pS} does
     * @return the function's name, or null when no symbol covers the address
     */
    String name(long address, boolean withOffset) {
        int low = 0;
        int high = fAddresses.length - 1;
        int found = -1;
        while (low <= high) {
            int middle = (low + high) >>> 1;
            if (Long.compareUnsigned(fAddresses[middle], address) <= 0) {
                found = middle;
                low = middle + 1;
            } else {
                high = middle - 1;
            }
        }
        if (found < 0 || (found == fAddresses.length - 1 && fAddresses[found] != address)) {
            return null;
        }
        // equal addresses: the first listed, as a stable sort keeps it
        while (found > 0 && fAddresses[found - 1] == fAddresses[found]) {
            found--;
        }
        return withOffset ? fNames[found] + "+0x" + Long.toHexString(address - fAddresses[found]) : fNames[found];
    }
}
