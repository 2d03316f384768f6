// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.otf2.core;

import java.util.EnumMap;
import java.util.Map;

import org.eclipse.tracecompass.statesystem.core.ITmfStateSystemBuilder;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.statesystem.AbstractTmfStateProvider;
import org.sextant.otf2.core.Otf2TmfEvent;
import org.sextant.otf2.core.Otf2Trace;
import org.sextant.otf2.model.MessageMatcher;
import org.sextant.otf2.model.Otf2Definitions;
import org.sextant.otf2.model.Otf2Event;
import org.sextant.otf2.model.Otf2EventType;
import org.sextant.otf2.model.RegionProfile;

/**
 * Feeds an OTF2 archive's events to the model's trackers (a {@link RegionProfile} pairing Enters and Leaves per
 * location, a {@link MessageMatcher} pairing sends and receives) through a handler per event type, and writes
 * what they find. Attribute tree (times in nanoseconds):
 *
 * <pre>
 * /
 * ├── Locations
 * │   └── &lt;location group name&gt;          an MPI rank
 * │       └── &lt;location id&gt;              the region of the innermost call in progress (string), null outside
 * ├── Messages
 * │   └── &lt;slot&gt;                        the sending location (long) while a message is in flight, else null
 * │       └── to                        the receiving location (long), likewise
 * └── Regions                           written once, at the end of the trace
 *     └── &lt;region name&gt;
 *         ├── paradigm                  the region's OTF2 paradigm (int; 4 is MPI)
 *         ├── calls                     finished calls (long)
 *         ├── inclusive sum, min, max   of the calls' enter-to-leave times (long)
 *         └── exclusive sum, min, max   of those less the calls they made (long)
 * </pre>
 *
 * A message holds the smallest free slot from its send to its receive (see {@link MessageMatcher}), so the
 * slots are as few as the most messages in flight at once.
 */
public class Otf2StateProvider extends AbstractTmfStateProvider {

    /** Bump when the attribute tree above or its values change, so that existing histories are rebuilt. */
    private static final int VERSION = 1;

    /** A handler of one event type, with the event's time in nanoseconds. */
    @FunctionalInterface
    private interface Handler {
        void handle(ITmfStateSystemBuilder ss, Otf2Event event, long time);
    }

    private final Otf2Definitions fDefinitions;
    private final RegionProfile fProfile = new RegionProfile();
    private final MessageMatcher fMessages;
    private final Map<Otf2EventType, Handler> fHandlers = new EnumMap<>(Otf2EventType.class);
    private long fLastTime;
    private boolean fStarted;

    /**
     * @param trace
     *            an initialised OTF2 trace
     */
    public Otf2StateProvider(Otf2Trace trace) {
        super(trace, "Sextant OTF2"); //$NON-NLS-1$
        fDefinitions = trace.definitions();
        fMessages = new MessageMatcher(new MessageMatcher.Sink() {
            @Override
            public void sent(int slot, long time, long sender, long receiver) {
                ITmfStateSystemBuilder ss = builder();
                int quark = ss.getQuarkAbsoluteAndAdd(Otf2Attributes.MESSAGES, Integer.toString(slot));
                ss.modifyAttribute(time, sender, quark);
                ss.modifyAttribute(time, receiver, ss.getQuarkRelativeAndAdd(quark, Otf2Attributes.TO));
            }

            @Override
            public void received(int slot, long time) {
                ITmfStateSystemBuilder ss = builder();
                int quark = ss.getQuarkAbsoluteAndAdd(Otf2Attributes.MESSAGES, Integer.toString(slot));
                ss.modifyAttribute(time, (Object) null, quark);
                ss.modifyAttribute(time, (Object) null, ss.getQuarkRelativeAndAdd(quark, Otf2Attributes.TO));
            }
        });
        fHandlers.put(Otf2EventType.ENTER, (ss, event, time) -> {
            fProfile.enter(event.location(), event.field("region"), time); //$NON-NLS-1$
            showTop(ss, event.location(), time);
        });
        fHandlers.put(Otf2EventType.LEAVE, (ss, event, time) -> {
            fProfile.leave(event.location(), event.field("region"), time); //$NON-NLS-1$
            showTop(ss, event.location(), time);
        });
        Handler send = (ss, event, time) -> fMessages.send(time, event.location(), peer(event, "receiver"), //$NON-NLS-1$
                event.field("communicator"), event.field("msgTag")); //$NON-NLS-1$ //$NON-NLS-2$
        Handler receive = (ss, event, time) -> fMessages.receive(time, event.location(), peer(event, "sender"), //$NON-NLS-1$
                event.field("communicator"), event.field("msgTag")); //$NON-NLS-1$ //$NON-NLS-2$
        fHandlers.put(Otf2EventType.MPI_SEND, send);
        fHandlers.put(Otf2EventType.MPI_ISEND, send);
        fHandlers.put(Otf2EventType.MPI_RECV, receive);
        fHandlers.put(Otf2EventType.MPI_IRECV, receive);
    }

    private ITmfStateSystemBuilder builder() {
        ITmfStateSystemBuilder ss = getStateSystemBuilder();
        if (ss == null) {
            throw new IllegalStateException("no state system to build"); //$NON-NLS-1$
        }
        return ss;
    }

    private long peer(Otf2Event event, String field) {
        return fDefinitions.location(event.field("communicator"), event.field(field)); //$NON-NLS-1$
    }

    /** A location's row shows the region of its innermost call. */
    private void showTop(ITmfStateSystemBuilder ss, long location, long time) {
        long region = fProfile.top(location);
        ss.modifyAttribute(time, region < 0 ? null : regionName(region), locationQuark(ss, location));
    }

    private int locationQuark(ITmfStateSystemBuilder ss, long location) {
        Otf2Definitions.Location l = fDefinitions.locations().get(location);
        Otf2Definitions.LocationGroup group = l == null ? null : fDefinitions.locationGroups().get(l.group());
        String groupName = group == null ? "?" : fDefinitions.string(group.name()); //$NON-NLS-1$
        return ss.getQuarkAbsoluteAndAdd(Otf2Attributes.LOCATIONS, groupName, Long.toString(location));
    }

    private String regionName(long region) {
        Otf2Definitions.Region r = fDefinitions.regions().get(region);
        return r == null ? Long.toString(region) : fDefinitions.string(r.name());
    }

    @Override
    public int getVersion() {
        return VERSION;
    }

    @Override
    public Otf2StateProvider getNewInstance() {
        return new Otf2StateProvider((Otf2Trace) getTrace());
    }

    @Override
    protected void eventHandle(ITmfEvent event) {
        if (!(event instanceof Otf2TmfEvent otf2)) {
            return;
        }
        ITmfStateSystemBuilder ss = builder();
        long time = event.getTimestamp().toNanos();
        if (!fStarted) {
            fStarted = true;
            // every location gets its row, also those that never enter a region
            fDefinitions.locations().keySet().forEach(location -> locationQuark(ss, location));
        }
        fLastTime = time;
        Handler handler = fHandlers.get(otf2.record().type());
        if (handler != null) {
            handler.handle(ss, otf2.record(), time);
        }
    }

    @Override
    public void done() {
        ITmfStateSystemBuilder ss = getStateSystemBuilder();
        if (ss != null) {
            fProfile.regions().forEach((region, calls) -> {
                int quark = ss.getQuarkAbsoluteAndAdd(Otf2Attributes.REGIONS, regionName(region));
                Otf2Definitions.Region r = fDefinitions.regions().get(region);
                ss.modifyAttribute(fLastTime, r == null ? -1 : r.paradigm(), ss.getQuarkRelativeAndAdd(quark, Otf2Attributes.PARADIGM));
                ss.modifyAttribute(fLastTime, calls.count(), ss.getQuarkRelativeAndAdd(quark, Otf2Attributes.CALLS));
                ss.modifyAttribute(fLastTime, calls.inclusive().sum(), ss.getQuarkRelativeAndAdd(quark, Otf2Attributes.INCLUSIVE_SUM));
                ss.modifyAttribute(fLastTime, calls.inclusive().min(), ss.getQuarkRelativeAndAdd(quark, Otf2Attributes.INCLUSIVE_MIN));
                ss.modifyAttribute(fLastTime, calls.inclusive().max(), ss.getQuarkRelativeAndAdd(quark, Otf2Attributes.INCLUSIVE_MAX));
                ss.modifyAttribute(fLastTime, calls.exclusive().sum(), ss.getQuarkRelativeAndAdd(quark, Otf2Attributes.EXCLUSIVE_SUM));
                ss.modifyAttribute(fLastTime, calls.exclusive().min(), ss.getQuarkRelativeAndAdd(quark, Otf2Attributes.EXCLUSIVE_MIN));
                ss.modifyAttribute(fLastTime, calls.exclusive().max(), ss.getQuarkRelativeAndAdd(quark, Otf2Attributes.EXCLUSIVE_MAX));
            });
        }
        super.done();
    }
}
