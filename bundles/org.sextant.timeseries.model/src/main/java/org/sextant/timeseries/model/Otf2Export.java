// SPDX-License-Identifier: EPL-2.0
package org.sextant.timeseries.model;

import java.util.Map;

import org.sextant.otf2.model.Otf2Archive;
import org.sextant.otf2.model.Otf2FormatException;

/**
 * Exports an OTF2 archive to InfluxDB with {@link Otf2Schema}. The archive is read through once before anything is
 * written, so that a damaged one is refused with no point sent; then its events are read again and sent. Either
 * every point lands, or the exception says how many did.
 */
public final class Otf2Export {

    /**
     * What an export did.
     *
     * @param events
     *            events read
     * @param points
     *            points sent, all of which landed
     * @param perMeasurement
     *            points per measurement
     * @param series
     *            series made (without tie series)
     * @param ties
     *            points tagged as ties
     * @param notExported
     *            events of types the schema does not export, by type
     * @param requests
     *            write requests
     * @param retries
     *            requests tried again
     * @param bytes
     *            bytes of line protocol
     * @param checkSeconds
     *            time the first read took
     * @param exportSeconds
     *            time the second read and the writes took
     */
    public record Result(long events, long points, Map<String, Long> perMeasurement, long series, long ties,
            Map<String, Long> notExported, long requests, long retries, long bytes, double checkSeconds,
            double exportSeconds) {
    }

    private Otf2Export() {
    }

    /**
     * @param archive
     *            the archive
     * @param target
     *            where to
     * @param maxSeries
     *            how many series the export may make at most
     * @param progress
     *            told after each batch that landed
     * @return what was done, every point landed
     * @throws Otf2FormatException
     *             when the archive is damaged: nothing was written
     * @throws InfluxException
     *             when InfluxDB did not take every point, or too many series would be made; with how many landed
     */
    public static Result run(Otf2Archive archive, InfluxTarget target, long maxSeries, InfluxWriter.Progress progress)
            throws Otf2FormatException {
        long start = System.nanoTime();
        long events = archive.readEvents(event -> {
            // the first pass only checks every file and record
        });
        long checked = System.nanoTime();
        InfluxWriter writer = new InfluxWriter(target, progress);
        Otf2Schema schema = new Otf2Schema(archive.definitions(), writer, maxSeries);
        try (writer) {
            archive.readEvents(schema);
            writer.finish();
        } catch (Otf2Schema.SeriesLimitException e) {
            writer.close();
            throw new InfluxException(e.getMessage() + String.format("; the export stopped: %,d of the %,d points "
                    + "made so far landed", writer.landed(), writer.points()), writer.landed());
        }
        return new Result(events, writer.points(), schema.points(), schema.series(), schema.ties(),
                schema.notExported(), writer.requests(), writer.retries(), writer.bytes(), (checked - start) / 1e9,
                (System.nanoTime() - checked) / 1e9);
    }
}
