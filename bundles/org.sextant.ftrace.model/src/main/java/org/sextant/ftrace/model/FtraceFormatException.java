// SPDX-License-Identifier: EPL-2.0
package org.sextant.ftrace.model;

import java.nio.file.Path;

/**
 * An ftrace input that cannot be read as it should be: the message names the file and where the problem is (the
 * byte offset in a trace-cmd file, the line in a text trace) and what was expected there.
 */
public class FtraceFormatException extends Exception {

    private static final long serialVersionUID = 1L;

    private FtraceFormatException(String message) {
        super(message);
    }

    /**
     * @param file
     *            the file
     * @param offset
     *            the byte offset of the problem, or -1 when it concerns the whole file
     * @param problem
     *            what is wrong, and what was expected
     * @return the error
     */
    public static FtraceFormatException atOffset(Path file, long offset, String problem) {
        return new FtraceFormatException(file + (offset >= 0 ? " at offset " + offset : "") + ": " + problem);
    }

    /**
     * @param file
     *            the file
     * @param line
     *            the line of the problem, from 1
     * @param problem
     *            what is wrong, and what was expected
     * @return the error
     */
    public static FtraceFormatException atLine(Path file, long line, String problem) {
        return new FtraceFormatException(file + " line " + line + ": " + problem);
    }
}
