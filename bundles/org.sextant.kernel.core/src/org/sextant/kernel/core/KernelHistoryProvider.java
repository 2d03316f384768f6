// SPDX-License-Identifier: EPL-2.0
package org.sextant.kernel.core;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.stream.Collectors;

import org.eclipse.jdt.annotation.Nullable;
import org.sextant.ctf.model.CtfMetadata;
import org.sextant.ctf.model.TraceFormatException;
import org.sextant.kernel.model.CpuUsageAnalysis;
import org.sextant.kernel.model.IoAnalysis;
import org.sextant.kernel.model.KernelEventLayout;
import org.sextant.kernel.model.KernelEventLayouts;
import org.sextant.parallel.engine.ChunkHistoryAnalysis;
import org.sextant.parallel.engine.HistoryAnalysis;
import org.sextant.parallel.engine.HistoryAnalysisProvider;
import org.sextant.parallel.model.ChunkAnalysis;

/**
 * The kernel analyses as the engine builds them from a CTF kernel trace's files alone (LTTng's kernel domain, or
 * perf's): the layout from the metadata's {@code env} block, as {@link KernelChunkModule} reads it through Trace
 * Compass, and the same history files, so either reuses what the other built.
 */
public abstract class KernelHistoryProvider implements HistoryAnalysisProvider {

    private static final String METADATA = "metadata"; //$NON-NLS-1$

    private final String fName;
    private final String fId;
    private final int fVersion;
    private final BiFunction<KernelEventLayout, Set<String>, ChunkAnalysis> fAnalysis;
    private final int fWriters;

    private KernelHistoryProvider(String name, String id, int version, BiFunction<KernelEventLayout, Set<String>, ChunkAnalysis> analysis, int writers) {
        fName = name;
        fId = id;
        fVersion = version;
        fAnalysis = analysis;
        fWriters = writers;
    }

    @Override
    public String name() {
        return fName;
    }

    @Override
    public @Nullable HistoryAnalysis forTrace(Path trace) throws TraceFormatException, IOException {
        Path file = trace.resolve(METADATA);
        if (!Files.isRegularFile(file)) {
            return null;
        }
        CtfMetadata metadata = CtfMetadata.read(file);
        Map<String, String> env = metadata.env();
        if (!KernelEventLayouts.isKernel(env)) {
            return null;
        }
        KernelEventLayout layout = KernelEventLayouts.forEnvironment(env);
        Set<String> classes = metadata.streams().keySet().stream().flatMap(stream -> metadata.events(stream).values().stream())
                .map(CtfMetadata.EventClass::name).collect(Collectors.toSet());
        return new ChunkHistoryAnalysis(fId, fVersion, Map.of(KernelChunkModule.LAYOUT, layout.name()), fAnalysis.apply(layout, classes), fWriters);
    }

    /*
     * The analyses are defined here and the modules take them from here, not the other way: reading a module's
     * field loads the module class, whose superclasses need Trace Compass's runtime, which a plain JVM (a cluster
     * task) does not have.
     */

    /** CPU usage, whatever event classes the trace declares. */
    static final BiFunction<KernelEventLayout, Set<String>, ChunkAnalysis> CPU = (layout, eventClasses) -> new CpuUsageAnalysis(layout);

    /** I/O bytes, from the system calls among the event classes the trace declares. */
    static final BiFunction<KernelEventLayout, Set<String>, ChunkAnalysis> IO = IoAnalysis::new;

    /**
     * Two: io's history is bound by its one insertion thread (38 ms per chunk against 29 ms of merge and 7 ms of
     * decoding), and two writers on two threads were faster than one in every benchmark that had both
     * (docs/performance.md, "One history writer or two").
     */
    static final int IO_WRITERS = 2;

    /** CPU usage ({@code cpu}), {@link CpuUsageModule}'s history. */
    public static final class Cpu extends KernelHistoryProvider {
        /** Creates the provider, as the service loader does. */
        public Cpu() {
            super("cpu", CpuUsageModule.ID, CpuUsageAnalysis.VERSION, CPU, 1); //$NON-NLS-1$
        }
    }

    /** I/O bytes ({@code io}), {@link IoModule}'s history. */
    public static final class Io extends KernelHistoryProvider {
        /** Creates the provider, as the service loader does. */
        public Io() {
            super("io", IoModule.ID, IoAnalysis.VERSION, IO, IO_WRITERS); //$NON-NLS-1$
        }
    }
}
