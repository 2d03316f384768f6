// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.otf2.core;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.analysis.profiling.core.callstack.CallStackStateProvider;
import org.eclipse.tracecompass.statesystem.core.statevalue.ITmfStateValue;
import org.eclipse.tracecompass.statesystem.core.statevalue.TmfStateValue;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.sextant.otf2.core.Otf2TmfEvent;
import org.sextant.otf2.core.Otf2Trace;
import org.sextant.otf2.model.Otf2Definitions;
import org.sextant.otf2.model.Otf2Event;
import org.sextant.otf2.model.Otf2EventType;

/**
 * The call stacks of an OTF2 archive's locations from their Enter and Leave events, in the attribute layout of
 * Trace Compass's {@link CallStackStateProvider}, which its Flame Chart view draws:
 *
 * <pre>
 * (root)
 *   Processes
 *     (location group name)   an MPI rank ("MPI Rank 0"); value: the group's id
 *       (location id)         a thread; value: the location id (long)
 *         CallStack           value: how deep the stack is (int), null while it is empty
 *           1                 value: the region at the root of the stack (string), null while the stack is empty
 *           2                 value: the region it entered, null while the stack is shallower
 *           ...
 * </pre>
 *
 * OTF2 pairs every Leave with the Enter on top of its location's stack, so the base class's push and pop do all
 * the work; this class only names the region, the rank and the location of an event.
 */
public class Otf2CallStackStateProvider extends CallStackStateProvider {

    /** Bump when the state layout changes. */
    private static final int VERSION = 1;

    private final Otf2Definitions fDefinitions;

    /**
     * @param trace
     *            an initialised OTF2 trace
     */
    public Otf2CallStackStateProvider(Otf2Trace trace) {
        super(trace);
        fDefinitions = trace.definitions();
    }

    @Override
    public int getVersion() {
        return VERSION;
    }

    @Override
    public Otf2CallStackStateProvider getNewInstance() {
        return new Otf2CallStackStateProvider((Otf2Trace) getTrace());
    }

    @Override
    protected boolean considerEvent(ITmfEvent event) {
        return event instanceof Otf2TmfEvent otf2
                && (otf2.record().type() == Otf2EventType.ENTER || otf2.record().type() == Otf2EventType.LEAVE);
    }

    @Override
    protected @Nullable ITmfStateValue functionEntry(ITmfEvent event) {
        Otf2Event record = ((Otf2TmfEvent) event).record();
        return record.type() == Otf2EventType.ENTER ? region(record) : null;
    }

    /** The region left, which the base class checks against the one it pops. */
    @Override
    protected @Nullable ITmfStateValue functionExit(ITmfEvent event) {
        Otf2Event record = ((Otf2TmfEvent) event).record();
        return record.type() == Otf2EventType.LEAVE ? region(record) : null;
    }

    private ITmfStateValue region(Otf2Event record) {
        long id = record.field("region"); //$NON-NLS-1$
        Otf2Definitions.Region region = fDefinitions.regions().get(id);
        return TmfStateValue.newValueString(region != null ? fDefinitions.string(region.name()) : Long.toString(id));
    }

    @Override
    protected int getProcessId(ITmfEvent event) {
        Otf2Definitions.Location location = fDefinitions.locations().get(((Otf2TmfEvent) event).record().location());
        return location == null ? UNKNOWN_PID : (int) location.group();
    }

    @Override
    protected @Nullable String getProcessName(ITmfEvent event) {
        Otf2Definitions.Location location = fDefinitions.locations().get(((Otf2TmfEvent) event).record().location());
        Otf2Definitions.LocationGroup group = location == null ? null : fDefinitions.locationGroups().get(location.group());
        return group == null ? null : fDefinitions.string(group.name());
    }

    /** The location's name and id, as the events table's Location column shows it. */
    @Override
    protected @Nullable String getThreadName(ITmfEvent event) {
        return Otf2Aspects.LOCATION.resolve(event);
    }

    @Override
    protected long getThreadId(ITmfEvent event) {
        return ((Otf2TmfEvent) event).record().location();
    }
}
