// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.engine;

import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.internal.provisional.datastore.core.condition.IntegerRangeCondition;
import org.eclipse.tracecompass.internal.provisional.datastore.core.condition.TimeRangeCondition;
import org.eclipse.tracecompass.statesystem.core.backend.IStateHistoryBackend;
import org.eclipse.tracecompass.statesystem.core.backend.StateHistoryBackendFactory;
import org.eclipse.tracecompass.statesystem.core.exceptions.StateSystemDisposedException;
import org.eclipse.tracecompass.statesystem.core.exceptions.TimeRangeException;
import org.eclipse.tracecompass.statesystem.core.interval.ITmfStateInterval;

/**
 * One state history kept in several history trees ("shards"), so that several threads insert its intervals: a
 * single Trace Compass history tree takes its intervals one at a time on one insertion thread, which bounds
 * every analysis that makes a state change per event (the count, the io analysis). The state system above sees
 * one backend; its views and data providers one state system.
 *
 * <p>
 * Intervals are dealt to the shards in turn, whatever their attribute: the n-th interval the state system
 * inserts goes to shard n mod N. Routing by attribute would have kept an attribute in one tree, but an
 * analysis's intervals gather on a few attributes (the count's {@code Total} alone takes a third of them), so
 * the busiest writer would still take most of the work. Each interval is in exactly one shard, and every shard
 * holds intervals in the order the state system ended them, as one tree would. Queries fan out:
 * </p>
 * <ul>
 * <li>a full query asks every shard, each filling the attributes whose interval at that time it holds;</li>
 * <li>a singular query asks the shards in turn until one holds the attribute's interval at that time;</li>
 * <li>a 2D query chains the shards' answers (a 2D query's intervals come in no particular order).</li>
 * </ul>
 *
 * <p>
 * Each shard is a threaded history-tree backend with its own insertion thread and queue. The attribute tree is
 * written once, after the intervals of the first shard, as in a single history. {@link ShardManifest} records
 * the shards' files so that the history can be opened again.
 * </p>
 */
public final class ShardedHistoryBackend implements IStateHistoryBackend {

    private final String fSsid;
    private final List<IStateHistoryBackend> fShards;
    private int fNext;

    private ShardedHistoryBackend(String ssid, List<IStateHistoryBackend> shards) {
        fSsid = ssid;
        fShards = List.copyOf(shards);
    }

    /**
     * Makes a new history in the given files, one shard per file, each with its own insertion thread.
     *
     * @param ssid
     *            the state system's id
     * @param files
     *            one file per shard; the first also holds the attribute tree
     * @param version
     *            the state version written into each shard
     * @param start
     *            the history's start time
     * @param queueSize
     *            each shard's insertion queue size
     * @return the backend
     * @throws IOException
     *             when a file cannot be created (the shards made before are deleted)
     */
    public static ShardedHistoryBackend create(String ssid, List<File> files, int version, long start, int queueSize) throws IOException {
        List<IStateHistoryBackend> shards = new ArrayList<>();
        try {
            for (File file : files) {
                shards.add(StateHistoryBackendFactory.createHistoryTreeBackendNewFile(ssid, file, version, start, queueSize));
            }
        } catch (IOException e) {
            shards.forEach(IStateHistoryBackend::removeFiles);
            throw e;
        }
        return new ShardedHistoryBackend(ssid, shards);
    }

    /**
     * Opens a complete history from its shards' files.
     *
     * @param ssid
     *            the state system's id
     * @param files
     *            the shards' files, the one holding the attribute tree first
     * @param version
     *            the state version each shard must have
     * @return the backend
     * @throws IOException
     *             naming the shard that cannot be opened (those opened before are closed)
     */
    public static ShardedHistoryBackend open(String ssid, List<File> files, int version) throws IOException {
        List<IStateHistoryBackend> shards = new ArrayList<>();
        try {
            for (File file : files) {
                try {
                    shards.add(StateHistoryBackendFactory.createHistoryTreeBackendExistingFile(ssid, file, version));
                } catch (IOException | RuntimeException e) {
                    throw new IOException("shard " + file + " cannot be opened: " + e.getMessage(), e); //$NON-NLS-1$ //$NON-NLS-2$
                }
            }
        } catch (IOException e) {
            shards.forEach(IStateHistoryBackend::dispose);
            throw e;
        }
        if (shards.stream().map(IStateHistoryBackend::getEndTime).distinct().count() > 1) {
            shards.forEach(IStateHistoryBackend::dispose);
            throw new IOException("the shards of " + files.get(0) + " end at different times: they are not of one build"); //$NON-NLS-1$ //$NON-NLS-2$
        }
        return new ShardedHistoryBackend(ssid, shards);
    }

    /** @return how many shards hold the history */
    public int getShardCount() {
        return fShards.size();
    }

    @Override
    public String getSSID() {
        return fSsid;
    }

    @Override
    public long getStartTime() {
        return fShards.get(0).getStartTime();
    }

    /** The latest end of any shard: while building, the shards' trees close their nodes at different times. */
    @Override
    public long getEndTime() {
        long end = Long.MIN_VALUE;
        for (IStateHistoryBackend shard : fShards) {
            end = Math.max(end, shard.getEndTime());
        }
        return end;
    }

    /** Called by the state system's one building thread only, so the turn needs no synchronization. */
    @Override
    public void insertPastState(long stateStartTime, long stateEndTime, int quark, @Nullable Object value) throws TimeRangeException {
        int shard = fNext;
        fNext = shard + 1 == fShards.size() ? 0 : shard + 1;
        fShards.get(shard).insertPastState(stateStartTime, stateEndTime, quark, value);
    }

    /** Each shard's thread drains its own queue meanwhile: the waits overlap. */
    @Override
    public void finishedBuilding(long endTime) throws TimeRangeException {
        for (IStateHistoryBackend shard : fShards) {
            shard.finishedBuilding(endTime);
        }
    }

    @Override
    public FileInputStream supplyAttributeTreeReader() {
        return fShards.get(0).supplyAttributeTreeReader();
    }

    @Override
    public File supplyAttributeTreeWriterFile() {
        return fShards.get(0).supplyAttributeTreeWriterFile();
    }

    @Override
    public long supplyAttributeTreeWriterFilePosition() {
        return fShards.get(0).supplyAttributeTreeWriterFilePosition();
    }

    @Override
    public void removeFiles() {
        fShards.forEach(IStateHistoryBackend::removeFiles);
    }

    @Override
    public void dispose() {
        fShards.forEach(IStateHistoryBackend::dispose);
    }

    @Override
    public void doQuery(List<@Nullable ITmfStateInterval> currentStateInfo, long t) throws TimeRangeException, StateSystemDisposedException {
        for (IStateHistoryBackend shard : fShards) {
            if (t <= shard.getEndTime()) {
                shard.doQuery(currentStateInfo, t);
            }
        }
    }

    @Override
    public @Nullable ITmfStateInterval doSingularQuery(long t, int attributeQuark) throws TimeRangeException, StateSystemDisposedException {
        for (IStateHistoryBackend shard : fShards) {
            if (t <= shard.getEndTime()) {
                ITmfStateInterval interval = shard.doSingularQuery(t, attributeQuark);
                if (interval != null) {
                    return interval;
                }
            }
        }
        return null;
    }

    @Override
    public Iterable<ITmfStateInterval> query2D(IntegerRangeCondition quarks, TimeRangeCondition times) throws TimeRangeException {
        return query2D(quarks, times, false);
    }

    /** Reversed, each shard's intervals come latest first, but the shards one after the other, as unordered as ever. */
    @Override
    public Iterable<ITmfStateInterval> query2D(IntegerRangeCondition quarks, TimeRangeCondition times, boolean reverse) throws TimeRangeException {
        List<Iterable<ITmfStateInterval>> answers = new ArrayList<>();
        for (IStateHistoryBackend shard : fShards) {
            answers.add(shard.query2D(quarks, times, reverse));
        }
        return () -> chain(answers.iterator());
    }

    private static Iterator<ITmfStateInterval> chain(Iterator<Iterable<ITmfStateInterval>> answers) {
        return new Iterator<>() {
            private Iterator<ITmfStateInterval> fCurrent = List.<ITmfStateInterval> of().iterator();

            @Override
            public boolean hasNext() {
                while (!fCurrent.hasNext() && answers.hasNext()) {
                    fCurrent = answers.next().iterator();
                }
                return fCurrent.hasNext();
            }

            @Override
            public ITmfStateInterval next() {
                hasNext();
                return fCurrent.next();
            }
        };
    }
}
