// SPDX-License-Identifier: EPL-2.0
package org.sextant.otf2.model;

import java.nio.file.Path;

/**
 * An OTF2 file that cannot be read as it should be; the message names the file and, where it applies, the byte
 * offset of the problem.
 */
public class Otf2FormatException extends Exception {

    private static final long serialVersionUID = 1L;

    /**
     * @param file
     *            the file
     * @param offset
     *            the byte offset of the problem, or -1 when it concerns the whole file
     * @param problem
     *            what is wrong
     */
    public Otf2FormatException(Path file, long offset, String problem) {
        super(file + (offset >= 0 ? " at offset " + offset : "") + ": " + problem);
    }
}
