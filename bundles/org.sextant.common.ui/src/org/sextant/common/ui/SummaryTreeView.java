// SPDX-License-Identifier: EPL-2.0
package org.sextant.common.ui;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.viewers.DoubleClickEvent;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.jface.viewers.ITableLabelProvider;
import org.eclipse.jface.viewers.LabelProvider;
import org.eclipse.jface.viewers.StructuredSelection;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Display;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderManager;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataProvider;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse.Status;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.signal.TmfSelectionRangeUpdatedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfSignalHandler;
import org.eclipse.tracecompass.tmf.core.signal.TmfWindowRangeUpdatedSignal;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimeRange;
import org.eclipse.tracecompass.tmf.core.timestamp.TmfTimestamp;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.ui.viewers.tree.AbstractTmfTreeViewer;
import org.eclipse.tracecompass.tmf.ui.viewers.tree.ITmfTreeColumnDataProvider;
import org.eclipse.tracecompass.tmf.ui.viewers.tree.ITmfTreeViewerEntry;
import org.eclipse.tracecompass.tmf.ui.viewers.tree.TmfGenericTreeEntry;
import org.eclipse.tracecompass.tmf.ui.viewers.tree.TmfTreeColumnData;
import org.eclipse.tracecompass.tmf.ui.viewers.tree.TmfTreeViewerEntry;
import org.eclipse.tracecompass.tmf.ui.views.TmfView;
import org.sextant.common.core.SummaryEntryModel;

/**
 * The data tree of a summary data provider ({@code org.sextant.common.core.SummaryDataProvider}) for the
 * selected trace, with the provider's columns: what the command line prints, in the workbench. The summary is of
 * the whole trace, so it is fetched once per trace, when its analysis is built. An entry that stands for a time
 * range (a subclass says which, {@link #rangeOf}) is one click away: selecting it selects its range in every
 * view, double-clicking it also zooms them there; and, where the subclass {@link #followsSelections}, a range
 * selected elsewhere selects the narrowest entry that meets it.
 */
public abstract class SummaryTreeView extends TmfView {

    /** How long to wait between two fetches while the analysis is being built. */
    private static final long POLL_MILLIS = 200;

    private final String fProviderId;
    private @Nullable SummaryViewer fViewer;
    /** While a selection made elsewhere is being followed: the entry's selection then broadcasts nothing. */
    private boolean fFollowing;

    /**
     * @param viewId
     *            the view's id
     * @param providerId
     *            the summary data provider shown
     */
    protected SummaryTreeView(String viewId, String providerId) {
        super(viewId);
        fProviderId = providerId;
    }

    /**
     * @param entry
     *            an entry of the summary
     * @param ancestors
     *            its ancestors, its parent first, the trace's entry last
     * @return the time range it stands for, or null if it stands for none
     */
    protected abstract @Nullable TmfTimeRange rangeOf(SummaryEntryModel entry, List<SummaryEntryModel> ancestors);

    /**
     * @return whether a range selected elsewhere (a request in a latency table, a time on a row) selects the
     *         narrowest entry whose range meets it; false by default, for summaries whose entries are counts
     */
    protected boolean followsSelections() {
        return false;
    }

    /**
     * Follows a range selected in another view, where the subclass {@link #followsSelections}: selects the
     * narrowest entry whose range meets it, and leaves the selection as the other view made it.
     *
     * @param signal
     *            the selection
     */
    @TmfSignalHandler
    public void selectionRangeUpdated(TmfSelectionRangeUpdatedSignal signal) {
        SummaryViewer viewer = fViewer;
        ITmfTrace trace = viewer == null ? null : viewer.getTrace();
        if (viewer == null || trace == null || signal.getSource() == this || !followsSelections()) {
            return;
        }
        @Nullable ITmfTrace selectedIn = signal.getTrace();
        if (selectedIn != null && !TmfTraceManager.getTraceSetWithExperiment(trace).contains(selectedIn)) {
            // a selection in another trace's views: its times mean nothing here
            return;
        }
        ITmfTreeViewerEntry root;
        synchronized (viewer.fComplete) {
            root = viewer.fComplete.get(trace);
        }
        if (root == null) {
            return;
        }
        Match match = narrowest(root, signal.getBeginTime().toNanos(), signal.getEndTime().toNanos(), null);
        if (match != null) {
            Display.getDefault().asyncExec(() -> {
                if (viewer.getControl().isDisposed()) {
                    return;
                }
                fFollowing = true;
                try {
                    viewer.getTreeViewer().setSelection(new StructuredSelection(match.entry()), true);
                } finally {
                    fFollowing = false;
                }
            });
        }
    }

    /** An entry whose range meets a selection, and that range's length. */
    private record Match(TmfGenericTreeEntry<?> entry, long length) {
    }

    /** @return the narrowest entry under {@code parent}, or {@code best} if none is narrower, whose range meets [start, end] */
    private @Nullable Match narrowest(ITmfTreeViewerEntry parent, long start, long end, @Nullable Match best) {
        Match narrowest = best;
        for (ITmfTreeViewerEntry child : parent.getChildren()) {
            if (child instanceof TmfGenericTreeEntry<?> entry && entry.getModel() instanceof SummaryEntryModel model) {
                TmfTimeRange range = rangeOf(model, ancestors(entry));
                if (range != null && range.getStartTime().toNanos() <= end && start <= range.getEndTime().toNanos()) {
                    long length = range.getEndTime().toNanos() - range.getStartTime().toNanos();
                    if (narrowest == null || length < narrowest.length()) {
                        narrowest = new Match(entry, length);
                    }
                }
            }
            narrowest = narrowest(child, start, end, narrowest);
        }
        return narrowest;
    }

    /** @return the entry's ancestors' models, its parent's first */
    private static List<SummaryEntryModel> ancestors(ITmfTreeViewerEntry entry) {
        List<SummaryEntryModel> ancestors = new ArrayList<>();
        for (ITmfTreeViewerEntry parent = entry.getParent(); parent instanceof TmfGenericTreeEntry<?> generic; parent = parent.getParent()) {
            if (generic.getModel() instanceof SummaryEntryModel ancestor) {
                ancestors.add(ancestor);
            }
        }
        return ancestors;
    }

    @Override
    public void createPartControl(@Nullable Composite parent) {
        super.createPartControl(parent);
        SummaryViewer viewer = new SummaryViewer(parent);
        viewer.getTreeViewer().addSelectionChangedListener(event -> select(event.getStructuredSelection(), false));
        viewer.getTreeViewer().addDoubleClickListener((DoubleClickEvent event) -> select((IStructuredSelection) event.getSelection(), true));
        fViewer = viewer;
        ITmfTrace trace = TmfTraceManager.getInstance().getActiveTrace();
        if (trace != null) {
            viewer.loadTrace(trace);
        }
    }

    /** @return the viewer, once the view is created */
    public AbstractTmfTreeViewer getViewer() {
        SummaryViewer viewer = fViewer;
        if (viewer == null) {
            throw new IllegalStateException("the view is not created"); //$NON-NLS-1$
        }
        return viewer;
    }

    private void select(IStructuredSelection selection, boolean zoom) {
        SummaryViewer viewer = fViewer;
        ITmfTrace trace = viewer == null ? null : viewer.getTrace();
        if (fFollowing || trace == null || !(selection.getFirstElement() instanceof TmfGenericTreeEntry<?> entry)
                || !(entry.getModel() instanceof SummaryEntryModel model)) {
            return;
        }
        TmfTimeRange range = rangeOf(model, ancestors(entry));
        if (range == null) {
            return;
        }
        broadcast(new TmfSelectionRangeUpdatedSignal(this, range.getStartTime(), range.getEndTime(), trace));
        if (zoom) {
            // a margin of the range's own length on each side shows what came before and after
            long start = range.getStartTime().toNanos();
            long length = Math.max(1, range.getEndTime().toNanos() - start);
            broadcast(new TmfWindowRangeUpdatedSignal(this,
                    new TmfTimeRange(TmfTimestamp.fromNanos(start - length), TmfTimestamp.fromNanos(start + 2 * length)), trace));
        }
    }

    @Override
    public void setFocus() {
        SummaryViewer viewer = fViewer;
        if (viewer != null) {
            viewer.getControl().setFocus();
        }
    }

    /** The provider's tree for the selected trace; its columns are the provider's, set from its first answer. */
    private final class SummaryViewer extends AbstractTmfTreeViewer {

        /** The summary of each trace, once complete; a closed trace's goes with it. */
        private final Map<ITmfTrace, ITmfTreeViewerEntry> fComplete = new WeakHashMap<>();
        private boolean fColumnsSet;

        SummaryViewer(Composite parent) {
            super(parent, false);
            setLabelProvider(new Labels());
        }

        @Override
        protected ITmfTreeColumnDataProvider getColumnDataProvider() {
            return List::of;
        }

        @Override
        @SuppressWarnings("unchecked")
        protected @Nullable ITmfTreeViewerEntry updateElements(ITmfTrace trace, long start, long end, boolean isSelection) {
            synchronized (fComplete) {
                ITmfTreeViewerEntry known = fComplete.get(trace);
                if (known != null) {
                    return isSelection ? null : known;
                }
            }
            ITmfTreeDataProvider<SummaryEntryModel> provider = DataProviderManager.getInstance().getDataProvider(trace, fProviderId, ITmfTreeDataProvider.class);
            if (provider == null) {
                return null;
            }
            TmfModelResponse<TmfTreeModel<SummaryEntryModel>> response = provider.fetchTree(Map.of(), null);
            while (response.getStatus() == Status.RUNNING && trace.equals(getTrace())) {
                try {
                    Thread.sleep(POLL_MILLIS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return null;
                }
                response = provider.fetchTree(Map.of(), null);
            }
            TmfTreeViewerEntry root = new TmfTreeViewerEntry(""); //$NON-NLS-1$
            TmfTreeModel<SummaryEntryModel> model = response.getModel();
            if (response.getStatus() != Status.COMPLETED || model == null) {
                root.addChild(new TmfTreeViewerEntry(response.getStatusMessage()));
                return root;
            }
            Map<Long, TmfGenericTreeEntry<SummaryEntryModel>> entries = new HashMap<>();
            for (SummaryEntryModel entry : model.getEntries()) {
                entries.put(entry.getId(), new TmfGenericTreeEntry<>(entry));
            }
            for (SummaryEntryModel entry : model.getEntries()) {
                TmfGenericTreeEntry<SummaryEntryModel> parent = entries.get(entry.getParentId());
                (parent != null ? parent : root).addChild(entries.get(entry.getId()));
            }
            List<String> headers = model.getHeaders();
            Display.getDefault().asyncExec(() -> setColumns(headers));
            synchronized (fComplete) {
                fComplete.put(trace, root);
            }
            return root;
        }

        private void setColumns(List<String> headers) {
            if (fColumnsSet || getControl().isDisposed()) {
                return;
            }
            fColumnsSet = true;
            setTreeColumns(headers.stream().map(TmfTreeColumnData::new).toList());
            // columns made after the label provider was set have none of their own: give it to them
            setLabelProvider(new Labels());
            refresh();
        }
    }

    /** An entry's labels, one a column; a message alone in the first. */
    private static final class Labels extends LabelProvider implements ITableLabelProvider {

        @Override
        public @Nullable Image getColumnImage(@Nullable Object element, int column) {
            return null;
        }

        @Override
        public String getColumnText(@Nullable Object element, int column) {
            if (element instanceof TmfGenericTreeEntry<?> entry) {
                List<String> labels = entry.getModel().getLabels();
                return column < labels.size() ? labels.get(column) : ""; //$NON-NLS-1$
            }
            return column == 0 && element instanceof ITmfTreeViewerEntry entry ? entry.getName() : ""; //$NON-NLS-1$
        }
    }
}
