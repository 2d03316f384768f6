// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.server.core;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;

/**
 * What a handler answers: an HTTP status and a JSON document.
 *
 * @param status
 *            the HTTP status
 * @param body
 *            the document
 */
record Reply(int status, JsonElement body) {

    /**
     * @param body
     *            a document
     * @return a 200 with it
     */
    static Reply ok(JsonElement body) {
        return new Reply(200, body);
    }

    /**
     * An {@code ErrorResponse} of API.yaml.
     *
     * @param status
     *            the HTTP status, 400 or above
     * @param detail
     *            the sentence naming what is wrong
     * @return the reply
     */
    static Reply error(int status, String detail) {
        JsonObject body = new JsonObject();
        body.addProperty("title", title(status)); //$NON-NLS-1$
        body.addProperty("detail", detail); //$NON-NLS-1$
        return new Reply(status, body);
    }

    private static String title(int status) {
        return switch (status) {
        case 400 -> "Bad request"; //$NON-NLS-1$
        case 403 -> "Forbidden"; //$NON-NLS-1$
        case 404 -> "Not found"; //$NON-NLS-1$
        case 405 -> "Method not allowed"; //$NON-NLS-1$
        case 406 -> "Not a trace this server reads"; //$NON-NLS-1$
        case 409 -> "Conflict"; //$NON-NLS-1$
        case 413 -> "Request too large"; //$NON-NLS-1$
        case 503 -> "Stopping"; //$NON-NLS-1$
        default -> "Internal server error"; //$NON-NLS-1$
        };
    }
}
