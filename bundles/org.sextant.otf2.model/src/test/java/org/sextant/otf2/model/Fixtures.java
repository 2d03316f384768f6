// SPDX-License-Identifier: EPL-2.0
package org.sextant.otf2.model;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPInputStream;

/** The OTF2 archives of tests/fixtures (see its CATALOGUE.md) and their otf2-print oracles. */
final class Fixtures {

    /** Two MPI-like ranks and an OpenMP-like thread written by python3-otf2 (tools/capture/otf2-mpi-like.py). */
    static final Path MPI_LIKE = directory().resolve("otf2-mpi-like");
    /** Local ids with mapping tables, and an event file of two chunks, written by libotf2's C API. */
    static final Path CHUNKS = directory().resolve("otf2-chunks");
    /** A real MPI + OpenMP run (4 ranks of 2 threads) recorded by tools/otf2-measure (tools/capture/otf2-mpi.sh). */
    static final Path MPI_STENCIL = directory().resolve("otf2-mpi-stencil");
    /** Events alike to the tick on a 2.5 GHz clock, a region name full of quotes (tools/capture/otf2-ties.py). */
    static final Path TIES = directory().resolve("otf2-ties");

    private Fixtures() {
    }

    /** The lines of the "Events" section of {@code otf2-print -A}'s output, committed beside the archive. */
    static List<String> printedEvents(Path archive) {
        try {
            List<String> lines = printed(archive);
            int header = section(lines, "=== Events ");
            return lines.subList(header + 3, lines.size());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The lines of the "Global Definitions" section. */
    static List<String> printedDefinitions(Path archive) {
        try {
            List<String> lines = printed(archive);
            int start = section(lines, "=== Global Definitions ");
            int end = section(lines, "=== Events ");
            return lines.subList(start + 4, end);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** otf2-print's output, gzipped where it is large. */
    private static List<String> printed(Path archive) throws IOException {
        Path plain = archive.resolve("otf2-print.txt");
        if (Files.exists(plain)) {
            return Files.readAllLines(plain);
        }
        try (BufferedReader in = new BufferedReader(new InputStreamReader(
                new GZIPInputStream(Files.newInputStream(archive.resolve("otf2-print.txt.gz"))),
                StandardCharsets.UTF_8))) {
            return in.lines().toList();
        }
    }

    private static int section(List<String> lines, String title) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith(title)) {
                return i;
            }
        }
        throw new IllegalStateException("otf2-print's output has no section " + title);
    }

    private static Path directory() {
        String property = System.getProperty("sextant.fixtures");
        if (property == null) {
            throw new IllegalStateException("system property sextant.fixtures is not set");
        }
        return Path.of(property);
    }
}
