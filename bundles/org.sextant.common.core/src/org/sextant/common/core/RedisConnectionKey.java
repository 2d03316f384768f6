// SPDX-License-Identifier: EPL-2.0
package org.sextant.common.core;

import java.util.Collection;
import java.util.List;

import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphEntryModel;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataModel;

/**
 * The contract by which a family's rows lead to the Redis Netflow rows of a connection without requiring the
 * Redis bundles: a row that shows a Redis node's connection carries, in its entry's metadata under
 * {@value #METADATA}, the key {@code "<node pid> fd <fd>"} (the node's key and the descriptor of the connection
 * on the node, which is what a Netflow row is). Trace Compass's time-graph views broadcast a selected entry's
 * metadata ({@code TmfDataModelSelectedSignal}) and select and reveal, in every other view, the entry whose
 * metadata shares a value: selecting a Spans row of a connection's commands selects that connection in Netflow.
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
     * @param entry
     *            an entry showing a connection
     * @param key
     *            the connection's key, {@link #of}
     * @return the entry, its metadata naming the connection
     */
    public static TimeGraphEntryModel tag(TimeGraphEntryModel entry, String key) {
        entry.getMetadata().put(METADATA, key);
        return entry;
    }

    /**
     * @param entry
     *            an entry of a data provider's tree
     * @return the keys of the connections it shows; none for most entries
     */
    public static List<String> of(ITmfTreeDataModel entry) {
        if (!(entry instanceof TimeGraphEntryModel model)) {
            return List.of();
        }
        Collection<Object> keys = model.getMetadata().get(METADATA);
        return keys.stream().map(String::valueOf).toList();
    }
}
