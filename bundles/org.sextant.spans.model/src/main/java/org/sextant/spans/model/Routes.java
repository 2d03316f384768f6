// SPDX-License-Identifier: EPL-2.0
package org.sextant.spans.model;

import java.util.regex.Pattern;

/**
 * The route of a request: its method and its path with the query cut and the identifiers in it replaced by
 * {@code :id}, so that {@code GET /users/42?x=1} and {@code GET /users/7} count together as
 * {@code GET /users/:id}. An identifier is a path segment of digits, a UUID, or a hex string of 8 digits or more
 * (a version segment such as {@code v1} stays).
 */
public final class Routes {

    private static final Pattern IDENTIFIER = Pattern.compile(
            "\\d+|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}|[0-9a-fA-F]{8,}");

    private Routes() {
    }

    /**
     * @param method
     *            the request's method
     * @param target
     *            its request target as sent (path and query)
     * @return the route, "GET /users/:id"
     */
    public static String of(String method, String target) {
        int query = target.indexOf('?');
        String path = query < 0 ? target : target.substring(0, query);
        StringBuilder route = new StringBuilder(method).append(' ');
        String[] segments = path.split("/", -1);
        for (int i = 0; i < segments.length; i++) {
            if (i > 0) {
                route.append('/');
            }
            route.append(IDENTIFIER.matcher(segments[i]).matches() ? ":id" : segments[i]);
        }
        return route.toString();
    }
}
