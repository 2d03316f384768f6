// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.core;

import java.util.Collection;
import java.util.List;

import org.eclipse.tracecompass.tmf.core.model.timegraph.IElementResolver;

/**
 * The contract by which a family's rows and states lead to the Redis rows of a connection without requiring the
 * Redis bundles: an element (a time-graph entry or a state) that shows or used a Redis node's connection carries,
 * in its metadata under {@value #METADATA}, the key {@code "<node pid> fd <fd>"} (the node's key and the
 * descriptor of the connection on the node, which is what a Netflow row is); an element of several connections
 * (a span and the spans it called, a Redis thread) carries each. Trace Compass's time-graph views broadcast a
 * selected entry's metadata ({@code TmfDataModelSelectedSignal}) and select and reveal, in every other view, an
 * entry whose metadata shares a value; {@code org.sextant.common.ui.SelectedStates} does the same for a selected
 * state. So selecting a span selects its connection in Redis Netflow and the thread that served it in Redis Threads.
 */
public final class RedisConnectionKey {

    /** The metadata key. */
    public static final String METADATA = "sextant.redis.connection"; //$NON-NLS-1$

    private RedisConnectionKey() {
    }

    /**
     * @param node
     *            the Redis node's key (its process id)
     * @param fd
     *            the connection's descriptor on the node
     * @return the connection's key
     */
    public static String of(String node, int fd) {
        return node + " fd " + fd; //$NON-NLS-1$
    }

    /**
     * @param element
     *            an entry or a state showing or using connections
     * @param keys
     *            the connections' keys, {@link #of}
     */
    public static void tag(IElementResolver element, Collection<String> keys) {
        element.getMetadata().putAll(METADATA, keys);
    }

    /**
     * @param element
     *            an entry or a state of a data provider, or a view's entry or event
     * @return the keys of the connections it shows or used; none for most elements
     */
    public static List<String> of(IElementResolver element) {
        Collection<Object> keys = element.getMetadata().get(METADATA);
        return keys.stream().map(String::valueOf).sorted().toList();
    }
}
