// SPDX-License-Identifier: EPL-2.0
package org.sextant.common.ui;

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

/**
 * The series of the selected entries of a tree-XY data provider over the visible time range: rates of a
 * cumulative provider's entries, or any other series. A view is its data provider id: everything it draws comes
 * from the provider; Trace Compass's base class couples the checkbox tree to the chart and its legend, follows
 * the time selection and zooms with the other views.
 */
public abstract class CumulativeXYView extends TmfChartView {

    /** Fewer points than pixels: a rate per point over a few pixels reads better and queries less. */
    private static final double RESOLUTION = 0.5;
    private static final int LEGEND_COLUMN = 1;

    private final String fProviderId;
    private final String fYAxis;
    private final String fNameColumn;

    /**
     * @param title
     *            the view's title
     * @param providerId
     *            the data provider drawn
     * @param yAxis
     *            the y axis title
     * @param nameColumn
     *            the title of the tree's name column
     */
    protected CumulativeXYView(String title, String providerId, String yAxis, String nameColumn) {
        super(title);
        fProviderId = providerId;
        fYAxis = yAxis;
        fNameColumn = nameColumn;
    }

    /**
     * @param trace
     *            the entry of a trace (the tree has one per trace of an experiment)
     * @return its entries checked when the tree is shown and the user has checked none
     */
    protected abstract List<ITmfTreeViewerEntry> defaultSeries(ITmfTreeViewerEntry trace);

    @Override
    protected TmfXYChartViewer createChartViewer(Composite parent) {
        TmfXYChartSettings settings = new TmfXYChartSettings(getTitle(), Messages.CumulativeXYView_XAxis, fYAxis, RESOLUTION);
        return new TmfFilteredXYChartViewer(parent, settings, fProviderId);
    }

    @Override
    protected TmfViewer createLeftChildViewer(Composite parent) {
        return new EntryTreeViewer(parent);
    }

    /** The provider's entries, their groups expanded, with the default series checked until the user chooses. */
    private final class EntryTreeViewer extends AbstractSelectTreeViewer2 {

        EntryTreeViewer(Composite parent) {
            super(parent, LEGEND_COLUMN, fProviderId);
        }

        @Override
        protected ITmfTreeColumnDataProvider getColumnDataProvider() {
            return () -> List.of(createColumn(fNameColumn, Comparator.comparing(TmfGenericTreeEntry<TmfTreeDataModel>::getName)),
                    new TmfTreeColumnData(Messages.CumulativeXYView_LegendColumn));
        }

        @Override
        protected void contentChanged(ITmfTreeViewerEntry rootEntry) {
            super.contentChanged(rootEntry);
            getTreeViewer().expandToLevel(2);
            if (getTriStateFilteredCheckboxTree().getCheckedElements().length == 0) {
                List<ITmfTreeViewerEntry> checked = new ArrayList<>();
                for (ITmfTreeViewerEntry trace : rootEntry.getChildren()) {
                    checked.addAll(defaultSeries(trace));
                }
                setCheckedElements(checked.toArray());
            }
        }
    }
}
