// SPDX-License-Identifier: EPL-2.0
package org.sextant.common.core.summary;

/**
 * An analysis could not produce its summary; the message says why, in words for the user.
 */
public class HeadlessAnalysisException extends Exception {

    private static final long serialVersionUID = 1L;

    private final boolean fBadInput;

    /**
     * @param message
     *            what went wrong, for the user
     */
    public HeadlessAnalysisException(String message) {
        this(message, false);
    }

    private HeadlessAnalysisException(String message, boolean badInput) {
        super(message);
        fBadInput = badInput;
    }

    /**
     * The analysis stopped on bad input (a corrupt or truncated trace file).
     *
     * @param message
     *            what is wrong, naming the file (and the offset in it where known)
     * @return the exception
     */
    public static HeadlessAnalysisException badInput(String message) {
        return new HeadlessAnalysisException(message, true);
    }

    /** @return whether the input was at fault, not the analysis: the message then names the file */
    public boolean isBadInput() {
        return fBadInput;
    }
}
