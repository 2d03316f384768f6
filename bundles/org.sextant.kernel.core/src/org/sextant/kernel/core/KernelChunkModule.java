// SPDX-License-Identifier: EPL-2.0
package org.sextant.kernel.core;

import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiFunction;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.analysis.os.linux.core.trace.IKernelTrace;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTraceWithPreDefinedEvents;
import org.eclipse.tracecompass.tmf.core.trace.TmfEventTypeCollectionHelper;
import org.eclipse.tracecompass.tmf.ctf.core.trace.CtfTmfTrace;
import org.sextant.ftrace.core.FtraceKernelTrace;
import org.sextant.internal.kernel.core.FtraceEvents;
import org.sextant.kernel.model.KernelEventLayout;
import org.sextant.kernel.model.KernelEventLayouts;
import org.sextant.parallel.core.ChunkAnalysisModule;
import org.sextant.parallel.engine.InputException;
import org.sextant.parallel.model.ChunkAnalysis;
import org.sextant.parallel.model.SequentialBuilder;

/**
 * A kernel analysis built in parallel: it applies to kernel traces in CTF (LTTng or perf), and its workers
 * read them through the kernel event layout of the tracer that wrote them. ftrace traces, whose reader merges
 * the CPUs itself, are built sequentially ({@link SequentialBuilder}: the same analysis, chunk by chunk, on one
 * thread) with {@link KernelEventLayouts#FTRACE}.
 *
 * <p>
 * The layout comes from the {@code env} block of the trace's CTF metadata ({@code tracer_name}, and
 * {@code machine} for perf's system call numbers), the same facts Trace Compass's kernel trace type chooses its
 * own layout from, read through Trace Compass's public {@link CtfTmfTrace#getEnvironment()}. Trace Compass's
 * layout object itself would not do: its classes are internal, and its names are Trace Compass's reading of the
 * fields ({@code context._tid}, LTTng's underscores dropped), not the names Sextant's decoder gives.
 * </p>
 */
public abstract class KernelChunkModule extends ChunkAnalysisModule {

    /** The build parameter naming the layout the trace was read with. */
    static final String LAYOUT = "layout"; //$NON-NLS-1$

    private final BiFunction<KernelEventLayout, Set<String>, ChunkAnalysis> fAnalysis;
    private final int fVersion;
    private final String fTaskName;

    /**
     * @param analysis
     *            makes the analysis for the trace's kernel event layout and the names of the event classes it
     *            declares (none for a trace that declares none)
     * @param version
     *            the version of the state it writes
     * @param taskName
     *            the name of the build task shown in progress
     */
    protected KernelChunkModule(BiFunction<KernelEventLayout, Set<String>, ChunkAnalysis> analysis, int version, String taskName) {
        fAnalysis = analysis;
        fVersion = version;
        fTaskName = taskName;
    }

    @Override
    public boolean canExecute(ITmfTrace trace) {
        return trace instanceof IKernelTrace && (trace instanceof CtfTmfTrace || trace instanceof FtraceKernelTrace) && super.canExecute(trace);
    }

    /**
     * @return the name of the kernel event layout the analysis reads its trace with ({@code perf-x86_64},
     *         {@code lttng}, {@code ftrace}), or null while the module has no trace it reads
     */
    public @Nullable String getLayoutName() {
        KernelEventLayout layout = layout(getTrace());
        return layout == null ? null : layout.name();
    }

    /** The layout is a parameter of the history: the same files read with another layout make another history. */
    @Override
    protected Map<String, String> parameters() {
        String layout = getLayoutName();
        return layout == null ? Map.of() : Map.of(LAYOUT, layout);
    }

    @Override
    protected final ChunkAnalysis createAnalysis(ITmfTrace trace) {
        return fAnalysis.apply(Objects.requireNonNull(layout(trace)), eventClasses(trace));
    }

    /** @return the names of the event classes the trace declares (in a CTF trace, its metadata's) */
    private static Set<String> eventClasses(ITmfTrace trace) {
        return trace instanceof ITmfTraceWithPreDefinedEvents declared ? TmfEventTypeCollectionHelper.getEventNames(declared.getContainedEventTypes())
                : Set.of();
    }

    private static @Nullable KernelEventLayout layout(@Nullable ITmfTrace trace) {
        if (trace instanceof FtraceKernelTrace) {
            return KernelEventLayouts.FTRACE;
        }
        return trace instanceof CtfTmfTrace ctf ? KernelEventLayouts.forEnvironment(ctf.getEnvironment()) : null;
    }

    @Override
    protected SequentialBuilder.@Nullable Source<InputException> sequentialSource(ITmfTrace trace) {
        return trace instanceof FtraceKernelTrace ftrace ? new FtraceEvents(ftrace) : null;
    }

    @Override
    public final int stateVersion() {
        return fVersion;
    }

    @Override
    protected final String getTaskName() {
        return fTaskName;
    }
}
