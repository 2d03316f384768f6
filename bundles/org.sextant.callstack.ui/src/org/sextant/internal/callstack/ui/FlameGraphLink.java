// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.callstack.ui;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.viewers.ISelection;
import org.eclipse.jface.viewers.ISelectionProvider;
import org.eclipse.jface.viewers.IStructuredSelection;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.TimeGraphViewer;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.ITimeEvent;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.ITimeGraphEntry;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.widgets.TimeGraphControl;
import org.eclipse.ui.ISelectionListener;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchPart;

/**
 * Keeps the sunburst's selection and Trace Compass's Flame Graph view's in step, through public API only: the flame
 * graph makes its time graph control the selection provider of its site, whose selection is the row (a call depth)
 * and the box (a function on one call path, an {@link ITimeEvent}, labelled with the function's name) under the
 * selected time. A box's call path is the boxes that enclose it on the rows above; the sunburst's call path is found
 * the same way to select its box there.
 */
final class FlameGraphLink implements ISelectionListener {

    /** Trace Compass's Flame Graph view. */
    static final String FLAME_GRAPH = "org.eclipse.tracecompass.internal.analysis.timing.ui.flamegraph.flamegraphView"; //$NON-NLS-1$

    private final IWorkbenchPage fPage;
    private final Consumer<List<String>> fSelected;
    /** The path last exchanged, either way: the selection coming back from the other view is not sent again. */
    private @Nullable List<String> fLast;

    /**
     * @param page
     *            the page of both views
     * @param selected
     *            told the call path selected in the flame graph
     */
    FlameGraphLink(IWorkbenchPage page, Consumer<List<String>> selected) {
        fPage = page;
        fSelected = selected;
        page.addPostSelectionListener(FLAME_GRAPH, this);
    }

    void dispose() {
        fPage.removePostSelectionListener(FLAME_GRAPH, this);
    }

    @Override
    public void selectionChanged(IWorkbenchPart part, ISelection selection) {
        TimeGraphControl control = control(part);
        if (control == null || !(selection instanceof IStructuredSelection structured)) {
            return;
        }
        for (Object element : structured.toList()) {
            if (element instanceof ITimeEvent event) {
                List<String> path = path(control, event);
                if (path != null && !path.equals(fLast)) {
                    fLast = path;
                    fSelected.accept(path);
                }
                return;
            }
        }
    }

    /**
     * Selects a call path's box in the flame graph, when the view is open and shows such a path.
     *
     * @param path
     *            function names from the root
     * @return whether a box was selected
     */
    boolean show(List<String> path) {
        IViewPart view = fPage.findView(FLAME_GRAPH);
        TimeGraphControl control = view != null ? control(view) : null;
        if (control == null || path.isEmpty() || path.equals(fLast) || !(control.getTimeDataProvider() instanceof TimeGraphViewer viewer)) {
            return false;
        }
        Object input = viewer.getInput();
        if (input == null) {
            return false;
        }
        // a row per thread, and under it a row per call depth
        ITimeGraphEntry[] roots = viewer.getTimeGraphContentProvider().getElements(input);
        for (ITimeGraphEntry root : roots) {
            List<? extends ITimeGraphEntry> depths = root.getChildren();
            ITimeEvent found = find(control, depths, path, 0, Long.MIN_VALUE, Long.MAX_VALUE);
            if (found != null) {
                fLast = path;
                viewer.setSelectedEvent(found, this);
                return true;
            }
        }
        return false;
    }

    private static @Nullable TimeGraphControl control(IWorkbenchPart part) {
        ISelectionProvider provider = part.getSite().getSelectionProvider();
        return provider instanceof TimeGraphControl control ? control : null;
    }

    /** The box on row {@code depth} named {@code path[depth]} within a time range, and its callees down the path. */
    private static @Nullable ITimeEvent find(TimeGraphControl control, List<? extends ITimeGraphEntry> depths, List<String> path, int depth, long start,
            long end) {
        if (depth >= depths.size()) {
            return null;
        }
        Iterator<? extends ITimeEvent> events = depths.get(depth).getTimeEventsIterator();
        while (events != null && events.hasNext()) {
            ITimeEvent event = events.next();
            if (event.getTime() < start || event.getTime() >= end || !path.get(depth).equals(name(control, event))) {
                continue;
            }
            if (depth == path.size() - 1) {
                return event;
            }
            ITimeEvent below = find(control, depths, path, depth + 1, event.getTime(), event.getTime() + event.getDuration());
            if (below != null) {
                return below;
            }
        }
        return null;
    }

    /** @return a box's call path: the names of the boxes enclosing it on the rows above, or null when not a flame graph's */
    private static @Nullable List<String> path(TimeGraphControl control, ITimeEvent event) {
        ITimeGraphEntry row = event.getEntry();
        ITimeGraphEntry parent = row != null ? row.getParent() : null;
        if (parent == null) {
            return null;
        }
        List<String> path = new ArrayList<>();
        for (ITimeGraphEntry depth : parent.getChildren()) {
            ITimeEvent enclosing = depth == row ? event : enclosing(depth, event.getTime());
            if (enclosing == null) {
                return null;
            }
            path.add(name(control, enclosing));
            if (depth == row) {
                return path;
            }
        }
        return null;
    }

    /** @return a box's function: its label, or what the presentation provider names it */
    static String name(TimeGraphControl control, ITimeEvent event) {
        String label = event.getLabel();
        return Objects.requireNonNullElse(label != null ? label : control.getTimeGraphProvider().getEventName(event), ""); //$NON-NLS-1$
    }

    private static @Nullable ITimeEvent enclosing(ITimeGraphEntry row, long time) {
        Iterator<? extends ITimeEvent> events = row.getTimeEventsIterator();
        while (events != null && events.hasNext()) {
            ITimeEvent event = events.next();
            if (event.getTime() <= time && time < event.getTime() + event.getDuration()) {
                return event;
            }
        }
        return null;
    }
}
