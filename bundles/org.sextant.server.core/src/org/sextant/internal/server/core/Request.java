// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.server.core;

import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.sextant.server.model.BadRequestException;
import org.sextant.server.model.Query;

/**
 * One request as a handler sees it: the path's variables, the query string's parameters and the body as read
 * (objects as maps, numbers exact; null when the endpoint takes no body).
 *
 * @param variables
 *            the path's variables by name
 * @param queryParameters
 *            the query string's parameters
 * @param body
 *            the body as read
 */
record Request(Map<String, String> variables, Map<String, String> queryParameters, @Nullable Object body) {

    /**
     * @param name
     *            a variable of the endpoint's path
     * @return its value
     */
    String variable(String name) {
        String value = variables.get(name);
        return value == null ? "" : value; //$NON-NLS-1$
    }

    /**
     * @return the body's {@code parameters}
     * @throws BadRequestException
     *             when the body holds none
     */
    Query query() throws BadRequestException {
        return Query.of(body);
    }
}
