// SPDX-License-Identifier: EPL-2.0
package org.sextant.test.support;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Golden files under {@code tests/fixtures/golden}: a test's output compared line by line with the file, which
 * {@code SEXTANT_UPDATE_GOLDEN=1} in the environment rewrites once a change is understood to be right.
 */
public final class Golden {

    private Golden() {
    }

    /**
     * @param golden
     *            the golden file's name
     * @param actual
     *            the output
     * @throws IOException
     *             when the file cannot be read or written
     */
    public static void check(String golden, String actual) throws IOException {
        Path file = Fixture.directory().resolve("golden").resolve(golden); //$NON-NLS-1$
        if (System.getenv("SEXTANT_UPDATE_GOLDEN") != null) { //$NON-NLS-1$
            Files.createDirectories(file.getParent());
            Files.writeString(file, actual);
        }
        List<String> expected = Files.readAllLines(file);
        List<String> lines = actual.lines().toList();
        for (int i = 0; i < Math.min(expected.size(), lines.size()); i++) {
            assertEquals(expected.get(i), lines.get(i), file + ", line " + (i + 1));
        }
        assertEquals(expected.size(), lines.size(), file + ": lines");
    }
}
