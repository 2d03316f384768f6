// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.redis.ui;

import org.sextant.internal.redis.core.RedisTimeGraphDataProvider.Rows;

/**
 * Redis Netflow: per node, a row per connection with its request life cycle (reading the query, executing the
 * command, writing the reply) and its cluster bus reads and writes; the tooltip tells the connection's kind,
 * peer, bytes and command.
 */
public class NetflowView extends RedisTimeGraphView {

    /** The view id, as registered in plugin.xml. */
    public static final String ID = "org.sextant.redis.ui.netflow"; //$NON-NLS-1$

    /** Creates the view. */
    public NetflowView() {
        super(ID, Rows.NETFLOW);
    }
}
