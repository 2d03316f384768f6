// SPDX-License-Identifier: EPL-2.0
package org.sextant.timeseries.model;

import java.util.function.BiConsumer;

/**
 * What the schemas of one point per item of a model share ({@link RedisRequestSchema}, {@link SpanSchema}): the
 * sink, the series with their ties and limit ({@link SeriesTable}), and the counts an export reports.
 *
 * @param <K>
 *            what identifies a series: a record of its tag values
 */
public abstract class PointSchema<K> {

    private final LineSink fSink;
    private final SeriesTable<K> fSeries;
    private final LineProtocol fLine = new LineProtocol();
    private long fPoints;
    private long fLast = Long.MIN_VALUE;

    /**
     * @param sink
     *            where the points go
     * @param maxSeries
     *            how many series the export may make at most
     */
    protected PointSchema(LineSink sink, long maxSeries) {
        fSink = sink;
        fSeries = new SeriesTable<>(maxSeries);
    }

    /**
     * Starts a point.
     *
     * @param key
     *            its series
     * @param time
     *            its time, nanoseconds, not before the previous point's
     * @param tags
     *            starts the measurement and adds the tags of a series, the first time its key comes
     * @return the builder, for the point's fields
     * @throws IllegalArgumentException
     *             when the time is before the previous point's
     */
    protected LineProtocol start(K key, long time, BiConsumer<K, LineProtocol> tags) {
        if (time < fLast) {
            // an earlier time after a later one could repeat a series' timestamp unseen, and overwrite a point
            throw new IllegalArgumentException("points out of time order: " + time + " after " + fLast);
        }
        fLast = time;
        fSeries.start(fLine, key, time, tags);
        return fLine;
    }

    /**
     * Ends the point started, its fields added, and sends it.
     *
     * @param time
     *            its time, as started
     */
    protected void end(long time) {
        fSink.line(fLine.time(time));
        fPoints++;
    }

    /** @return points written */
    public long points() {
        return fPoints;
    }

    /** @return series made, tie series not counted */
    public long series() {
        return fSeries.series();
    }

    /** @return points that got a tie tag */
    public long ties() {
        return fSeries.ties();
    }
}
