// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.model;

import java.nio.file.Path;

/** The captured traces of tests/fixtures (see its CATALOGUE.md), located through the build's system property. */
final class Fixtures {

    static final Path PERF = directory().resolve("perf-sched-syscalls");
    static final Path UST = directory().resolve("lttng-ust-libc");

    private Fixtures() {
    }

    private static Path directory() {
        String property = System.getProperty("sextant.fixtures");
        if (property == null) {
            throw new IllegalStateException("system property sextant.fixtures is not set");
        }
        return Path.of(property);
    }
}
