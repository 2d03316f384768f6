// SPDX-License-Identifier: EPL-2.0
package org.sextant.ctf.model;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/** The captured traces of tests/fixtures (see its CATALOGUE.md), located through the build's system property. */
final class Fixtures {

    static final Path PERF = directory().resolve("perf-sched-syscalls");
    static final Path UST = directory().resolve("lttng-ust-libc");

    private Fixtures() {
    }

    /** A fact of the catalogue (counted with babeltrace2), for example {@code fact("lttng-ust-libc", "events")}. */
    static long fact(String fixture, String key) {
        String value = catalogue().getProperty(fixture + '.' + key);
        if (value == null) {
            throw new IllegalArgumentException("no fact " + fixture + '.' + key);
        }
        return Long.parseLong(value.trim());
    }

    /** The facts under {@code <fixture>.<prefix>}, by the rest of their key. */
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
        try (InputStream in = Files.newInputStream(directory().resolve("catalogue.properties"))) {
            catalogue.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return catalogue;
    }

    private static Path directory() {
        String property = System.getProperty("sextant.fixtures");
        if (property == null) {
            throw new IllegalStateException("system property sextant.fixtures is not set");
        }
        return Path.of(property);
    }
}
