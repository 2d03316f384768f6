// SPDX-License-Identifier: EPL-2.0
package org.sextant.common.core.summary;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderManager;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse.Status;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.common.core.SummaryDataProvider;
import org.sextant.common.core.SummaryEntryModel;

/**
 * A summary data tree as the command line reads it: fetched to completion from the trace's
 * {@link SummaryDataProvider} through Trace Compass's data provider manager, as a view or the trace server
 * reaches it, then walked from the trace's entry by the entries' keys.
 */
public final class SummaryTree {

    private static final long POLL_MILLIS = 20;

    private final SummaryEntryModel fRoot;
    private final Map<Long, List<SummaryEntryModel>> fChildren = new HashMap<>();

    private SummaryTree(List<SummaryEntryModel> entries) {
        fRoot = entries.get(0);
        for (SummaryEntryModel entry : entries) {
            fChildren.computeIfAbsent(entry.getParentId(), parent -> new ArrayList<>()).add(entry);
        }
    }

    /**
     * Fetches a summary tree, waiting while its analysis is still running.
     *
     * @param trace
     *            an opened trace
     * @param providerId
     *            the id of a {@link SummaryDataProvider}'s factory
     * @param monitor
     *            cancellation
     * @return the complete tree
     * @throws HeadlessAnalysisException
     *             when the trace has no such provider or the provider has no complete summary
     */
    public static SummaryTree fetch(ITmfTrace trace, String providerId, IProgressMonitor monitor) throws HeadlessAnalysisException {
        SummaryDataProvider provider = DataProviderManager.getInstance().getDataProvider(trace, providerId, SummaryDataProvider.class);
        if (provider == null) {
            throw new HeadlessAnalysisException("no summary " + providerId + " for this trace"); //$NON-NLS-1$ //$NON-NLS-2$
        }
        TmfModelResponse<TmfTreeModel<SummaryEntryModel>> response = provider.fetchTree(new HashMap<>(), monitor);
        while (response.getStatus() == Status.RUNNING && !monitor.isCanceled()) {
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
            response = provider.fetchTree(new HashMap<>(), monitor);
        }
        TmfTreeModel<SummaryEntryModel> model = response.getModel();
        if (response.getStatus() != Status.COMPLETED || model == null || model.getEntries().isEmpty()) {
            throw new HeadlessAnalysisException("the summary " + providerId + " is not available: " + response.getStatusMessage()); //$NON-NLS-1$ //$NON-NLS-2$
        }
        return new SummaryTree(model.getEntries());
    }

    /**
     * @param entries
     *            a summary data tree's entries as a provider answered them, the trace's entry first
     * @return the tree, for a summary fetched otherwise than from a {@link SummaryDataProvider} (one that is no
     *         state system's)
     */
    public static SummaryTree of(List<SummaryEntryModel> entries) {
        return new SummaryTree(entries);
    }

    /** @return the trace's entry */
    public SummaryEntryModel root() {
        return fRoot;
    }

    /**
     * @param parent
     *            an entry of this tree
     * @return its children, in the provider's order
     */
    public List<SummaryEntryModel> children(SummaryEntryModel parent) {
        return Collections.unmodifiableList(fChildren.getOrDefault(parent.getId(), List.of()));
    }

    /**
     * @param parent
     *            an entry of this tree
     * @param key
     *            the key of one of its children, a group
     * @return the group's children, in the provider's order; none when there is no such group
     */
    public List<SummaryEntryModel> children(SummaryEntryModel parent, Object key) {
        for (SummaryEntryModel child : children(parent)) {
            if (Objects.equals(child.getKey(), key)) {
                return children(child);
            }
        }
        return List.of();
    }

    /**
     * @param entries
     *            entries whose keys are names (counters)
     * @param column
     *            the column of their values, after the name
     * @return each entry's value by key, in the entries' order
     */
    public static Map<String, Object> byKey(List<SummaryEntryModel> entries, int column) {
        Map<String, Object> values = new LinkedHashMap<>();
        for (SummaryEntryModel entry : entries) {
            values.put(String.valueOf(entry.getKey()), entry.getNumber(column));
        }
        return values;
    }
}
