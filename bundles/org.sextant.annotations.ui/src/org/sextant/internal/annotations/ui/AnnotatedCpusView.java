// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.annotations.ui;

import org.eclipse.tracecompass.tmf.ui.views.timegraph.BaseDataProviderTimeGraphView;
import org.sextant.common.ui.StyledPresentationProvider;
import org.sextant.internal.annotations.core.AnnotatedCpusDataProvider;
import org.sextant.internal.annotations.core.AnnotationStyles;

/**
 * Annotated CPUs: per CPU, the annotation its running thread is inside, coloured by name, and the running
 * thread beneath; arrows follow annotating threads from one CPU to another.
 */
public class AnnotatedCpusView extends BaseDataProviderTimeGraphView {

    /** The view id, as registered in plugin.xml. */
    public static final String ID = "org.sextant.annotations.ui.cpus"; //$NON-NLS-1$

    /** Creates the view. */
    public AnnotatedCpusView() {
        super(ID, new StyledPresentationProvider(AnnotationStyles.list()), AnnotatedCpusDataProvider.ID);
    }
}
