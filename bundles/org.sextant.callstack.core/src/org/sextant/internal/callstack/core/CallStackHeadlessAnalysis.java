// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.callstack.core;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.callstack.core.CallProfileTrace;
import org.sextant.callstack.core.Profiles;
import org.sextant.callstack.model.CallFlow;
import org.sextant.callstack.model.CallTree;
import org.sextant.callstack.model.DeltaProfiler;
import org.sextant.callstack.model.Profile;
import org.sextant.headless.core.BuildOptions;
import org.sextant.headless.core.HeadlessAnalysisException;
import org.sextant.headless.core.IHeadlessAnalysis;

/**
 * {@code sextant analyze --analysis callstack}: a call profile's totals per weight, its costliest call paths,
 * per thread where the input says, and, for instruction flows, the delta profile of the superCLI / superSTI
 * pairs with its longest sections and where they start.
 */
public class CallStackHeadlessAnalysis implements IHeadlessAnalysis {

    private static final int TOP_PATHS = 10;
    private static final int BINS = 10;
    private static final int OUTLIERS = 5;

    @Override
    public boolean appliesTo(ITmfTrace trace) {
        return trace instanceof CallProfileTrace;
    }

    @Override
    public Map<String, Object> run(ITmfTrace trace, BuildOptions options, IProgressMonitor monitor) throws HeadlessAnalysisException {
        Profile profile = ((CallProfileTrace) trace).getProfile();
        if (profile == null) {
            throw new HeadlessAnalysisException(trace.getPath() + ": the profile was not read"); //$NON-NLS-1$
        }
        if (options.pattern() != null) {
            profile = reread(profile, options.pattern(), monitor);
        }
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("format", profile.format().name().toLowerCase(Locale.ROOT)); //$NON-NLS-1$
        for (CallFlow.Weight weight : profile.weights()) {
            summary.put(weight.name().toLowerCase(Locale.ROOT), weighted(profile, weight));
        }
        if (profile.weights().contains(CallFlow.Weight.TIME)) {
            summary.put("untraced_ns", profile.flow().untraced()); //$NON-NLS-1$
        }
        DeltaProfiler deltas = profile.deltas();
        if (!deltas.pairs().isEmpty() || deltas.unmatchedEnds() > 0) {
            summary.put("delta_profile", deltas(deltas)); //$NON-NLS-1$
        }
        return summary;
    }

    /** The trace read its profile with the default pattern: another pattern needs another pass. */
    private static Profile reread(Profile profile, String text, IProgressMonitor monitor) throws HeadlessAnalysisException {
        DeltaProfiler.Pattern pattern;
        try {
            pattern = DeltaProfiler.Pattern.parse(text);
        } catch (IllegalArgumentException e) {
            throw HeadlessAnalysisException.badInput("--pattern: " + e.getMessage()); //$NON-NLS-1$
        }
        try {
            return Profiles.read(profile.file(), pattern, monitor);
        } catch (IOException | Profiles.ProfileException e) {
            throw HeadlessAnalysisException.badInput(e.getMessage());
        }
    }

    private static Map<String, Object> weighted(Profile profile, CallFlow.Weight weight) {
        CallTree tree = profile.tree(weight);
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("total", tree.root().total()); //$NON-NLS-1$
        entry.put("call_paths", tree.nodes().size()); //$NON-NLS-1$
        List<Map<String, Object>> paths = new ArrayList<>();
        tree.nodes().stream().filter(node -> node.self() > 0).sorted(Comparator.comparingLong(CallTree.Node::self).reversed()).limit(TOP_PATHS)
                .forEach(node -> {
                    Map<String, Object> path = new LinkedHashMap<>();
                    path.put("path", String.join(";", node.path())); //$NON-NLS-1$ //$NON-NLS-2$
                    path.put("self", node.self()); //$NON-NLS-1$
                    path.put("total", node.total()); //$NON-NLS-1$
                    paths.add(path);
                });
        entry.put("costliest_paths", paths); //$NON-NLS-1$
        Map<String, CallTree> threads = profile.trees(CallFlow.Scope.THREAD, weight);
        if (!threads.isEmpty()) {
            Map<String, Object> perThread = new LinkedHashMap<>();
            threads.forEach((thread, threadTree) -> perThread.put(thread, threadTree.root().total()));
            entry.put("per_thread", perThread); //$NON-NLS-1$
        }
        return entry;
    }

    private static Map<String, Object> deltas(DeltaProfiler deltas) {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("sections", deltas.pairs().size()); //$NON-NLS-1$
        entry.put("unmatched_ends", deltas.unmatchedEnds()); //$NON-NLS-1$
        entry.put("time_ns", histogram(deltas.timeHistogram(BINS))); //$NON-NLS-1$
        entry.put("instructions", histogram(deltas.instructionHistogram(BINS))); //$NON-NLS-1$
        List<Map<String, Object>> outliers = new ArrayList<>();
        for (DeltaProfiler.Pair pair : deltas.outliers(OUTLIERS)) {
            Map<String, Object> outlier = new LinkedHashMap<>();
            outlier.put("thread", pair.thread()); //$NON-NLS-1$
            outlier.put("line", pair.position()); //$NON-NLS-1$
            outlier.put("start", pair.startTime()); //$NON-NLS-1$
            outlier.put("time_ns", pair.time()); //$NON-NLS-1$
            outlier.put("instructions", pair.instructions()); //$NON-NLS-1$
            outliers.add(outlier);
        }
        entry.put("longest", outliers); //$NON-NLS-1$
        return entry;
    }

    private static Map<String, Object> histogram(DeltaProfiler.Histogram histogram) {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("min", histogram.min()); //$NON-NLS-1$
        entry.put("bin_width", histogram.width()); //$NON-NLS-1$
        List<Long> counts = new ArrayList<>();
        for (long count : histogram.counts()) {
            counts.add(count);
        }
        entry.put("counts", counts); //$NON-NLS-1$
        return entry;
    }
}
