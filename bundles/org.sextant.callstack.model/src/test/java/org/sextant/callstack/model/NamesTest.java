// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

/** A name is one string wherever it stands in whichever line, across the table's growth, and keeps its mark. */
class NamesTest {

    @Test
    void aNameIsOneStringWhereverItStands() {
        Names names = new Names();
        String main = names.of(bytes("call main+0x16"), 5, 9);
        assertEquals("main", main);
        assertSame(main, names.of(bytes("main"), 0, 4));
        assertSame(main, names.of(bytes("=> main (x)"), 3, 7));
        assertNotSame(main, names.of(bytes("mains"), 0, 5));
        assertEquals("", names.of(bytes("x"), 1, 1));
    }

    @Test
    void namesStayOneStringAsTheTableGrows() {
        Names names = new Names();
        List<String> first = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            first.add(names.of(bytes("f" + i + " "), 0, Integer.toString(i).length() + 1));
        }
        for (int i = 0; i < 10_000; i++) {
            String name = names.of(bytes(" f" + i), 1, Integer.toString(i).length() + 2);
            assertEquals("f" + i, name);
            assertSame(first.get(i), name);
        }
    }

    /** A reader marks the functions whose binary it has told: the mark must follow the name when the table grows. */
    @Test
    void aMarkStaysWithItsNameAsTheTableGrows() {
        Names names = new Names();
        names.of(bytes("main"), 0, 4);
        assertTrue(names.markLast());
        assertFalse(names.markLast());
        for (int i = 0; i < 10_000; i++) {
            names.of(bytes("f" + i), 0, Integer.toString(i).length() + 1);
            if (i % 2 == 0) {
                assertTrue(names.markLast());
            }
        }
        names.of(bytes("(main)"), 1, 5);
        assertFalse(names.markLast());
        for (int i = 0; i < 10_000; i++) {
            names.of(bytes("f" + i), 0, Integer.toString(i).length() + 1);
            assertEquals(i % 2 != 0, names.markLast(), "f" + i);
        }
    }

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }
}
