// SPDX-License-Identifier: EPL-2.0
package org.sextant.timeseries.model;

import java.math.BigInteger;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.BiConsumer;

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
    private static final String[] MEASUREMENTS = { "enter", "leave", "mpi_send", "mpi_receive", "metrics",
            "rma_win_create" };
    private static final int ENTER = 0;
    private static final int LEAVE = 1;
    private static final int SEND = 2;
    private static final int RECEIVE = 3;
    private static final int METRICS = 4;
    private static final int RMA_WIN_CREATE = 5;

    /**
     * What identifies a series: its measurement, location and the ids its other tags are named from (region;
     * rank and tag; metric class and member; window).
     */
    private record Key(int measurement, long location, long a, long b) {
    }

    /** Thrown, unchecked from inside the reader's sink, when the points would make more series than allowed. */
    public static final class SeriesLimitException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        SeriesLimitException(String message) {
            super(message);
        }
    }

    private final Otf2Definitions fDefinitions;
    private final LineSink fSink;
    private final LineProtocol fLine = new LineProtocol();
    private final Map<Long, String> fRegions;
    private final SeriesTable<Key> fSeries;
    private final BiConsumer<Key, LineProtocol> fTags = this::tags;
    private final long[] fPoints = new long[MEASUREMENTS.length];
    private final Map<Otf2EventType, Long> fNotExported = new EnumMap<>(Otf2EventType.class);
    private long fTime;
    private int fMeasurement;

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
        fSeries = new SeriesTable<>(maxSeries);
        fRegions = regionNames(definitions);
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
        long[] f = event.fields();
        long location = event.location();
        switch (event.type()) {
        case ENTER, LEAVE -> {
            start(event.type() == Otf2EventType.ENTER ? ENTER : LEAVE, location, f[0], 0, event.time());
            write(fLine.field("location_id", location));
        }
        case MPI_SEND, MPI_ISEND, MPI_RECV, MPI_IRECV -> {
            boolean send = event.type() == Otf2EventType.MPI_SEND || event.type() == Otf2EventType.MPI_ISEND;
            start(send ? SEND : RECEIVE, location, f[0], f[2], event.time());
            fLine.field("comm_id", f[1]).field("length", f[3]);
            if (f.length > 4) {
                fLine.field("request_id", f[4]);
            }
            write(fLine);
        }
        case METRIC -> {
            for (int i = 0; i < f[1]; i++) {
                start(METRICS, location, f[0], i, event.time());
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
                write(fLine);
            }
        }
        case RMA_WIN_CREATE -> {
            start(RMA_WIN_CREATE, location, f[0], 0, event.time());
            Otf2Definitions.RmaWin win = fDefinitions.rmaWins().get(f[0]);
            write(fLine.field("comm_id", win == null ? Otf2Definitions.UNDEFINED_32 : win.comm()));
        }
        default -> fNotExported.merge(event.type(), 1L, Long::sum);
        }
    }

    /** Starts the point of a series (its names escaped the first time), a tie tag where the series repeats a time. */
    private void start(int measurement, long location, long a, long b, long ticks) {
        long time = nanos(fDefinitions.clock(), ticks);
        fSeries.start(fLine, new Key(measurement, location, a, b), time, fTags);
        fTime = time;
        fMeasurement = measurement;
    }

    private void tags(Key key, LineProtocol line) {
        line.measurement(MEASUREMENTS[key.measurement()]).tag("location", Long.toUnsignedString(key.location()));
        switch (key.measurement()) {
        case ENTER, LEAVE -> line.tag("region", regionName(fRegions, key.a()));
        case SEND, RECEIVE -> line.tag("msg_rank", Long.toString(key.a())).tag("msg_tag", Long.toString(key.b()));
        case METRICS -> line.tag("metric", metricName(key.a(), (int) key.b()));
        default -> {
            Otf2Definitions.RmaWin win = fDefinitions.rmaWins().get(key.a());
            line.tag("win", win == null ? "window " + key.a() : fDefinitions.string(win.name()));
        }
        }
    }

    private String metricName(long metric, int index) {
        Otf2Definitions.MetricClass metricClass = fDefinitions.metricClasses().get(metric);
        Otf2Definitions.MetricMember member = metricClass == null || index >= metricClass.members().length ? null
                : fDefinitions.metricMembers().get(metricClass.members()[index]);
        return member == null ? "metric " + metric + " member " + index : fDefinitions.string(member.name());
    }

    private void write(LineProtocol line) {
        fSink.line(line.time(fTime));
        fPoints[fMeasurement]++;
    }

    /** @return points made per measurement, of those with points */
    public Map<String, Long> points() {
        Map<String, Long> points = new TreeMap<>();
        for (int i = 0; i < MEASUREMENTS.length; i++) {
            if (fPoints[i] > 0) {
                points.put(MEASUREMENTS[i], fPoints[i]);
            }
        }
        return points;
    }

    /** @return series made (tied points' series not counted: one per tie depth, see {@link #ties()}) */
    public long series() {
        return fSeries.series();
    }

    /** @return points that got a tie tag */
    public long ties() {
        return fSeries.ties();
    }

    /** @return events of types the schema does not export, by type */
    public Map<String, Long> notExported() {
        Map<String, Long> counts = new LinkedHashMap<>();
        fNotExported.forEach((type, count) -> counts.put(type.name(), count));
        return counts;
    }
}
