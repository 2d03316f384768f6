// SPDX-License-Identifier: EPL-2.0
package org.sextant.otf2.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;

/**
 * The reader against otf2-print on the large capture, which stays outside the repository: with
 * {@code SEXTANT_OTF2_LARGE=OUT}, the directory {@code tools/capture/otf2-mpi.sh --large OUT} wrote, the events
 * per type and per location and the SHA-256 of the event lines rendered as otf2-print prints them must equal
 * what the script recorded from otf2-print in {@code OUT/otf2-print.counts}.
 */
@EnabledIfEnvironmentVariable(named = "SEXTANT_OTF2_LARGE", matches = ".+")
class LargeArchiveTest {

    @Test
    void theReaderEqualsOtf2PrintsCountsAndDigest() throws Exception {
        Path directory = Path.of(System.getenv("SEXTANT_OTF2_LARGE"));
        Map<String, Long> printed = new TreeMap<>();
        String printedDigest = null;
        for (String line : Files.readAllLines(directory.resolve("otf2-print.counts"))) {
            int space = line.lastIndexOf(' ');
            if (line.startsWith("sha256 ")) {
                printedDigest = line.substring(space + 1);
            } else {
                printed.put(line.substring(0, space), Long.parseLong(line.substring(space + 1)));
            }
        }
        Otf2Archive archive = Otf2Archive.open(directory);
        Otf2Print print = new Otf2Print(archive.definitions());
        MessageDigest digest = MessageDigest.getInstance("SHA-256");
        Map<String, Long> read = new TreeMap<>();
        long events = archive.readEvents(event -> {
            // the event's own line: the digest leaves out otf2-print's attribute lines
            digest.update((print.lines(event).get(0) + '\n').getBytes(StandardCharsets.UTF_8));
            read.merge("type " + event.type().name(), 1L, Long::sum);
            read.merge("location " + event.location(), 1L, Long::sum);
        });
        read.put("events", events);
        assertEquals(printed, read);
        assertEquals(printedDigest, HexFormat.of().formatHex(digest.digest()));
        assertEquals(Map.of(), archive.skippedEvents());
    }
}
