// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.spans.core;

import java.util.List;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.analysis.timing.core.segmentstore.ISegmentStoreProvider;
import org.eclipse.tracecompass.tmf.core.analysis.IAnalysisModule;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.sextant.common.core.RedisRequests;
import org.sextant.spans.model.RedisCommand;

/**
 * The Redis commands of a recording for the span model: the requests its Redis nodes served
 * ({@link RedisRequests}). A recording without Redis events has no such module, and no Redis commands.
 */
final class RedisLink {

    private RedisLink() {
    }

    /** @return the Redis latency module of the trace, not scheduled; null when the trace has none */
    static @Nullable IAnalysisModule module(ITmfTrace trace) {
        IAnalysisModule module = TmfTraceUtils.getAnalysisModuleOfClass(trace, IAnalysisModule.class, RedisRequests.LATENCY_MODULE);
        return module instanceof ISegmentStoreProvider ? module : null;
    }

    /**
     * @param trace
     *            the recording
     * @param monitor
     *            cancellation
     * @return the requests the Redis nodes served, once the Redis latency analysis completed; none when the
     *         recording has no Redis node
     */
    static List<RedisCommand> commands(ITmfTrace trace, IProgressMonitor monitor) {
        IAnalysisModule module = module(trace);
        if (module == null) {
            return List.of();
        }
        module.schedule();
        if (!module.waitForCompletion(monitor)) {
            return List.of();
        }
        List<RedisRequests.Row> rows = RedisRequests.rows((ISegmentStoreProvider) module);
        if (rows == null) {
            return List.of();
        }
        return rows.stream().map(row -> new RedisCommand(row.start(), row.end(), row.node(), row.fd(), row.peer(), row.command())).toList();
    }
}
