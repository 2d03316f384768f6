// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.model;

/** An input that is not what its reader expects: the message names the source and the line. */
public class CallStackFormatException extends Exception {

    private static final long serialVersionUID = 1L;

    /**
     * @param source
     *            the file or stream name
     * @param line
     *            the line number, from 1
     * @param problem
     *            what is wrong there
     */
    public CallStackFormatException(String source, int line, String problem) {
        super(source + " line " + line + ": " + problem);
    }
}
