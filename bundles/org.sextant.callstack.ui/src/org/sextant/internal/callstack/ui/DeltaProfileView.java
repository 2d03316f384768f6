// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.callstack.ui;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.Status;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.swt.SWT;
import org.eclipse.swt.custom.SashForm;
import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.layout.GridData;
import org.eclipse.swt.layout.GridLayout;
import org.eclipse.swt.widgets.Button;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Label;
import org.eclipse.swt.widgets.Table;
import org.eclipse.swt.widgets.TableColumn;
import org.eclipse.swt.widgets.TableItem;
import org.eclipse.swt.widgets.Text;
import org.eclipse.tracecompass.tmf.core.signal.TmfSignalHandler;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceClosedSignal;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceSelectedSignal;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceManager;
import org.eclipse.tracecompass.tmf.ui.views.TmfView;
import org.sextant.callstack.core.CallProfileTrace;
import org.sextant.callstack.model.DeltaProfiler;
import org.sextant.internal.callstack.core.DataProviders;
import org.sextant.internal.callstack.core.DeltaProfileDataProvider;
import org.sextant.internal.callstack.core.DeltaProfileEntry;

/**
 * The delta profile of the selected instruction flow: the distributions of the time and of the instruction
 * count between the start and end instructions (pushf/cli ... popf/sti unless the pattern field says other
 * mnemonics, in the headless {@code --pattern}'s syntax), as histogram tables with a bar per bin, and the
 * longest sections with the line of the input where each opened. What it shows comes from the delta-profile data
 * provider, fetched in the background.
 */
public class DeltaProfileView extends TmfView {

    /** The view's id. */
    public static final String ID = "org.sextant.callstack.ui.deltas"; //$NON-NLS-1$

    private static final int BAR = 40;

    private @Nullable Text fPatternText;
    private @Nullable Label fPatternError;
    private @Nullable Label fSummary;
    private @Nullable Table fTimes;
    private @Nullable Table fInstructions;
    private @Nullable Table fLongest;
    /** The pattern the tables show. */
    private DeltaProfiler.Pattern fPattern = DeltaProfiler.Pattern.INTERRUPTS;
    private @Nullable ITmfTrace fTrace;
    /** The provider's answer for the default pattern, which the trace was read with: shown again at once. */
    private @Nullable List<DeltaProfileEntry> fDefault;
    private @Nullable Job fReading;

    /** The view, empty until an instruction flow is selected. */
    public DeltaProfileView() {
        super(ID);
    }

    @Override
    public void createPartControl(@Nullable Composite parent) {
        super.createPartControl(parent);
        Composite top = new Composite(parent, SWT.NONE);
        top.setLayout(new GridLayout(1, false));
        Composite bar = new Composite(top, SWT.NONE);
        bar.setLayout(new GridLayout(3, false));
        bar.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        new Label(bar, SWT.NONE).setText(Messages.Deltas_Pattern);
        Text patternText = new Text(bar, SWT.BORDER | SWT.SINGLE);
        patternText.setText(fPattern.text());
        patternText.setToolTipText(Messages.Deltas_PatternTip);
        patternText.setLayoutData(new GridData(SWT.FILL, SWT.CENTER, true, false));
        patternText.addListener(SWT.DefaultSelection, e -> applyPattern(patternText.getText()));
        Button apply = new Button(bar, SWT.PUSH);
        apply.setText(Messages.Deltas_Apply);
        apply.addListener(SWT.Selection, e -> applyPattern(patternText.getText()));
        Label patternError = new Label(top, SWT.WRAP);
        patternError.setForeground(parent.getDisplay().getSystemColor(SWT.COLOR_RED));
        GridData errorData = new GridData(SWT.FILL, SWT.TOP, true, false);
        errorData.exclude = true;
        patternError.setLayoutData(errorData);
        patternError.setVisible(false);
        Label summary = new Label(top, SWT.WRAP);
        summary.setLayoutData(new GridData(SWT.FILL, SWT.TOP, true, false));
        SashForm sash = new SashForm(top, SWT.HORIZONTAL);
        sash.setLayoutData(new GridData(SWT.FILL, SWT.FILL, true, true));
        fTimes = table(sash, Messages.Deltas_TimeRange, Messages.Deltas_Count, Messages.Deltas_Bar);
        fInstructions = table(sash, Messages.Deltas_InstructionRange, Messages.Deltas_Count, Messages.Deltas_Bar);
        fLongest = table(sash, Messages.Deltas_Line, Messages.Deltas_Thread, Messages.Deltas_Time, Messages.Deltas_Instructions);
        fPatternText = patternText;
        fPatternError = patternError;
        fSummary = summary;
        ITmfTrace trace = TmfTraceManager.getInstance().getActiveTrace();
        if (trace != null) {
            traceSelected(new TmfTraceSelectedSignal(this, trace));
        }
    }

    private static Table table(Composite parent, String... columns) {
        Composite box = new Composite(parent, SWT.NONE);
        box.setLayout(new FillLayout());
        Table table = new Table(box, SWT.BORDER | SWT.FULL_SELECTION | SWT.V_SCROLL);
        table.setHeaderVisible(true);
        for (String name : columns) {
            new TableColumn(table, SWT.LEFT).setText(name);
        }
        return table;
    }

    /**
     * Shows the delta profile of a selected call-profile trace.
     *
     * @param signal
     *            the selection
     */
    @TmfSignalHandler
    public void traceSelected(TmfTraceSelectedSignal signal) {
        if (signal.getTrace() instanceof CallProfileTrace trace && trace != fTrace) {
            fTrace = trace;
            fDefault = null;
            showWithPattern();
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
            fTrace = null;
            fDefault = null;
            showWithPattern();
        }
    }

    /**
     * Shows the delta profile of another pattern, as the pattern field does: the selected profile is read again
     * with it (the trace's was read with the default pattern). A text that is no pattern is shown as an error
     * under the field, the tables left as they were.
     *
     * @param text
     *            start mnemonics and end mnemonics, each comma-separated, the two separated by a colon:
     *            {@code cli,pushf:sti,popf}
     * @return the job fetching the delta profile, or null when there is nothing to fetch (no trace selected, or
     *         the pattern the trace was read with, whose delta profile the view has, or a text that is no pattern)
     */
    public @Nullable Job applyPattern(String text) {
        Text patternText = fPatternText;
        if (patternText != null && !patternText.getText().equals(text)) {
            patternText.setText(text);
        }
        DeltaProfiler.Pattern pattern;
        try {
            pattern = DeltaProfiler.Pattern.parse(text);
        } catch (IllegalArgumentException e) {
            showPatternError(String.format(Messages.Deltas_BadPattern, text.strip()));
            return null;
        }
        showPatternError(null);
        fPattern = pattern;
        return showWithPattern();
    }

    /** @return the error shown under the pattern field, empty when there is none */
    public String getPatternError() {
        Label error = fPatternError;
        return error != null && error.getVisible() ? error.getText() : ""; //$NON-NLS-1$
    }

    private void showPatternError(@Nullable String message) {
        Label error = fPatternError;
        if (error == null) {
            return;
        }
        error.setText(message != null ? message : ""); //$NON-NLS-1$
        error.setVisible(message != null);
        ((GridData) error.getLayoutData()).exclude = message == null;
        error.getParent().layout(true);
    }

    /** Shows the selected trace's delta profile for the pattern, fetching it in the background if need be. */
    private @Nullable Job showWithPattern() {
        Job previous = fReading;
        if (previous != null) {
            previous.cancel();
            fReading = null;
        }
        ITmfTrace trace = fTrace;
        boolean byDefault = fPattern.equals(DeltaProfiler.Pattern.INTERRUPTS);
        List<DeltaProfileEntry> known = fDefault;
        if (trace == null || byDefault && known != null) {
            show(trace != null ? known : null);
            return null;
        }
        DeltaProfiler.Pattern pattern = fPattern;
        Path file = Path.of(trace.getPath()).getFileName();
        String reading = String.format(Messages.Deltas_Reading, file, pattern.text());
        Label summary = fSummary;
        if (summary != null && !byDefault) {
            summary.setText(reading);
        }
        Job job = Job.create(reading, (IProgressMonitor monitor) -> {
            List<DeltaProfileEntry> entries;
            try {
                entries = DataProviders.entries(trace, DeltaProfileDataProvider.ID, Map.of(DeltaProfileDataProvider.PATTERN_KEY, pattern.text()), monitor);
            } catch (CoreException e) {
                return e.getStatus().getSeverity() == IStatus.CANCEL ? Status.CANCEL_STATUS : e.getStatus();
            }
            getSite().getShell().getDisplay().asyncExec(() -> {
                // shown only if still wanted: the selection or the pattern may have changed meanwhile
                if (fTrace == trace && fPattern.equals(pattern) && !monitor.isCanceled()) {
                    if (byDefault) {
                        fDefault = entries;
                    }
                    show(entries);
                }
            });
            return Status.OK_STATUS;
        });
        fReading = job;
        job.schedule();
        return job;
    }

    /** Shows the delta-profile provider's entries, or that there is nothing to show. */
    private void show(@Nullable List<DeltaProfileEntry> entries) {
        Label summary = fSummary;
        Table times = fTimes;
        Table instructions = fInstructions;
        Table longest = fLongest;
        ITmfTrace trace = fTrace;
        if (summary == null || times == null || instructions == null || longest == null) {
            return;
        }
        DeltaProfileEntry profile = entries != null ? entries.get(0) : null;
        if (entries == null || trace == null || profile == null || profile.count() == 0) {
            summary.setText(Messages.Deltas_Empty);
            times.removeAll();
            instructions.removeAll();
            longest.removeAll();
            return;
        }
        longest.removeAll();
        long unmatched = 0;
        for (DeltaProfileEntry entry : entries) {
            DeltaProfiler.Histogram histogram = entry.histogram();
            DeltaProfiler.Pair pair = entry.section();
            if (entry.kind() == DeltaProfileEntry.Kind.UNMATCHED_ENDS) {
                unmatched = entry.count();
            } else if (histogram != null) {
                fill(entry.kind() == DeltaProfileEntry.Kind.TIME_HISTOGRAM ? times : instructions, histogram);
            } else if (pair != null) {
                new TableItem(longest, SWT.NONE).setText(new String[] { Long.toString(pair.position()), Long.toString(pair.thread()),
                        String.format("%,d", pair.time()), String.format("%,d", pair.instructions()) }); //$NON-NLS-1$ //$NON-NLS-2$
            }
        }
        summary.setText(String.format(Messages.Deltas_Summary, Path.of(trace.getPath()).getFileName(), profile.count(), profile.getName(), unmatched));
        pack(times, instructions, longest);
        summary.getParent().layout(true);
    }

    private static void fill(Table table, DeltaProfiler.Histogram histogram) {
        table.removeAll();
        long max = 1;
        for (long count : histogram.counts()) {
            max = Math.max(max, count);
        }
        for (int bin = 0; bin < histogram.counts().length; bin++) {
            long low = histogram.min() + bin * histogram.width();
            long count = histogram.counts()[bin];
            String range = histogram.width() == 1 ? String.format("%,d", low) : String.format("%,d - %,d", low, low + histogram.width() - 1); //$NON-NLS-1$ //$NON-NLS-2$
            new TableItem(table, SWT.NONE).setText(new String[] { range, Long.toString(count), "\u2588".repeat((int) (BAR * count / max)) }); //$NON-NLS-1$
        }
    }

    private static void pack(Table... tables) {
        for (Table table : tables) {
            for (TableColumn column : table.getColumns()) {
                column.pack();
            }
        }
    }

    /** @return the table of the longest sections, once the view is created */
    public Table getLongest() {
        Table longest = fLongest;
        if (longest == null) {
            throw new IllegalStateException("the view is not created"); //$NON-NLS-1$
        }
        return longest;
    }

    @Override
    public void setFocus() {
        Table longest = fLongest;
        if (longest != null) {
            longest.setFocus();
        }
    }
}
