// SPDX-License-Identifier: EPL-2.0
package org.sextant.timeseries.model;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The OTF2 archives of tests/fixtures (see its CATALOGUE.md) and their otf2-print oracles. */
final class Fixtures {

    /** Two MPI-like ranks and an OpenMP-like thread (tools/capture/otf2-mpi-like.py). */
    static final Path MPI_LIKE = directory().resolve("otf2-mpi-like");
    /** Events alike to the tick, a 2.5 GHz clock over four seconds, a region name to escape (otf2-ties.py). */
    static final Path TIES = directory().resolve("otf2-ties");

    private Fixtures() {
    }

    /** The lines of the "Events" section of {@code otf2-print -A}'s output, committed beside the archive. */
    static List<String> printedEvents(Path archive) {
        try {
            List<String> lines = Files.readAllLines(archive.resolve("otf2-print.txt"));
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
