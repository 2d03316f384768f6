// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.redis.core;

import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.exceptions.StateSystemDisposedException;
import org.eclipse.tracecompass.tmf.core.model.xy.TmfXYAxisDescription;
import org.eclipse.tracecompass.tmf.core.statesystem.ITmfAnalysisModuleWithStateSystems;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.common.core.CumulativeXYDataProvider;
import org.sextant.redis.model.RedisTracker;

/**
 * Redis Data Volume: per node, bytes per second from clients, to clients, in from the cluster bus and out to it.
 * Bus out over client in shows a cluster's amplification: a publish is broadcast to every node.
 */
public class DataVolumeDataProvider extends CumulativeXYDataProvider {

    /** The data provider id, as registered in plugin.xml. */
    public static final String ID = "org.sextant.redis.core.volume"; //$NON-NLS-1$

    private static final String[] SERIES = { RedisTracker.CLIENT_IN, RedisTracker.CLIENT_OUT, RedisTracker.BUS_IN, RedisTracker.BUS_OUT };

    /**
     * @param trace
     *            the trace or experiment
     * @param module
     *            its Redis module, scheduled
     */
    public DataVolumeDataProvider(ITmfTrace trace, ITmfAnalysisModuleWithStateSystems module) {
        super(trace, module, Messages.Volume_Title, new TmfXYAxisDescription(Messages.Volume_Axis, Messages.Volume_Unit));
    }

    @Override
    public String getId() {
        return ID;
    }

    @Override
    protected void addEntries(ITmfStateSystem ss, Tree tree) throws StateSystemDisposedException {
        for (int node : ss.getQuarks(RedisTracker.NODES, "*")) { //$NON-NLS-1$
            long nodeId = tree.add(node, tree.root(), Nodes.label(ss, node), false);
            int volume = ss.optQuarkRelative(node, RedisTracker.VOLUME);
            for (String series : SERIES) {
                int quark = volume == ITmfStateSystem.INVALID_ATTRIBUTE ? volume : ss.optQuarkRelative(volume, series);
                if (quark != ITmfStateSystem.INVALID_ATTRIBUTE) {
                    tree.add(quark, nodeId, series, true);
                }
            }
        }
    }
}
