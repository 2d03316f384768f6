// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.engine;

/**
 * A trace that a build's reader refused, other than a CTF trace (whose codec has its own error): the message names
 * the file and where in it (offset or line), and what is wrong.
 */
public class InputException extends Exception {

    private static final long serialVersionUID = 1L;

    /**
     * @param message
     *            the reader's sentence, naming the file
     * @param cause
     *            the reader's error
     */
    public InputException(String message, Throwable cause) {
        super(message, cause);
    }
}
