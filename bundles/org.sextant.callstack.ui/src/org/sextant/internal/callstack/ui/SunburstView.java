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
import org.eclipse.tracecompass.tmf.core.signal.TmfSignalHandler;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceClosedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceSelectedSignal;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.ui.views.TmfView;
import org.sextant.callstack.core.CallProfileTrace;
import org.sextant.callstack.core.Profiles;
import org.sextant.callstack.model.CallFlow;
import org.sextant.callstack.model.CallTree;
import org.sextant.callstack.model.CallTreeDiff;
import org.sextant.callstack.model.FoldedStacks;
import org.sextant.callstack.model.Profile;

/**
 * The call-stack sunburst: the call tree of the selected call-profile trace (or of a profile file opened here),
 * per scope and weight, with a breadcrumb back from a zoom, a search, colours by function or binary, and a
 * comparison with a second profile, side by side or as one differential sunburst.
 */
public class SunburstView extends TmfView {

    /** The view's id. */
    public static final String ID = "org.sextant.callstack.ui.sunburst"; //$NON-NLS-1$

    private @Nullable Profile fProfile;
    private @Nullable Profile fComparison;
    private boolean fDifferential;
    private @Nullable Action fDifferentialAction;

    private @Nullable Combo fScope;
    private @Nullable Combo fWeight;
    private @Nullable Combo fColour;
    private @Nullable Link fBreadcrumb;
    private @Nullable SashForm fSash;
    private @Nullable SunburstCanvas fMain;
    private @Nullable SunburstCanvas fOther;
    private @Nullable Label fStatus;
    private final List<CallFlow.Weight> fWeights = new ArrayList<>();
    private final List<String[]> fScopes = new ArrayList<>();

    /** The view, empty until a profile is selected or opened. */
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
        scope.addListener(SWT.Selection, e -> showTrees());
        new Label(bar, SWT.NONE).setText(Messages.Sunburst_Weight);
        Combo weight = new Combo(bar, SWT.READ_ONLY);
        weight.addListener(SWT.Selection, e -> showTrees());
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
        SashForm sash = new SashForm(top, SWT.HORIZONTAL);
        sash.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        SunburstCanvas main = new SunburstCanvas(sash);
        SunburstCanvas other = new SunburstCanvas(sash);
        main.setFocusListener(node -> followFocus(node, other));
        other.setFocusListener(node -> followFocus(node, main));
        sash.setMaximizedControl(main);
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
        fillToolBar(getViewSite().getActionBars().getToolBarManager());
        ITmfTrace trace = TmfTraceManager.getInstance().getActiveTrace();
        if (trace != null) {
            traceSelected(new TmfTraceSelectedSignal(this, trace));
        }
    }

    private void fillToolBar(IToolBarManager toolBar) {
        toolBar.add(action(Messages.Sunburst_Open, Messages.Sunburst_OpenTip, IAction.AS_PUSH_BUTTON, () -> chooseProfile(false)));
        toolBar.add(action(Messages.Sunburst_Compare, Messages.Sunburst_CompareTip, IAction.AS_PUSH_BUTTON, () -> chooseProfile(true)));
        Action differential = action(Messages.Sunburst_Differential, Messages.Sunburst_DifferentialTip, IAction.AS_CHECK_BOX,
                () -> setDifferential(!fDifferential));
        fDifferentialAction = differential;
        toolBar.add(differential);
        toolBar.add(action(Messages.Sunburst_ExportPng, Messages.Sunburst_ExportPngTip, IAction.AS_PUSH_BUTTON, this::exportPng));
        toolBar.add(action(Messages.Sunburst_ExportFolded, Messages.Sunburst_ExportFoldedTip, IAction.AS_PUSH_BUTTON, this::exportFolded));
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
     * Shows the profile of a selected call-profile trace.
     *
     * @param signal
     *            the selection
     */
    @TmfSignalHandler
    public void traceSelected(TmfTraceSelectedSignal signal) {
        if (signal.getTrace() instanceof CallProfileTrace trace) {
            Profile profile = trace.getProfile();
            if (profile != null) {
                show(profile, null);
            }
        }
    }

    /**
     * Forgets the profile of a closed trace.
     *
     * @param signal
     *            the closing
     */
    @TmfSignalHandler
    public void traceClosed(TmfTraceClosedSignal signal) {
        if (signal.getTrace() instanceof CallProfileTrace trace && trace.getProfile() == fProfile) {
            show(null, null);
        }
    }

    /**
     * Shows a profile, and a second one to compare it with.
     *
     * @param profile
     *            the profile, or null for none
     * @param comparison
     *            the profile to compare it with, or null
     */
    public void show(@Nullable Profile profile, @Nullable Profile comparison) {
        fProfile = profile;
        fComparison = comparison;
        Combo scope = fScope;
        Combo weight = fWeight;
        if (scope == null || weight == null) {
            return;
        }
        fWeights.clear();
        weight.removeAll();
        fScopes.clear();
        scope.removeAll();
        if (profile != null) {
            for (CallFlow.Weight w : CallFlow.Weight.values()) {
                if (profile.weights().contains(w)) {
                    fWeights.add(w);
                    weight.add(w == CallFlow.Weight.TIME ? Messages.Sunburst_Time : Messages.Sunburst_Instructions);
                }
            }
            for (CallFlow.Scope s : CallFlow.Scope.values()) {
                for (String key : profile.trees(s, fWeights.get(0)).keySet()) {
                    fScopes.add(new String[] { s.name(), key });
                    scope.add(s == CallFlow.Scope.ALL ? Messages.Sunburst_All : Profiles.scopeLabel(s, key));
                }
            }
            weight.select(0);
            scope.select(0);
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
        CallTree tree = selectedTree(fProfile);
        CallTree comparison = selectedTree(fComparison);
        String unit = selectedWeight() == CallFlow.Weight.TIME ? Messages.Sunburst_UnitTime : Messages.Sunburst_UnitInstructions;
        if (tree != null && comparison != null && fDifferential) {
            main.setTree(CallTreeDiff.union(tree, comparison), unit);
            sash.setMaximizedControl(main);
        } else {
            main.setTree(tree, unit);
            other.setTree(comparison, unit);
            sash.setMaximizedControl(comparison == null ? main : null);
        }
        applyColouring();
        updateStatus(tree, comparison);
    }

    private void applyColouring() {
        SunburstCanvas main = fMain;
        SunburstCanvas other = fOther;
        Combo colour = fColour;
        if (main == null || other == null || colour == null) {
            return;
        }
        CallTree tree = selectedTree(fProfile);
        CallTree comparison = selectedTree(fComparison);
        SunburstCanvas.Colouring colouring = colour.getSelectionIndex() == 1 ? SunburstCanvas.Colouring.BINARY : SunburstCanvas.Colouring.FUNCTION;
        if (tree != null && comparison != null && fDifferential) {
            // a caller whose total grew only through its callees keeps the neutral colour
            Map<List<String>, CallTreeDiff.Kind> kinds = new HashMap<>();
            for (CallTreeDiff.Change change : CallTreeDiff.changes(tree, comparison)) {
                CallTree.Node before = tree.find(change.path());
                CallTree.Node after = comparison.find(change.path());
                if (before == null || after == null || before.self() != after.self()) {
                    kinds.put(change.path(), change.kind());
                }
            }
            main.setColouring(SunburstCanvas.Colouring.DIFFERENCE, kinds);
        } else {
            main.setColouring(colouring, Map.of());
            other.setColouring(colouring, Map.of());
        }
    }

    private CallFlow.@Nullable Weight selectedWeight() {
        Combo weight = fWeight;
        return weight == null || weight.getSelectionIndex() < 0 ? null : fWeights.get(weight.getSelectionIndex());
    }

    /** The tree of the scope and weight chosen, in a profile; the comparison has only the whole-run tree. */
    private @Nullable CallTree selectedTree(@Nullable Profile profile) {
        CallFlow.Weight weight = selectedWeight();
        Combo scope = fScope;
        if (profile == null || weight == null || scope == null || scope.getSelectionIndex() < 0) {
            return null;
        }
        if (profile != fProfile) {
            return profile.weights().contains(weight) ? profile.tree(weight) : null;
        }
        String[] chosen = fScopes.get(scope.getSelectionIndex());
        return profile.trees(CallFlow.Scope.valueOf(chosen[0]), weight).get(chosen[1]);
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

    private void updateStatus(@Nullable CallTree tree, @Nullable CallTree comparison) {
        Label status = fStatus;
        Profile profile = fProfile;
        if (status == null) {
            return;
        }
        if (profile == null || tree == null) {
            status.setText(Messages.Sunburst_Empty);
            return;
        }
        String text = String.format(Messages.Sunburst_Status, profile.file().getFileName(), tree.root().total(), tree.nodes().size());
        Profile other = fComparison;
        if (other != null && comparison != null) {
            text += String.format(Messages.Sunburst_StatusCompared, other.file().getFileName(), comparison.root().total(),
                    CallTreeDiff.changes(tree, comparison).size());
        }
        status.setText(text);
    }

    private void chooseProfile(boolean comparison) {
        FileDialog dialog = new FileDialog(getSite().getShell(), SWT.OPEN);
        dialog.setText(comparison ? Messages.Sunburst_Compare : Messages.Sunburst_Open);
        String file = dialog.open();
        if (file != null) {
            load(Path.of(file), comparison);
        }
    }

    /**
     * Reads a profile file in the background and shows it, or compares the one shown with it.
     *
     * @param file
     *            a callgrind output, folded stacks, perf script of Intel PT or sptdecode text
     * @param comparison
     *            true to compare the profile shown with it
     * @return the job reading it
     */
    public Job load(Path file, boolean comparison) {
        Job job = Job.create(String.format(Messages.Sunburst_Reading, file.getFileName()), (IProgressMonitor monitor) -> {
            Profile profile;
            try {
                profile = Profiles.read(file, monitor);
            } catch (IOException e) {
                return new Status(IStatus.ERROR, ID, file + ": " + e.getMessage()); //$NON-NLS-1$
            } catch (Profiles.ProfileException e) {
                String message = e.getMessage();
                getSite().getShell().getDisplay().asyncExec(() -> MessageDialog.openError(getSite().getShell(), Messages.Sunburst_Title, message));
                return Status.OK_STATUS;
            }
            getSite().getShell().getDisplay().asyncExec(() -> {
                if (comparison && fProfile != null) {
                    show(fProfile, profile);
                } else {
                    show(profile, null);
                }
            });
            return Status.OK_STATUS;
        });
        job.schedule();
        return job;
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

    /** @return the profile compared with the one shown, or null */
    public @Nullable Profile getComparison() {
        return fComparison;
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

    @Override
    public void setFocus() {
        SunburstCanvas main = fMain;
        if (main != null) {
            main.setFocus();
        }
    }
}
