// SPDX-License-Identifier: EPL-2.0
package org.sextant.timeseries.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.sextant.internal.timeseries.core.Otf2MetricsIndex;
import org.sextant.otf2.model.Otf2Archive;
import org.sextant.test.support.Fixture;
import org.sextant.timeseries.model.InfluxQuery;
import org.sextant.timeseries.model.InfluxTarget;
import org.sextant.timeseries.model.NineMetrics;
import org.sextant.timeseries.model.Otf2Export;
import org.sextant.timeseries.model.Otf2MetricQueries;
import org.sextant.timeseries.model.Otf2Metrics;

/**
 * The thesis's nine metrics three ways on every OTF2 fixture, as {@code sextant bench --analysis otf2} computes
 * them: one pass of the reader, InfluxQL on the archive exported to a real InfluxDB 1.6 ({@code influxd} started
 * here), and a Trace Compass state history built from the reader and queried ({@link Otf2MetricsIndex}). The one
 * pass must also equal the metrics counted from otf2-print's text committed beside each archive (OTF2's own
 * library), so the three agree on the right answer, not only with each other.
 */
class NineMetricsThreeWaysTest extends WithInfluxd {

    private static final Pattern EVENT = Pattern.compile("^(\\w+) +(\\d+) +(\\d+) +(.*)$"); //$NON-NLS-1$
    private static final Pattern REGION = Pattern.compile("Region: \"(.*)\" <\\d+>"); //$NON-NLS-1$
    private static final Pattern MESSAGE = Pattern.compile("(?:Receiver|Sender): (\\d+) .*Tag: (\\d+),"); //$NON-NLS-1$


    @TempDir
    Path fTemp;

    @ParameterizedTest
    @ValueSource(strings = { "otf2-ties", "otf2-mpi-like", "otf2-chunks", "otf2-mpi-stencil" })
    void theNineMetricsAgreeThreeWays(String fixture) throws Exception {
        Path directory = Fixture.directory().resolve(fixture);
        Otf2Archive archive = Otf2Archive.open(directory);
        Otf2Metrics pass = new Otf2Metrics(archive.definitions());
        archive.readEvents(pass);
        NineMetrics onePass = pass.metrics();
        assertFalse(onePass.entersPerRegion().isEmpty(), fixture);
        assertEquals(fromOtf2Print(directory, archive.definitions().clock().ticksPerSecond()), onePass, "one pass against otf2-print"); //$NON-NLS-1$

        InfluxTarget target = sServer.createDatabase(fixture.replace('-', '_'));
        Otf2Export.run(archive, target, 1_000, (landed, elapsed) -> { });
        assertEquals(onePass, new Otf2MetricQueries(new InfluxQuery(target)).all(), "InfluxQL against the one pass"); //$NON-NLS-1$

        try (Otf2MetricsIndex index = Otf2MetricsIndex.build(Otf2Archive.open(directory), fTemp.resolve(fixture + ".ht").toFile())) { //$NON-NLS-1$
            assertEquals(onePass, index.metrics(), "the state history against the one pass"); //$NON-NLS-1$
        }
    }

    /** The nine metrics counted from otf2-print's text: its timestamps are ticks, its names the definitions'. */
    private static NineMetrics fromOtf2Print(Path archive, long ticksPerSecond) throws IOException {
        List<SortedMap<Long, Long>> perSecond = List.of(new TreeMap<>(), new TreeMap<>(), new TreeMap<>());
        SortedMap<String, Long> perRegion = new TreeMap<>();
        List<SortedMap<Long, Long>> perKey = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            perKey.add(new TreeMap<>());
        }
        Map<String, Set<String>> locations = new TreeMap<>();
        for (String line : printedEvents(archive)) {
            Matcher event = EVENT.matcher(line);
            if (!event.matches()) {
                continue;
            }
            int kind = switch (event.group(1)) {
            case "ENTER" -> 0; //$NON-NLS-1$
            case "MPI_SEND", "MPI_ISEND" -> 1; //$NON-NLS-1$ //$NON-NLS-2$
            case "MPI_RECV", "MPI_IRECV" -> 2; //$NON-NLS-1$ //$NON-NLS-2$
            default -> -1;
            };
            if (kind < 0) {
                continue;
            }
            long second = new BigInteger(event.group(3)).divide(BigInteger.valueOf(ticksPerSecond)).longValueExact();
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
        return new NineMetrics(perSecond.get(0), perSecond.get(1), perSecond.get(2), perRegion, perKey.get(0), perKey.get(1), perKey.get(2), perKey.get(3),
                locationsPerRegion);
    }

    /** The "Events" lines of {@code otf2-print -A}'s output, committed beside the archive (gzipped if large). */
    private static List<String> printedEvents(Path archive) throws IOException {
        Path plain = archive.resolve("otf2-print.txt"); //$NON-NLS-1$
        List<String> lines;
        if (Files.exists(plain)) {
            lines = Files.readAllLines(plain);
        } else {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(new GZIPInputStream(Files.newInputStream(archive.resolve("otf2-print.txt.gz"))), //$NON-NLS-1$
                    StandardCharsets.UTF_8))) {
                lines = in.lines().toList();
            }
        }
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).startsWith("=== Events ")) { //$NON-NLS-1$
                return lines.subList(i + 3, lines.size());
            }
        }
        throw new IllegalStateException("no Events section in otf2-print's output of " + archive); //$NON-NLS-1$
    }
}
