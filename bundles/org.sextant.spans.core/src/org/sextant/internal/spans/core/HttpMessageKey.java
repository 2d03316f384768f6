// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.spans.core;

import org.eclipse.tracecompass.tmf.core.event.matching.IEventMatchingKey;

/**
 * What a cause and its effect share in the HTTP matching ({@link HttpMatchDefinition}): the connection, by its
 * two ends as the client and the server see them alike, the request's number on it, and which of the request's
 * two crossings the pair stands for.
 *
 * @param client
 *            the client's "address:port"
 * @param server
 *            the server's "address:port"
 * @param seq
 *            the request's number on the connection
 * @param response
 *            true for the response's crossing (server to client), false for the request's (client to server)
 */
record HttpMessageKey(String client, String server, long seq, boolean response) implements IEventMatchingKey {
}
