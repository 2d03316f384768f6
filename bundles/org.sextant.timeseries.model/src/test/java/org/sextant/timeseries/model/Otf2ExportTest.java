// SPDX-License-Identifier: EPL-2.0
package org.sextant.timeseries.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.sextant.otf2.model.Otf2Archive;

/**
 * OTF2 archives exported to a real InfluxDB 1.6: every event of an exported type is a point (otf2-print's counts),
 * ties included, and the nine metrics by InfluxQL equal those of one pass over the archive, which equal those
 * counted from otf2-print's text.
 */
class Otf2ExportTest extends WithInfluxd {

    private static final Pattern EVENT = Pattern.compile("^(\\w+) +(\\d+) +(\\d+) +(.*)$");
    private static final Pattern REGION = Pattern.compile("Region: \"(.*)\" <\\d+>");
    private static final Pattern MESSAGE = Pattern.compile("(?:Receiver|Sender): (\\d+) .*Tag: (\\d+),");

    @Test
    void everyExportedEventLandsAsAPointTiesIncluded() throws Exception {
        InfluxTarget target = sServer.createDatabase("ties");
        Otf2Export.Result result = Otf2Export.run(Otf2Archive.open(Fixtures.TIES), target, 1_000, (l, e) -> { });
        Map<String, Long> printed = printedTypes(Fixtures.TIES);
        assertEquals(186, result.events());
        assertEquals(Map.of("enter", printed.get("ENTER"), "leave", printed.get("LEAVE"), "mpi_send",
                printed.get("MPI_SEND"), "mpi_receive", printed.get("MPI_RECV"), "metrics", printed.get("METRIC")),
                result.perMeasurement());
        assertEquals(186, result.points());
        // per location and second: solve entered twice at once, left twice at once, a metric twice; and a send twice
        assertEquals(2 * (4 + 4 + 4 + 1), result.ties());
        InfluxQuery query = new InfluxQuery(target);
        for (Map.Entry<String, Long> measurement : result.perMeasurement().entrySet()) {
            String field = measurement.getKey().startsWith("mpi") ? "length"
                    : measurement.getKey().equals("metrics") ? "value" : "location_id";
            assertEquals(measurement.getValue(), query.rows("SELECT COUNT(\"" + field + "\") FROM \""
                    + measurement.getKey() + "\"").get(0).count(), measurement.getKey());
        }
    }

    @Test
    void theNineMetricsAgreeThreeWaysOnEveryFixture() throws Exception {
        for (Path fixture : List.of(Fixtures.TIES, Fixtures.MPI_LIKE, Fixtures.MPI_STENCIL)) {
            Otf2Archive archive = Otf2Archive.open(fixture);
            Otf2Metrics onePass = new Otf2Metrics(archive.definitions());
            archive.readEvents(onePass);
            NineMetrics read = onePass.metrics();
            assertEquals(fromOtf2Print(fixture, archive.definitions().clock().ticksPerSecond()), read, fixture.toString());
            InfluxTarget target = sServer.createDatabase("metrics_" + fixture.getFileName().toString().replace('-', '_'));
            Otf2Export.run(archive, target, 1_000, (l, e) -> { });
            assertEquals(read, new Otf2MetricQueries(new InfluxQuery(target)).all(), fixture.toString());
        }
    }

    @Test
    void theTiesFixtureSpansFourSecondsOfItsOwnClock() throws Exception {
        Otf2Archive archive = Otf2Archive.open(Fixtures.TIES);
        Otf2Metrics metrics = new Otf2Metrics(archive.definitions());
        archive.readEvents(metrics);
        // each second s (1 to 4): per location 2 solve + 1 odd region + s sends and s receives entered
        assertEquals(Map.of(1L, 2L * (3 + 2), 2L, 2L * (3 + 4), 3L, 2L * (3 + 6), 4L, 2L * (3 + 8)),
                metrics.metrics().entersPerSecond());
        assertEquals(Map.of(7L, 11L, 8L, 11L), metrics.metrics().sendsPerTag());
        assertEquals(2L, metrics.metrics().locationsPerRegion().get("std::map<int, int>::operator[](key=1) \"hot\" C:\\path"));
    }

    @Test
    void tooManySeriesStopTheExportSayingHowManyPointsLanded() throws Exception {
        InfluxTarget target = sServer.createDatabase("limit").withBatchSize(5);
        InfluxException e = assertThrows(InfluxException.class,
                () -> Otf2Export.run(Otf2Archive.open(Fixtures.TIES), target, 3, (l, t) -> { }));
        assertTrue(e.getMessage().startsWith("the export would make more than 3 series (the limit); the next would be "
                + "enter,location=1,region=solve; the export stopped: 5 of the 5 points made so far landed"), e.getMessage());
        assertEquals(5, e.landed());
        assertEquals(5, new InfluxQuery(target).rows("SELECT COUNT(\"location_id\") FROM \"enter\"").get(0).count()
                + new InfluxQuery(target).rows("SELECT COUNT(\"value\") FROM \"metrics\"").get(0).count());
    }

    /** Event counts by type in otf2-print's listing. */
    private static Map<String, Long> printedTypes(Path archive) {
        Map<String, Long> counts = new HashMap<>();
        for (String line : Fixtures.printedEvents(archive)) {
            counts.merge(line.split(" ")[0], 1L, Long::sum);
        }
        return counts;
    }

    /** The nine metrics counted from otf2-print's text: its timestamps are ticks, its names the definitions'. */
    private static NineMetrics fromOtf2Print(Path archive, long ticksPerSecond) {
        List<SortedMap<Long, Long>> perSecond = List.of(new TreeMap<>(), new TreeMap<>(), new TreeMap<>());
        SortedMap<String, Long> perRegion = new TreeMap<>();
        List<SortedMap<Long, Long>> perKey = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            perKey.add(new TreeMap<>());
        }
        Map<String, Set<String>> locations = new TreeMap<>();
        for (String line : Fixtures.printedEvents(archive)) {
            Matcher event = EVENT.matcher(line);
            if (!event.matches()) {
                continue;
            }
            String type = event.group(1);
            long second = new BigInteger(event.group(3)).divide(BigInteger.valueOf(ticksPerSecond)).longValueExact();
            int kind = switch (type) {
            case "ENTER" -> 0;
            case "MPI_SEND", "MPI_ISEND" -> 1;
            case "MPI_RECV", "MPI_IRECV" -> 2;
            default -> -1;
            };
            if (kind < 0) {
                continue;
            }
            perSecond.get(kind).merge(second, 1L, Long::sum);
            if (kind == 0) {
                Matcher region = REGION.matcher(event.group(4));
                assertTrue(region.find(), line);
                perRegion.merge(region.group(1), 1L, Long::sum);
                locations.computeIfAbsent(region.group(1), r -> new HashSet<>()).add(event.group(2));
            } else {
                Matcher message = MESSAGE.matcher(event.group(4));
                assertTrue(message.find(), line);
                perKey.get(kind - 1).merge(Long.parseLong(message.group(2)), 1L, Long::sum);
                perKey.get(kind + 1).merge(Long.parseLong(message.group(1)), 1L, Long::sum);
            }
        }
        SortedMap<String, Long> locationsPerRegion = new TreeMap<>();
        locations.forEach((region, set) -> locationsPerRegion.put(region, (long) set.size()));
        return new NineMetrics(perSecond.get(0), perSecond.get(1), perSecond.get(2), perRegion, perKey.get(0),
                perKey.get(1), perKey.get(2), perKey.get(3), locationsPerRegion);
    }
}
