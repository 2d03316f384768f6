// SPDX-License-Identifier: EPL-2.0
package org.sextant.timeseries.model;

import java.util.HashMap;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * The series of an export, each made once from an exporter's key (its measurement and tag names escaped once, not
 * at every point), with the overwrite answer of docs/timeseries.md: InfluxDB keeps one point per series and
 * timestamp, so the n-th point of a series at the time of its previous one gets the tag {@code tie=n} and lands
 * in a series of its own, its time untouched. Points must come in time order (equal times of a series are then
 * adjacent), which also makes the tie tags deterministic: a batch sent again overwrites itself. The table stops
 * at a limit of series before InfluxDB's own ({@code max-series-per-database}) would refuse points.
 *
 * @param <K>
 *            what identifies a series for the exporter: a record of its tag values
 */
public final class SeriesTable<K> {

    /** A series: its escaped measurement and tags, the time of its last point and the ties at that time. */
    private static final class Series {
        final String fPrefix;
        long fTime = Long.MIN_VALUE;
        long fTies;

        Series(String prefix) {
            fPrefix = prefix;
        }
    }

    private final long fMaxSeries;
    private final Map<K, Series> fSeries = new HashMap<>();
    private long fTies;

    /**
     * @param maxSeries
     *            how many series the export may make at most
     */
    public SeriesTable(long maxSeries) {
        fMaxSeries = maxSeries;
    }

    /**
     * Starts a point of a series on the builder: its measurement and tags, and a tie tag where needed.
     *
     * @param line
     *            the builder; fields and the time are the caller's to add
     * @param key
     *            the series
     * @param time
     *            the point's time in nanoseconds, not before the previous point's of its series
     * @param tags
     *            starts the series' measurement and adds its tags on the builder, the first time the key comes (a
     *            function of the key alone, so that one instance serves every point)
     * @throws Otf2Schema.SeriesLimitException
     *             when the key would be one series more than the limit
     */
    public void start(LineProtocol line, K key, long time, BiConsumer<K, LineProtocol> tags) {
        Series series = fSeries.get(key);
        if (series == null) {
            tags.accept(key, line);
            String prefix = line.series().toString();
            if (fSeries.size() >= fMaxSeries) {
                throw new Otf2Schema.SeriesLimitException(String.format("the export would make more than %,d series "
                        + "(the limit); the next would be %s", fMaxSeries, prefix));
            }
            series = new Series(prefix);
            fSeries.put(key, series);
        }
        line.point(series.fPrefix);
        if (series.fTime == time) {
            series.fTies++;
            fTies++;
            line.tag("tie", Long.toString(series.fTies));
        } else {
            series.fTime = time;
            series.fTies = 0;
        }
    }

    /** @return series made (tied points' series not counted: one per tie depth, see {@link #ties()}) */
    public long series() {
        return fSeries.size();
    }

    /** @return points that got a tie tag */
    public long ties() {
        return fTies;
    }
}
