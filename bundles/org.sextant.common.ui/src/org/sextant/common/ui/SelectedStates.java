// SPDX-License-Identifier: EPL-2.0
package org.sextant.common.ui;

import org.eclipse.tracecompass.tmf.core.signal.TmfDataModelSelectedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfSignalManager;
import org.eclipse.tracecompass.tmf.ui.views.timegraph.AbstractTimeGraphView;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.TimeGraphViewer;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.ITimeEvent;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.ITimeGraphEntry;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.widgets.Utils;

/**
 * Broadcasts a selected state's metadata as Trace Compass broadcasts a selected row's. A Trace Compass 6.2 time
 * graph sends {@link TmfDataModelSelectedSignal} with the metadata of the row the user selects, and the other
 * views select a row of theirs that shares a value; a row that holds many things (a lane of spans) cannot say
 * which of them the user meant. A click on a state selects its row and then its time: this listener, on that
 * time, sends the metadata of the state under it, if it has any, so that the click leads to the rows of what that
 * one state names (a span's Redis connections). It fires only for times the user selects in this view, not for
 * those that other views' signals set.
 */
public final class SelectedStates {

    private SelectedStates() {
    }

    /**
     * Makes a view broadcast the metadata of the state the user selects; call once its controls exist.
     *
     * @param view
     *            a time graph view whose provider puts metadata on states
     */
    public static void broadcastFrom(AbstractTimeGraphView view) {
        TimeGraphViewer viewer = view.getTimeGraphViewer();
        viewer.addTimeListener(event -> {
            ITimeGraphEntry row = viewer.getSelection();
            ITimeEvent state = row == null ? null : Utils.findEvent(row, event.getBeginTime(), 0);
            if (state != null && !state.getMetadata().isEmpty()) {
                TmfSignalManager.dispatchSignal(new TmfDataModelSelectedSignal(view, state.getMetadata()));
            }
        });
    }
}
