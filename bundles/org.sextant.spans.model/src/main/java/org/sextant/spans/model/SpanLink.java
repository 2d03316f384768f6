// SPDX-License-Identifier: EPL-2.0
package org.sextant.spans.model;

/**
 * A request found by something outside the model (Trace Compass's event matching) to have gone from a client
 * span to a server span: the connection by its two ends, the request's number on it (both ends count a
 * connection's requests from its start), and for each end a time at which its side of the connection was open
 * (the time of one of the matched events: ports are reused over a recording).
 *
 * @param client
 *            the client's "address:port": the local end of the connection it opened
 * @param server
 *            the server's "address:port": the local end of the connection it accepted
 * @param seq
 *            the request's number on the connection
 * @param clientTime
 *            a time the client's side was open, nanoseconds
 * @param serverTime
 *            a time the server's side was open, nanoseconds
 */
public record SpanLink(String client, String server, long seq, long clientTime, long serverTime) {
}
