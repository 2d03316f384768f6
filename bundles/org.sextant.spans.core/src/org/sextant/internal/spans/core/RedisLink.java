// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.spans.core;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.analysis.timing.core.segmentstore.ISegmentStoreProvider;
import org.eclipse.tracecompass.segmentstore.core.ISegment;
import org.eclipse.tracecompass.segmentstore.core.ISegmentStore;
import org.eclipse.tracecompass.tmf.core.analysis.IAnalysisModule;
import org.eclipse.tracecompass.tmf.core.segment.ISegmentAspect;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.sextant.spans.model.RedisCommand;

/**
 * The requests the Redis nodes of a recording served, read from the Redis analysis's latency segment store
 * ({@value #REDIS_LATENCY}) through Trace Compass's generic segment-store interfaces: a family reaches another
 * only through the shared layers, and Trace Compass's analysis registry is one. A request's command, node and
 * connection come from the segment aspects the Redis views show as columns (Command, Node, Connection: "fd 9
 * 127.0.0.1:50000"). A recording without Redis events has no such module, and no Redis commands.
 */
final class RedisLink {

    /** The Redis analysis's latency module, as its plugin.xml registers it. */
    static final String REDIS_LATENCY = "org.sextant.redis.core.latency"; //$NON-NLS-1$

    private static final String COMMAND = "Command"; //$NON-NLS-1$
    private static final String NODE = "Node"; //$NON-NLS-1$
    private static final String CONNECTION = "Connection"; //$NON-NLS-1$

    private RedisLink() {
    }

    /** @return the Redis latency module of the trace, not scheduled; null when the trace has none */
    static @Nullable IAnalysisModule module(ITmfTrace trace) {
        IAnalysisModule module = TmfTraceUtils.getAnalysisModuleOfClass(trace, IAnalysisModule.class, REDIS_LATENCY);
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
        ISegmentStoreProvider provider = (ISegmentStoreProvider) module;
        ISegmentStore<ISegment> store = provider.getSegmentStore();
        if (store == null) {
            return List.of();
        }
        Map<String, ISegmentAspect> aspects = new HashMap<>();
        provider.getSegmentAspects().forEach(aspect -> aspects.put(aspect.getName(), aspect));
        ISegmentAspect command = aspects.get(COMMAND);
        ISegmentAspect node = aspects.get(NODE);
        ISegmentAspect connection = aspects.get(CONNECTION);
        if (command == null || node == null || connection == null) {
            return List.of();
        }
        List<RedisCommand> commands = new ArrayList<>();
        for (ISegment segment : store) {
            String[] where = String.valueOf(connection.resolve(segment)).split(" "); //$NON-NLS-1$
            int fd = where.length > 1 ? Integer.parseInt(where[1]) : -1;
            String peer = where.length > 2 ? where[2] : ""; //$NON-NLS-1$
            commands.add(new RedisCommand(segment.getStart(), segment.getEnd(), String.valueOf(node.resolve(segment)), fd, peer,
                    String.valueOf(command.resolve(segment))));
        }
        return commands;
    }
}
