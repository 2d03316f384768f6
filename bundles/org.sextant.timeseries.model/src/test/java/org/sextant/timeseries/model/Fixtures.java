// SPDX-License-Identifier: EPL-2.0
package org.sextant.timeseries.model;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPInputStream;

/** The OTF2 archive of tests/fixtures these tests export (see its CATALOGUE.md) and its otf2-print oracle. */
final class Fixtures {

    /** Events alike to the tick, a 2.5 GHz clock over four seconds, a region name to escape (otf2-ties.py). */
    static final Path TIES = directory().resolve("otf2-ties");

    private Fixtures() {
    }

    /** The "Events" lines of {@code otf2-print -A}'s output, committed beside the archive (gzipped if large). */
    static List<String> printedEvents(Path archive) {
        try {
            Path plain = archive.resolve("otf2-print.txt");
            List<String> lines;
            if (Files.exists(plain)) {
                lines = Files.readAllLines(plain);
            } else {
                try (BufferedReader in = new BufferedReader(new InputStreamReader(new GZIPInputStream(
                        Files.newInputStream(archive.resolve("otf2-print.txt.gz"))), StandardCharsets.UTF_8))) {
                    lines = in.lines().toList();
                }
            }
            for (int i = 0; i < lines.size(); i++) {
                if (lines.get(i).startsWith("=== Events ")) {
                    return lines.subList(i + 3, lines.size());
                }
            }
            throw new IllegalStateException("otf2-print's output has no Events section");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path directory() {
        String property = System.getProperty("sextant.fixtures");
        if (property == null) {
            throw new IllegalStateException("system property sextant.fixtures is not set");
        }
        return Path.of(property);
    }
}
