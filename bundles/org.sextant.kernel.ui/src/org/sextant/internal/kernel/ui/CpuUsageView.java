// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.kernel.ui;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.tracecompass.tmf.ui.viewers.tree.ITmfTreeViewerEntry;
import org.eclipse.tracecompass.tmf.ui.viewers.tree.TmfGenericTreeEntry;
import org.sextant.common.ui.CumulativeXYView;
import org.sextant.internal.kernel.core.CpuUsageDataProvider;

/**
 * CPU usage of the selected threads, in percent of one CPU, from {@link CpuUsageDataProvider}; the busiest
 * threads are checked until the user chooses.
 */
public class CpuUsageView extends CumulativeXYView {

    /** The view id, as registered in plugin.xml. */
    public static final String ID = "org.sextant.kernel.ui.cpu"; //$NON-NLS-1$

    private static final int DEFAULT_THREADS = 5;

    /** Creates the view. */
    public CpuUsageView() {
        super(Messages.CpuUsageView_Title, CpuUsageDataProvider.ID, Messages.CpuUsageView_YAxis, Messages.CpuUsageView_NameColumn);
    }

    @Override
    protected List<ITmfTreeViewerEntry> defaultSeries(ITmfTreeViewerEntry trace) {
        List<ITmfTreeViewerEntry> busiest = new ArrayList<>();
        for (ITmfTreeViewerEntry group : trace.getChildren()) {
            for (ITmfTreeViewerEntry thread : group.getChildren()) {
                boolean idle = thread instanceof TmfGenericTreeEntry<?> entry && CpuUsageDataProvider.isIdle(entry.getModel());
                if (busiest.size() < DEFAULT_THREADS && !idle) {
                    busiest.add(thread);
                }
            }
        }
        return busiest;
    }
}
