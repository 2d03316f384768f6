// SPDX-License-Identifier: EPL-2.0
package org.sextant.cluster;

import java.util.concurrent.atomic.AtomicBoolean;

import org.apache.spark.SparkEnv;
import org.apache.spark.TaskContext;
import org.apache.spark.TaskKilledException;
import org.apache.spark.api.java.function.Function;

/**
 * The Spark task of one trace: {@link TraceBuild} on the executor, stopped when Spark kills the task (the job was
 * cancelled, or a speculative copy won): the engine then removes its partial files, and nothing is left to reuse.
 */
final class BuildTask implements Function<TraceRef, TraceResult> {

    private static final long serialVersionUID = 1L;
    private static final long POLL_MILLIS = 50;

    private final TraceBuild fBuild;

    BuildTask(TraceBuild build) {
        fBuild = build;
    }

    @Override
    public TraceResult call(TraceRef trace) throws Exception {
        TaskContext context = TaskContext.get();
        AtomicBoolean cancelled = new AtomicBoolean();
        Thread watcher = null;
        if (context != null) {
            // Spark marks a killed task and may interrupt it; the engine's builds poll a flag
            watcher = new Thread(() -> {
                while (!cancelled.get()) {
                    if (context.isInterrupted()) {
                        cancelled.set(true);
                        return;
                    }
                    try {
                        Thread.sleep(POLL_MILLIS);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }, "sextant cancel watcher " + trace.name()); //$NON-NLS-1$
            watcher.setDaemon(true);
            watcher.start();
        }
        try {
            TraceResult result = fBuild.run(trace, cancelled);
            if (result == null) {
                throw new TaskKilledException("cancelled: " + trace.name()); //$NON-NLS-1$
            }
            SparkEnv env = SparkEnv.get();
            return env == null ? result
                    : new TraceResult(result.trace(), result.path(), result.host(), result.executor() + " (executor " + env.executorId() + ')', //$NON-NLS-1$
                            result.damaged(), result.builds(), result.rows(), result.nanos());
        } finally {
            if (watcher != null) {
                watcher.interrupt();
            }
        }
    }
}
