// SPDX-License-Identifier: EPL-2.0
package org.sextant.otf2.core;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.eclipse.tracecompass.tmf.core.event.ITmfEventField;
import org.eclipse.tracecompass.tmf.core.event.TmfEvent;
import org.eclipse.tracecompass.tmf.core.event.TmfEventField;
import org.eclipse.tracecompass.tmf.core.event.TmfEventType;
import org.eclipse.tracecompass.tmf.core.timestamp.ITmfTimestamp;
import org.sextant.otf2.model.Otf2Definitions;
import org.sextant.otf2.model.Otf2Event;
import org.sextant.otf2.model.Otf2EventType;

/**
 * An OTF2 event in Trace Compass: its type is the OTF2 record's ({@code ENTER}, {@code MPI_ISEND}, ...), as
 * otf2-print names it; its fields are the record's, in file order, with a region's name in place of its id.
 * Analyses read the decoded record ({@link #record()}) rather than the fields.
 */
public class Otf2TmfEvent extends TmfEvent {

    private static final Map<Otf2EventType, TmfEventType> TYPES = new ConcurrentHashMap<>();

    private final Otf2Event fRecord;

    /**
     * @param trace
     *            the trace
     * @param rank
     *            the event's rank in it
     * @param timestamp
     *            its time
     * @param record
     *            the decoded record
     */
    public Otf2TmfEvent(Otf2Trace trace, long rank, ITmfTimestamp timestamp, Otf2Event record) {
        super(trace, rank, timestamp, type(record.type()), content(trace.definitions(), record));
        fRecord = record;
    }

    private static TmfEventType type(Otf2EventType type) {
        return TYPES.computeIfAbsent(type, t -> new TmfEventType(t.name(), TmfEventField.makeRoot(t.fieldNames().toArray(new String[0]))));
    }

    private static ITmfEventField content(Otf2Definitions defs, Otf2Event record) {
        List<String> names = record.type().fieldNames();
        List<ITmfEventField> fields = new ArrayList<>();
        long[] values = record.fields();
        for (int i = 0; i < names.size() && i < values.length; i++) {
            Object value = values[i];
            if (record.type() == Otf2EventType.ENTER || record.type() == Otf2EventType.LEAVE) {
                Otf2Definitions.Region region = defs.regions().get(values[i]);
                value = region != null ? defs.string(region.name()) : values[i];
            }
            fields.add(new TmfEventField(names.get(i), value, null));
        }
        return new TmfEventField(ITmfEventField.ROOT_FIELD_ID, null, fields.toArray(new ITmfEventField[0]));
    }

    /** @return the decoded OTF2 record: its location, time in ticks, type and fields as global ids */
    public Otf2Event record() {
        return fRecord;
    }

    @Override
    public Otf2Trace getTrace() {
        return (Otf2Trace) super.getTrace();
    }
}
