// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.otf2.ui;

import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimeRange;
import org.sextant.common.core.SummaryEntryModel;
import org.sextant.common.ui.SummaryTreeView;
import org.sextant.internal.otf2.core.Otf2RegionsDataProvider;

/**
 * OTF2 Regions: per region, its calls and their inclusive and exclusive times (total, min, mean, max), largest
 * exclusive total first.
 */
public class RegionsView extends SummaryTreeView {

    /** The view id, as registered in plugin.xml. */
    public static final String ID = "org.sextant.otf2.ui.regions"; //$NON-NLS-1$

    /** Creates the view. */
    public RegionsView() {
        super(ID, Otf2RegionsDataProvider.ID);
    }

    /** A region spans the whole trace: selecting it selects no time. */
    @Override
    protected @Nullable TmfTimeRange rangeOf(SummaryEntryModel entry, List<SummaryEntryModel> ancestors) {
        return null;
    }
}
