// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.callstack.core;

import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeDataModel;
import org.sextant.callstack.model.DeltaProfiler;

/**
 * An entry of the delta-profile data provider ({@link DeltaProfileDataProvider}). Its labels are what a trace
 * server sends, in the columns of {@link #headers()}, empty where a column says nothing of the entry; clients in
 * the same process may read the same values typed.
 */
public class DeltaProfileEntry extends TmfTreeDataModel {

    /** What an entry stands for. */
    public enum Kind {
        /** the root: the pattern, and how many sections it found */
        PROFILE,
        /** how many end instructions came with no section open */
        UNMATCHED_ENDS,
        /** matched pairs only: how many sections an end left open inside the one it closed */
        ABANDONED,
        /** the distribution of the sections' durations */
        TIME_HISTOGRAM,
        /** the distribution of the sections' instruction counts */
        INSTRUCTION_HISTOGRAM,
        /** one bin of a histogram */
        BIN,
        /** the longest sections, the longest first */
        LONGEST,
        /** one section */
        SECTION
    }

    private final Kind fKind;
    private final long fCount;
    private final DeltaProfiler.@Nullable Histogram fHistogram;
    private final DeltaProfiler.@Nullable Pair fSection;

    private DeltaProfileEntry(long id, long parentId, List<String> labels, Kind kind, long count, DeltaProfiler.@Nullable Histogram histogram,
            DeltaProfiler.@Nullable Pair section) {
        super(id, parentId, labels);
        fKind = kind;
        fCount = count;
        fHistogram = histogram;
        fSection = section;
    }

    /** @return the columns of the labels */
    public static List<String> headers() {
        return List.of(Messages.Column_Name, Messages.Column_Low, Messages.Column_Width, Messages.Column_Count, Messages.Column_Line,
                Messages.Column_Thread, Messages.Column_Start, Messages.Column_Time, Messages.Column_Instructions);
    }

    private static List<String> labels(String name, String low, String width, long count) {
        return List.of(name, low, width, Long.toString(count), "", "", "", "", ""); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$
    }

    static DeltaProfileEntry counted(long id, long parentId, Kind kind, String name, long count) {
        return new DeltaProfileEntry(id, parentId, labels(name, "", "", count), kind, count, null, null); //$NON-NLS-1$ //$NON-NLS-2$
    }

    static DeltaProfileEntry histogram(long id, long parentId, Kind kind, String name, DeltaProfiler.Histogram histogram, long count) {
        return new DeltaProfileEntry(id, parentId, labels(name, Long.toString(histogram.min()), Long.toString(histogram.width()), count), kind, count,
                histogram, null);
    }

    static DeltaProfileEntry bin(long id, long parentId, long low, long width, long count) {
        String text = Long.toString(low);
        return new DeltaProfileEntry(id, parentId, labels(text, text, Long.toString(width), count), Kind.BIN, count, null, null);
    }

    static DeltaProfileEntry section(long id, long parentId, DeltaProfiler.Pair pair) {
        String line = Long.toString(pair.position());
        List<String> labels = List.of(line, "", "", "", line, Long.toString(pair.thread()), Long.toString(pair.startTime()), Long.toString(pair.time()), //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
                Long.toString(pair.instructions()));
        return new DeltaProfileEntry(id, parentId, labels, Kind.SECTION, 0, null, pair);
    }

    /** @return what the entry stands for */
    public Kind kind() {
        return fKind;
    }

    /**
     * @return for the root and the histograms, the number of sections; for the unmatched ends, their number; for
     *         a bin, the sections in it; for the longest, how many are listed; 0 for a section
     */
    public long count() {
        return fCount;
    }

    /** @return a histogram entry's distribution, null for other entries */
    public DeltaProfiler.@Nullable Histogram histogram() {
        return fHistogram;
    }

    /** @return a section entry's section, null for other entries */
    public DeltaProfiler.@Nullable Pair section() {
        return fSection;
    }
}
