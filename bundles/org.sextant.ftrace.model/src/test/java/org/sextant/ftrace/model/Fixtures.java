// SPDX-License-Identifier: EPL-2.0
package org.sextant.ftrace.model;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.zip.GZIPInputStream;

/**
 * The ftrace captures of tests/fixtures (see its CATALOGUE.md), located through the build's system property; their
 * {@code .dat} files are stored gzipped and unpacked here once per run.
 */
final class Fixtures {

    static final Path DIRECTORY = Path.of(System.getProperty("sextant.fixtures"));
    static final String SMALL = "ftrace-sched-small";
    static final String LOST = "ftrace-lost";

    private static Path sUnpacked;

    private Fixtures() {
    }

    /** @return a fixture's file, unpacked when it is stored gzipped */
    static synchronized Path file(String fixture, String name) {
        Path file = DIRECTORY.resolve(fixture).resolve(name);
        if (Files.exists(file)) {
            return file;
        }
        try {
            if (sUnpacked == null) {
                sUnpacked = Files.createTempDirectory("sextant-ftrace-fixtures");
                sUnpacked.toFile().deleteOnExit();
            }
            Path unpacked = sUnpacked.resolve(fixture + '-' + name);
            if (!Files.exists(unpacked)) {
                try (InputStream in = new GZIPInputStream(Files.newInputStream(file.resolveSibling(name + ".gz")))) {
                    Files.copy(in, unpacked, StandardCopyOption.REPLACE_EXISTING);
                }
                unpacked.toFile().deleteOnExit();
            }
            return unpacked;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A fact of the catalogue (counted from trace-cmd report), for example {@code fact("ftrace-lost", "events")}. */
    static long fact(String fixture, String key) {
        String value = catalogue().getProperty(fixture + '.' + key);
        if (value == null) {
            throw new IllegalArgumentException("no fact " + fixture + '.' + key);
        }
        return Long.parseLong(value.trim());
    }

    /** @return the facts under {@code <fixture>.<prefix>}, by the rest of their key */
    static Map<String, Long> facts(String fixture, String prefix) {
        Map<String, Long> facts = new TreeMap<>();
        String start = fixture + '.' + prefix;
        catalogue().forEach((key, value) -> {
            if (key.toString().startsWith(start)) {
                facts.put(key.toString().substring(start.length()), Long.parseLong(value.toString().trim()));
            }
        });
        return facts;
    }

    private static Properties catalogue() {
        Properties catalogue = new Properties();
        try (InputStream in = Files.newInputStream(DIRECTORY.resolve("catalogue.properties"))) {
            catalogue.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return catalogue;
    }

    /** @return every item of a trace, lost-events markers included, read by one cursor from the start */
    static List<FtraceEvent> read(Path file) throws IOException, FtraceFormatException {
        try (FtraceTrace trace = FtraceTrace.open(file); Cursor cursor = trace.cursor(Position.START)) {
            List<FtraceEvent> events = new ArrayList<>();
            for (FtraceEvent event = cursor.next(); event != null; event = cursor.next()) {
                events.add(event);
            }
            return events;
        }
    }

    /** @return an event as a line holding everything it says, each value with its type */
    static String describe(FtraceEvent event) {
        StringBuilder text = new StringBuilder().append(event.timestamp()).append(" [").append(event.cpu()).append("] ").append(event.name())
                .append(' ').append(event.comm()).append('-').append(event.pid()).append(" lost=").append(event.lostCount());
        for (int i = 0; i < event.fieldCount(); i++) {
            Object value = event.value(i);
            text.append(' ').append(event.fieldName(i)).append('=').append(value instanceof Long ? "(long)" : "(string)").append(value);
        }
        return text.toString();
    }
}
