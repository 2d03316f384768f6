// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.redis.ui;

import java.util.List;

import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.ui.views.timegraph.BaseDataProviderTimeGraphView;
import org.sextant.common.ui.StyledPresentationProvider;
import org.sextant.internal.redis.core.RedisTimeGraphDataProvider;
import org.sextant.internal.redis.core.RedisTimeGraphDataProvider.Rows;

/**
 * A time graph of the Redis model: its rows from the provider of the trace or experiment the user opened. An
 * experiment of a recording is drawn from its own provider, not one per member trace as Trace Compass would: the
 * nodes share one model, built once for the experiment, whose paths (arrows) cross from node to node. Per member,
 * each node's model would be built again (five more builds of a 5-node recording, competing for the cores with
 * the experiment's).
 */
abstract class RedisTimeGraphView extends BaseDataProviderTimeGraphView {

    /**
     * @param id
     *            the view's id
     * @param rows
     *            the rows it shows, whose id is its provider's
     */
    RedisTimeGraphView(String id, Rows rows) {
        super(id, new StyledPresentationProvider(RedisTimeGraphDataProvider.styles()), rows.id());
    }

    @Override
    protected Iterable<ITmfTrace> getTracesToBuild(ITmfTrace trace) {
        return List.of(trace);
    }
}
