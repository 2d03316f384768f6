// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.count.ui;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.tracecompass.tmf.ui.viewers.tree.ITmfTreeViewerEntry;
import org.sextant.common.ui.CumulativeXYView;
import org.sextant.internal.count.core.EventCountDataProvider;

/**
 * Events per second of the selected counters (total, CPUs, event types) over the visible time range, from
 * {@link EventCountDataProvider}; "Total" is checked until the user chooses.
 */
public class EventCountView extends CumulativeXYView {

    /** The view id, as registered in plugin.xml. */
    public static final String ID = "org.sextant.count.ui.view"; //$NON-NLS-1$

    /** Creates the view. */
    public EventCountView() {
        super(Messages.EventCountView_Title, EventCountDataProvider.ID, Messages.EventCountView_YAxis, Messages.EventCountView_NameColumn);
    }

    @Override
    protected List<ITmfTreeViewerEntry> defaultSeries(ITmfTreeViewerEntry trace) {
        List<ITmfTreeViewerEntry> totals = new ArrayList<>();
        for (ITmfTreeViewerEntry child : trace.getChildren()) {
            if (child.getChildren().isEmpty() && Messages.EventCountView_DefaultSeries.equals(child.getName())) {
                totals.add(child);
            }
        }
        return totals;
    }
}
