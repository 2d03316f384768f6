// SPDX-License-Identifier: EPL-2.0
package org.sextant.timeseries.model;

import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The nine metrics by InfluxQL on an archive exported with {@link Otf2Schema}, one statement each (the first way of
 * the thesis). The per-second counts group by {@code time(1s)} between the measurement's first and last points,
 * which two more statements find; {@code fill(none)} leaves out the seconds without events.
 */
public final class Otf2MetricQueries {

    /** The statements of the metrics that need no time range, by their place in {@link NineMetrics#NAMES}. */
    static final String[] STATEMENTS = { null, null, null,
            "SELECT COUNT(\"location_id\") FROM \"enter\" GROUP BY \"region\"",
            "SELECT COUNT(\"length\") FROM \"mpi_send\" GROUP BY \"msg_tag\"",
            "SELECT COUNT(\"length\") FROM \"mpi_receive\" GROUP BY \"msg_tag\"",
            "SELECT COUNT(\"length\") FROM \"mpi_send\" GROUP BY \"msg_rank\"",
            "SELECT COUNT(\"length\") FROM \"mpi_receive\" GROUP BY \"msg_rank\"",
            "SELECT COUNT(DISTINCT(\"location_id\")) FROM \"enter\" GROUP BY \"region\"" };

    private static final long NS_PER_SECOND = 1_000_000_000L;

    private final InfluxQuery fQuery;

    /**
     * @param query
     *            InfluxQL on the database the archive was exported to
     */
    public Otf2MetricQueries(InfluxQuery query) {
        fQuery = query;
    }

    /** @return all nine metrics */
    public NineMetrics all() {
        return new NineMetrics(perSecond("enter", "location_id"), perSecond("mpi_send", "length"),
                perSecond("mpi_receive", "length"), byTag(3, "region", Function.identity()),
                byTag(4, "msg_tag", Long::valueOf),
                byTag(5, "msg_tag", Long::valueOf), byTag(6, "msg_rank", Long::valueOf),
                byTag(7, "msg_rank", Long::valueOf), byTag(8, "region", Function.identity()));
    }

    /**
     * One metric.
     *
     * @param index
     *            its place in {@link NineMetrics#NAMES}
     * @return its counts
     */
    public SortedMap<?, Long> metric(int index) {
        return switch (index) {
        case 0 -> perSecond("enter", "location_id");
        case 1 -> perSecond("mpi_send", "length");
        case 2 -> perSecond("mpi_receive", "length");
        case 3, 8 -> byTag(index, "region", Function.identity());
        case 4, 5 -> byTag(index, "msg_tag", Long::valueOf);
        default -> byTag(index, "msg_rank", Long::valueOf);
        };
    }

    private SortedMap<Long, Long> perSecond(String measurement, String field) {
        SortedMap<Long, Long> counts = new TreeMap<>();
        List<InfluxQuery.Row> first = fQuery.rows("SELECT FIRST(\"" + field + "\") FROM \"" + measurement + "\"");
        if (first.isEmpty()) {
            return counts;
        }
        long last = fQuery.rows("SELECT LAST(\"" + field + "\") FROM \"" + measurement + "\"").get(0).time();
        for (InfluxQuery.Row row : fQuery.rows("SELECT COUNT(\"" + field + "\") FROM \"" + measurement
                + "\" WHERE time >= " + first.get(0).time() + " AND time <= " + last
                + " GROUP BY time(1s) fill(none)")) {
            counts.put(Math.floorDiv(row.time(), NS_PER_SECOND), row.count());
        }
        return counts;
    }

    private <K extends Comparable<K>> SortedMap<K, Long> byTag(int index, String tag, Function<String, K> key) {
        SortedMap<K, Long> counts = new TreeMap<>();
        for (InfluxQuery.Row row : fQuery.rows(STATEMENTS[index])) {
            counts.merge(key.apply(row.tags().get(tag)), row.count(), Long::sum);
        }
        return counts;
    }
}
