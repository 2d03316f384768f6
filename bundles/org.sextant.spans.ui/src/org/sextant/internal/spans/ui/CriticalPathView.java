// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.spans.ui;

import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.ui.views.timegraph.BaseDataProviderTimeGraphView;
import org.sextant.common.ui.SelectedStates;
import org.sextant.common.ui.StyledPresentationProvider;
import org.sextant.internal.spans.core.CriticalPathDataProvider;

/**
 * Spans Critical Path: each request that entered the traced services, slowest first; expanded, what it waited
 * for in each service and Redis node on its path.
 */
public class CriticalPathView extends BaseDataProviderTimeGraphView {

    /** The view id, as registered in plugin.xml. */
    public static final String ID = "org.sextant.spans.ui.criticalpath"; //$NON-NLS-1$

    /** Creates the view. */
    public CriticalPathView() {
        super(ID, new StyledPresentationProvider(CriticalPathDataProvider.styles().values()), CriticalPathDataProvider.ID);
    }

    /** A selected span or step leads to the rows of what it names (its Redis connections), as a selected row does. */
    @Override
    public void createPartControl(@Nullable Composite parent) {
        super.createPartControl(parent);
        SelectedStates.broadcastFrom(this);
    }

    /** The spans link the processes of a recording: one analysis of the whole experiment, not one per trace. */
    @Override
    protected Iterable<ITmfTrace> getTracesToBuild(@Nullable ITmfTrace trace) {
        return trace == null ? List.of() : List.of(trace);
    }
}
