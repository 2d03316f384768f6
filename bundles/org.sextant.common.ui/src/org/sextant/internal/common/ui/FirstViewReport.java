// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.common.ui;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.swt.widgets.Display;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderManager;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphDataProvider;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphRowModel;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphModel;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataProvider;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.model.xy.ISeriesModel;
import org.eclipse.tracecompass.tmf.core.model.xy.ITmfXYDataProvider;
import org.eclipse.tracecompass.tmf.core.model.xy.ITmfXyModel;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.PlatformUI;

/**
 * The GUI's half of {@code tools/bench-first-view.sh}: once {@code ./sextant gui PATH} has opened its trace, shows a
 * view and asks the view's data provider, as the view does, for the trace's whole range until it answers
 * {@code COMPLETED} with data (an XY's series not all zero, a time graph's rows with states); then writes the
 * seconds since the start-up began opening the path, and the trace's event count then, to the report file as
 * one JSON object. Started only when the system property {@value #REPORT} names that file, with
 * {@value #VIEW} the view's id and {@value #PROVIDER} its data provider's.
 */
public final class FirstViewReport implements Runnable {

    /** The system property naming the report file. */
    public static final String REPORT = "sextant.firstView.report"; //$NON-NLS-1$
    /** The system property naming the view to show. */
    public static final String VIEW = "sextant.firstView.view"; //$NON-NLS-1$
    /** The system property naming the view's data provider. */
    public static final String PROVIDER = "sextant.firstView.provider"; //$NON-NLS-1$

    private static final long POLL_MILLIS = 100;
    private static final int SAMPLES = 100;

    private final Path fReport;
    private final String fView;
    private final String fProvider;
    private final long fStart;

    private FirstViewReport(Path report, String view, String provider, long start) {
        fReport = report;
        fView = view;
        fProvider = provider;
        fStart = start;
    }

    /**
     * Starts the report's thread when the system properties ask for it.
     *
     * @param start
     *            when the start-up began opening the path, in {@link System#nanoTime()}
     */
    public static void startIfAsked(long start) {
        String report = System.getProperty(REPORT);
        String view = System.getProperty(VIEW);
        String provider = System.getProperty(PROVIDER);
        if (report == null || view == null || provider == null) {
            return;
        }
        Thread thread = new Thread(new FirstViewReport(Path.of(report), view, provider, start), "sextant-first-view-report"); //$NON-NLS-1$
        thread.setDaemon(true);
        thread.start();
    }

    @Override
    public void run() {
        try {
            ITmfTrace trace;
            while ((trace = TmfTraceManager.getInstance().getActiveTrace()) == null) {
                Thread.sleep(POLL_MILLIS);
            }
            Display display = PlatformUI.getWorkbench().getDisplay();
            display.syncExec(this::showView);
            while (!filled(trace)) {
                Thread.sleep(POLL_MILLIS);
            }
            double seconds = (System.nanoTime() - fStart) / 1e9;
            String json = String.format(Locale.ROOT, "{\"filled_s\": %.2f, \"events_then\": %d}%n", seconds, trace.getNbEvents()); //$NON-NLS-1$
            Path partial = fReport.resolveSibling(fReport.getFileName() + ".partial"); //$NON-NLS-1$
            Files.writeString(partial, json, StandardCharsets.UTF_8);
            Files.move(partial, fReport, StandardCopyOption.ATOMIC_MOVE);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException e) {
            System.err.println("sextant: error: " + fReport + ": cannot be written: " + e.getMessage()); //$NON-NLS-1$ //$NON-NLS-2$
        }
    }

    private void showView() {
        IWorkbenchPage page = PlatformUI.getWorkbench().getActiveWorkbenchWindow().getActivePage();
        try {
            page.showView(fView);
        } catch (PartInitException e) {
            System.err.println("sextant: error: view " + fView + " cannot be shown: " + e.getMessage()); //$NON-NLS-1$ //$NON-NLS-2$
        }
    }

    /** Whether the provider answers the trace's whole range completed and with data. */
    private boolean filled(ITmfTrace trace) {
        ITmfTreeDataProvider<? extends ITmfTreeDataModel> provider = DataProviderManager.getInstance().getDataProvider(trace, fProvider, ITmfTreeDataProvider.class);
        if (provider == null) {
            return false;
        }
        long start = trace.getStartTime().toNanos();
        long end = trace.getEndTime().toNanos();
        List<Long> times = new ArrayList<>();
        for (int i = 0; i < SAMPLES; i++) {
            times.add(start + (end - start) * i / (SAMPLES - 1));
        }
        Map<String, Object> parameters = new HashMap<>();
        parameters.put(DataProviderParameterUtils.REQUESTED_TIME_KEY, times);
        TmfModelResponse<? extends TmfTreeModel<? extends ITmfTreeDataModel>> tree = provider.fetchTree(parameters, new NullProgressMonitor());
        TmfTreeModel<? extends ITmfTreeDataModel> model = tree.getModel();
        if (tree.getStatus() != ITmfResponse.Status.COMPLETED || model == null || model.getEntries().isEmpty()) {
            return false;
        }
        parameters.put(DataProviderParameterUtils.REQUESTED_ITEMS_KEY, model.getEntries().stream().map(ITmfTreeDataModel::getId).toList());
        if (provider instanceof ITmfXYDataProvider xy) {
            TmfModelResponse<ITmfXyModel> series = xy.fetchXY(parameters, new NullProgressMonitor());
            ITmfXyModel data = series.getModel();
            return series.getStatus() == ITmfResponse.Status.COMPLETED && data != null
                    && data.getSeriesData().stream().anyMatch(FirstViewReport::nonZero);
        }
        if (provider instanceof ITimeGraphDataProvider<?> graph) {
            TmfModelResponse<TimeGraphModel> rows = graph.fetchRowModel(parameters, new NullProgressMonitor());
            @Nullable TimeGraphModel data = rows.getModel();
            return rows.getStatus() == ITmfResponse.Status.COMPLETED && data != null
                    && data.getRows().stream().map(ITimeGraphRowModel::getStates).anyMatch(states -> !states.isEmpty());
        }
        return true;
    }

    private static boolean nonZero(ISeriesModel series) {
        for (double y : series.getData()) {
            if (y != 0) {
                return true;
            }
        }
        return false;
    }
}
