// SPDX-License-Identifier: EPL-2.0
package org.sextant.ftrace.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Inputs that are no trace, or damaged ones: each refused with one sentence naming the file, the byte offset or
 * line, and what was expected there; a compressed file with the command that uncompresses it.
 */
class DamagedInputTest {

    @TempDir
    Path fTemporary;

    @Test
    void aCompressedFileIsRefusedWithTheWayToUncompressIt() {
        Path file = Fixtures.file(Fixtures.LOST, "compressed-head.dat");
        String message = refusal(file);
        assertTrue(message.contains("compressed (zstd)") && message.contains("trace-cmd convert --compression none -i " + file), message);
    }

    @Test
    void aTruncatedFileIsRefusedWhereItsDataShouldBe() throws Exception {
        byte[] v7 = Files.readAllBytes(Fixtures.file(Fixtures.SMALL, "trace.dat"));
        String options = refusal(write("options.dat", Arrays.copyOf(v7, v7.length - 5000)));
        assertTrue(options.contains(" at offset 7528448: a section's id of 2 bytes does not fit in the file of 7523727 bytes (truncated?)"), options);
        String formats = refusal(write("formats.dat", Arrays.copyOf(v7, 100_000)));
        assertTrue(formats.contains("does not fit in the file of 100000 bytes (truncated?)"), formats);
        // version 6 keeps the pages last
        byte[] v6 = Files.readAllBytes(Fixtures.file(Fixtures.LOST, "trace.dat"));
        String pages = refusal(write("pages.dat", Arrays.copyOf(v6, v6.length - 1000)));
        assertTrue(pages.contains("CPU 1's data of 12288 bytes at offset 7462912 is not whole pages of 4096 bytes inside the file of 7474200 bytes"), pages);
    }

    @Test
    void aPageThatClaimsMoreDataThanItHoldsIsRefused() throws Exception {
        byte[] dat = Files.readAllBytes(Fixtures.file(Fixtures.SMALL, "trace.dat"));
        long page = firstPage(Fixtures.file(Fixtures.SMALL, "trace.dat"));
        ByteBuffer.wrap(dat).order(ByteOrder.LITTLE_ENDIAN).putLong((int) page + 8, 5000);
        String message = refusal(write("commit.dat", dat));
        assertTrue(message.contains(" at offset " + (page + 8) + ": page commit word 0x1388: expected a data size up to 4080"), message);
    }

    @Test
    void anEventOfNoKnownFormatIsRefusedAtItsOffset() throws Exception {
        byte[] dat = Files.readAllBytes(Fixtures.file(Fixtures.SMALL, "trace.dat"));
        long page = firstPage(Fixtures.file(Fixtures.SMALL, "trace.dat"));
        // the first record of the page is an event of type_len 1..28: its id follows its 4-byte header
        int header = ByteBuffer.wrap(dat).order(ByteOrder.LITTLE_ENDIAN).getInt((int) page + 16);
        assertTrue((header & 0x1F) > 0 && (header & 0x1F) <= 28);
        dat[(int) page + 20] = (byte) 0xFF;
        dat[(int) page + 21] = (byte) 0xFF;
        Path file = write("type.dat", dat);
        FtraceFormatException error = assertThrows(FtraceFormatException.class, () -> Fixtures.read(file));
        assertEquals(file + " at offset " + (page + 16) + ": an event of type 65535, for which the file has no format", error.getMessage());
    }

    @Test
    void anotherFileVersionIsRefused() throws Exception {
        byte[] dat = Files.readAllBytes(Fixtures.file(Fixtures.LOST, "trace.dat"));
        dat[10] = '8';
        assertEquals(write("v8.dat", dat) + " at offset 10: trace-cmd file version 8: this reader reads versions 6 and 7",
                refusal(write("v8.dat", dat)));
    }

    @Test
    void aTextThatIsNoTraceIsRefused() throws Exception {
        Path catalogue = Fixtures.DIRECTORY.resolve("CATALOGUE.md");
        assertNull(FtraceTrace.probe(catalogue));
        assertTrue(refusal(catalogue).startsWith(catalogue + " line 3: expected an event"), refusal(catalogue));
        Path empty = write("empty.txt", new byte[0]);
        assertEquals(empty + " line 1: no ftrace event in the file (expected lines COMM-PID [CPU] TIME: NAME: FIELDS)", refusal(empty));
    }

    @Test
    void aDamagedTextIsRefusedAtItsLine() throws Exception {
        List<String> lines = Files.readAllLines(Fixtures.file(Fixtures.SMALL, "trace.txt"), StandardCharsets.UTF_8);
        List<String> backwards = new ArrayList<>(lines);
        backwards.add(10, lines.get(2));
        String back = refusal(write("backwards.txt", backwards));
        assertTrue(back.endsWith(" line 11: time 10470914407276 ns goes back from 10470915472476 ns on the line before"), back);
        List<String> garbage = new ArrayList<>(lines);
        garbage.set(20, "this is not an event");
        assertEquals(fTemporary.resolve("garbage.txt") + " line 21: expected an event (COMM-PID [CPU] TIME: NAME: FIELDS) or a loss (CPU:N [M EVENTS DROPPED])",
                refusal(write("garbage.txt", garbage)));
        List<String> noTime = new ArrayList<>(lines);
        noTime.set(5, noTime.get(5).replaceFirst("\\] \\d+\\.", "] x."));
        assertTrue(refusal(write("time.txt", noTime)).endsWith(" line 6: expected the event's time (SECONDS.FRACTION:) after its CPU"));
        List<String> fields = new ArrayList<>(lines);
        int switchLine = fields.indexOf(fields.stream().filter(line -> line.contains("prev_comm=")).findFirst().orElseThrow());
        fields.set(switchLine, fields.get(switchLine).replace("prev_comm=", "=prev_comm"));
        Path file = write("fields.txt", fields);
        FtraceFormatException error = assertThrows(FtraceFormatException.class, () -> Fixtures.read(file));
        assertTrue(error.getMessage().startsWith(file + " line " + (switchLine + 1) + ": expected NAME=VALUE at \"=prev_comm"), error.getMessage());
    }

    @Test
    void aLineWithNoEndIsRefusedNotReadIntoMemory() throws Exception {
        List<String> lines = new ArrayList<>(Files.readAllLines(Fixtures.file(Fixtures.SMALL, "trace.txt"), StandardCharsets.UTF_8).subList(0, 12));
        lines.add("x".repeat(LineReader.MAX_LINE + 1));
        Path endless = write("endless.txt", lines);
        assertEquals(endless + " line 13: longer than 16777216 bytes, more than any line of ftrace text", refusal(endless));
    }

    private static long firstPage(Path dat) throws IOException, FtraceFormatException {
        try (FileBytes bytes = new FileBytes(dat)) {
            for (DatFile.Buffer buffer : DatFile.read(bytes).buffers()) {
                for (DatFile.Region region : buffer.regions()) {
                    if (region.size() > 0) {
                        return region.offset();
                    }
                }
            }
        }
        throw new AssertionError("no page in " + dat);
    }

    private Path write(String name, byte[] content) throws IOException {
        return Files.write(fTemporary.resolve(name), content);
    }

    private Path write(String name, List<String> lines) throws IOException {
        return Files.write(fTemporary.resolve(name), lines, StandardCharsets.UTF_8);
    }

    private static String refusal(Path file) {
        return assertThrows(FtraceFormatException.class, () -> FtraceTrace.open(file).close()).getMessage();
    }
}
