// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.callstack.core;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.callstack.core.CallProfileTrace;
import org.sextant.callstack.model.CallFlow;
import org.sextant.callstack.model.CallTree;
import org.sextant.callstack.model.DeltaProfiler;
import org.sextant.callstack.model.Profile;
import org.sextant.common.core.SummaryEntryModel;
import org.sextant.common.core.summary.AnalysisOptions;
import org.sextant.common.core.summary.HeadlessAnalysisException;
import org.sextant.common.core.summary.IHeadlessAnalysis;
import org.sextant.common.core.summary.SummaryTree;

/**
 * {@code sextant analyze --analysis callstack}: a call profile's totals per weight (with the totals the input
 * declares, and which of them the tree equals), its costliest functions by inclusive cost (with their callers and
 * callees) and by own cost, its costliest call paths, per thread where the input says, and, for instruction flows,
 * the delta profile of the superCLI / superSTI pairs (or of {@code --pattern}'s) with its longest sections and
 * where they start, for branch traces each system call's latency per call site (count, min, median, 99th percentile,
 * max); with {@code --baseline FILE}, what changed since that run, per function and per call path.
 * {@code --top N} says how many functions and paths each list has. Everything comes from the call-profile data
 * providers, which the views and a trace server read too: this class picks and names.
 */
public class CallStackHeadlessAnalysis implements IHeadlessAnalysis {

    private static final int TOP = 10;
    private static final int BINS = 10;
    private static final int OUTLIERS = 5;

    @Override
    public boolean appliesTo(ITmfTrace trace) {
        return trace instanceof CallProfileTrace;
    }

    @Override
    public Map<String, Object> run(ITmfTrace trace, AnalysisOptions options, IProgressMonitor monitor) throws HeadlessAnalysisException {
        String pattern = options.pattern();
        if (pattern != null) {
            // checked here so that the error names the command line's option, not the provider's parameter
            try {
                DeltaProfiler.Pattern.parse(pattern);
            } catch (IllegalArgumentException e) {
                throw HeadlessAnalysisException.badInput("--pattern: " + e.getMessage()); //$NON-NLS-1$
            }
        }
        List<CallTreeEntry> trees = fetch(trace, CallTreeDataProvider.ID, Map.of(), monitor);
        List<CallTreeEntry> threads = fetch(trace, CallTreeDataProvider.ID,
                Map.of(CallTreeDataProvider.SCOPE_KEY, DataProviders.name(CallFlow.Scope.THREAD), CallTreeDataProvider.MAX_DEPTH_KEY, 0), monitor);
        Map<String, Object> deltaParameters = new HashMap<>(Map.of(DeltaProfileDataProvider.BINS_KEY, BINS, DeltaProfileDataProvider.LONGEST_KEY, OUTLIERS));
        if (pattern != null) {
            deltaParameters.put(DeltaProfileDataProvider.PATTERN_KEY, pattern);
        }
        List<DeltaProfileEntry> deltas = fetch(trace, DeltaProfileDataProvider.ID, deltaParameters, monitor);
        int top = options.top() > 0 ? options.top() : TOP;
        SummaryTree functions = SummaryTree.of(fetch(trace, FunctionTableDataProvider.ID, Map.of(FunctionTableDataProvider.TOP_KEY, top), monitor));

        Profile.Format format = ((CallProfileTrace) trace).getFormat();
        if (format == null) {
            throw new HeadlessAnalysisException(trace.getPath() + ": the profile was not read"); //$NON-NLS-1$
        }
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("format", DataProviders.name(format)); //$NON-NLS-1$
        for (CallTreeEntry weight : trees) {
            if (weight.kind() == CallTreeEntry.Kind.WEIGHT) {
                Map<String, Object> entry = new LinkedHashMap<>();
                entry.put("total", weight.total()); //$NON-NLS-1$
                entry.putAll(Functions.summary(functions, weight.key()));
                entry.putAll(weighted(trees, weight, threads, top));
                summary.put(weight.key(), entry);
            }
        }
        String baseline = options.baseline();
        if (baseline != null) {
            Map<String, Object> parameters = Map.of(BaselineDataProvider.BASELINE_KEY, baseline, FunctionTableDataProvider.TOP_KEY, top);
            summary.put("baseline", Functions.baseline(baseline, SummaryTree.of(fetch(trace, BaselineDataProvider.ID, parameters, monitor)))); //$NON-NLS-1$
        }
        trees.stream().filter(entry -> entry.kind() == CallTreeEntry.Kind.UNTRACED).forEach(untraced -> summary.put("untraced_ns", untraced.total())); //$NON-NLS-1$
        DeltaProfileEntry sections = deltas.get(0);
        DeltaProfileEntry unmatched = deltas.get(1);
        if (sections.count() > 0 || unmatched.count() > 0) {
            summary.put("delta_profile", deltas(deltas)); //$NON-NLS-1$
        }
        Map<String, Object> syscalls = syscalls(SummaryTree.of(fetch(trace, SyscallLatencyDataProvider.ID, Map.of(), monitor)));
        if (syscalls != null) {
            summary.put("syscall_latency", syscalls); //$NON-NLS-1$
        }
        return summary;
    }

    /** Fetches a provider's entries, a failure naming what is wrong with the input. */
    private static <T extends ITmfTreeDataModel> List<T> fetch(ITmfTrace trace, String id, Map<String, Object> parameters, IProgressMonitor monitor)
            throws HeadlessAnalysisException {
        try {
            return DataProviders.entries(trace, id, parameters, monitor);
        } catch (CoreException e) {
            throw HeadlessAnalysisException.badInput(e.getMessage());
        }
    }

    /** The call paths: how many, the costliest by own cost, and the total per thread. */
    private static Map<String, Object> weighted(List<CallTreeEntry> trees, CallTreeEntry weight, List<CallTreeEntry> threads, int top) {
        CallTreeEntry all = trees.stream().filter(entry -> entry.getParentId() == weight.getId() && entry.kind() == CallTreeEntry.Kind.GROUP)
                .findFirst().orElseThrow();
        CallTree tree = CallTreeEntry.tree(trees, all.getId(), CallTreeEntry::self, entry -> true);
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("call_paths", tree.nodes().size()); //$NON-NLS-1$
        List<Map<String, Object>> paths = new ArrayList<>();
        tree.nodes().stream().filter(node -> node.self() > 0).sorted(Comparator.comparingLong(CallTree.Node::self).reversed()).limit(top)
                .forEach(node -> {
                    Map<String, Object> path = new LinkedHashMap<>();
                    path.put("path", String.join(";", node.path())); //$NON-NLS-1$ //$NON-NLS-2$
                    path.put("self", node.self()); //$NON-NLS-1$
                    path.put("total", node.total()); //$NON-NLS-1$
                    paths.add(path);
                });
        entry.put("costliest_paths", paths); //$NON-NLS-1$
        Map<String, Object> perThread = new LinkedHashMap<>();
        long threadWeight = threads.stream().filter(w -> w.kind() == CallTreeEntry.Kind.WEIGHT && w.key().equals(weight.key())).findFirst()
                .orElseThrow().getId();
        threads.stream().filter(thread -> thread.getParentId() == threadWeight && thread.kind() == CallTreeEntry.Kind.GROUP)
                .forEach(thread -> perThread.put(thread.key(), thread.total()));
        if (!perThread.isEmpty()) {
            entry.put("per_thread", perThread); //$NON-NLS-1$
        }
        return entry;
    }

    private static Map<String, Object> deltas(List<DeltaProfileEntry> deltas) {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("sections", deltas.get(0).count()); //$NON-NLS-1$
        entry.put("unmatched_ends", deltas.get(1).count()); //$NON-NLS-1$
        deltas.stream().filter(delta -> delta.kind() == DeltaProfileEntry.Kind.ABANDONED).forEach(abandoned -> entry.put("abandoned", abandoned.count())); //$NON-NLS-1$
        List<Map<String, Object>> outliers = new ArrayList<>();
        for (DeltaProfileEntry delta : deltas) {
            DeltaProfiler.Histogram histogram = delta.histogram();
            DeltaProfiler.Pair pair = delta.section();
            if (delta.kind() == DeltaProfileEntry.Kind.TIME_HISTOGRAM && histogram != null) {
                entry.put("time_ns", histogram(histogram)); //$NON-NLS-1$
            } else if (delta.kind() == DeltaProfileEntry.Kind.INSTRUCTION_HISTOGRAM && histogram != null) {
                entry.put("instructions", histogram(histogram)); //$NON-NLS-1$
            } else if (pair != null) {
                Map<String, Object> outlier = new LinkedHashMap<>();
                outlier.put("thread", pair.thread()); //$NON-NLS-1$
                outlier.put("line", pair.position()); //$NON-NLS-1$
                outlier.put("start", pair.startTime()); //$NON-NLS-1$
                outlier.put("time_ns", pair.time()); //$NON-NLS-1$
                outlier.put("instructions", pair.instructions()); //$NON-NLS-1$
                outliers.add(outlier);
            }
        }
        entry.put("longest", outliers); //$NON-NLS-1$
        return entry;
    }

    /**
     * @return each call site's latencies, in nanoseconds, the site with the most time in system calls first; null
     *         when the input has no system call
     */
    private static @Nullable Map<String, Object> syscalls(SummaryTree tree) {
        Map<String, Object> entry = new LinkedHashMap<>();
        entry.put("calls", tree.root().getNumber(SyscallLatencyDataProvider.COUNT)); //$NON-NLS-1$
        entry.put("total_ns", tree.root().getNumber(SyscallLatencyDataProvider.TOTAL)); //$NON-NLS-1$
        List<Map<String, Object>> sites = new ArrayList<>();
        long unfinished = 0;
        for (SummaryEntryModel site : tree.children(tree.root())) {
            if (SyscallLatencyDataProvider.UNFINISHED.equals(site.getKey())) {
                unfinished = site.getNumber(SyscallLatencyDataProvider.COUNT).longValue();
                continue;
            }
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("site", site.getKey()); //$NON-NLS-1$
            row.put("count", site.getNumber(SyscallLatencyDataProvider.COUNT)); //$NON-NLS-1$
            row.put("min_ns", site.getNumber(SyscallLatencyDataProvider.MIN)); //$NON-NLS-1$
            row.put("median_ns", site.getNumber(SyscallLatencyDataProvider.MEDIAN)); //$NON-NLS-1$
            row.put("p99_ns", site.getNumber(SyscallLatencyDataProvider.P99)); //$NON-NLS-1$
            row.put("max_ns", site.getNumber(SyscallLatencyDataProvider.MAX)); //$NON-NLS-1$
            row.put("total_ns", site.getNumber(SyscallLatencyDataProvider.TOTAL)); //$NON-NLS-1$
            sites.add(row);
        }
        entry.put("sites", sites); //$NON-NLS-1$
        entry.put("unfinished", unfinished); //$NON-NLS-1$
        return sites.isEmpty() && unfinished == 0 ? null : entry;
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
