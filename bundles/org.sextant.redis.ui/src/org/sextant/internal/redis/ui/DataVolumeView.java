// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.redis.ui;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.tracecompass.tmf.ui.viewers.tree.ITmfTreeViewerEntry;
import org.sextant.common.ui.CumulativeXYView;
import org.sextant.internal.redis.core.DataVolumeDataProvider;

/**
 * Redis Data Volume: per node, bytes per second from clients, to clients, in from the bus and out to it, from
 * {@link DataVolumeDataProvider}; every series of every node is checked until the user chooses.
 */
public class DataVolumeView extends CumulativeXYView {

    /** The view id, as registered in plugin.xml. */
    public static final String ID = "org.sextant.redis.ui.volume"; //$NON-NLS-1$

    /** Creates the view. */
    public DataVolumeView() {
        super(Messages.DataVolumeView_Title, DataVolumeDataProvider.ID, Messages.DataVolumeView_YAxis, Messages.DataVolumeView_NameColumn);
    }

    @Override
    protected List<ITmfTreeViewerEntry> defaultSeries(ITmfTreeViewerEntry trace) {
        List<ITmfTreeViewerEntry> series = new ArrayList<>();
        for (ITmfTreeViewerEntry node : trace.getChildren()) {
            series.addAll(node.getChildren());
        }
        return series;
    }
}
