// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.count.ui;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.eclipse.swt.widgets.Composite;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeDataModel;
import org.eclipse.tracecompass.tmf.ui.viewers.TmfViewer;
import org.eclipse.tracecompass.tmf.ui.viewers.tree.AbstractSelectTreeViewer2;
import org.eclipse.tracecompass.tmf.ui.viewers.tree.ITmfTreeColumnDataProvider;
import org.eclipse.tracecompass.tmf.ui.viewers.tree.ITmfTreeViewerEntry;
import org.eclipse.tracecompass.tmf.ui.viewers.tree.TmfGenericTreeEntry;
import org.eclipse.tracecompass.tmf.ui.viewers.tree.TmfTreeColumnData;
import org.eclipse.tracecompass.tmf.ui.viewers.xychart.TmfXYChartViewer;
import org.eclipse.tracecompass.tmf.ui.viewers.xychart.linechart.TmfFilteredXYChartViewer;
import org.eclipse.tracecompass.tmf.ui.viewers.xychart.linechart.TmfXYChartSettings;
import org.eclipse.tracecompass.tmf.ui.views.xychart.TmfChartView;
import org.sextant.internal.count.core.EventCountDataProvider;

/**
 * Events per second of the selected counters (total, CPUs, event types) over the visible time range. A view is
 * its data provider id: everything it draws comes from {@link EventCountDataProvider}; the base class couples
 * the checkbox tree to the chart and its legend.
 */
public class EventCountView extends TmfChartView {

    /** The view id, as registered in plugin.xml. */
    public static final String ID = "org.sextant.count.ui.view"; //$NON-NLS-1$

    /** Fewer points than pixels: a rate per point over a few pixels reads better and queries less. */
    private static final double RESOLUTION = 0.5;

    /** Creates the view. */
    public EventCountView() {
        super(Messages.EventCountView_Title);
    }

    @Override
    protected TmfXYChartViewer createChartViewer(Composite parent) {
        TmfXYChartSettings settings = new TmfXYChartSettings(Messages.EventCountView_Title, Messages.EventCountView_XAxis,
                Messages.EventCountView_YAxis, RESOLUTION);
        return new TmfFilteredXYChartViewer(parent, settings, EventCountDataProvider.ID);
    }

    @Override
    protected TmfViewer createLeftChildViewer(Composite parent) {
        return new CounterTreeViewer(parent);
    }

    /** The counters of the trace, their groups expanded, with "Total" checked until the user chooses. */
    private static final class CounterTreeViewer extends AbstractSelectTreeViewer2 {

        private static final int LEGEND_COLUMN = 1;

        CounterTreeViewer(Composite parent) {
            super(parent, LEGEND_COLUMN, EventCountDataProvider.ID);
        }

        @Override
        protected ITmfTreeColumnDataProvider getColumnDataProvider() {
            return () -> List.of(
                    createColumn(Messages.EventCountView_NameColumn, Comparator.comparing(TmfGenericTreeEntry<TmfTreeDataModel>::getName)),
                    new TmfTreeColumnData(Messages.EventCountView_LegendColumn));
        }

        @Override
        protected void contentChanged(ITmfTreeViewerEntry rootEntry) {
            super.contentChanged(rootEntry);
            getTreeViewer().expandToLevel(2);
            if (getTriStateFilteredCheckboxTree().getCheckedElements().length == 0) {
                List<ITmfTreeViewerEntry> totals = new ArrayList<>();
                collectTotals(rootEntry, totals);
                setCheckedElements(totals.toArray());
            }
        }

        private static void collectTotals(ITmfTreeViewerEntry entry, List<ITmfTreeViewerEntry> totals) {
            for (ITmfTreeViewerEntry child : entry.getChildren()) {
                if (child.getChildren().isEmpty() && Messages.EventCountView_DefaultSeries.equals(child.getName())) {
                    totals.add(child);
                }
                collectTotals(child, totals);
            }
        }
    }
}
