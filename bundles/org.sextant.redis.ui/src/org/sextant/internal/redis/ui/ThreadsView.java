// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.redis.ui;

import org.sextant.internal.redis.core.RedisTimeGraphDataProvider.Rows;

/**
 * Redis Threads: per node, its event loop's phase and a row per thread with its operation, connection and
 * command; with io-threads, reads and writes spread over the I/O threads.
 */
public class ThreadsView extends RedisTimeGraphView {

    /** The view id, as registered in plugin.xml. */
    public static final String ID = "org.sextant.redis.ui.threads"; //$NON-NLS-1$

    /** Creates the view. */
    public ThreadsView() {
        super(ID, Rows.THREADS);
    }
}
