// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** A name is one string wherever it stands in whichever line, across the table's growth. */
class NamesTest {

    @Test
    void aNameIsOneStringWhereverItStands() {
        Names names = new Names();
        String main = names.of("call main+0x16", 5, 9);
        assertEquals("main", main);
        assertSame(main, names.of("main", 0, 4));
        assertSame(main, names.of("=> main (x)", 3, 7));
        assertNotSame(main, names.of("mains", 0, 5));
        assertEquals("", names.of("x", 1, 1));
    }

    @Test
    void namesStayOneStringAsTheTableGrows() {
        Names names = new Names();
        List<String> first = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            first.add(names.of("f" + i + " ", 0, Integer.toString(i).length() + 1));
        }
        for (int i = 0; i < 10_000; i++) {
            String name = names.of(" f" + i, 1, Integer.toString(i).length() + 2);
            assertEquals("f" + i, name);
            assertSame(first.get(i), name);
        }
    }
}
