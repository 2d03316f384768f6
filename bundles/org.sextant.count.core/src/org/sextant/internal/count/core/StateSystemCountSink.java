// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.count.core;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystemBuilder;
import org.sextant.count.model.CountSink;

/**
 * Writes cumulative counts into the event count state system, caching the quark of each counter: an event
 * costs three map look-ups and three state changes.
 */
final class StateSystemCountSink implements CountSink {

    private final Supplier<@Nullable ITmfStateSystemBuilder> fBuilder;
    private final Map<Integer, Integer> fCpuQuarks = new HashMap<>();
    private final Map<String, Integer> fTypeQuarks = new HashMap<>();
    private int fTotalQuark = -1;

    /** The builder is looked up lazily: Trace Compass assigns it after the provider is created. */
    StateSystemCountSink(Supplier<@Nullable ITmfStateSystemBuilder> builder) {
        fBuilder = builder;
    }

    @Override
    public void total(long timestamp, long count) {
        ITmfStateSystemBuilder ss = builder();
        if (fTotalQuark < 0) {
            fTotalQuark = ss.getQuarkAbsoluteAndAdd(CountAttributes.TOTAL);
        }
        ss.modifyAttribute(timestamp, count, fTotalQuark);
    }

    @Override
    public void cpu(long timestamp, int cpu, long count) {
        ITmfStateSystemBuilder ss = builder();
        int quark = fCpuQuarks.computeIfAbsent(cpu, c -> ss.getQuarkAbsoluteAndAdd(CountAttributes.CPUS, Integer.toString(c)));
        ss.modifyAttribute(timestamp, count, quark);
    }

    @Override
    public void type(long timestamp, String type, long count) {
        ITmfStateSystemBuilder ss = builder();
        int quark = fTypeQuarks.computeIfAbsent(type, t -> ss.getQuarkAbsoluteAndAdd(CountAttributes.EVENT_TYPES, t));
        ss.modifyAttribute(timestamp, count, quark);
    }

    private ITmfStateSystemBuilder builder() {
        ITmfStateSystemBuilder ss = fBuilder.get();
        if (ss == null) {
            throw new IllegalStateException("no state system assigned to the event count provider"); //$NON-NLS-1$
        }
        return ss;
    }
}
