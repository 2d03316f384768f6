// SPDX-License-Identifier: EPL-2.0
package org.sextant.timeseries.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.sextant.otf2.model.Otf2Archive;

/**
 * OTF2 archives exported to a real InfluxDB 1.6: every event of an exported type is a point (otf2-print's counts),
 * ties included, and the series limit stops an export saying what landed. The nine metrics three ways on every
 * fixture are {@code NineMetricsThreeWaysTest}'s (tests/org.sextant.timeseries.core.tests: the state history needs
 * Trace Compass).
 */
class Otf2ExportTest extends WithInfluxd {

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
}
