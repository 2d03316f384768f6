// SPDX-License-Identifier: EPL-2.0
package org.sextant.test.support.ui;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.TreeSet;
import java.util.function.BooleanSupplier;

import org.eclipse.core.resources.IProject;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.core.runtime.preferences.InstanceScope;
import org.eclipse.jface.dialogs.MessageDialogWithToggle;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.ImageData;
import org.eclipse.swt.graphics.ImageLoader;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Control;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Event;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfOpenTraceHelper;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfProjectElement;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfProjectRegistry;
import org.eclipse.tracecompass.tmf.ui.views.timegraph.AbstractTimeGraphView;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.TimeGraphViewer;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.ITimeEvent;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.ITimeGraphEntry;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.NamedTimeEvent;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.widgets.TimeGraphControl;
import org.eclipse.ui.IViewPart;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.PlatformUI;

/**
 * Workbench operations for UI tests. Every method must be called on the UI thread (the tier runs with
 * {@code useUIThread}); waits spin the SWT event loop so that the workbench keeps painting and running
 * asynchronous work meanwhile.
 */
public final class WorkbenchDriver {

    /** Trace Compass's preference (in org.eclipse.tracecompass.tmf.ui) behind the "switch perspective?" prompt. */
    private static final String SWITCH_TO_PERSPECTIVE = "SWITCH_TO_PERSPECTIVE"; //$NON-NLS-1$
    private static final String TMF_UI = "org.eclipse.tracecompass.tmf.ui"; //$NON-NLS-1$
    private static final String PROJECT = "Sextant"; //$NON-NLS-1$

    private WorkbenchDriver() {
    }

    /** Answers "always" for Trace Compass's perspective switch, so opening a trace shows no dialog. */
    public static void neverAskToSwitchPerspective() {
        InstanceScope.INSTANCE.getNode(TMF_UI).put(SWITCH_TO_PERSPECTIVE, MessageDialogWithToggle.ALWAYS);
    }

    /** The workbench window, maximised to the whole display (Xvfb has no window manager to do it). */
    public static IWorkbenchWindow window() {
        IWorkbenchWindow window = PlatformUI.getWorkbench().getWorkbenchWindows()[0];
        Shell shell = window.getShell();
        shell.setBounds(shell.getDisplay().getBounds());
        return window;
    }

    /**
     * Opens a trace through Trace Compass's project model (as File > Open Trace does) and waits until it is
     * the active trace.
     *
     * @param path
     *            the trace
     * @param traceTypeId
     *            the trace type to open it with
     * @return the opened trace
     * @throws CoreException
     *             when the project or the trace link cannot be created
     */
    public static ITmfTrace openTrace(Path path, String traceTypeId) throws CoreException {
        neverAskToSwitchPerspective();
        IProject project = TmfProjectRegistry.createProject(PROJECT, null, new NullProgressMonitor());
        TmfProjectElement element = TmfProjectRegistry.getProject(project, true);
        if (element == null) {
            throw new IllegalStateException("no Trace Compass project model for " + PROJECT); //$NON-NLS-1$
        }
        IStatus status = TmfOpenTraceHelper.openTraceFromPath(element.getTracesFolder(), path.toString(), window().getShell(), traceTypeId);
        if (!status.isOK()) {
            throw new IllegalStateException("cannot open " + path + ": " + status.getMessage()); //$NON-NLS-1$ //$NON-NLS-2$
        }
        // another test's trace may be the active one until this one's editor comes up
        waitUntil(() -> isActive(path), Duration.ofSeconds(60), "the trace to open"); //$NON-NLS-1$
        ITmfTrace trace = TmfTraceManager.getInstance().getActiveTrace();
        if (trace == null) {
            throw new IllegalStateException("no active trace"); //$NON-NLS-1$
        }
        return trace;
    }

    private static boolean isActive(Path path) {
        ITmfTrace active = TmfTraceManager.getInstance().getActiveTrace();
        return active != null && active.getPath() != null
                && Path.of(active.getPath()).toAbsolutePath().normalize().equals(path.toAbsolutePath().normalize());
    }

    /**
     * Shows a view in the active page.
     *
     * @param id
     *            the view id
     * @return the view
     * @throws PartInitException
     *             when the view cannot be created
     */
    public static IViewPart showView(String id) throws PartInitException {
        return window().getActivePage().showView(id);
    }

    /**
     * Shows a time graph view maximized, waits until more than one of its rows has states, expands every row and
     * saves a screenshot.
     *
     * @param id
     *            the view id
     * @param screenshot
     *            the screenshot's file name, in {@link #screenshotFile}'s folder
     * @param timeout
     *            how long to wait for the rows
     * @return the view's time graph
     * @throws Exception
     *             when the view cannot be shown or the screenshot written
     */
    public static TimeGraphViewer showTimeGraph(String id, String screenshot, Duration timeout) throws Exception {
        AbstractTimeGraphView view = (AbstractTimeGraphView) showView(id);
        TimeGraphViewer viewer = view.getTimeGraphViewer();
        IWorkbenchPage page = window().getActivePage();
        page.setPartState(page.getReference(view), IWorkbenchPage.STATE_MAXIMIZED);
        waitUntil(() -> rowsWithStates(viewer).size() > 1, timeout, "rows of " + id + " to be drawn"); //$NON-NLS-1$ //$NON-NLS-2$
        viewer.expandAll();
        screenshotMaximized(view, screenshot, timeout);
        return viewer;
    }

    /**
     * Saves a screenshot of a view maximized, once background jobs are done, and restores it.
     *
     * @param view
     *            the view
     * @param screenshot
     *            the screenshot's file name, in {@link #screenshotFile}'s folder
     * @param timeout
     *            how long to wait for the jobs
     * @throws Exception
     *             when the screenshot cannot be written
     */
    public static void screenshotMaximized(IViewPart view, String screenshot, Duration timeout) throws Exception {
        IWorkbenchPage page = window().getActivePage();
        page.setPartState(page.getReference(view), IWorkbenchPage.STATE_MAXIMIZED);
        waitForJobs(timeout);
        screenshot(screenshotFile(screenshot));
        page.setPartState(page.getReference(view), IWorkbenchPage.STATE_RESTORED);
    }

    /**
     * @param viewer
     *            a time graph viewer
     * @return the names of its entries, children included, that have at least one state to draw
     */
    public static TreeSet<String> rowsWithStates(TimeGraphViewer viewer) {
        TreeSet<String> names = new TreeSet<>();
        for (ITimeGraphEntry entry : entries(viewer)) {
            Iterator<? extends ITimeEvent> events = entry.getTimeEventsIterator();
            if (events != null && events.hasNext()) {
                names.add(entry.getName());
            }
        }
        return names;
    }

    /**
     * @param name
     *            a screenshot's file name
     * @return where it goes: under {@code sextant.screenshots} (docs/images with tools/screenshots.sh)
     */
    public static Path screenshotFile(String name) {
        return Path.of(System.getProperty("sextant.screenshots", "target/screenshots"), name); //$NON-NLS-1$ //$NON-NLS-2$
    }

    /**
     * @param viewer
     *            a time graph viewer
     * @return the labels of the states drawn in it, every entry's (a flame chart's function or region names)
     */
    public static TreeSet<String> labels(TimeGraphViewer viewer) {
        TreeSet<String> labels = new TreeSet<>();
        for (ITimeGraphEntry entry : entries(viewer)) {
            Iterator<? extends ITimeEvent> events = entry.getTimeEventsIterator();
            while (events != null && events.hasNext()) {
                if (events.next() instanceof NamedTimeEvent named && named.getLabel() != null) {
                    labels.add(named.getLabel());
                }
            }
        }
        return labels;
    }

    /**
     * @param viewer
     *            a time graph viewer
     * @return every entry of the viewer, depth first, the collapsed ones' children included
     */
    public static List<ITimeGraphEntry> entries(TimeGraphViewer viewer) {
        List<ITimeGraphEntry> all = new ArrayList<>();
        Object input = viewer.getInput();
        if (input != null) {
            for (ITimeGraphEntry root : viewer.getTimeGraphContentProvider().getElements(input)) {
                collect(root, all);
            }
        }
        return all;
    }

    private static void collect(ITimeGraphEntry entry, List<ITimeGraphEntry> all) {
        all.add(entry);
        for (ITimeGraphEntry child : entry.getChildren()) {
            collect(child, all);
        }
    }

    /**
     * Clicks a time graph's row at a time, as the user's mouse does: scrolls the row into view, then sends the
     * time graph's control the mouse events of a click at that point, which its own handlers (Trace Compass's)
     * process; SWTBot clicks canvases the same way. ({@code Display.post} would go through the X server, but SWT
     * 3.114 on GTK delivers the button events it posts at (0, 0) of the control under the pointer.) Waits until
     * the row is selected and Trace Compass has told its listeners, which it does 400 ms after a click.
     *
     * @param viewer
     *            a time graph viewer, showing
     * @param row
     *            one of its rows, its parents expanded
     * @param time
     *            a time within the viewer's window
     * @param timeout
     *            how long to wait for the row to be selected
     */
    public static void click(TimeGraphViewer viewer, ITimeGraphEntry row, long time, Duration timeout) {
        TimeGraphControl control = viewer.getTimeGraphControl();
        clickAt(viewer, row, control.getXForTime(time) - control.getBounds().x, timeout);
    }

    /**
     * Clicks, as {@link #click} does, a time graph's row on its name: the row alone is selected, not a time.
     *
     * @param viewer
     *            a time graph viewer, showing
     * @param row
     *            one of its rows without children, its parents expanded
     * @param timeout
     *            how long to wait for the row to be selected
     */
    public static void clickName(TimeGraphViewer viewer, ITimeGraphEntry row, Duration timeout) {
        clickAt(viewer, row, viewer.getNameSpace() / 2, timeout);
    }

    private static void clickAt(TimeGraphViewer viewer, ITimeGraphEntry row, int x, Duration timeout) {
        TimeGraphControl control = viewer.getTimeGraphControl();
        List<ITimeGraphEntry> shown = List.of(control.getExpandedElements());
        int index = shown.indexOf(row);
        if (index < 0) {
            throw new IllegalArgumentException(row.getName() + " is not an expanded row"); //$NON-NLS-1$
        }
        control.setTopIndex(Math.max(0, index - 2));
        spin(Duration.ofMillis(200));
        Rectangle bounds = control.getItemBounds(row);
        int y = bounds.y + bounds.height / 2;
        send(control, SWT.MouseMove, x, y, 0);
        send(control, SWT.MouseDown, x, y, 1);
        send(control, SWT.MouseUp, x, y, 1);
        waitUntil(() -> viewer.getSelection() == row, timeout, "the click to select " + row.getName()); //$NON-NLS-1$
        spin(Duration.ofMillis(1000));
    }

    private static void send(Control control, int type, int x, int y, int button) {
        Event event = new Event();
        event.x = x;
        event.y = y;
        event.button = button;
        event.count = button == 0 ? 0 : 1;
        event.time = (int) System.currentTimeMillis();
        control.notifyListeners(type, event);
        spin(Duration.ofMillis(50));
    }

    /**
     * Spins the event loop until the condition holds, closing any modal dialog that appears meanwhile.
     *
     * @param condition
     *            what to wait for
     * @param timeout
     *            how long at most
     * @param what
     *            what is awaited, for the failure message
     */
    public static void waitUntil(BooleanSupplier condition, Duration timeout, String what) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out after " + timeout.toSeconds() + " s waiting for " + what); //$NON-NLS-1$ //$NON-NLS-2$
            }
            closeModalDialogs();
            spin(Duration.ofMillis(50));
        }
    }

    /**
     * Spins until no job is running or waiting (sleeping jobs, such as periodic refreshes, do not count).
     *
     * @param timeout
     *            how long at most
     */
    public static void waitForJobs(Duration timeout) {
        waitUntil(() -> Job.getJobManager().isIdle(), timeout, "background jobs to finish"); //$NON-NLS-1$
    }

    /**
     * Processes UI events for a while.
     *
     * @param duration
     *            how long
     */
    public static void spin(Duration duration) {
        Display display = Display.getCurrent();
        long end = System.nanoTime() + duration.toNanos();
        while (System.nanoTime() < end) {
            if (!display.readAndDispatch()) {
                display.timerExec(10, () -> { /* wake the loop */ });
                display.sleep();
            }
        }
    }

    /**
     * Closes the modal dialogs in front of the workbench, which would otherwise block a test forever.
     *
     * @return the titles of the dialogs closed
     */
    public static List<String> closeModalDialogs() {
        List<String> closed = new ArrayList<>();
        Display display = Display.getCurrent();
        for (Shell shell : display.getShells()) {
            boolean modal = (shell.getStyle() & (SWT.APPLICATION_MODAL | SWT.PRIMARY_MODAL | SWT.SYSTEM_MODAL)) != 0;
            if (modal && shell.isVisible() && !shell.isDisposed()) {
                closed.add(shell.getText());
                System.err.println("closing unexpected dialog: " + shell.getText()); //$NON-NLS-1$
                shell.close();
            }
        }
        return closed;
    }

    /**
     * Saves the whole display as a PNG file.
     *
     * @param file
     *            where to write
     * @throws Exception
     *             when the file cannot be written
     */
    public static void screenshot(Path file) throws Exception {
        Display display = Display.getCurrent();
        spin(Duration.ofMillis(500));
        Rectangle bounds = display.getBounds();
        Image image = new Image(display, bounds.width, bounds.height);
        GC gc = new GC(display);
        try {
            gc.copyArea(image, 0, 0);
            ImageLoader loader = new ImageLoader();
            loader.data = new ImageData[] { image.getImageData() };
            Files.createDirectories(file.toAbsolutePath().getParent());
            loader.save(file.toString(), SWT.IMAGE_PNG);
        } finally {
            gc.dispose();
            image.dispose();
        }
    }
}
