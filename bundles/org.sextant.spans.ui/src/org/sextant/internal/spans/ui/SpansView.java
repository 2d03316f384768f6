// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.spans.ui;

import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.ui.views.timegraph.BaseDataProviderTimeGraphView;
import org.sextant.common.ui.SelectedStates;
import org.sextant.common.ui.StyledPresentationProvider;
import org.sextant.internal.spans.core.SpansTimeGraphDataProvider;

/**
 * Spans: per service, the requests it served and the calls it made, on lanes; per Redis node, the commands the
 * spans sent it; arrows from each caller to its callee.
 */
public class SpansView extends BaseDataProviderTimeGraphView {

    /** The view id, as registered in plugin.xml. */
    public static final String ID = "org.sextant.spans.ui.spans"; //$NON-NLS-1$

    /** Creates the view. */
    public SpansView() {
        super(ID, new StyledPresentationProvider(SpansTimeGraphDataProvider.styles().values()), SpansTimeGraphDataProvider.ID);
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
