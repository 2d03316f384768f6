// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.redis.ui;

import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimeRange;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimestamp;
import org.sextant.common.core.SummaryEntryModel;
import org.sextant.common.ui.SummaryTreeView;
import org.sextant.internal.redis.core.RequestPathsDataProvider;

/**
 * Redis Request Paths: each redirected command from its MOVED or ASK reply to its retry on another node, each
 * PUBLISH with its bus messages and their reading on the peers, each replica's stream; selecting a path selects
 * its range in every view, where Netflow draws its arrows (double-click zooms there), and selecting a request
 * elsewhere (in the Redis Events Latency table, or a time on a Netflow connection) selects the narrowest path or
 * hop it meets.
 */
public class RequestPathsView extends SummaryTreeView {

    /** The view id, as registered in plugin.xml. */
    public static final String ID = "org.sextant.redis.ui.paths"; //$NON-NLS-1$

    /** Creates the view. */
    public RequestPathsView() {
        super(ID, RequestPathsDataProvider.ID);
    }

    /** A request selected elsewhere leads to its path. */
    @Override
    protected boolean followsSelections() {
        return true;
    }

    /** A path, or a hop of a publication: from its start for its duration. */
    @Override
    protected @Nullable TmfTimeRange rangeOf(SummaryEntryModel entry, List<SummaryEntryModel> ancestors) {
        if (ancestors.size() < 2 || entry.getValues().size() <= RequestPathsDataProvider.DURATION) {
            return null;
        }
        long start = entry.getNumber(RequestPathsDataProvider.START).longValue();
        long duration = entry.getNumber(RequestPathsDataProvider.DURATION).longValue();
        return new TmfTimeRange(TmfTimestamp.fromNanos(start), TmfTimestamp.fromNanos(start + duration));
    }
}
