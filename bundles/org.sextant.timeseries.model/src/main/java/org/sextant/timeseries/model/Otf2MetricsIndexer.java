// SPDX-License-Identifier: EPL-2.0
package org.sextant.timeseries.model;

import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

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
 * their sum: a state history keeps one value per attribute and time. Attributes are looked up by id, not by path,
 * once per event.
 */
public final class Otf2MetricsIndexer implements Otf2Archive.EventSink {

    /** The attribute tree's version: bump when it changes. */
    public static final int VERSION = 1;

    private static final String ENTER = "enter";
    private static final String SEND = "send";
    private static final String RECEIVE = "receive";

    /** A direction's attributes: its total, and its counts by key (region, tag or rank). */
    private final class Counts {
        final String[] fPath;
        final int fTotal;
        final Map<Long, Integer> fByKey = new HashMap<>();

        Counts(String... path) {
            fPath = path;
            fTotal = fWriter.attribute(path[0], "total");
        }

        void add(long key, String name) {
            Integer attribute = fByKey.get(key);
            if (attribute == null) {
                attribute = fWriter.attribute(fPath[0], fPath[1], name);
                fByKey.put(key, attribute);
            }
            increment(attribute);
        }
    }

    private final StateWriter fWriter;
    private final Otf2Definitions.ClockProperties fClock;
    private final Map<Long, String> fRegionNames;
    private final Counts fEnters;
    private final Counts fSendTags;
    private final Counts fSendRanks;
    private final Counts fReceiveTags;
    private final Counts fReceiveRanks;
    /** Region name and location pairs marked already. */
    private final Set<String> fMarked = new HashSet<>();
    /** Per location and region id, whether the pair is marked: saves building the key of {@link #fMarked}. */
    private final Map<Long, Set<Long>> fSeen = new HashMap<>();
    private long[] fValues = new long[64];
    private boolean[] fDirty = new boolean[64];
    private int[] fPending = new int[64];
    private int fPendingCount;
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
        fEnters = new Counts(ENTER, "regions");
        fSendTags = new Counts(SEND, "tags");
        fSendRanks = new Counts(SEND, "ranks");
        fReceiveTags = new Counts(RECEIVE, "tags");
        fReceiveRanks = new Counts(RECEIVE, "ranks");
    }

    @Override
    public void accept(Otf2Event event) {
        long[] f = event.fields();
        switch (event.type()) {
        case ENTER -> {
            moveTo(event);
            increment(fEnters.fTotal);
            String region = Otf2Schema.regionName(fRegionNames, f[0]);
            fEnters.add(f[0], region);
            if (fSeen.computeIfAbsent(event.location(), l -> new HashSet<>()).add(f[0])) {
                String location = Long.toUnsignedString(event.location());
                if (fMarked.add(region + '\0' + location)) {
                    int mark = fWriter.attribute(ENTER, "locations", region, location);
                    grow(mark);
                    fValues[mark] = 1;
                    pending(mark);
                }
            }
        }
        case MPI_SEND, MPI_ISEND -> message(event, fSendTags, fSendRanks);
        case MPI_RECV, MPI_IRECV -> message(event, fReceiveTags, fReceiveRanks);
        default -> {
            // not in any of the nine metrics
        }
        }
    }

    private void message(Otf2Event event, Counts tags, Counts ranks) {
        moveTo(event);
        increment(tags.fTotal);
        long[] f = event.fields();
        tags.add(f[2], Long.toString(f[2]));
        ranks.add(f[0], Long.toString(f[0]));
    }

    private void moveTo(Otf2Event event) {
        long time = Otf2Schema.nanos(fClock, event.time());
        if (time != fTime) {
            flush();
            fTime = time;
        }
    }

    private void increment(int attribute) {
        grow(attribute);
        fValues[attribute]++;
        pending(attribute);
    }

    private void pending(int attribute) {
        if (!fDirty[attribute]) {
            fDirty[attribute] = true;
            if (fPendingCount == fPending.length) {
                fPending = Arrays.copyOf(fPending, 2 * fPendingCount);
            }
            fPending[fPendingCount++] = attribute;
        }
    }

    private void grow(int attribute) {
        if (attribute >= fValues.length) {
            int size = Math.max(2 * fValues.length, attribute + 1);
            fValues = Arrays.copyOf(fValues, size);
            fDirty = Arrays.copyOf(fDirty, size);
        }
    }

    /** Writes the changes of the last time; call once after the last event. */
    public void flush() {
        for (int i = 0; i < fPendingCount; i++) {
            int attribute = fPending[i];
            fWriter.modify(fTime, attribute, fValues[attribute]);
            fDirty[attribute] = false;
        }
        fPendingCount = 0;
    }
}
