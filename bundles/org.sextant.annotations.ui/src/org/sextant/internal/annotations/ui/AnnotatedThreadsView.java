// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.annotations.ui;

import org.eclipse.tracecompass.tmf.ui.views.timegraph.BaseDataProviderTimeGraphView;
import org.sextant.common.ui.StyledPresentationProvider;
import org.sextant.internal.annotations.core.AnnotatedThreadsDataProvider;
import org.sextant.internal.annotations.core.AnnotationStyles;

/**
 * Annotated Threads: per annotating thread, its innermost annotation coloured by name (as in Annotated CPUs),
 * with the CPU it runs on, each depth of its stack and the barrier it waits at beneath.
 */
public class AnnotatedThreadsView extends BaseDataProviderTimeGraphView {

    /** The view id, as registered in plugin.xml. */
    public static final String ID = "org.sextant.annotations.ui.threads"; //$NON-NLS-1$

    /** Creates the view. */
    public AnnotatedThreadsView() {
        super(ID, new StyledPresentationProvider(AnnotationStyles.list()), AnnotatedThreadsDataProvider.ID);
    }
}
