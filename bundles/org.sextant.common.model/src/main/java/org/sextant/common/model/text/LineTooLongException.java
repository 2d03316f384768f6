// SPDX-License-Identifier: EPL-2.0
package org.sextant.common.model.text;

import java.io.IOException;

/** A line longer than a reader of lines allows: an error, rather than holding all of a file with no line ends. */
public final class LineTooLongException extends IOException {

    private static final long serialVersionUID = 1L;

    private final long fLine;

    /**
     * @param line
     *            the line's number, from 1
     * @param limit
     *            the most characters a line may have
     */
    public LineTooLongException(long line, int limit) {
        super("line " + line + " is longer than " + limit + " characters");
        fLine = line;
    }

    /** @return the line's number, from 1 */
    public long line() {
        return fLine;
    }
}
