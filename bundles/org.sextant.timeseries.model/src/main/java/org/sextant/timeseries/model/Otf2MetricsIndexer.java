// SPDX-License-Identifier: EPL-2.0
package org.sextant.timeseries.model;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

import org.sextant.common.model.state.StateWriter;
import org.sextant.otf2.model.Otf2Archive;
import org.sextant.otf2.model.Otf2Definitions;
import org.sextant.otf2.model.Otf2Event;

/**
 * Writes the state history from which the nine metrics are queried (the second way): cumulative counts, so that
 * the count of any time range is the difference of two queries, and a mark per location and region.
 *
 * <pre>
 * enter/total                        Long: Enter events so far
 * enter/regions/NAME                 Long: Enter events of the region so far
 * enter/locations/NAME/LOCATION      Long 1 from the location's first Enter of the region
 * send/total, receive/total          Long: sends, receives so far
 * send/tags/TAG, receive/tags/TAG    Long: per message tag
 * send/ranks/RANK, receive/ranks/RANK  Long: per receiving / sending rank
 * </pre>
 *
 * Times are nanoseconds ({@link Otf2Schema#nanos}). Several events at one time change an attribute once, with
 * their sum: a state history keeps one value per attribute and time.
 */
public final class Otf2MetricsIndexer implements Otf2Archive.EventSink {

    /** The attribute tree's version: bump when it changes. */
    public static final int VERSION = 1;

    private final StateWriter fWriter;
    private final Otf2Definitions.ClockProperties fClock;
    private final Map<Long, String> fRegionNames;
    private final Map<String, Integer> fAttributes = new HashMap<>();
    private final Map<Integer, Long> fValues = new HashMap<>();
    /** Attributes changed at the current time, with their new values, written when time moves on. */
    private final Map<Integer, Long> fPending = new LinkedHashMap<>();
    private long fTime = Long.MIN_VALUE;

    /**
     * @param definitions
     *            the archive's definitions
     * @param writer
     *            the state history
     */
    public Otf2MetricsIndexer(Otf2Definitions definitions, StateWriter writer) {
        fWriter = writer;
        fClock = definitions.clock();
        fRegionNames = Otf2Schema.regionNames(definitions);
    }

    @Override
    public void accept(Otf2Event event) {
        long[] f = event.fields();
        switch (event.type()) {
        case ENTER -> {
            moveTo(event);
            String region = Otf2Schema.regionName(fRegionNames, f[0]);
            add("enter", "total");
            add("enter", "regions", region);
            int mark = attribute("enter", "locations", region, Long.toUnsignedString(event.location()));
            if (!fValues.containsKey(mark)) {
                fValues.put(mark, 1L);
                fPending.put(mark, 1L);
            }
        }
        case MPI_SEND, MPI_ISEND -> message(event, "send");
        case MPI_RECV, MPI_IRECV -> message(event, "receive");
        default -> {
            // not in any of the nine metrics
        }
        }
    }

    private void message(Otf2Event event, String direction) {
        moveTo(event);
        add(direction, "total");
        add(direction, "tags", Long.toString(event.fields()[2]));
        add(direction, "ranks", Long.toString(event.fields()[0]));
    }

    private void moveTo(Otf2Event event) {
        long time = Otf2Schema.nanos(fClock, event.time());
        if (time != fTime) {
            flush();
            fTime = time;
        }
    }

    private void add(String... path) {
        int attribute = attribute(path);
        long value = fValues.merge(attribute, 1L, Long::sum);
        fPending.put(attribute, value);
    }

    private int attribute(String... path) {
        return fAttributes.computeIfAbsent(String.join("\0", path), key -> fWriter.attribute(path));
    }

    /** Writes the changes of the last time; call once after the last event. */
    public void flush() {
        fPending.forEach((attribute, value) -> fWriter.modify(fTime, attribute, value));
        fPending.clear();
    }
}
