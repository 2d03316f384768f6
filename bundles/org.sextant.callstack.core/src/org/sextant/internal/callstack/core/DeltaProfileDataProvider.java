// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.callstack.core;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.sextant.callstack.core.CallProfileAnalysisModule;
import org.sextant.callstack.core.Profiles;
import org.sextant.callstack.model.DeltaProfiler;
import org.sextant.callstack.model.Profile;

/**
 * The delta profile of an instruction flow: the sections between a start and an end instruction on each thread
 * (Sharma and Dagenais's Algorithm 1), as a tree: the root names the pattern and counts the sections; below it
 * the end instructions met with no section open, for matched pairs the sections left open inside a closed one,
 * the histograms of the sections' durations and instruction
 * counts with a child per bin, and the longest sections with the input line where each opened. Inputs that are
 * no instruction flow have no sections.
 *
 * <p>
 * Fetch parameters, all optional: {@value #PATTERN_KEY}, the start mnemonics and the end mnemonics, each
 * comma-separated, the two separated by a colon ({@code cli,pushf:sti,popf}; by default superCLI to superSTI,
 * {@code cli,pushf,pushfq:popf,popfq,sti}), or matched pairs that nest ({@code match}, {@code match:cli=sti,pushf=popf},
 * as {@link DeltaProfiler.Pattern#parse} reads them); {@value #BINS_KEY}, how many bins each histogram has at most (default
 * {@value #DEFAULT_BINS}); {@value #LONGEST_KEY}, how many of the longest sections are listed (default
 * {@value #DEFAULT_LONGEST}). The trace's profile was read with the default pattern: another one reads the file
 * again, with the fetch's progress monitor, and the last such read is kept.
 * </p>
 */
public class DeltaProfileDataProvider extends ProfileDataProvider<DeltaProfileEntry> {

    /** The provider's id. */
    public static final String ID = "org.sextant.callstack.core.deltas"; //$NON-NLS-1$
    /** The parameter choosing the instruction pattern. */
    public static final String PATTERN_KEY = "pattern"; //$NON-NLS-1$
    /** The parameter choosing how many bins the histograms have at most. */
    public static final String BINS_KEY = "bins"; //$NON-NLS-1$
    /** The parameter choosing how many of the longest sections are listed. */
    public static final String LONGEST_KEY = "longest"; //$NON-NLS-1$
    /** Bins unless told otherwise. */
    public static final int DEFAULT_BINS = 20;
    /** Longest sections listed unless told otherwise. */
    public static final int DEFAULT_LONGEST = 50;

    private @Nullable DeltaProfiler fReread;

    /**
     * @param module
     *            the trace's call-profile module, scheduled
     */
    public DeltaProfileDataProvider(CallProfileAnalysisModule module) {
        super(ID, module);
    }

    @Override
    protected TmfTreeModel<DeltaProfileEntry> tree(Profile profile, Map<String, Object> parameters, IProgressMonitor monitor)
            throws IOException, Profiles.ProfileException {
        String text = text(parameters, PATTERN_KEY);
        DeltaProfiler.Pattern pattern;
        try {
            pattern = text != null ? DeltaProfiler.Pattern.parse(text) : DeltaProfiler.Pattern.INTERRUPTS;
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(PATTERN_KEY + ": " + e.getMessage(), e); //$NON-NLS-1$
        }
        int bins = count(parameters, BINS_KEY, DEFAULT_BINS);
        int longest = count(parameters, LONGEST_KEY, DEFAULT_LONGEST);
        DeltaProfiler deltas = deltas(profile, pattern, monitor);
        long sections = deltas.pairs().size();
        List<DeltaProfileEntry> entries = new ArrayList<>();
        entries.add(DeltaProfileEntry.counted(0, -1, DeltaProfileEntry.Kind.PROFILE, pattern.text(), sections));
        entries.add(DeltaProfileEntry.counted(1, 0, DeltaProfileEntry.Kind.UNMATCHED_ENDS, Messages.Deltas_UnmatchedEnds, deltas.unmatchedEnds()));
        if (pattern instanceof DeltaProfiler.Matched) {
            entries.add(DeltaProfileEntry.counted(entries.size(), 0, DeltaProfileEntry.Kind.ABANDONED, Messages.Deltas_Abandoned, deltas.abandoned()));
        }
        if (bins > 0) {
            histogram(entries, DeltaProfileEntry.Kind.TIME_HISTOGRAM, Messages.Deltas_TimeHistogram, deltas.timeHistogram(bins), sections);
            histogram(entries, DeltaProfileEntry.Kind.INSTRUCTION_HISTOGRAM, Messages.Deltas_InstructionHistogram, deltas.instructionHistogram(bins),
                    sections);
        }
        List<DeltaProfiler.Pair> outliers = deltas.outliers(longest);
        long longestId = entries.size();
        entries.add(DeltaProfileEntry.counted(longestId, 0, DeltaProfileEntry.Kind.LONGEST, Messages.Deltas_Longest, outliers.size()));
        for (DeltaProfiler.Pair pair : outliers) {
            entries.add(DeltaProfileEntry.section(entries.size(), longestId, pair));
        }
        return new TmfTreeModel<>(DeltaProfileEntry.headers(), entries);
    }

    private static void histogram(List<DeltaProfileEntry> entries, DeltaProfileEntry.Kind kind, String name, DeltaProfiler.Histogram histogram,
            long sections) {
        long id = entries.size();
        entries.add(DeltaProfileEntry.histogram(id, 0, kind, name, histogram, sections));
        long[] counts = histogram.counts();
        for (int bin = 0; bin < counts.length; bin++) {
            entries.add(DeltaProfileEntry.bin(entries.size(), id, histogram.min() + bin * histogram.width(), histogram.width(), counts[bin]));
        }
    }

    /** The profile's own delta profile for the pattern it was read with; another pattern reads the file again. */
    private synchronized DeltaProfiler deltas(Profile profile, DeltaProfiler.Pattern pattern, IProgressMonitor monitor)
            throws IOException, Profiles.ProfileException {
        if (profile.deltas().pattern().equals(pattern)) {
            return profile.deltas();
        }
        DeltaProfiler reread = fReread;
        if (reread == null || !reread.pattern().equals(pattern)) {
            reread = Profiles.read(profile.file(), pattern, monitor).deltas();
            fReread = reread;
        }
        return reread;
    }
}
