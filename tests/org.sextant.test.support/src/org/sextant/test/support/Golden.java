// SPDX-License-Identifier: EPL-2.0
package org.sextant.test.support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The golden files under tests/fixtures/golden: what a data provider answers for a fixed query, compared line by
 * line so that a difference names its first line rather than printing both files. With
 * {@code SEXTANT_UPDATE_GOLDEN=1} in the environment the file is rewritten first, once a change is understood.
 */
public final class Golden {

    private Golden() {
    }

    /**
     * @param name
     *            the golden file's name under tests/fixtures/golden
     * @param actual
     *            the text to compare with it
     * @throws IOException
     *             when the file cannot be read or rewritten
     * @throws AssertionError
     *             naming the first line that differs, or the line counts
     */
    public static void check(String name, String actual) throws IOException {
        Path file = Fixture.directory().resolve("golden").resolve(name); //$NON-NLS-1$
        if (System.getenv("SEXTANT_UPDATE_GOLDEN") != null) { //$NON-NLS-1$
            Files.createDirectories(file.getParent());
            Files.writeString(file, actual);
        }
        List<String> expected = Files.readAllLines(file);
        List<String> lines = actual.lines().toList();
        for (int i = 0; i < Math.min(expected.size(), lines.size()); i++) {
            if (!expected.get(i).equals(lines.get(i))) {
                throw new AssertionError(file + ", line " + (i + 1) + ": expected <" + expected.get(i) + "> but was <" + lines.get(i) + '>'); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            }
        }
        if (expected.size() != lines.size()) {
            throw new AssertionError(file + ": expected " + expected.size() + " lines but was " + lines.size()); //$NON-NLS-1$ //$NON-NLS-2$
        }
    }
}
