// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.spans.core;

import java.util.List;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.redis.core.RedisLatencyModule;
import org.sextant.spans.model.RedisCommand;

/**
 * The Redis commands of a recording for the span model: the requests its Redis nodes served
 * ({@link RedisLatencyModule#getRequests()}). A recording without Redis events has no such module, and no Redis
 * commands.
 */
final class RedisLink {

    private RedisLink() {
    }

    /** @return the Redis latency module of the trace, not scheduled; null when the trace has none */
    static @Nullable RedisLatencyModule module(ITmfTrace trace) {
        return RedisLatencyModule.of(trace);
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
        RedisLatencyModule module = module(trace);
        if (module == null) {
            return List.of();
        }
        module.schedule();
        if (!module.waitForCompletion(monitor)) {
            return List.of();
        }
        return module.getRequests().stream()
                .map(request -> new RedisCommand(request.getStart(), request.getEnd(), request.node(), request.fd(), request.peer(), request.command()))
                .toList();
    }
}
