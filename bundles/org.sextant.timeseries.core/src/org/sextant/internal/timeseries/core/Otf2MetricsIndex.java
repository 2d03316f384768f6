// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.timeseries.core;

import java.io.File;
import java.io.IOException;
import java.util.List;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Function;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystemBuilder;
import org.eclipse.tracecompass.statesystem.core.StateSystemFactory;
import org.eclipse.tracecompass.statesystem.core.backend.IStateHistoryBackend;
import org.eclipse.tracecompass.statesystem.core.backend.StateHistoryBackendFactory;
import org.eclipse.tracecompass.statesystem.core.exceptions.StateSystemDisposedException;
import org.sextant.otf2.model.Otf2Archive;
import org.sextant.otf2.model.Otf2FormatException;
import org.sextant.parallel.engine.StateSystemWriter;
import org.sextant.timeseries.model.NineMetrics;
import org.sextant.timeseries.model.Otf2MetricsIndexer;
import org.sextant.timeseries.model.Otf2Schema;

/**
 * The second way: a Trace Compass state history of an OTF2 archive ({@link Otf2MetricsIndexer}'s attribute tree),
 * built once into a history-tree file straight from Sextant's reader (no trace type involved), then queried for
 * each metric. A count per second is the difference of a cumulative count at the ends of two seconds.
 */
public final class Otf2MetricsIndex implements AutoCloseable {

    private static final long NS_PER_SECOND = 1_000_000_000L;
    private static final int QUEUE = 10_000;

    private final ITmfStateSystem fState;
    private final long fFirst;

    private Otf2MetricsIndex(ITmfStateSystem state, long first) {
        fState = state;
        fFirst = first;
    }

    /**
     * Builds the history.
     *
     * @param archive
     *            the archive
     * @param file
     *            the history-tree file to write
     * @return the index, ready for queries
     * @throws Otf2FormatException
     *             when the archive is damaged
     * @throws IOException
     *             when the file cannot be written
     */
    public static Otf2MetricsIndex build(Otf2Archive archive, File file) throws Otf2FormatException, IOException {
        // The history starts at 0: clock offsets may put corrected events before the archive's global offset.
        IStateHistoryBackend backend = StateHistoryBackendFactory.createHistoryTreeBackendNewFile("otf2-metrics", //$NON-NLS-1$
                file, Otf2MetricsIndexer.VERSION, 0, QUEUE);
        ITmfStateSystemBuilder builder = StateSystemFactory.newStateSystem(backend);
        Otf2MetricsIndexer indexer = new Otf2MetricsIndexer(archive.definitions(), new StateSystemWriter(builder));
        long[] range = { -1, 0 };
        try {
            archive.readEvents(event -> {
                indexer.accept(event);
                range[0] = range[0] < 0 ? event.time() : range[0];
                range[1] = event.time();
            });
            indexer.flush();
        } catch (Otf2FormatException | RuntimeException e) {
            builder.dispose();
            throw e;
        }
        builder.closeHistory(Otf2Schema.nanos(archive.definitions().clock(), range[1]));
        return new Otf2MetricsIndex(builder, Otf2Schema.nanos(archive.definitions().clock(), Math.max(0, range[0])));
    }

    /** @return the nine metrics, each from its queries */
    public NineMetrics metrics() throws StateSystemDisposedException {
        return new NineMetrics(perSecond("enter"), perSecond("send"), perSecond("receive"), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                finalCounts(Function.identity(), "enter", "regions"), //$NON-NLS-1$ //$NON-NLS-2$
                finalCounts(Long::valueOf, "send", "tags"), finalCounts(Long::valueOf, "receive", "tags"), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                finalCounts(Long::valueOf, "send", "ranks"), finalCounts(Long::valueOf, "receive", "ranks"), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
                locationsPerRegion());
    }

    /**
     * One metric.
     *
     * @param index
     *            its place in {@link NineMetrics#NAMES}
     * @return its counts
     */
    SortedMap<?, Long> metric(int index) throws StateSystemDisposedException {
        return switch (index) {
        case 0 -> perSecond("enter"); //$NON-NLS-1$
        case 1 -> perSecond("send"); //$NON-NLS-1$
        case 2 -> perSecond("receive"); //$NON-NLS-1$
        case 3 -> finalCounts(Function.identity(), "enter", "regions"); //$NON-NLS-1$ //$NON-NLS-2$
        case 4 -> finalCounts(Long::valueOf, "send", "tags"); //$NON-NLS-1$ //$NON-NLS-2$
        case 5 -> finalCounts(Long::valueOf, "receive", "tags"); //$NON-NLS-1$ //$NON-NLS-2$
        case 6 -> finalCounts(Long::valueOf, "send", "ranks"); //$NON-NLS-1$ //$NON-NLS-2$
        case 7 -> finalCounts(Long::valueOf, "receive", "ranks"); //$NON-NLS-1$ //$NON-NLS-2$
        default -> locationsPerRegion();
        };
    }

    private SortedMap<Long, Long> perSecond(String direction) throws StateSystemDisposedException {
        SortedMap<Long, Long> counts = new TreeMap<>();
        int total = fState.optQuarkAbsolute(direction, "total"); //$NON-NLS-1$
        if (total == ITmfStateSystem.INVALID_ATTRIBUTE) {
            return counts;
        }
        long end = fState.getCurrentEndTime();
        long before = count(Math.floorDiv(fFirst, NS_PER_SECOND) * NS_PER_SECOND - 1, total);
        for (long second = Math.floorDiv(fFirst, NS_PER_SECOND); second <= Math.floorDiv(end, NS_PER_SECOND); second++) {
            long atEnd = count(Math.min(end, (second + 1) * NS_PER_SECOND - 1), total);
            if (atEnd != before) {
                counts.put(second, atEnd - before);
            }
            before = atEnd;
        }
        return counts;
    }

    private long count(long time, int quark) throws StateSystemDisposedException {
        if (time < fState.getStartTime()) {
            return 0;
        }
        @Nullable Object value = fState.querySingleState(time, quark).getValue();
        return value instanceof Long count ? count : 0;
    }

    private <K extends Comparable<K>> SortedMap<K, Long> finalCounts(Function<String, K> key, String... path)
            throws StateSystemDisposedException {
        SortedMap<K, Long> counts = new TreeMap<>();
        int parent = fState.optQuarkAbsolute(path);
        if (parent == ITmfStateSystem.INVALID_ATTRIBUTE) {
            return counts;
        }
        for (int quark : fState.getSubAttributes(parent, false)) {
            counts.put(key.apply(fState.getAttributeName(quark)), count(fState.getCurrentEndTime(), quark));
        }
        return counts;
    }

    private SortedMap<String, Long> locationsPerRegion() {
        SortedMap<String, Long> counts = new TreeMap<>();
        int parent = fState.optQuarkAbsolute("enter", "locations"); //$NON-NLS-1$ //$NON-NLS-2$
        if (parent == ITmfStateSystem.INVALID_ATTRIBUTE) {
            return counts;
        }
        for (int region : fState.getSubAttributes(parent, false)) {
            List<Integer> locations = fState.getSubAttributes(region, false);
            counts.put(fState.getAttributeName(region), (long) locations.size());
        }
        return counts;
    }

    @Override
    public void close() {
        fState.dispose();
    }
}
