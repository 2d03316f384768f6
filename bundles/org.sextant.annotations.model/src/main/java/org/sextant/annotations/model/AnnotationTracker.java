// SPDX-License-Identifier: EPL-2.0
package org.sextant.annotations.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.sextant.annotations.model.Annotation.Kind;
import org.sextant.common.model.state.StateWriter;

/**
 * Follows a program's annotations with the scheduler: fed with decoded events in time order, one method per
 * event, it writes which thread runs on each CPU and which annotation each thread is inside (a stack per
 * thread, carried across migrations and preemptions), barrier arrivals and counters.
 *
 * <p>
 * Attribute tree ({@code <cpu>} a CPU number, {@code <tid>} a thread id, {@code <k>} a depth from 1):
 * </p>
 *
 * <pre>
 * CPUs/&lt;cpu&gt;                    tid of the thread running there (Long), 0 when idle; null until known, and after lost events
 *   Annotation                  innermost annotation of the thread running there (String), null when none
 * Threads/&lt;tid&gt;                 innermost annotation (String), null when none
 *   Name                        command name (String)
 *   CPU                         CPU it runs on (Long), null when not running
 *   Preempted by                "comm tid" of the thread that took its CPU while it could run, until it runs again
 *   Stack/&lt;k&gt;                   annotation open at depth k (String)
 *   Barrier                     barrier it waits at, from arrival to departure (String)
 * Barriers/&lt;barrier&gt;/&lt;tid&gt;      n (Long) while the thread waits at its n-th arrival at that barrier
 * Counters/&lt;name&gt;               a counter's last value (Long)
 *   Samples                     values written so far (Long)
 * Instants/&lt;name&gt;               instants so far (Long)
 * Async/&lt;name&gt;/&lt;cookie&gt;         name while an async span (atrace S/F) is open (String)
 * Problems/&lt;problem&gt;            how often it happened so far (Long), one of the PROBLEM_ constants
 * </pre>
 *
 * <p>
 * A thread seen running on a CPU where the tracker has another (or none), as the thread leaving it in a context
 * switch or writing a marker there, was switched in without a {@code sched_switch}: some kernels emit none when a
 * CPU leaves its idle task (and miss a few others). Its switch in is put at the latest time it can have happened
 * without contradicting the trace: the CPU's previous event ({@link #event}), or the thread's own last change
 * of CPU if later.
 * </p>
 *
 * <p>
 * A paper task ({@code PE:n;task}) lasts until the thread's next task, its next {@code barrier}, or its exit; a
 * paper {@code barrier} is left at the thread's next annotation. Malformed input is counted, never fatal: an end
 * with nothing open or naming what was never begun is ignored; an end naming an outer span closes the spans
 * inside it too; a thread that exits inside library or atrace spans has them closed at its exit.
 * </p>
 */
public final class AnnotationTracker {

    /** Bump when the attribute tree above or its values change, so that existing histories are rebuilt. */
    public static final int VERSION = 1;

    /** Top-level attribute of CPUs. */
    public static final String CPUS = "CPUs";
    /** Top-level attribute of threads. */
    public static final String THREADS = "Threads";
    /** The innermost annotation of the thread running on a CPU. */
    public static final String ANNOTATION = "Annotation";
    /** A thread's command name. */
    public static final String NAME = "Name";
    /** The CPU a thread runs on. */
    public static final String CPU = "CPU";
    /** Who preempted a thread. */
    public static final String PREEMPTED_BY = "Preempted by";
    /** A thread's open annotations. */
    public static final String STACK = "Stack";
    /** The barrier a thread waits at. */
    public static final String BARRIER = "Barrier";
    /** Top-level attribute of barriers. */
    public static final String BARRIERS = "Barriers";
    /** Top-level attribute of counters. */
    public static final String COUNTERS = "Counters";
    /** Values written to a counter. */
    public static final String SAMPLES = "Samples";
    /** Top-level attribute of instants. */
    public static final String INSTANTS = "Instants";
    /** Top-level attribute of async spans. */
    public static final String ASYNC = "Async";
    /** Top-level attribute of problems. */
    public static final String PROBLEMS = "Problems";

    /** An end with nothing open, or naming nothing open. */
    public static final String PROBLEM_UNMATCHED_END = "end without a begin";
    /** An end naming an outer span, closing spans still open inside it. */
    public static final String PROBLEM_CROSSED_END = "end closing inner spans";
    /** A thread that exited inside library or atrace spans. */
    public static final String PROBLEM_EXIT_INSIDE = "thread exited inside a span";
    /** A barrier left without being entered, or entered twice. */
    public static final String PROBLEM_BARRIER = "barrier left unentered or entered twice";
    /** A marker in none of the syntaxes. */
    public static final String PROBLEM_UNRECOGNISED = "marker in no annotation syntax";
    /** Events the tracer lost. */
    public static final String PROBLEM_LOST = "lost events";

    private static final long IDLE = 0;

    private final StateWriter fWriter;
    private final Map<Long, Task> fThreads = new HashMap<>();
    private final Map<Integer, Long> fRunning = new HashMap<>();
    private final Map<Integer, Long> fLastEvent = new HashMap<>();
    private final Map<String, Long> fCounts = new HashMap<>();
    private final Set<List<Object>> fOpenAsync = new HashSet<>();

    /** A thread: its attributes and what it is inside. */
    private final class Task {
        final long fTid;
        final int fInnermost;
        final int fCpu;
        final int fName;
        final List<Frame> fStack = new ArrayList<>();
        final Map<String, Long> fArrivals = new HashMap<>();
        int fPreemptedBy = -1;
        String fBarrier;
        int fBarrierQuark = -1;
        boolean fPaperBarrier;
        String fComm;
        /** When its CPU attribute last changed: no inferred switch in may go before it. */
        long fCpuChanged = Long.MIN_VALUE;

        Task(long tid) {
            fTid = tid;
            String id = Long.toString(tid);
            fInnermost = fWriter.attribute(THREADS, id);
            fCpu = fWriter.attribute(THREADS, id, CPU);
            fName = fWriter.attribute(THREADS, id, NAME);
        }

        String innermost() {
            return fStack.isEmpty() ? null : fStack.get(fStack.size() - 1).fName;
        }
    }

    /** An open span of a thread. */
    private record Frame(String fName, boolean fPaper) {
    }

    /**
     * @param writer
     *            where the state goes
     */
    public AnnotationTracker(StateWriter writer) {
        fWriter = writer;
    }

    /**
     * A context switch ({@code sched_switch}).
     *
     * @param time
     *            nanoseconds
     * @param cpu
     *            where
     * @param prevTid
     *            the thread leaving the CPU
     * @param prevPreempted
     *            whether it left while still runnable (preempted, not blocked)
     * @param nextTid
     *            the thread taking the CPU, 0 for idle
     * @param nextComm
     *            its command name
     */
    public void schedSwitch(long time, int cpu, long prevTid, boolean prevPreempted, long nextTid, String nextComm) {
        if (prevTid != IDLE) {
            Task prev = task(prevTid);
            if (!Long.valueOf(prevTid).equals(fRunning.get(cpu))) {
                run(switchedIn(time, cpu, prev), cpu, prevTid);
            }
            fWriter.modify(time, prev.fCpu, null);
            prev.fCpuChanged = time;
            if (prevPreempted && nextTid != prevTid) {
                prev.fPreemptedBy = fWriter.attribute(THREADS, Long.toString(prevTid), PREEMPTED_BY);
                fWriter.modify(time, prev.fPreemptedBy, nextComm + " " + nextTid);
            }
        }
        if (nextTid != IDLE) {
            name(time, nextTid, nextComm);
        }
        run(time, cpu, nextTid);
    }

    /**
     * A thread's name, learnt at its creation ({@code sched_process_fork}) or from any event naming it.
     *
     * @param time
     *            nanoseconds
     * @param tid
     *            the thread
     * @param comm
     *            its command name
     */
    public void name(long time, long tid, String comm) {
        Task task = task(tid);
        if (!comm.equals(task.fComm)) {
            task.fComm = comm;
            fWriter.modify(time, task.fName, comm);
        }
    }

    /**
     * A thread's exit ({@code sched_process_exit}): whatever it is inside ends here.
     *
     * @param time
     *            nanoseconds
     * @param tid
     *            the thread
     */
    public void exit(long time, long tid) {
        Task task = fThreads.get(tid);
        if (task == null) {
            return;
        }
        if (task.fStack.stream().anyMatch(frame -> !frame.fPaper())) {
            problem(time, PROBLEM_EXIT_INSIDE);
        }
        leaveBarrier(time, task);
        pop(time, task, 0);
    }

    /**
     * Events lost by the tracer on a CPU: who runs there is unknown until its next context switch.
     *
     * @param time
     *            nanoseconds, where the loss was noticed
     * @param cpu
     *            where
     * @param count
     *            events lost, if the tracer says; at least 1
     */
    public void lost(long time, int cpu, long count) {
        problem(time, PROBLEM_LOST, count);
        Long tid = fRunning.remove(cpu);
        if (tid != null && tid != IDLE) {
            Task left = task(tid);
            fWriter.modify(time, left.fCpu, null);
            left.fCpuChanged = time;
        }
        fWriter.modify(time, fWriter.attribute(CPUS, Integer.toString(cpu)), null);
        fWriter.modify(time, fWriter.attribute(CPUS, Integer.toString(cpu), ANNOTATION), null);
    }

    /**
     * A write to {@code trace_marker}. The writer runs on {@code cpu}, which tells who runs there when no context
     * switch has yet.
     *
     * @param time
     *            nanoseconds
     * @param cpu
     *            where it was written
     * @param tid
     *            the writing thread
     * @param text
     *            what was written
     */
    public void marker(long time, int cpu, long tid, String text) {
        Annotation annotation = AnnotationSyntax.parse(text);
        if (annotation == null) {
            problem(time, PROBLEM_UNRECOGNISED);
            return;
        }
        Task task = task(tid);
        if (!Long.valueOf(tid).equals(fRunning.get(cpu))) {
            run(switchedIn(time, cpu, task), cpu, tid);
        }
        if (task.fPaperBarrier) {
            leaveBarrier(time, task);
        }
        switch (annotation.kind()) {
        case BEGIN -> push(time, task, annotation.name(), false);
        case END -> end(time, task, annotation.name());
        case TASK -> {
            endPaperTask(time, task);
            push(time, task, annotation.name(), true);
        }
        case INSTANT -> count(time, INSTANTS, annotation.name());
        case COUNTER -> {
            fWriter.modify(time, fWriter.attribute(COUNTERS, annotation.name()), annotation.value());
            count(time, COUNTERS, annotation.name(), SAMPLES);
        }
        case BARRIER_ENTER -> enterBarrier(time, task, annotation.name(), false);
        case BARRIER -> {
            endPaperTask(time, task);
            enterBarrier(time, task, annotation.name(), true);
        }
        case BARRIER_LEAVE -> {
            if (annotation.name().equals(task.fBarrier)) {
                leaveBarrier(time, task);
            } else {
                problem(time, PROBLEM_BARRIER);
            }
        }
        case ASYNC_BEGIN -> fWriter.modify(time, async(annotation), annotation.name());
        case ASYNC_END -> {
            if (fOpenAsync.remove(List.of(annotation.name(), annotation.value()))) {
                fWriter.modify(time, async(annotation), null);
            } else {
                problem(time, PROBLEM_UNMATCHED_END);
            }
        }
        }
    }

    /**
     * Any event on a CPU, after the method for its kind (if any) was called: where a thread that shows up there
     * without a switch in was switched in at the latest.
     *
     * @param time
     *            nanoseconds
     * @param cpu
     *            where
     */
    public void event(long time, int cpu) {
        fLastEvent.put(cpu, time);
    }

    /** When a thread seen running on a CPU the tracker did not know it ran on was switched in, at the latest. */
    private long switchedIn(long seen, int cpu, Task task) {
        long previous = fLastEvent.getOrDefault(cpu, seen);
        return Math.min(seen, Math.max(previous, task.fCpuChanged));
    }

    private int async(Annotation annotation) {
        if (annotation.kind() == Kind.ASYNC_BEGIN) {
            fOpenAsync.add(List.of(annotation.name(), annotation.value()));
        }
        return fWriter.attribute(ASYNC, annotation.name(), Long.toString(annotation.value()));
    }

    private Task task(long tid) {
        return fThreads.computeIfAbsent(tid, Task::new);
    }

    private void run(long time, int cpu, long tid) {
        Long previous = fRunning.put(cpu, tid);
        if (previous != null && previous != IDLE && previous != tid) {
            Task left = fThreads.get(previous);
            if (left != null) {
                fWriter.modify(time, left.fCpu, null);
                left.fCpuChanged = time;
            }
        }
        fWriter.modify(time, fWriter.attribute(CPUS, Integer.toString(cpu)), tid);
        String annotation = null;
        if (tid != IDLE) {
            Task task = task(tid);
            fWriter.modify(time, task.fCpu, (long) cpu);
            task.fCpuChanged = time;
            if (task.fPreemptedBy >= 0) {
                fWriter.modify(time, task.fPreemptedBy, null);
                task.fPreemptedBy = -1;
            }
            annotation = task.innermost();
        }
        fWriter.modify(time, fWriter.attribute(CPUS, Integer.toString(cpu), ANNOTATION), annotation);
    }

    private void push(long time, Task task, String name, boolean paper) {
        task.fStack.add(new Frame(name, paper));
        fWriter.modify(time, fWriter.attribute(THREADS, Long.toString(task.fTid), STACK, Integer.toString(task.fStack.size())), name);
        innermostChanged(time, task);
    }

    /** Closes the spans from depth {@code depth} (0-based) up. */
    private void pop(long time, Task task, int depth) {
        if (task.fStack.size() <= depth) {
            return;
        }
        while (task.fStack.size() > depth) {
            fWriter.modify(time, fWriter.attribute(THREADS, Long.toString(task.fTid), STACK, Integer.toString(task.fStack.size())), null);
            task.fStack.remove(task.fStack.size() - 1);
        }
        innermostChanged(time, task);
    }

    private void end(long time, Task task, String name) {
        int depth = task.fStack.size() - 1;
        if (name != null) {
            while (depth >= 0 && !task.fStack.get(depth).fName().equals(name)) {
                depth--;
            }
        }
        if (depth < 0) {
            problem(time, PROBLEM_UNMATCHED_END);
            return;
        }
        if (depth < task.fStack.size() - 1) {
            problem(time, PROBLEM_CROSSED_END);
        }
        pop(time, task, depth);
    }

    private void endPaperTask(long time, Task task) {
        for (int depth = task.fStack.size() - 1; depth >= 0; depth--) {
            if (task.fStack.get(depth).fPaper()) {
                pop(time, task, depth);
                return;
            }
        }
    }

    private void innermostChanged(long time, Task task) {
        String innermost = task.innermost();
        fWriter.modify(time, task.fInnermost, innermost);
        for (Map.Entry<Integer, Long> running : fRunning.entrySet()) {
            if (running.getValue() == task.fTid) {
                fWriter.modify(time, fWriter.attribute(CPUS, Integer.toString(running.getKey()), ANNOTATION), innermost);
            }
        }
    }

    private void enterBarrier(long time, Task task, String barrier, boolean paper) {
        if (task.fBarrier != null) {
            problem(time, PROBLEM_BARRIER);
            leaveBarrier(time, task);
        }
        long arrival = task.fArrivals.merge(barrier, 1L, Long::sum);
        task.fBarrier = barrier;
        task.fPaperBarrier = paper;
        task.fBarrierQuark = fWriter.attribute(BARRIERS, barrier, Long.toString(task.fTid));
        fWriter.modify(time, task.fBarrierQuark, arrival);
        fWriter.modify(time, fWriter.attribute(THREADS, Long.toString(task.fTid), BARRIER), barrier);
    }

    private void leaveBarrier(long time, Task task) {
        if (task.fBarrier == null) {
            return;
        }
        fWriter.modify(time, task.fBarrierQuark, null);
        fWriter.modify(time, fWriter.attribute(THREADS, Long.toString(task.fTid), BARRIER), null);
        task.fBarrier = null;
        task.fPaperBarrier = false;
    }

    private void count(long time, String... path) {
        fWriter.modify(time, fWriter.attribute(path), fCounts.merge(String.join("\0", path), 1L, Long::sum));
    }

    private void problem(long time, String problem) {
        problem(time, problem, 1);
    }

    private void problem(long time, String problem, long count) {
        fWriter.modify(time, fWriter.attribute(PROBLEMS, problem), fCounts.merge(PROBLEMS + "\0" + problem, count, Long::sum));
    }
}
