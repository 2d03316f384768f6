// SPDX-License-Identifier: EPL-2.0
package org.sextant.cluster;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The benchmark's baseline: the same work as the job's tasks, trace after trace in one JVM with no Spark, each
 * built by the engine on N threads ({@code tools/bench-cluster.sh}).
 *
 * <pre>
 * java -cp sextant-cluster.jar org.sextant.cluster.InProcessBuild THREADS WORKSPACE TRACE_DIR...
 * </pre>
 */
public final class InProcessBuild {

    private InProcessBuild() {
    }

    /**
     * @param args
     *            threads, workspace, trace directories
     * @throws Exception
     *             when a trace cannot be built
     */
    public static void main(String[] args) throws Exception {
        int threads = Integer.parseInt(args[0]);
        TraceBuild build = new TraceBuild(args[1], Set.of(), false, threads, 0, 1_000_000_000L);
        List<Path> roots = new ArrayList<>();
        for (int i = 2; i < args.length; i++) {
            roots.add(Path.of(args[i]));
        }
        long started = System.nanoTime();
        List<TraceRef> traces = TraceFinder.find(roots);
        for (TraceRef trace : traces) {
            TraceResult result = build.run(trace, new AtomicBoolean());
            System.out.printf(Locale.ROOT, "task %s %.3f%n", trace.name(), result == null ? 0 : result.nanos() / 1e9); //$NON-NLS-1$
        }
        System.out.printf(Locale.ROOT, "in-process %d traces on %d threads: %.3f s%n", traces.size(), threads, (System.nanoTime() - started) / 1e9); //$NON-NLS-1$
    }
}
