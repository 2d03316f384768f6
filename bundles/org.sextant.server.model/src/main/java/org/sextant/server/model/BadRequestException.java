// SPDX-License-Identifier: EPL-2.0
package org.sextant.server.model;

/**
 * A request the server refuses, with the HTTP status it answers and a sentence for the client that names the
 * parameter, path or id at fault. Never carries a stack trace to the client: the message is the whole answer.
 */
public class BadRequestException extends Exception {

    /** Malformed JSON, a parameter of the wrong type or out of range. */
    public static final int BAD_REQUEST = 400;
    /** A path outside the server's roots: answered the same whether or not it exists. */
    public static final int FORBIDDEN = 403;
    /** An unknown id, or a path with nothing there. */
    public static final int NOT_FOUND = 404;
    /** A method the endpoint does not take. */
    public static final int METHOD_NOT_ALLOWED = 405;
    /** A file that is no trace this installation reads. */
    public static final int NOT_ACCEPTABLE = 406;
    /** A name already taken by something else, or a trace still in use. */
    public static final int CONFLICT = 409;
    /** A request body over the server's limit. */
    public static final int PAYLOAD_TOO_LARGE = 413;

    private static final long serialVersionUID = 1L;

    private final int fStatus;

    /**
     * @param status
     *            the HTTP status to answer
     * @param message
     *            what is wrong, naming the parameter, path or id
     */
    public BadRequestException(int status, String message) {
        super(message);
        fStatus = status;
    }

    /**
     * @param message
     *            what is wrong with the parameters
     * @return a 400
     */
    public static BadRequestException badRequest(String message) {
        return new BadRequestException(BAD_REQUEST, message);
    }

    /** @return the HTTP status to answer */
    public int status() {
        return fStatus;
    }
}
