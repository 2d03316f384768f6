// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.count.core;

import java.text.MessageFormat;
import java.util.List;

import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.exceptions.StateSystemDisposedException;
import org.eclipse.tracecompass.tmf.core.statesystem.ITmfAnalysisModuleWithStateSystems;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.common.core.SummaryDataProvider;
import org.sextant.count.model.CountSummary;

/**
 * The event count of the whole trace as a data tree: the trace's entry with all events and the times of the
 * first and last; under it the events of each CPU (keyed by CPU number) and of each event type (keyed by name).
 * Columns: name, events, first event, last event (nanoseconds).
 */
public class EventCountSummaryDataProvider extends SummaryDataProvider {

    /** The data provider id, as registered in plugin.xml. */
    public static final String ID = "org.sextant.count.core.summary"; //$NON-NLS-1$
    /** The key of the group of CPUs. */
    public static final String CPUS = "cpus"; //$NON-NLS-1$
    /** The key of the group of event types. */
    public static final String EVENT_TYPES = "event types"; //$NON-NLS-1$
    /** The column of the events, after the name. */
    public static final int EVENTS = 0;
    /** The column of the first event's time (trace entry only). */
    public static final int START = 1;
    /** The column of the last event's time (trace entry only). */
    public static final int END = 2;

    /**
     * @param trace
     *            the trace
     * @param module
     *            its event count module, serial or parallel, scheduled
     */
    public EventCountSummaryDataProvider(ITmfTrace trace, ITmfAnalysisModuleWithStateSystems module) {
        super(trace, module, List.of(Messages.EventCount_Name, Messages.EventCount_Events, Messages.EventCount_Start, Messages.EventCount_End));
    }

    @Override
    public String getId() {
        return ID;
    }

    @Override
    protected void addRows(ITmfStateSystem ss, Rows rows) throws StateSystemDisposedException {
        CountSummary summary = CountSummaries.read(ss);
        rows.trace(summary.events(), summary.start(), summary.end());
        long cpus = rows.add(rows.root(), Messages.EventCount_Cpus, CPUS);
        summary.perCpu().forEach((cpu, events) -> rows.add(cpus, MessageFormat.format(Messages.EventCount_Cpu, String.valueOf(cpu)), cpu, events));
        long types = rows.add(rows.root(), Messages.EventCount_EventTypes, EVENT_TYPES);
        summary.perType().forEach((type, events) -> rows.add(types, type, type, events));
    }
}
