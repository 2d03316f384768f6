// SPDX-License-Identifier: EPL-2.0
package org.sextant.common.core;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.exceptions.StateSystemDisposedException;
import org.eclipse.tracecompass.tmf.core.model.CommonStatusMessage;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataProvider;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse.Status;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.statesystem.ITmfAnalysisModuleWithStateSystems;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;

/**
 * Serves what an analysis found over the whole trace as a data tree with columns (a data provider of type
 * {@code DATA_TREE}): the trace's entry first, with its totals, then groups and items with theirs, each entry a
 * {@link SummaryEntryModel}. The headless summaries print these trees, so the command line, a view and the trace
 * server show one computation. Subclasses read the analysis's (first) state system; the tree is
 * {@link Status#RUNNING} with the values so far while it is being built.
 */
public abstract class SummaryDataProvider implements ITmfTreeDataProvider<SummaryEntryModel> {

    /** Entry ids are unique across providers, so that a client showing several traces can tell them apart. */
    private static final AtomicLong ENTRY_IDS = new AtomicLong();

    private final ITmfTrace fTrace;
    private final ITmfAnalysisModuleWithStateSystems fModule;
    private final List<String> fColumns;
    private final long fRootId = ENTRY_IDS.getAndIncrement();
    /** An entry keeps its id from one fetch to the next: ids by parent id and key (or name). */
    private final Map<List<Object>, Long> fIds = new HashMap<>();

    /** Where subclasses put the tree's entries. */
    protected final class Rows {
        private final List<SummaryEntryModel> fEntries = new ArrayList<>();
        private List<@Nullable Object> fTraceValues = List.of();

        /** @return the id of the trace's entry, the root */
        public long root() {
            return fRootId;
        }

        /**
         * Sets the values of the trace's entry.
         *
         * @param values
         *            the values of the columns after the name
         */
        public void trace(@Nullable Object... values) {
            fTraceValues = Arrays.asList(values);
        }

        /**
         * Adds an entry.
         *
         * @param parent
         *            the parent's id
         * @param name
         *            the name shown in the first column
         * @param key
         *            which item of its parent the entry is, for clients that look it up; null to look it up by name
         * @param values
         *            the values of the columns after the name
         * @return the entry's id
         */
        public long add(long parent, String name, @Nullable Object key, @Nullable Object... values) {
            long id;
            synchronized (fIds) {
                id = fIds.computeIfAbsent(List.of(parent, key == null ? name : key), k -> ENTRY_IDS.getAndIncrement());
            }
            fEntries.add(new SummaryEntryModel(id, parent, name, key, Arrays.asList(values)));
            return id;
        }
    }

    /**
     * @param trace
     *            the trace
     * @param module
     *            the analysis module whose (first) state system is summarized; scheduled by the caller
     * @param columns
     *            the columns' titles, the name's first
     */
    protected SummaryDataProvider(ITmfTrace trace, ITmfAnalysisModuleWithStateSystems module, List<String> columns) {
        fTrace = trace;
        fModule = module;
        fColumns = List.copyOf(columns);
    }

    /**
     * Adds the entries below the trace's and sets the trace's values.
     *
     * @param ss
     *            the state system, maybe still being built
     * @param rows
     *            where the entries go
     * @throws StateSystemDisposedException
     *             when the state system was closed meanwhile
     */
    protected abstract void addRows(ITmfStateSystem ss, Rows rows) throws StateSystemDisposedException;

    /**
     * @return whether whatever else the summary reads besides the state system is complete; true by default
     */
    protected boolean isComplete() {
        return true;
    }

    @Override
    public TmfModelResponse<TmfTreeModel<SummaryEntryModel>> fetchTree(Map<String, Object> parameters, @Nullable IProgressMonitor monitor) {
        ITmfStateSystem ss = StateSystems.first(fModule);
        if (ss == null) {
            return new TmfModelResponse<>(null, Status.FAILED, FailureReporter.messageOf(fModule));
        }
        boolean complete = ss.waitUntilBuilt(0) && isComplete();
        Rows rows = new Rows();
        try {
            addRows(ss, rows);
        } catch (StateSystemDisposedException e) {
            return new TmfModelResponse<>(null, Status.FAILED, CommonStatusMessage.STATE_SYSTEM_FAILED);
        }
        List<SummaryEntryModel> entries = new ArrayList<>();
        entries.add(new SummaryEntryModel(fRootId, -1, fTrace.getName(), null, rows.fTraceValues));
        entries.addAll(rows.fEntries);
        return new TmfModelResponse<>(new TmfTreeModel<>(fColumns, entries), complete ? Status.COMPLETED : Status.RUNNING,
                complete ? CommonStatusMessage.COMPLETED : CommonStatusMessage.RUNNING);
    }
}
