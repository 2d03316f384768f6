// SPDX-License-Identifier: EPL-2.0
package org.sextant.headless.core;

/**
 * An analysis could not produce its summary; the message says why, in words for the user.
 */
public class HeadlessAnalysisException extends Exception {

    private static final long serialVersionUID = 1L;

    /**
     * @param message
     *            what went wrong, for the user
     */
    public HeadlessAnalysisException(String message) {
        super(message);
    }
}
