// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.annotations.ui;

import java.util.List;

import org.eclipse.tracecompass.tmf.ui.viewers.tree.ITmfTreeViewerEntry;
import org.sextant.common.ui.CumulativeXYView;
import org.sextant.internal.annotations.core.BarriersDataProvider;

/**
 * Barriers: per barrier, a bar at each instance's last arrival as high as its skew (how long the first thread
 * waited for the last); every barrier is checked until the user chooses.
 */
public class BarriersView extends CumulativeXYView {

    /** The view id, as registered in plugin.xml. */
    public static final String ID = "org.sextant.annotations.ui.barriers"; //$NON-NLS-1$

    /** Creates the view. */
    public BarriersView() {
        super(Messages.BarriersView_Title, BarriersDataProvider.ID, Messages.BarriersView_YAxis, Messages.BarriersView_NameColumn);
    }

    @Override
    protected List<ITmfTreeViewerEntry> defaultSeries(ITmfTreeViewerEntry trace) {
        return List.copyOf(trace.getChildren());
    }
}
