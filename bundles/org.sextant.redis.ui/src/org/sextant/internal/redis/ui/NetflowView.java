// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.redis.ui;

import java.util.List;

import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.ui.views.timegraph.BaseDataProviderTimeGraphView;
import org.sextant.common.ui.StyledPresentationProvider;
import org.sextant.internal.redis.core.RedisTimeGraphDataProvider;
import org.sextant.internal.redis.core.RedisTimeGraphDataProvider.Rows;

/**
 * Redis Netflow: per node, a row per connection with its request life cycle (reading the query, executing the
 * command, writing the reply) and its cluster bus reads and writes; the tooltip tells the connection's kind,
 * peer, bytes and command. An experiment of a recording is drawn from its own provider, not one per member
 * trace as Trace Compass would: the nodes share one model, whose paths (arrows) cross from node to node.
 */
public class NetflowView extends BaseDataProviderTimeGraphView {

    /** The view id, as registered in plugin.xml. */
    public static final String ID = "org.sextant.redis.ui.netflow"; //$NON-NLS-1$

    /** Creates the view. */
    public NetflowView() {
        super(ID, new StyledPresentationProvider(RedisTimeGraphDataProvider.styles()), Rows.NETFLOW.id());
    }

    @Override
    protected Iterable<ITmfTrace> getTracesToBuild(ITmfTrace trace) {
        return List.of(trace);
    }
}
