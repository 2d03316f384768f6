// SPDX-License-Identifier: EPL-2.0
package org.sextant.timeseries.model;

import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

import org.sextant.otf2.model.Otf2Archive;
import org.sextant.otf2.model.Otf2Definitions;
import org.sextant.otf2.model.Otf2Event;

/**
 * The nine metrics in one pass over an archive's events, counted as they come (the third way of the thesis, and
 * of Sextant's benchmark, against which InfluxQL and the state history are checked). Counting keeps pace with the
 * reader: a counter per key is a one-element array, found once per key, and the regions a location entered are
 * bits of a set per location.
 */
public final class Otf2Metrics implements Otf2Archive.EventSink {

    private static final long NS_PER_SECOND = 1_000_000_000L;

    /** Counts per key; events come in time order, so the counter of the last second is kept at hand. */
    private static final class Counter {
        final Map<Long, long[]> fCounts = new HashMap<>();
        long fLastKey = Long.MIN_VALUE;
        long[] fLast = new long[1];

        void add(long key) {
            if (key != fLastKey) {
                fLast = fCounts.computeIfAbsent(key, k -> new long[1]);
                fLastKey = key;
            }
            fLast[0]++;
        }

        SortedMap<Long, Long> sorted() {
            SortedMap<Long, Long> sorted = new TreeMap<>();
            fCounts.forEach((key, count) -> sorted.put(key, count[0]));
            return sorted;
        }
    }

    private final Otf2Definitions.ClockProperties fClock;
    private final Map<Long, String> fRegionNames;
    private final Counter fEntersPerSecond = new Counter();
    private final Counter fSendsPerSecond = new Counter();
    private final Counter fReceivesPerSecond = new Counter();
    private final Counter fEntersPerRegion = new Counter();
    private final Counter fSendsPerTag = new Counter();
    private final Counter fReceivesPerTag = new Counter();
    private final Counter fSendsPerRank = new Counter();
    private final Counter fReceivesPerRank = new Counter();
    /** Per location, the region ids it entered. */
    private final Map<Long, BitSet> fRegionsPerLocation = new HashMap<>();
    /** Region ids too large for a bit set, per location. */
    private final Map<Long, Set<Long>> fLargeRegionsPerLocation = new HashMap<>();

    /**
     * @param definitions
     *            the archive's definitions: its clock and region names
     */
    public Otf2Metrics(Otf2Definitions definitions) {
        fClock = definitions.clock();
        fRegionNames = Otf2Schema.regionNames(definitions);
    }

    @Override
    public void accept(Otf2Event event) {
        long[] f = event.fields();
        switch (event.type()) {
        case ENTER -> {
            fEntersPerSecond.add(second(event));
            fEntersPerRegion.add(f[0]);
            if (f[0] < Integer.MAX_VALUE) {
                fRegionsPerLocation.computeIfAbsent(event.location(), l -> new BitSet()).set((int) f[0]);
            } else {
                fLargeRegionsPerLocation.computeIfAbsent(event.location(), l -> new HashSet<>()).add(f[0]);
            }
        }
        case MPI_SEND, MPI_ISEND -> {
            fSendsPerSecond.add(second(event));
            fSendsPerTag.add(f[2]);
            fSendsPerRank.add(f[0]);
        }
        case MPI_RECV, MPI_IRECV -> {
            fReceivesPerSecond.add(second(event));
            fReceivesPerTag.add(f[2]);
            fReceivesPerRank.add(f[0]);
        }
        default -> {
            // not in any of the nine metrics
        }
        }
    }

    private long second(Otf2Event event) {
        return Math.floorDiv(Otf2Schema.nanos(fClock, event.time()), NS_PER_SECOND);
    }

    /** @return the metrics of the events so far, regions of the same name counted together */
    public NineMetrics metrics() {
        SortedMap<String, Long> perRegion = new TreeMap<>();
        fEntersPerRegion.fCounts.forEach((region, count) -> perRegion.merge(name(region), count[0], Long::sum));
        Map<String, Set<Long>> locations = new HashMap<>();
        fRegionsPerLocation.forEach((location, regions) -> regions.stream().forEach(
                region -> locations.computeIfAbsent(name(region), n -> new HashSet<>()).add(location)));
        fLargeRegionsPerLocation.forEach((location, regions) -> regions.forEach(
                region -> locations.computeIfAbsent(name(region), n -> new HashSet<>()).add(location)));
        SortedMap<String, Long> locationsPerRegion = new TreeMap<>();
        locations.forEach((region, set) -> locationsPerRegion.put(region, (long) set.size()));
        return new NineMetrics(fEntersPerSecond.sorted(), fSendsPerSecond.sorted(), fReceivesPerSecond.sorted(),
                perRegion, fSendsPerTag.sorted(), fReceivesPerTag.sorted(), fSendsPerRank.sorted(),
                fReceivesPerRank.sorted(), locationsPerRegion);
    }

    private String name(long region) {
        return Otf2Schema.regionName(fRegionNames, region);
    }
}
