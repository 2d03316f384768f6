// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.sextant.common.model.text.LineTooLongException;

/** Lines end where BufferedReader ends them, wherever the reads cut the bytes; a line over the limit is named. */
class LineReaderTest {

    private static LineReader reader(String text, int limit, List<Long> progress) {
        // a stream that hands out at most 7 bytes a read, so that line ends fall across reads
        return new LineReader(new ByteArrayInputStream(text.getBytes(StandardCharsets.ISO_8859_1)) {
            @Override
            public synchronized int read(byte[] buffer, int offset, int length) {
                return super.read(buffer, offset, Math.min(length, 7));
            }
        }, limit, progress::add);
    }

    private static List<String> lines(String text) throws IOException {
        List<String> lines = new ArrayList<>();
        try (LineReader in = reader(text, 1000, new ArrayList<>())) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                lines.add(line);
            }
        }
        return lines;
    }

    @Test
    void linesEndAtNewlineReturnOrBoth() throws IOException {
        assertEquals(List.of("abcd", "abcdef", "", "x\u00e9y", "last"), lines("abcd\r\nabcdef\n\rx\u00e9y\rlast"));
        // every place a \r\n may be cut between two reads
        for (int pad = 0; pad < 8; pad++) {
            String first = "p".repeat(pad);
            assertEquals(List.of(first, "next", ""), lines(first + "\r\nnext\n\n"), "cut after " + pad);
        }
        assertEquals(List.of(), lines(""));
    }

    @Test
    void linesAreBufferedReadersWhereverTheirEndsFallInTheEightBytesReadAtOnce() throws IOException {
        StringBuilder text = new StringBuilder();
        String[] ends = { "\n", "\r", "\r\n" };
        for (int length = 0; length < 200; length++) {
            text.append("w".repeat(length % 41)).append('\u00ff').append(ends[length % 3]);
        }
        List<String> expected = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new StringReader(text.toString()))) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                expected.add(line);
            }
        }
        List<String> lines = new ArrayList<>();
        try (LineReader in = new LineReader(new ByteArrayInputStream(text.toString().getBytes(StandardCharsets.ISO_8859_1)), 1000, read -> {
            // no progress to check
        })) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                lines.add(line);
            }
        }
        assertEquals(expected, lines);
    }

    @Test
    void aLineOverTheLimitIsNamedWithoutHoldingItWhole() throws IOException {
        String text = "short\n" + "x".repeat(1_000_000) + "\nshort\n";
        ByteArrayInputStream bytes = new ByteArrayInputStream(text.getBytes(StandardCharsets.ISO_8859_1));
        try (LineReader in = new LineReader(bytes, 1000, read -> {
            // no progress to check
        })) {
            assertEquals("short", in.readLine());
            LineTooLongException e = assertThrows(LineTooLongException.class, in::readLine);
            assertEquals(2, e.line());
            assertEquals("line 2 is longer than 1000 characters", e.getMessage());
        }
        assertTrue(text.length() - bytes.available() <= 1 << 16, "read no more than its first buffer of the long line");
        try (LineReader in = reader("x".repeat(1000) + "\n" + "y".repeat(1001), 1000, new ArrayList<>())) {
            assertEquals(1000, in.readLine().length(), "the limit itself passes");
            assertThrows(LineTooLongException.class, in::readLine, "the last line, with no end, is held to it too");
        }
    }

    @Test
    void progressCountsTheBytesRead() throws IOException {
        List<Long> progress = new ArrayList<>();
        String line = "z".repeat(1024) + "\n";
        try (LineReader in = reader(line.repeat(5000), 2000, progress)) {
            while (in.readLine() != null) {
                // all of it
            }
        }
        // told once, at the end of the first line past 4 MiB: line 4093 of 1,025 bytes each
        assertEquals(List.of(4093L * 1025), progress);
    }
}
