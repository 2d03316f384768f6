// SPDX-License-Identifier: EPL-2.0
package org.sextant.annotations.core;

import java.util.Objects;

import org.eclipse.tracecompass.tmf.core.statesystem.ITmfStateProvider;
import org.eclipse.tracecompass.tmf.core.statesystem.TmfStateSystemAnalysisModule;
import org.sextant.internal.annotations.core.AnnotationsStateProvider;

/**
 * A program's annotations followed with the scheduler, in a state system whose layout {@code AnnotationTracker}
 * documents: which thread and annotation each CPU runs, each thread's open annotations, barrier arrivals,
 * counters.
 */
public class AnnotationsAnalysisModule extends TmfStateSystemAnalysisModule {

    /** The analysis id, as registered in plugin.xml; also the state system id and history file name. */
    public static final String ID = "org.sextant.annotations.core.analysis"; //$NON-NLS-1$

    @Override
    protected ITmfStateProvider createStateProvider() {
        return new AnnotationsStateProvider(Objects.requireNonNull(getTrace()));
    }
}
