// SPDX-License-Identifier: EPL-2.0
package org.sextant.kernel.model;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

import org.sextant.parallel.model.ChunkAnalysis;
import org.sextant.parallel.model.MergedState;

/**
 * Time on CPU per thread, from context switches, built chunk by chunk.
 *
 * <p>
 * Attribute tree (times in nanoseconds, cumulative, updated when the thread is switched out):
 * </p>
 *
 * <pre>
 * CPUs/&lt;cpu&gt;/&lt;tid&gt;   time the thread spent on that CPU: the tree and values of Trace Compass's CPU usage analysis
 * Threads/&lt;tid&gt;       time the thread spent on all CPUs
 * Threads/&lt;tid&gt;/Name  its command name when last switched out
 * Runs/&lt;cpu&gt;          the thread (a Long tid) switched out by the CPU's latest context switch: the one that ran
 *                      up to it, even when the trace misses its switch-in (perf's --exclude-perf drops the
 *                      switches away from perf itself)
 * Switches/&lt;cpu&gt;      the time of the CPU's latest context switch: one interval per run, which Runs/&lt;cpu&gt; cannot
 *                      give since the state system keeps one interval for equal values in a row. With the value of
 *                      Runs/&lt;cpu&gt; at the interval's end, it completes a thread's time while it runs
 * </pre>
 *
 * <p>
 * A thread's run on a CPU lasts from the previous context switch on that CPU (or, with none before, from the
 * trace's first event, as in Trace Compass) to its switch-out. The chunk-local state is the time of the last
 * switch on each CPU: unknown at the start of a chunk, so the chunk's first switch-out on each CPU is deferred
 * to the merge, which knows the last switch before it. {@code Threads/<tid>} adds up
 * runs on every CPU: the runs of a migrating thread come from chunks of different streams and meet in the
 * merge, in time order.
 * </p>
 */
public final class CpuUsageAnalysis implements ChunkAnalysis {

    /**
     * Bump when the attribute tree above or its values change, so that existing histories are rebuilt. 2: the CPU
     * of perf's converted traces whose stream has none is their events' {@code perf_cpu} (version 1 found no CPU,
     * so no time, in them).
     */
    public static final int VERSION = 2;

    /** The top-level attributes. */
    public static final String CPUS = "CPUs";
    /** The top-level attributes. */
    public static final String THREADS = "Threads";
    /** The top-level attributes. */
    public static final String RUNS = "Runs";
    /** The top-level attributes. */
    public static final String SWITCHES = "Switches";
    /** The thread name attribute, under a thread. */
    public static final String NAME = "Name";

    /** The merge's memory of the last context switch on a CPU. */
    private record LastSwitch(int cpu) {
    }

    private final KernelEventLayout fLayout;

    /**
     * @param layout
     *            the trace's kernel event layout
     */
    public CpuUsageAnalysis(KernelEventLayout layout) {
        fLayout = layout;
    }

    @Override
    public Set<String> fields() {
        return fLayout.contextSwitchFields();
    }

    @Override
    public Worker worker() {
        Map<Integer, Long> lastSwitch = new HashMap<>();
        Handler contextSwitch = (nanos, streamCpu, fields, changes) -> {
            int cpu = fLayout.cpu(streamCpu, fields);
            if (cpu < 0) {
                return;
            }
            String cpuName = Integer.toString(cpu);
            String tid = Long.toString(fLayout.prevTid(fields));
            String name = fLayout.prevComm(fields);
            LastSwitch key = new LastSwitch(cpu);
            Long start = lastSwitch.put(cpu, nanos);
            if (start != null) {
                long run = nanos - start;
                changes.at(nanos, state -> switched(state, nanos, run, cpuName, tid, name, key));
            } else {
                changes.defer(nanos, state -> {
                    Object last = state.recall(key);
                    long run = nanos - (last instanceof Long time ? time : state.traceStart());
                    switched(state, nanos, run, cpuName, tid, name, key);
                });
            }
        };
        return eventName -> fLayout.isContextSwitch(eventName) ? contextSwitch : null;
    }

    /**
     * A thread switched out after a run. Its name is written only when it differs from the one the merge has:
     * the thread may have been renamed on another CPU meanwhile, so only the merge can tell.
     */
    private static void switched(MergedState state, long nanos, long run, String cpu, String tid, String name, LastSwitch key) {
        state.add(nanos, run, CPUS, cpu, tid);
        state.add(nanos, run, THREADS, tid);
        state.set(nanos, Long.valueOf(tid), RUNS, cpu);
        state.set(nanos, nanos, SWITCHES, cpu);
        state.remember(key, nanos);
        if (name != null && !name.equals(state.get(THREADS, tid, NAME))) {
            state.set(nanos, name, THREADS, tid, NAME);
        }
    }
}
