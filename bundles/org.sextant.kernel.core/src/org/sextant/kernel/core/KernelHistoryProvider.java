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
        // Sextant's codec gives env strings unquoted, Trace Compass's quoted: either is taken
        if (!"kernel".equals(unquoted(env.get("domain"))) && !"perf".equals(unquoted(env.get("tracer_name")))) { //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
            return null;
        }
        KernelEventLayout layout = KernelEventLayouts.forEnvironment(env);
        Set<String> classes = metadata.streams().keySet().stream().flatMap(stream -> metadata.events(stream).values().stream())
                .map(CtfMetadata.EventClass::name).collect(Collectors.toSet());
        return new ChunkHistoryAnalysis(fId, fVersion, Map.of(KernelChunkModule.LAYOUT, layout.name()), fAnalysis.apply(layout, classes), fWriters);
    }

    private static @Nullable String unquoted(@Nullable String value) {
        return value != null && value.length() >= 2 && value.startsWith("\"") && value.endsWith("\"") ? value.substring(1, value.length() - 1) : value; //$NON-NLS-1$ //$NON-NLS-2$
    }

    /*
     * The analyses are made here, not taken from the modules' ANALYSIS fields: reading those loads the module
     * classes, whose superclasses need Trace Compass's runtime, which a plain JVM (a cluster task) does not have.
     */

    /** CPU usage ({@code cpu}), {@link CpuUsageModule}'s history. */
    public static final class Cpu extends KernelHistoryProvider {
        /** Creates the provider, as the service loader does. */
        public Cpu() {
            super("cpu", CpuUsageModule.ID, CpuUsageAnalysis.VERSION, (layout, classes) -> new CpuUsageAnalysis(layout), 1); //$NON-NLS-1$
        }
    }

    /** I/O bytes ({@code io}), {@link IoModule}'s history. */
    public static final class Io extends KernelHistoryProvider {
        /** Creates the provider, as the service loader does. */
        public Io() {
            super("io", IoModule.ID, IoAnalysis.VERSION, IoAnalysis::new, IoModule.WRITERS); //$NON-NLS-1$
        }
    }
}
