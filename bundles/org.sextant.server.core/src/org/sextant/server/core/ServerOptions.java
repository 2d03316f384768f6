// SPDX-License-Identifier: EPL-2.0
package org.sextant.server.core;

import java.nio.file.Path;
import java.util.List;

/**
 * Where the trace server listens, which directories it opens traces from, and the limits that keep one request
 * from taking the server down.
 *
 * @param host
 *            the address to bind: loopback unless the user says otherwise
 * @param port
 *            the port, 0 for any free one
 * @param roots
 *            the directories traces may be opened from; none for the current directory
 * @param threads
 *            how many requests are served at once
 * @param maxBodyBytes
 *            the largest request body read
 * @param maxItems
 *            the most entries one request may name ({@code requested_items})
 * @param maxLines
 *            the most table lines one request may ask for
 * @param maxResponseBytes
 *            the largest answer written; a larger one is refused, asking for less
 */
public record ServerOptions(String host, int port, List<Path> roots, int threads, int maxBodyBytes, int maxItems, int maxLines,
        int maxResponseBytes) {

    /** The loopback address, the default host. */
    public static final String LOOPBACK = "127.0.0.1"; //$NON-NLS-1$
    /** The port the TSP clients try first. */
    public static final int DEFAULT_PORT = 8080;

    /**
     * @param host
     *            the address to bind
     * @param port
     *            the port, 0 for any free one
     * @param roots
     *            the directories traces may be opened from
     * @return options with the default limits: 1 MiB bodies, 100,000 items, 10,000 lines, 64 MiB answers, two
     *         request threads per core (at least 8)
     */
    public static ServerOptions of(String host, int port, List<Path> roots) {
        return new ServerOptions(host, port, List.copyOf(roots), Math.max(8, 2 * Runtime.getRuntime().availableProcessors()), 1 << 20, 100_000,
                10_000, 64 << 20);
    }
}
