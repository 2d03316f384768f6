// SPDX-License-Identifier: EPL-2.0
package org.sextant.timeseries.model;

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
 * of Sextant's benchmark, against which InfluxQL and the state system are checked).
 */
public final class Otf2Metrics implements Otf2Archive.EventSink {

    private static final long NS_PER_SECOND = 1_000_000_000L;

    private final Otf2Definitions.ClockProperties fClock;
    private final Map<Long, String> fRegionNames;
    private final SortedMap<Long, Long> fEntersPerSecond = new TreeMap<>();
    private final SortedMap<Long, Long> fSendsPerSecond = new TreeMap<>();
    private final SortedMap<Long, Long> fReceivesPerSecond = new TreeMap<>();
    private final Map<Long, Long> fEntersPerRegion = new HashMap<>();
    private final SortedMap<Long, Long> fSendsPerTag = new TreeMap<>();
    private final SortedMap<Long, Long> fReceivesPerTag = new TreeMap<>();
    private final SortedMap<Long, Long> fSendsPerRank = new TreeMap<>();
    private final SortedMap<Long, Long> fReceivesPerRank = new TreeMap<>();
    private final Map<Long, Set<Long>> fLocationsPerRegion = new HashMap<>();

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
            increment(fEntersPerSecond, second(event));
            increment(fEntersPerRegion, f[0]);
            fLocationsPerRegion.computeIfAbsent(f[0], region -> new HashSet<>()).add(event.location());
        }
        case MPI_SEND, MPI_ISEND -> {
            increment(fSendsPerSecond, second(event));
            increment(fSendsPerTag, f[2]);
            increment(fSendsPerRank, f[0]);
        }
        case MPI_RECV, MPI_IRECV -> {
            increment(fReceivesPerSecond, second(event));
            increment(fReceivesPerTag, f[2]);
            increment(fReceivesPerRank, f[0]);
        }
        default -> {
            // not in any of the nine metrics
        }
        }
    }

    private long second(Otf2Event event) {
        return Math.floorDiv(Otf2Schema.nanos(fClock, event.time()), NS_PER_SECOND);
    }

    private static void increment(Map<Long, Long> counts, long key) {
        counts.merge(key, 1L, Long::sum);
    }

    /** @return the metrics of the events so far, regions of the same name counted together */
    public NineMetrics metrics() {
        SortedMap<String, Long> perRegion = new TreeMap<>();
        fEntersPerRegion.forEach((region, count) -> perRegion.merge(name(region), count, Long::sum));
        Map<String, Set<Long>> locations = new HashMap<>();
        fLocationsPerRegion.forEach((region, set) -> locations.computeIfAbsent(name(region), n -> new HashSet<>())
                .addAll(set));
        SortedMap<String, Long> locationsPerRegion = new TreeMap<>();
        locations.forEach((region, set) -> locationsPerRegion.put(region, (long) set.size()));
        return new NineMetrics(new TreeMap<>(fEntersPerSecond), new TreeMap<>(fSendsPerSecond),
                new TreeMap<>(fReceivesPerSecond), perRegion, new TreeMap<>(fSendsPerTag),
                new TreeMap<>(fReceivesPerTag), new TreeMap<>(fSendsPerRank), new TreeMap<>(fReceivesPerRank),
                locationsPerRegion);
    }

    private String name(long region) {
        return Otf2Schema.regionName(fRegionNames, region);
    }
}
