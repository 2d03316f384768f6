// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.annotations.ui;

import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimeRange;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimestamp;
import org.sextant.common.core.SummaryEntryModel;
import org.sextant.common.ui.SummaryTreeView;
import org.sextant.internal.annotations.core.AnnotationsSummaryDataProvider;

/**
 * Annotations Summary: per thread, annotation, barrier and parallel region, what the command line's
 * {@code --analysis annotations} prints; a barrier's worst instances are listed under it, and selecting one
 * selects it, from its first arrival to its last, in every view (double-click zooms there).
 */
public class AnnotationsSummaryView extends SummaryTreeView {

    /** The view id, as registered in plugin.xml. */
    public static final String ID = "org.sextant.annotations.ui.summary"; //$NON-NLS-1$

    /** Creates the view. */
    public AnnotationsSummaryView() {
        super(ID, AnnotationsSummaryDataProvider.ID);
    }

    /** A barrier instance, under its barrier under the barriers group: from its first arrival to its last. */
    @Override
    protected @Nullable TmfTimeRange rangeOf(SummaryEntryModel entry, List<SummaryEntryModel> ancestors) {
        if (ancestors.size() < 2 || !AnnotationsSummaryDataProvider.BARRIERS.equals(ancestors.get(1).getKey())) {
            return null;
        }
        long first = entry.getNumber(AnnotationsSummaryDataProvider.TIME).longValue();
        long skew = entry.getNumber(AnnotationsSummaryDataProvider.MAX).longValue();
        return new TmfTimeRange(TmfTimestamp.fromNanos(first), TmfTimestamp.fromNanos(first + skew));
    }
}
