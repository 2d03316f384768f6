// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.callstack.ui;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.core.commands.common.CommandException;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.action.Action;
import org.eclipse.jface.action.IAction;
import org.eclipse.jface.action.IToolBarManager;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageLoader;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Combo;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.FileDialog;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Link;
import org.eclipse.swt.widgets.Text;
import org.eclipse.tracecompass.tmf.core.model.OutputElementStyle;
import org.eclipse.tracecompass.tmf.core.signal.TmfSignalHandler;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceClosedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceSelectedSignal;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.ui.views.TmfView;
import org.eclipse.ui.handlers.IHandlerService;
import org.sextant.callstack.core.CallProfileTrace;
import org.sextant.callstack.model.CallFlow;
import org.sextant.callstack.model.CallTree;
import org.sextant.callstack.model.CallTreeDiff;
import org.sextant.callstack.model.FoldedStacks;
import org.sextant.internal.callstack.core.CallTreeDataProvider;
import org.sextant.internal.callstack.core.CallTreeDiffDataProvider;
import org.sextant.internal.callstack.core.CallTreeDiffEntry;
import org.sextant.internal.callstack.core.CallTreeEntry;
import org.sextant.internal.callstack.core.DataProviders;

/**
 * The call-stack sunburst: the call tree of the selected call-profile trace, per scope and weight, names written
 * on the arcs, with a breadcrumb back from a zoom, a search, colours by function or binary and their legend, the
 * selected arc's callees in a table beside it, and a comparison with a second profile file, side by side or as one
 * differential sunburst coloured on a scale of own-cost changes. Where Trace Compass's Flame Graph view shows the
 * same trace, selecting a call path in either selects it in the other. What it draws comes from the call-profile
 * data providers (the call trees, and the differential for a comparison), fetched in the background; the view lays
 * the trees out and draws them.
 */
public class SunburstView extends TmfView {

    /** The view's id. */
    public static final String ID = "org.sextant.callstack.ui.sunburst"; //$NON-NLS-1$

    /** Trace Compass's File > Open Trace, which opens a profile file as any trace. */
    private static final String OPEN_TRACE_COMMAND = "org.eclipse.linuxtools.tmf.ui.openFile"; //$NON-NLS-1$

    /** A group of a scope, as the scope combo lists them. */
    private record Group(CallFlow.Scope scope, String key) {
    }

    /**
     * What the differential provider answered: the trees drawn, how each call path's own cost changed, how many
     * paths changed, and how many appeared, vanished, grew and shrank themselves.
     */
    private record Comparison(Path file, CallTree union, CallTree tree, Map<List<String>, SunburstCanvas.Difference> changes, long changed, long[] kinds) {
    }

    /** The weights and groups to choose from, with their labels: fetched once per trace. */
    private record Choices(List<String> weights, List<String> weightLabels, List<Group> groups, List<String> groupLabels) {
    }

    /** One answer of the providers: the tree of the weight and group chosen, and its comparison if any. */
    private record Answer(@Nullable Choices choices, @Nullable CallTree tree, @Nullable Comparison comparison) {
    }

    private @Nullable ITmfTrace fTrace;
    private @Nullable CallTree fTree;
    private @Nullable Path fComparisonFile;
    private @Nullable Comparison fComparison;
    private boolean fDifferential;
    private @Nullable Action fDifferentialAction;
    private @Nullable Action fNamesAction;
    private @Nullable Job fFetching;
    /** Counts the fetches, so that only the latest one's answer is shown. */
    private int fGeneration;

    private @Nullable Combo fScope;
    private @Nullable Combo fWeight;
    private @Nullable Combo fColour;
    private @Nullable Link fBreadcrumb;
    private @Nullable SashForm fSash;
    private @Nullable SunburstCanvas fMain;
    private @Nullable SunburstCanvas fOther;
    private @Nullable Label fStatus;
    private @Nullable SunburstLegend fLegend;
    private @Nullable CalleeTable fDetails;
    private @Nullable FlameGraphLink fFlameGraph;
    private final List<String> fWeights = new ArrayList<>();
    private final List<Group> fGroups = new ArrayList<>();

    /** The view, empty until a call-profile trace is selected. */
    public SunburstView() {
        super(ID);
    }

    @Override
    public void createPartControl(@Nullable Composite parent) {
        super.createPartControl(parent);
        Composite top = new Composite(parent, SWT.NONE);
        top.setLayout(new GridLayout(1, false));
        Composite bar = new Composite(top, SWT.NONE);
        bar.setLayout(new GridLayout(8, false));
        bar.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        new Label(bar, SWT.NONE).setText(Messages.Sunburst_Scope);
        Combo scope = new Combo(bar, SWT.READ_ONLY);
        scope.addListener(SWT.Selection, e -> refetch());
        new Label(bar, SWT.NONE).setText(Messages.Sunburst_Weight);
        Combo weight = new Combo(bar, SWT.READ_ONLY);
        weight.addListener(SWT.Selection, e -> refetch());
        new Label(bar, SWT.NONE).setText(Messages.Sunburst_Colour);
        Combo colour = new Combo(bar, SWT.READ_ONLY);
        colour.setItems(Messages.Sunburst_ByFunction, Messages.Sunburst_ByBinary);
        colour.select(0);
        colour.addListener(SWT.Selection, e -> applyColouring());
        Text search = new Text(bar, SWT.SEARCH | SWT.ICON_SEARCH | SWT.ICON_CANCEL);
        search.setMessage(Messages.Sunburst_Search);
        search.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        search.addListener(SWT.Modify, e -> canvases().forEach(c -> c.setSearch(search.getText())));
        Link breadcrumb = new Link(top, SWT.NONE);
        breadcrumb.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        breadcrumb.addListener(SWT.Selection, e -> zoomOut(Integer.parseInt(e.text)));
        SashForm beside = new SashForm(top, SWT.HORIZONTAL);
        beside.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        SashForm sash = new SashForm(beside, SWT.HORIZONTAL);
        SunburstCanvas main = new SunburstCanvas(sash);
        SunburstCanvas other = new SunburstCanvas(sash);
        main.setFocusListener(node -> {
            followFocus(node, other);
            showLegend();
        });
        other.setFocusListener(node -> followFocus(node, main));
        main.setSelectionListener(this::selected);
        sash.setMaximizedControl(main);
        Composite side = new Composite(beside, SWT.NONE);
        side.setLayout(new GridLayout(1, false));
        SunburstLegend legend = new SunburstLegend(side);
        legend.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        CalleeTable details = new CalleeTable(side, main::select);
        details.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        beside.setWeights(new int[] { 5, 2 });
        Label status = new Label(top, SWT.NONE);
        status.setLayoutData(new GridData(SWT.FILL, SWT.BOTTOM, true, false));
        fScope = scope;
        fWeight = weight;
        fColour = colour;
        fBreadcrumb = breadcrumb;
        fSash = sash;
        fMain = main;
        fOther = other;
        fStatus = status;
        fLegend = legend;
        fDetails = details;
        fFlameGraph = new FlameGraphLink(getSite().getPage(), this::selectedInFlameGraph);
        fillToolBar(getViewSite().getActionBars().getToolBarManager());
        ITmfTrace trace = TmfTraceManager.getInstance().getActiveTrace();
        if (trace != null) {
            traceSelected(new TmfTraceSelectedSignal(this, trace));
        } else {
            showTrees();
        }
    }

    private void fillToolBar(IToolBarManager toolBar) {
        toolBar.add(action(Messages.Sunburst_Open, Messages.Sunburst_OpenTip, IAction.AS_PUSH_BUTTON, this::openTrace));
        toolBar.add(action(Messages.Sunburst_Compare, Messages.Sunburst_CompareTip, IAction.AS_PUSH_BUTTON, this::chooseComparison));
        Action differential = action(Messages.Sunburst_Differential, Messages.Sunburst_DifferentialTip, IAction.AS_CHECK_BOX,
                () -> setDifferential(!fDifferential));
        fDifferentialAction = differential;
        toolBar.add(differential);
        Action names = action(Messages.Sunburst_Names, Messages.Sunburst_NamesTip, IAction.AS_CHECK_BOX, this::showNames);
        names.setChecked(true);
        fNamesAction = names;
        toolBar.add(names);
        toolBar.add(action(Messages.Sunburst_ExportPng, Messages.Sunburst_ExportPngTip, IAction.AS_PUSH_BUTTON, this::exportPng));
        toolBar.add(action(Messages.Sunburst_ExportFolded, Messages.Sunburst_ExportFoldedTip, IAction.AS_PUSH_BUTTON, this::exportFolded));
    }

    /** The names on the arcs, written or not as the toolbar's check box says (the checked state toggles before the run). */
    private void showNames() {
        Action names = fNamesAction;
        boolean shown = names == null || names.isChecked();
        canvases().forEach(canvas -> canvas.setNames(shown));
    }

    private static Action action(String text, String tip, int style, Runnable run) {
        Action action = new Action(text, style) {
            @Override
            public void run() {
                run.run();
            }
        };
        action.setToolTipText(tip);
        return action;
    }

    /**
     * Shows the call trees of a selected call-profile trace.
     *
     * @param signal
     *            the selection
     */
    @TmfSignalHandler
    public void traceSelected(TmfTraceSelectedSignal signal) {
        if (signal.getTrace() instanceof CallProfileTrace trace && trace != fTrace) {
            fTrace = trace;
            fComparisonFile = null;
            fetch(trace, null, null, null, false);
        }
    }

    /**
     * Forgets a closed trace.
     *
     * @param signal
     *            the closing
     */
    @TmfSignalHandler
    public void traceClosed(TmfTraceClosedSignal signal) {
        if (signal.getTrace() == fTrace) {
            Job fetching = fFetching;
            if (fetching != null) {
                fetching.cancel();
            }
            fGeneration++;
            fTrace = null;
            fComparisonFile = null;
            show(new Answer(new Choices(List.of(), List.of(), List.of(), List.of()), null, null));
        }
    }

    /** Another weight or scope chosen: the trees again, and the comparison with them. */
    private void refetch() {
        ITmfTrace trace = fTrace;
        if (trace != null) {
            fetch(trace, selectedWeight(), selectedGroup(), fComparisonFile, false);
        }
    }

    /**
     * Compares the trace shown with a profile file, as the differential data provider does, and shows the
     * comparison side by side or as one differential sunburst.
     *
     * @param file
     *            a callgrind output, folded stacks, perf script of Intel PT or sptdecode text
     * @return the job fetching the comparison, or null when no trace is shown
     */
    public @Nullable Job compare(Path file) {
        ITmfTrace trace = fTrace;
        return trace != null ? fetch(trace, selectedWeight(), selectedGroup(), file, true) : null;
    }

    /**
     * Fetches in the background what the view shows, and shows it unless another fetch started meanwhile.
     *
     * @param trace
     *            the trace
     * @param weight
     *            the weight chosen, or null for a trace just selected: the choices are fetched too, and its first
     *            weight and group shown
     * @param group
     *            the group chosen, or null likewise
     * @param comparison
     *            the file compared with, or null
     * @param compare
     *            whether the user just chose that file: a comparison that fails is then said in a dialog, where
     *            otherwise the trees are shown without it
     */
    private Job fetch(ITmfTrace trace, @Nullable String weight, @Nullable Group group, @Nullable Path comparison, boolean compare) {
        Job previous = fFetching;
        if (previous != null) {
            previous.cancel();
        }
        int generation = ++fGeneration;
        Path name = Path.of(comparison != null ? comparison.toString() : trace.getPath()).getFileName();
        Job job = Job.create(String.format(Messages.Sunburst_Reading, name), (IProgressMonitor monitor) -> {
            Answer answer;
            try {
                answer = answer(trace, weight, group, comparison, compare, monitor);
            } catch (CoreException e) {
                if (e.getStatus().getSeverity() == IStatus.CANCEL) {
                    return Status.CANCEL_STATUS;
                }
                if (!compare) {
                    return e.getStatus();
                }
                String message = e.getMessage();
                getSite().getShell().getDisplay().asyncExec(() -> MessageDialog.openError(getSite().getShell(), Messages.Sunburst_Title, message));
                return Status.OK_STATUS;
            }
            getSite().getShell().getDisplay().asyncExec(() -> {
                if (generation == fGeneration && !monitor.isCanceled()) {
                    show(answer);
                }
            });
            return Status.OK_STATUS;
        });
        fFetching = job;
        job.schedule();
        return job;
    }

    /** Asks the providers; runs in the fetching job. */
    private static Answer answer(ITmfTrace trace, @Nullable String chosenWeight, @Nullable Group chosenGroup, @Nullable Path file, boolean compare,
            IProgressMonitor monitor) throws CoreException {
        Choices choices = null;
        String weight = chosenWeight;
        Group group = chosenGroup;
        if (weight == null || group == null) {
            choices = choices(trace, monitor);
            if (choices.weights().isEmpty() || choices.groups().isEmpty()) {
                return new Answer(choices, null, null);
            }
            weight = choices.weights().get(0);
            group = choices.groups().get(0);
        }
        Map<String, Object> parameters = new HashMap<>(Map.of(CallTreeDataProvider.WEIGHT_KEY, weight, CallTreeDataProvider.SCOPE_KEY,
                DataProviders.name(group.scope()), CallTreeDataProvider.GROUP_KEY, group.key()));
        List<CallTreeEntry> entries = DataProviders.entries(trace, CallTreeDataProvider.ID, parameters, monitor);
        long groupId = entries.stream().filter(entry -> entry.kind() == CallTreeEntry.Kind.GROUP).findFirst().orElseThrow().getId();
        CallTree tree = CallTreeEntry.tree(entries, groupId, CallTreeEntry::self, entry -> true);
        Comparison comparison = null;
        if (file != null) {
            parameters.put(CallTreeDiffDataProvider.COMPARISON_KEY, file.toString());
            try {
                comparison = comparison(file, DataProviders.entries(trace, CallTreeDiffDataProvider.ID, parameters, monitor));
            } catch (CoreException e) {
                if (compare || e.getStatus().getSeverity() == IStatus.CANCEL) {
                    throw e;
                }
                // a second run without costs of this weight: shown again for a weight it has
            }
        }
        return new Answer(choices, tree, comparison);
    }

    /** The weights, and the groups of each scope for the first weight. */
    private static Choices choices(ITmfTrace trace, IProgressMonitor monitor) throws CoreException {
        List<String> weights = new ArrayList<>();
        List<String> weightLabels = new ArrayList<>();
        List<Group> groups = new ArrayList<>();
        List<String> groupLabels = new ArrayList<>();
        for (CallFlow.Scope scope : CallFlow.Scope.values()) {
            Map<String, Object> parameters = new HashMap<>(Map.of(CallTreeDataProvider.SCOPE_KEY, DataProviders.name(scope), CallTreeDataProvider.MAX_DEPTH_KEY, 0));
            if (!weights.isEmpty()) {
                parameters.put(CallTreeDataProvider.WEIGHT_KEY, weights.get(0));
            }
            for (CallTreeEntry entry : DataProviders.<CallTreeEntry> entries(trace, CallTreeDataProvider.ID, parameters, monitor)) {
                if (entry.kind() == CallTreeEntry.Kind.WEIGHT && scope == CallFlow.Scope.ALL) {
                    weights.add(entry.key());
                    weightLabels.add(entry.getName());
                } else if (entry.kind() == CallTreeEntry.Kind.GROUP && (scope != CallFlow.Scope.ALL || entry.getParentId() == 0)) {
                    groups.add(new Group(scope, entry.key()));
                    groupLabels.add(entry.getName());
                }
            }
        }
        return new Choices(weights, weightLabels, groups, groupLabels);
    }

    /** The trees and own-cost changes of the differential provider's answer. */
    private static Comparison comparison(Path file, List<CallTreeDiffEntry> entries) {
        long rootId = entries.get(0).getId();
        Map<List<String>, SunburstCanvas.Difference> changes = new HashMap<>();
        long[] kinds = new long[CallTreeDiff.Kind.values().length];
        CallTree.Builder union = new CallTree.Builder();
        CallTreeEntry.calls(union, entries, rootId, CallTreeEntry::self, entry -> true).forEach((entry, node) -> {
            OutputElementStyle style = entry.getStyle();
            CallTreeDiff.Kind kind = entry.change();
            if (style != null && kind != null) {
                // styled: its own cost changed, or it is in one run only
                long delta = (entry.inAfter() ? entry.selfAfter() : 0) - (entry.inBefore() ? entry.selfBefore() : 0);
                // a path made for the styled calls only: making every call's costs a deep tree the square of its depth
                changes.put(node.path(), new SunburstCanvas.Difference(DataProviders.name(kind), delta));
                kinds[kind.ordinal()]++;
            }
        });
        return new Comparison(file, union.build(),
                CallTreeEntry.tree(entries, rootId, CallTreeDiffEntry::selfAfter, CallTreeDiffEntry::inAfter), changes,
                entries.stream().filter(entry -> entry.kind() == CallTreeEntry.Kind.CALL && entry.change() != null).count(), kinds);
    }

    private void show(Answer answer) {
        Combo scope = fScope;
        Combo weight = fWeight;
        if (scope == null || weight == null) {
            return;
        }
        Choices choices = answer.choices();
        if (choices != null) {
            fWeights.clear();
            fWeights.addAll(choices.weights());
            weight.setItems(choices.weightLabels().toArray(String[]::new));
            fGroups.clear();
            fGroups.addAll(choices.groups());
            scope.setItems(choices.groupLabels().toArray(String[]::new));
            weight.select(0);
            scope.select(0);
            // the combos are as wide as their items
            scope.getParent().layout(true);
        }
        fTree = answer.tree();
        Comparison comparison = answer.comparison();
        fComparison = comparison;
        if (comparison != null) {
            fComparisonFile = comparison.file();
        }
        showTrees();
    }

    /**
     * @param differential
     *            true to draw one sunburst coloured by what changed, false to draw the two side by side
     */
    public void setDifferential(boolean differential) {
        fDifferential = differential;
        Action action = fDifferentialAction;
        if (action != null) {
            action.setChecked(differential);
        }
        showTrees();
    }

    private void showTrees() {
        SunburstCanvas main = fMain;
        SunburstCanvas other = fOther;
        SashForm sash = fSash;
        if (main == null || other == null || sash == null) {
            return;
        }
        CallTree tree = fTree;
        Comparison comparison = fComparison;
        String unit = DataProviders.name(CallFlow.Weight.TIME).equals(selectedWeight()) ? Messages.Sunburst_UnitTime : Messages.Sunburst_UnitInstructions;
        if (tree != null && comparison != null && fDifferential) {
            main.setTree(comparison.union(), unit);
            sash.setMaximizedControl(main);
        } else {
            main.setTree(tree, unit);
            other.setTree(comparison != null ? comparison.tree() : null, unit);
            sash.setMaximizedControl(comparison == null ? main : null);
        }
        applyColouring();
        updateStatus();
    }

    private void applyColouring() {
        SunburstCanvas main = fMain;
        SunburstCanvas other = fOther;
        Combo colour = fColour;
        if (main == null || other == null || colour == null) {
            return;
        }
        Comparison comparison = fComparison;
        if (fTree != null && comparison != null && fDifferential) {
            main.setColouring(SunburstCanvas.Colouring.DIFFERENCE, comparison.changes());
        } else {
            SunburstCanvas.Colouring colouring = colour.getSelectionIndex() == 1 ? SunburstCanvas.Colouring.BINARY : SunburstCanvas.Colouring.FUNCTION;
            main.setColouring(colouring, Map.of());
            other.setColouring(colouring, Map.of());
        }
        showLegend();
    }

    private void showLegend() {
        SunburstLegend legend = fLegend;
        SunburstCanvas main = fMain;
        Comparison comparison = fComparison;
        if (legend == null || main == null) {
            return;
        }
        long[] kinds = comparison != null ? comparison.kinds() : new long[CallTreeDiff.Kind.values().length];
        legend.show(main, new long[] { kinds[CallTreeDiff.Kind.APPEARED.ordinal()], kinds[CallTreeDiff.Kind.VANISHED.ordinal()],
                kinds[CallTreeDiff.Kind.GREW.ordinal()], kinds[CallTreeDiff.Kind.SHRANK.ordinal()] });
    }

    /** The main sunburst's selection: its callees beside it, and its call path in the flame graph of the same trace. */
    private void selected(CallTree.@Nullable Node node) {
        CalleeTable details = fDetails;
        SunburstCanvas main = fMain;
        if (details != null && main != null) {
            details.show(node, main.getUnit());
        }
        FlameGraphLink flameGraph = fFlameGraph;
        ITmfTrace trace = fTrace;
        if (node != null && flameGraph != null && trace != null && trace == TmfTraceManager.getInstance().getActiveTrace()) {
            flameGraph.show(node.path());
        }
    }

    /** A call path selected in the flame graph: the same path here, when this view shows the flame graph's trace. */
    private void selectedInFlameGraph(List<String> path) {
        SunburstCanvas main = fMain;
        CallTree tree = main != null ? main.getTree() : null;
        if (main == null || tree == null || fTrace != TmfTraceManager.getInstance().getActiveTrace()) {
            return;
        }
        CallTree.Node node = tree.find(path);
        if (node != null) {
            main.select(node);
        }
    }

    private @Nullable String selectedWeight() {
        Combo weight = fWeight;
        return weight == null || weight.getSelectionIndex() < 0 ? null : fWeights.get(weight.getSelectionIndex());
    }

    private @Nullable Group selectedGroup() {
        Combo scope = fScope;
        return scope == null || scope.getSelectionIndex() < 0 ? null : fGroups.get(scope.getSelectionIndex());
    }

    /** The other sunburst follows a zoom, where it has the same path. */
    private void followFocus(CallTree.Node node, @Nullable SunburstCanvas follower) {
        updateBreadcrumb(node);
        CallTree tree = follower != null ? follower.getTree() : null;
        CallTree.Node focus = follower != null ? follower.getFocus() : null;
        if (tree != null && follower != null && focus != null && !focus.path().equals(node.path())) {
            CallTree.Node same = tree.find(node.path());
            follower.focus(same != null ? same : tree.root());
        }
    }

    private void updateBreadcrumb(CallTree.Node node) {
        Link breadcrumb = fBreadcrumb;
        if (breadcrumb == null) {
            return;
        }
        StringBuilder text = new StringBuilder("<a href=\"0\">").append(Messages.Sunburst_All).append("</a>"); //$NON-NLS-1$ //$NON-NLS-2$
        List<String> path = node.path();
        for (int i = 0; i < path.size(); i++) {
            String name = path.get(i).replace("&", "&&").replace("<", "&lt;"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
            text.append(" \u203a "); //$NON-NLS-1$
            text.append(i == path.size() - 1 ? name : "<a href=\"" + (i + 1) + "\">" + name + "</a>"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        }
        breadcrumb.setText(text.toString());
        breadcrumb.getParent().layout(true);
    }

    /** Back to the ancestor at a depth of the centre's path. */
    private void zoomOut(int depth) {
        SunburstCanvas main = fMain;
        CallTree.Node focus = main != null ? main.getFocus() : null;
        if (main == null || focus == null) {
            return;
        }
        while (focus.depth() > depth && focus.parent() != null) {
            focus = focus.parent();
        }
        main.focus(focus);
    }

    private void updateStatus() {
        Label status = fStatus;
        ITmfTrace trace = fTrace;
        CallTree tree = fTree;
        if (status == null) {
            return;
        }
        if (trace == null || tree == null) {
            status.setText(Messages.Sunburst_Empty);
            return;
        }
        String text = String.format(Messages.Sunburst_Status, Path.of(trace.getPath()).getFileName(), tree.root().total(), tree.nodes().size());
        Comparison comparison = fComparison;
        if (comparison != null) {
            text += String.format(Messages.Sunburst_StatusCompared, comparison.file().getFileName(), comparison.tree().root().total(), comparison.changed());
        }
        status.setText(text);
    }

    /** Trace Compass's own File > Open Trace: the profile opens as a trace, which the view then shows. */
    private void openTrace() {
        try {
            getSite().getService(IHandlerService.class).executeCommand(OPEN_TRACE_COMMAND, null);
        } catch (CommandException e) {
            MessageDialog.openError(getSite().getShell(), Messages.Sunburst_Title, e.getMessage());
        }
    }

    private void chooseComparison() {
        FileDialog dialog = new FileDialog(getSite().getShell(), SWT.OPEN);
        dialog.setText(Messages.Sunburst_Compare);
        String file = dialog.open();
        if (file != null) {
            compare(Path.of(file));
        }
    }

    private void exportPng() {
        SunburstCanvas main = fMain;
        if (main == null || main.getTree() == null) {
            return;
        }
        String file = saveDialog("*.png"); //$NON-NLS-1$
        if (file != null) {
            savePng(Path.of(file));
        }
    }

    /**
     * Saves what the main sunburst shows as a PNG image.
     *
     * @param file
     *            where
     */
    public void savePng(Path file) {
        SunburstCanvas main = fMain;
        if (main == null) {
            return;
        }
        Image image = main.snapshot();
        try {
            ImageLoader loader = new ImageLoader();
            loader.data = new org.eclipse.swt.graphics.ImageData[] { image.getImageData() };
            loader.save(file.toString(), SWT.IMAGE_PNG);
        } finally {
            image.dispose();
        }
    }

    private void exportFolded() {
        SunburstCanvas main = fMain;
        CallTree tree = main != null ? main.getTree() : null;
        if (tree == null) {
            return;
        }
        String file = saveDialog("*.folded"); //$NON-NLS-1$
        if (file == null) {
            return;
        }
        try (Writer out = Files.newBufferedWriter(Path.of(file), StandardCharsets.UTF_8)) {
            FoldedStacks.write(tree, out);
        } catch (IOException e) {
            MessageDialog.openError(getSite().getShell(), Messages.Sunburst_Title, file + ": " + e.getMessage()); //$NON-NLS-1$
        }
    }

    private @Nullable String saveDialog(String extension) {
        FileDialog dialog = new FileDialog(getSite().getShell(), SWT.SAVE);
        dialog.setFilterExtensions(new String[] { extension });
        dialog.setOverwrite(true);
        return dialog.open();
    }

    /** @return the whole-run tree of the profile compared with the one shown, once fetched; null without one */
    public @Nullable CallTree getComparison() {
        Comparison comparison = fComparison;
        return comparison != null ? comparison.tree() : null;
    }

    /** @return the main sunburst (the differential one in that mode) */
    public @Nullable SunburstCanvas getMainCanvas() {
        return fMain;
    }

    private List<SunburstCanvas> canvases() {
        List<SunburstCanvas> canvases = new ArrayList<>();
        if (fMain != null) {
            canvases.add(fMain);
        }
        if (fOther != null) {
            canvases.add(fOther);
        }
        return canvases;
    }

    /** @return the legend beside the sunburst */
    public @Nullable SunburstLegend getLegend() {
        return fLegend;
    }

    /** @return the selected arc's details beside the sunburst */
    public @Nullable CalleeTable getDetails() {
        return fDetails;
    }

    @Override
    public void dispose() {
        FlameGraphLink flameGraph = fFlameGraph;
        if (flameGraph != null) {
            flameGraph.dispose();
        }
        super.dispose();
    }

    @Override
    public void setFocus() {
        SunburstCanvas main = fMain;
        if (main != null) {
            main.setFocus();
        }
    }
}
