// SPDX-License-Identifier: EPL-2.0
package org.sextant.common.model.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;

import org.junit.jupiter.api.Test;

/** Lines up to the limit pass untouched; the first longer one is named. */
class LineLengthGuardTest {

    @Test
    void linesUpToTheLimitPass() throws IOException {
        try (BufferedReader in = new BufferedReader(new LineLengthGuard(new StringReader("abcd\r\nabcde\n\nxy"), 5))) {
            assertEquals("abcd", in.readLine());
            assertEquals("abcde", in.readLine());
            assertEquals("", in.readLine());
            assertEquals("xy", in.readLine());
            assertNull(in.readLine());
        }
    }

    @Test
    void aLongerLineIsNamed() throws IOException {
        String text = "short\n" + "x".repeat(100_000) + "\nshort\n";
        try (BufferedReader in = new BufferedReader(new LineLengthGuard(new StringReader(text), 1000), 64)) {
            assertEquals("short", in.readLine());
            LineTooLongException e = assertThrows(LineTooLongException.class, in::readLine);
            assertEquals(2, e.line());
            assertEquals("line 2 is longer than 1000 characters", e.getMessage());
        }
    }
}
