// SPDX-License-Identifier: EPL-2.0
package org.sextant.timeseries.model;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SortedMap;

/**
 * The nine metrics of Dikkala's thesis on an OTF2 trace, whichever way they were computed. Sends are
 * {@code MPI_SEND} and {@code MPI_ISEND} events, receives {@code MPI_RECV} and {@code MPI_IRECV} (a message counts
 * where it leaves and where it arrives); a message's rank is the receiver's for a send and the sender's for a
 * receive, in its communicator. Seconds are whole seconds since the epoch of the events' time in nanoseconds
 * (InfluxDB's {@code GROUP BY time(1s)}), only those with events listed. Regions are counted by name.
 *
 * @param entersPerSecond
 *            Enter events per second
 * @param sendsPerSecond
 *            sends per second
 * @param receivesPerSecond
 *            receives per second
 * @param entersPerRegion
 *            Enter events per region
 * @param sendsPerTag
 *            sends per message tag
 * @param receivesPerTag
 *            receives per message tag
 * @param sendsPerRank
 *            sends per receiving rank
 * @param receivesPerRank
 *            receives per sending rank
 * @param locationsPerRegion
 *            how many distinct locations entered each region
 */
public record NineMetrics(SortedMap<Long, Long> entersPerSecond, SortedMap<Long, Long> sendsPerSecond,
        SortedMap<Long, Long> receivesPerSecond, SortedMap<String, Long> entersPerRegion,
        SortedMap<Long, Long> sendsPerTag, SortedMap<Long, Long> receivesPerTag, SortedMap<Long, Long> sendsPerRank,
        SortedMap<Long, Long> receivesPerRank, SortedMap<String, Long> locationsPerRegion) {

    /** The metrics' names, in the thesis's order, as {@link #toMap()} keys them. */
    public static final String[] NAMES = { "enters_per_second", "sends_per_second", "receives_per_second",
            "enters_per_region", "sends_per_tag", "receives_per_tag", "sends_per_rank", "receives_per_rank",
            "locations_per_region" };

    /** @return the metrics by name, in order, each a map from its key (as text) to its count */
    public Map<String, Object> toMap() {
        Map<String, Object> map = new LinkedHashMap<>();
        SortedMap<?, Long>[] all = all();
        for (int i = 0; i < NAMES.length; i++) {
            Map<String, Long> metric = new LinkedHashMap<>();
            all[i].forEach((key, count) -> metric.put(key.toString(), count));
            map.put(NAMES[i], metric);
        }
        return map;
    }

    /**
     * @param index
     *            a metric's place in {@link #NAMES}
     * @return that metric
     */
    public SortedMap<?, Long> metric(int index) {
        return all()[index];
    }

    @SuppressWarnings("unchecked")
    private SortedMap<?, Long>[] all() {
        return new SortedMap[] { entersPerSecond, sendsPerSecond, receivesPerSecond, entersPerRegion, sendsPerTag,
                receivesPerTag, sendsPerRank, receivesPerRank, locationsPerRegion };
    }
}
