// SPDX-License-Identifier: EPL-2.0
package org.sextant.timeseries.model;

import java.math.BigInteger;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

import org.sextant.otf2.model.Otf2Archive;
import org.sextant.otf2.model.Otf2Definitions;
import org.sextant.otf2.model.Otf2Event;
import org.sextant.otf2.model.Otf2EventType;
import org.sextant.otf2.model.Otf2Type;

/**
 * Turns an OTF2 archive's events, in time order, into InfluxDB points: the measurements of Dikkala's thesis,
 * with the location as a tag, so that each location's events form their own series (docs/timeseries.md).
 *
 * <pre>
 * measurement     from                  tags                                   fields
 * enter           ENTER                 location, region, [tie]                location_id
 * leave           LEAVE                 location, region, [tie]                location_id
 * mpi_send        MPI_SEND, MPI_ISEND   location, msg_rank, msg_tag, [tie]     comm_id, length, [request_id]
 * mpi_receive     MPI_RECV, MPI_IRECV   location, msg_rank, msg_tag, [tie]     comm_id, length, [request_id]
 * metrics         METRIC (a point per   location, metric, [tie]                value (double) or value_int
 *                 member)
 * rma_win_create  RMA_WIN_CREATE        location, win, [tie]                   comm_id
 * </pre>
 *
 * InfluxDB keeps one point per series and timestamp: a second point with the same tags and time overwrites the
 * first. Events of one location are rarely that alike, but they can be (nested calls of one region within one
 * clock tick); the n-th repeat of a series' timestamp gets the tag {@code tie=n}, so it lands in a series of its
 * own and every event stays a point, with its time untouched. The series are bounded by locations times the
 * distinct regions, tags, ranks, metrics and windows each one uses, times the longest run of ties (usually
 * none); {@link #series()} counts them and the schema stops at a limit before InfluxDB's own
 * ({@code max-series-per-database}, 1,000,000 by default) would refuse points.
 */
public final class Otf2Schema implements Otf2Archive.EventSink {

    /** The schema's version: bump when a measurement, tag or field changes. */
    public static final int VERSION = 1;

    private static final long NS_PER_SECOND = 1_000_000_000L;

    /** Thrown, unchecked from inside the reader's sink, when the points would make more series than allowed. */
    public static final class SeriesLimitException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        SeriesLimitException(String message) {
            super(message);
        }
    }

    private final Otf2Definitions fDefinitions;
    private final LineSink fSink;
    private final long fMaxSeries;
    private final LineProtocol fLine = new LineProtocol();
    private final Map<Long, String> fRegions;
    private final Map<Long, String> fLocations = new HashMap<>();
    /** Per series: its last timestamp and how many points it had there. */
    private final Map<String, long[]> fSeries = new HashMap<>();
    private final Map<String, Long> fPoints = new TreeMap<>();
    private final Map<Otf2EventType, Long> fNotExported = new EnumMap<>(Otf2EventType.class);
    private long fTies;

    /**
     * @param definitions
     *            the archive's definitions
     * @param sink
     *            where the points go
     * @param maxSeries
     *            how many series the export may make at most
     */
    public Otf2Schema(Otf2Definitions definitions, LineSink sink, long maxSeries) {
        fDefinitions = definitions;
        fSink = sink;
        fMaxSeries = maxSeries;
        fRegions = regionNames(definitions);
    }

    /**
     * The measurement an event type is exported to.
     *
     * @param type
     *            an event type
     * @return its measurement, or null when the schema does not export it
     */
    public static String measurement(Otf2EventType type) {
        return switch (type) {
        case ENTER -> "enter";
        case LEAVE -> "leave";
        case MPI_SEND, MPI_ISEND -> "mpi_send";
        case MPI_RECV, MPI_IRECV -> "mpi_receive";
        case METRIC -> "metrics";
        case RMA_WIN_CREATE -> "rma_win_create";
        default -> null;
        };
    }

    /**
     * An OTF2 timestamp in nanoseconds: ticks times 10^9 over the clock's ticks per second, rounded down, without
     * the rounding of a double.
     *
     * @param clock
     *            the archive's clock
     * @param ticks
     *            a timestamp in ticks
     * @return the timestamp in nanoseconds
     */
    public static long nanos(Otf2Definitions.ClockProperties clock, long ticks) {
        long perSecond = clock.ticksPerSecond();
        if (perSecond == NS_PER_SECOND) {
            return ticks;
        }
        long whole = Math.multiplyExact(ticks / perSecond, NS_PER_SECOND);
        long rest = ticks % perSecond;
        if (rest <= Long.MAX_VALUE / NS_PER_SECOND) {
            return whole + rest * NS_PER_SECOND / perSecond;
        }
        return whole + BigInteger.valueOf(rest).multiply(BigInteger.valueOf(NS_PER_SECOND))
                .divide(BigInteger.valueOf(perSecond)).longValue();
    }

    /**
     * @param definitions
     *            an archive's definitions
     * @return its regions' names by id
     */
    static Map<Long, String> regionNames(Otf2Definitions definitions) {
        Map<Long, String> names = new HashMap<>();
        definitions.regions().forEach((id, region) -> names.put(id, definitions.string(region.name())));
        return names;
    }

    /**
     * @return the region's name, which is its tag: regions of the same name share their series, and every way
     *         of computing the metrics counts them together
     */
    static String regionName(Map<Long, String> names, long id) {
        return names.getOrDefault(id, "region " + id);
    }

    @Override
    public void accept(Otf2Event event) {
        String measurement = measurement(event.type());
        if (measurement == null) {
            fNotExported.merge(event.type(), 1L, Long::sum);
            return;
        }
        long time = nanos(fDefinitions.clock(), event.time());
        String location = fLocations.computeIfAbsent(event.location(), id -> Long.toUnsignedString(id));
        long[] f = event.fields();
        switch (event.type()) {
        case ENTER, LEAVE -> {
            fLine.measurement(measurement).tag("location", location).tag("region", regionName(fRegions, f[0]));
            tie(time);
            write(fLine.field("location_id", event.location()).time(time), measurement);
        }
        case MPI_SEND, MPI_ISEND, MPI_RECV, MPI_IRECV -> {
            fLine.measurement(measurement).tag("location", location).tag("msg_rank", Long.toString(f[0]))
                    .tag("msg_tag", Long.toString(f[2]));
            tie(time);
            fLine.field("comm_id", f[1]).field("length", f[3]);
            if (f.length > 4) {
                fLine.field("request_id", f[4]);
            }
            write(fLine.time(time), measurement);
        }
        case METRIC -> metric(measurement, location, time, f);
        case RMA_WIN_CREATE -> {
            Otf2Definitions.RmaWin win = fDefinitions.rmaWins().get(f[0]);
            fLine.measurement(measurement).tag("location", location)
                    .tag("win", win == null ? "window " + f[0] : fDefinitions.string(win.name()));
            tie(time);
            write(fLine.field("comm_id", win == null ? Otf2Definitions.UNDEFINED_32 : win.comm()).time(time),
                    measurement);
        }
        default -> throw new IllegalStateException(event.type() + " has a measurement but no point");
        }
    }

    private void metric(String measurement, String location, long time, long[] f) {
        Otf2Definitions.MetricClass metricClass = fDefinitions.metricClasses().get(f[0]);
        for (int i = 0; i < f[1]; i++) {
            Otf2Definitions.MetricMember member = metricClass == null || i >= metricClass.members().length ? null
                    : fDefinitions.metricMembers().get(metricClass.members()[i]);
            String name = member == null ? "metric " + f[0] + " member " + i : fDefinitions.string(member.name());
            fLine.measurement(measurement).tag("location", location).tag("metric", name);
            tie(time);
            int type = (int) f[2 + 2 * i];
            long value = f[3 + 2 * i];
            if (type == Otf2Type.DOUBLE) {
                fLine.field("value", Double.longBitsToDouble(value));
            } else if (type == Otf2Type.UINT64 && value < 0) {
                // beyond a signed 64-bit integer, which is all InfluxDB 1.x stores
                fLine.field("value", Double.parseDouble(Long.toUnsignedString(value)));
            } else {
                fLine.field("value_int", value);
            }
            write(fLine.time(time), measurement);
        }
    }

    /** Adds the tie tag when the series being built already has a point at this time. */
    private void tie(long time) {
        String series = fLine.series().toString();
        long[] last = fSeries.get(series);
        if (last == null) {
            if (fSeries.size() >= fMaxSeries) {
                throw new SeriesLimitException(String.format("the export would make more than %,d series (the "
                        + "limit); the next would be %s", fMaxSeries, series));
            }
            fSeries.put(series, new long[] { time, 0 });
            return;
        }
        if (last[0] == time) {
            last[1]++;
            fTies++;
            fLine.tag("tie", Long.toString(last[1]));
        } else {
            last[0] = time;
            last[1] = 0;
        }
    }

    private void write(CharSequence line, String measurement) {
        fSink.line(line);
        fPoints.merge(measurement, 1L, Long::sum);
    }

    /** @return points made per measurement */
    public Map<String, Long> points() {
        return Map.copyOf(fPoints);
    }

    /** @return series made (tied points' series not counted: one per tie depth, see {@link #ties()}) */
    public long series() {
        return fSeries.size();
    }

    /** @return points that got a tie tag */
    public long ties() {
        return fTies;
    }

    /** @return events of types the schema does not export, by type */
    public Map<String, Long> notExported() {
        Map<String, Long> counts = new LinkedHashMap<>();
        fNotExported.forEach((type, count) -> counts.put(type.name(), count));
        return counts;
    }
}
