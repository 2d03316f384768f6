// SPDX-License-Identifier: EPL-2.0
package org.sextant.otf2.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Damaged copies of the fixture archive: each is an error naming the file, the offset and what is wrong, never
 * events read as if the archive were whole.
 */
class Otf2DamagedArchiveTest {

    /** The chunk header of an event file: type, byte order, first and last event numbers. */
    private static final int CHUNK_HEADER = 18;
    /** Where 2.evt's first event, an Enter, sits: after the header and one timestamp record (type and 8 bytes). */
    private static final int FIRST_ENTER = CHUNK_HEADER + 9;
    /** Where 0.evt's first MPI_SEND record sits. */
    private static final int FIRST_SEND = 164;

    @TempDir
    Path fTemp;

    @Test
    void truncatedEventFileNamesFileAndOffset() throws Exception {
        Path copy = copy();
        Path evt = copy.resolve("traces/1.evt");
        byte[] bytes = Files.readAllBytes(evt);
        Files.write(evt, Arrays.copyOf(bytes, bytes.length / 2));
        String message = readAll(copy);
        assertTrue(message.startsWith(evt + " at offset "), message);
        assertTrue(message.contains("truncated?"), message);
    }

    @Test
    void corruptCompressedIntegerNamesItsOffset() throws Exception {
        Path copy = copy();
        Path evt = copy.resolve("traces/2.evt");
        byte[] bytes = Files.readAllBytes(evt);
        assertEquals(12, bytes[FIRST_ENTER], "the fixture's layout changed");
        bytes[FIRST_ENTER + 1] = 9;
        Files.write(evt, bytes);
        assertEquals(evt + " at offset " + (FIRST_ENTER + 1)
                + ": compressed integer claims 9 bytes, at most 4 allowed", readAll(copy));
    }

    @Test
    void corruptAnchorMagicIsRefused() throws Exception {
        Path copy = copy();
        Path anchor = copy.resolve("traces.otf2");
        byte[] bytes = Files.readAllBytes(anchor);
        bytes[2] = 'X';
        Files.write(anchor, bytes);
        Otf2FormatException e = assertThrows(Otf2FormatException.class, () -> Otf2Archive.open(copy));
        assertEquals(anchor + " at offset 2: not an OTF2 anchor file (magic \"XTF2\")", e.getMessage());
    }

    @Test
    void anchorOfANewerOtf2IsRefused() throws Exception {
        Path copy = copy();
        Path anchor = copy.resolve("traces.otf2");
        byte[] bytes = Files.readAllBytes(anchor);
        bytes[7] = 4;
        Files.write(anchor, bytes);
        Otf2FormatException e = assertThrows(Otf2FormatException.class, () -> Otf2Archive.open(anchor));
        assertEquals(anchor + " at offset 7: anchor format 4 is not one this reader knows (1 to 3): written by a newer"
                + " OTF2?", e.getMessage());
    }

    @Test
    void missingGlobalDefinitionsAreNamed() throws Exception {
        Path copy = copy();
        Files.delete(copy.resolve("traces.def"));
        Otf2FormatException e = assertThrows(Otf2FormatException.class, () -> Otf2Archive.open(copy));
        assertEquals(copy.resolve("traces.def") + ": the archive's global definitions file is missing",
                e.getMessage());
    }

    @Test
    void unknownEventRecordIsSkippedByItsLengthAndCounted() throws Exception {
        Path copy = copy();
        Path evt = copy.resolve("traces/2.evt");
        byte[] bytes = Files.readAllBytes(evt);
        // An event type no OTF2 version has (250) with a 3-byte body, before the first Enter.
        byte[] unknown = { (byte) 250, 3, 1, 2, 3 };
        byte[] damaged = new byte[bytes.length + unknown.length];
        System.arraycopy(bytes, 0, damaged, 0, FIRST_ENTER);
        System.arraycopy(unknown, 0, damaged, FIRST_ENTER, unknown.length);
        System.arraycopy(bytes, FIRST_ENTER, damaged, FIRST_ENTER + unknown.length, bytes.length - FIRST_ENTER);
        Files.write(evt, damaged);
        Otf2EventReader reader = Otf2Archive.open(copy).events(2);
        long events = 0;
        while (reader.next() != null) {
            events++;
        }
        assertEquals(4, events);
        assertEquals(java.util.Map.of(250, 1L), reader.skipped());
    }

    /**
     * OTF2 writes a local definitions file per location, but its reader reads on without one (otf2-print complains
     * on stderr and prints the events with global ids and uncorrected times); mpi-like's hold no mapping table nor
     * clock offset, so its events are otf2-print's, unchanged.
     */
    @Test
    void missingLocalDefinitionsReadWithGlobalIdsAsOtf2Does() throws Exception {
        Path copy = copy();
        Files.delete(copy.resolve("traces/1.def"));
        assertEventsAsPrinted(copy);
    }

    /**
     * A newer OTF2 may append attributes to a record it already had, raising the record's length: this reader
     * reads the attributes it knows and skips the rest by the length, as OTF2 3.0.2's otf2-print does on the same
     * bytes (the same Events section).
     */
    @Test
    void fieldsANewerOtf2AppendsToAKnownRecordAreSkippedByItsLength() throws Exception {
        Path copy = copy();
        Path evt = copy.resolve("traces/0.evt");
        byte[] bytes = Files.readAllBytes(evt);
        // location 0's first MPI_SEND (type 14, length 6: receiver 1, communicator 0, tag 0, length 8)
        assertEquals(List.of(14, 6, 1, 1, 0, 0, 1, 8), unsigned(bytes, FIRST_SEND, 8), "the fixture's layout changed");
        byte[] appended = { 1, 42, 0 };
        byte[] newer = new byte[bytes.length + appended.length];
        System.arraycopy(bytes, 0, newer, 0, FIRST_SEND + 8);
        System.arraycopy(appended, 0, newer, FIRST_SEND + 8, appended.length);
        System.arraycopy(bytes, FIRST_SEND + 8, newer, FIRST_SEND + 8 + appended.length, bytes.length - FIRST_SEND - 8);
        newer[FIRST_SEND + 1] = (byte) (6 + appended.length);
        Files.write(evt, newer);
        assertEventsAsPrinted(copy);
    }

    /**
     * The anchor's OTF2 version is reported, not checked: the anchor format and each record's length are what
     * tell whether this reader can read the archive (architecture.md), so a newer minor release reads as before.
     */
    @Test
    void aNewerOtf2VersionInAKnownAnchorFormatIsRead() throws Exception {
        Path copy = copy();
        Path anchor = copy.resolve("traces.otf2");
        byte[] bytes = Files.readAllBytes(anchor);
        assertEquals(List.of(3, 0, 2), unsigned(bytes, 9, 3), "OTF2 3.0.2 after the anchor and trace formats");
        bytes[10] = 9;
        Files.write(anchor, bytes);
        assertEquals("3.9.2", Otf2Archive.open(copy).anchor().version());
        assertEventsAsPrinted(copy);
    }

    /** The archive's events, every one but the types the reader skips, equal the fixture's otf2-print output. */
    private static void assertEventsAsPrinted(Path archive) throws Exception {
        Otf2Archive opened = Otf2Archive.open(archive);
        Otf2Print print = new Otf2Print(opened.definitions());
        List<String> lines = new ArrayList<>();
        opened.readEvents(event -> lines.addAll(print.lines(event)));
        Otf2ArchiveTest.assertSameLines(Fixtures.printedEvents(Fixtures.MPI_LIKE).stream()
                .filter(line -> !Otf2ArchiveTest.SKIPPED.containsValue(line.split(" ")[0])).toList(), lines);
    }

    private static List<Integer> unsigned(byte[] bytes, int from, int count) {
        List<Integer> values = new ArrayList<>();
        for (int i = from; i < from + count; i++) {
            values.add(bytes[i] & 0xff);
        }
        return values;
    }

    private static String readAll(Path archive) throws Exception {
        Otf2FormatException e = assertThrows(Otf2FormatException.class,
                () -> Otf2Archive.open(archive).readEvents(event -> {
                }));
        return e.getMessage();
    }

    private Path copy() throws IOException {
        Path target = fTemp.resolve("archive");
        try (Stream<Path> files = Files.walk(Fixtures.MPI_LIKE)) {
            for (Path file : files.toList()) {
                Path to = target.resolve(Fixtures.MPI_LIKE.relativize(file).toString());
                if (Files.isDirectory(file)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(file, to);
                }
            }
        }
        return target;
    }
}
