// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.callstack.core;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.sextant.callstack.core.CallProfileAnalysisModule;
import org.sextant.callstack.model.Profile;
import org.sextant.callstack.model.SyscallLatencies;
import org.sextant.common.core.SummaryEntryModel;

/**
 * The latency of each system call per call site, from a branch trace (Sharma and Dagenais's syscall latency
 * profile): the root names the file and counts the calls; below it each call site (keyed by its
 * {@code function+0xoffset}) with its calls' count, minimum, median, 99th percentile, maximum and total, in
 * nanoseconds, the site with the most time in system calls first, then the calls whose end the trace lost
 * (key {@value #UNFINISHED}). Inputs that are no branch trace have no sites.
 */
public class SyscallLatencyDataProvider extends ProfileDataProvider<SummaryEntryModel> {

    /** The provider's id. */
    public static final String ID = "org.sextant.callstack.core.syscalls"; //$NON-NLS-1$
    /** Key of the entry counting the system calls whose end the trace lost. */
    public static final String UNFINISHED = "unfinished"; //$NON-NLS-1$
    /** Columns of a site's values: count, min, median, p99, max, total. */
    public static final int COUNT = 0;
    /** Column of the shortest call. */
    public static final int MIN = 1;
    /** Column of the median call. */
    public static final int MEDIAN = 2;
    /** Column of the 99th percentile. */
    public static final int P99 = 3;
    /** Column of the longest call. */
    public static final int MAX = 4;
    /** Column of the time in all calls. */
    public static final int TOTAL = 5;

    /**
     * @param module
     *            the trace's call-profile module, scheduled
     */
    public SyscallLatencyDataProvider(CallProfileAnalysisModule module) {
        super(ID, module);
    }

    @Override
    protected TmfTreeModel<SummaryEntryModel> tree(Profile profile, Map<String, Object> parameters, IProgressMonitor monitor) {
        SyscallLatencies syscalls = profile.syscalls();
        List<SyscallLatencies.Site> sites = syscalls.sites();
        long calls = sites.stream().mapToLong(SyscallLatencies.Site::count).sum();
        List<SummaryEntryModel> entries = new ArrayList<>();
        addSummary(entries, -1, profile.file().getFileName().toString(), null, calls, null, null, null, null,
                sites.stream().mapToLong(SyscallLatencies.Site::total).sum());
        for (SyscallLatencies.Site site : sites) {
            addSummary(entries, 0, site.site(), site.site(), site.count(), site.min(), site.median(), site.p99(), site.max(), site.total());
        }
        addSummary(entries, 0, Messages.Syscalls_Unfinished, UNFINISHED, syscalls.unfinished(), null, null, null, null, null);
        return new TmfTreeModel<>(headers(), entries);
    }

    /** @return the columns */
    public static List<String> headers() {
        return List.of(Messages.Syscalls_Site, Messages.Column_Count, Messages.Syscalls_Min, Messages.Syscalls_Median, Messages.Syscalls_P99,
                Messages.Syscalls_Max, Messages.Column_Total);
    }
}
