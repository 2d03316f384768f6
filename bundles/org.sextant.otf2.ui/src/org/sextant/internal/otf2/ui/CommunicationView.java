// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.otf2.ui;

import org.eclipse.tracecompass.tmf.ui.views.timegraph.BaseDataProviderTimeGraphView;
import org.sextant.common.ui.StyledPresentationProvider;
import org.sextant.internal.otf2.core.Otf2CommunicationDataProvider;

/**
 * OTF2 Communication: per rank, a row per location with the region it is in (MPI calls in red), and an arrow per
 * MPI point-to-point message from its send to its receive.
 */
public class CommunicationView extends BaseDataProviderTimeGraphView {

    /** The view id, as registered in plugin.xml. */
    public static final String ID = "org.sextant.otf2.ui.communication"; //$NON-NLS-1$

    /** Creates the view. */
    public CommunicationView() {
        super(ID, new StyledPresentationProvider(Otf2CommunicationDataProvider.styles()), Otf2CommunicationDataProvider.ID);
    }
}
