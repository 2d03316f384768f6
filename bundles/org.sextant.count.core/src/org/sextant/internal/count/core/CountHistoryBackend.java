// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.count.core;

import java.io.File;
import java.io.FileInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.internal.provisional.datastore.core.condition.IntegerRangeCondition;
import org.eclipse.tracecompass.internal.provisional.datastore.core.condition.TimeRangeCondition;
import org.eclipse.tracecompass.statesystem.core.backend.IStateHistoryBackend;
import org.eclipse.tracecompass.statesystem.core.exceptions.TimeRangeException;
import org.eclipse.tracecompass.statesystem.core.interval.ITmfStateInterval;
import org.eclipse.tracecompass.statesystem.core.interval.TmfStateInterval;
import org.sextant.count.model.CountHistory;

/**
 * The event count's state system over a complete {@link CountHistory}: every interval is worked out from the
 * events' times when asked for, and is the one the serial build's history tree holds. The attributes that hold
 * no counter ({@code CPUs}, {@code Event types}) are null from start to end, as there.
 */
final class CountHistoryBackend implements IStateHistoryBackend {

    private final String fSsid;
    private final CountHistory fHistory;

    CountHistoryBackend(String ssid, CountHistory history) {
        fSsid = ssid;
        fHistory = history;
    }

    @Override
    public String getSSID() {
        return fSsid;
    }

    @Override
    public long getStartTime() {
        return fHistory.start();
    }

    @Override
    public long getEndTime() {
        return fHistory.end();
    }

    @Override
    public void insertPastState(long stateStartTime, long stateEndTime, int quark, @Nullable Object value) {
        throw new UnsupportedOperationException("a count history is complete once open"); //$NON-NLS-1$
    }

    @Override
    public void finishedBuilding(long endTime) {
        // complete once open
    }

    @Override
    public FileInputStream supplyAttributeTreeReader() {
        try {
            FileInputStream in = new FileInputStream(fHistory.file().toFile());
            in.getChannel().position(fHistory.treeOffset());
            return in;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public File supplyAttributeTreeWriterFile() {
        return fHistory.file().toFile();
    }

    @Override
    public long supplyAttributeTreeWriterFilePosition() {
        return fHistory.treeOffset();
    }

    @Override
    public void removeFiles() {
        try {
            Files.deleteIfExists(fHistory.file());
        } catch (IOException e) {
            // Left behind, it is rebuilt: a history is reused only with its build record.
        }
    }

    @Override
    public void dispose() {
        fHistory.close();
    }

    @Override
    public void doQuery(List<@Nullable ITmfStateInterval> currentStateInfo, long t) throws TimeRangeException {
        check(t);
        for (int quark = 0; quark < currentStateInfo.size(); quark++) {
            currentStateInfo.set(quark, interval(quark, t));
        }
    }

    @Override
    public ITmfStateInterval doSingularQuery(long t, int attributeQuark) throws TimeRangeException {
        check(t);
        return interval(attributeQuark, t);
    }

    /** Each attribute's intervals in turn, in time order, worked out as the iteration goes. */
    @Override
    public Iterable<ITmfStateInterval> query2D(IntegerRangeCondition quarks, TimeRangeCondition times) {
        TimeRangeCondition within = times.max() < getStartTime() || times.min() > getEndTime() ? null
                : times.subCondition(Math.max(times.min(), getStartTime()), Math.min(times.max(), getEndTime()));
        return () -> within == null ? List.<ITmfStateInterval> of().iterator() : new Walk(quarks, within);
    }

    @Override
    public Iterable<ITmfStateInterval> query2D(IntegerRangeCondition quarks, TimeRangeCondition times, boolean reverse) {
        return query2D(quarks, times);
    }

    private void check(long t) throws TimeRangeException {
        if (t < getStartTime() || t > getEndTime()) {
            throw new TimeRangeException(fSsid + ": " + t + " is outside the history's " + getStartTime() + ".." + getEndTime()); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        }
    }

    private ITmfStateInterval interval(int quark, long t) {
        int series = fHistory.seriesOf(quark);
        if (series < 0) {
            return new TmfStateInterval(getStartTime(), getEndTime(), quark, (Object) null);
        }
        CountHistory.Span span = fHistory.at(series, t);
        return new TmfStateInterval(span.start(), span.end(), quark, span.count() == 0 ? null : (Object) Long.valueOf(span.count()));
    }

    /** The intervals of the quarks asked for that meet the times asked for, quark after quark. */
    private final class Walk implements Iterator<ITmfStateInterval> {
        private final IntegerRangeCondition fQuarks;
        private final TimeRangeCondition fTimes;
        private int fQuark;
        /** The next time to ask the current quark for, or none left in it. */
        private long fNext;
        private boolean fDone;

        Walk(IntegerRangeCondition quarks, TimeRangeCondition times) {
            fQuarks = quarks;
            fTimes = times;
            fQuark = quarks.min() - 1;
            fDone = true;
            nextQuark();
        }

        /** Moves to the next quark asked for, if any. */
        private void nextQuark() {
            do {
                fQuark++;
            } while (fQuark <= fQuarks.max() && !fQuarks.test(fQuark));
            fNext = fTimes.min();
            fDone = fQuark > fQuarks.max();
        }

        @Override
        public boolean hasNext() {
            return !fDone;
        }

        @Override
        public ITmfStateInterval next() {
            if (fDone) {
                throw new NoSuchElementException();
            }
            ITmfStateInterval interval = interval(fQuark, fNext);
            TimeRangeCondition rest = interval.getEndTime() >= fTimes.max() ? null : fTimes.subCondition(interval.getEndTime() + 1, fTimes.max());
            if (rest == null) {
                nextQuark();
            } else {
                fNext = rest.min();
            }
            return interval;
        }
    }
}
