// SPDX-License-Identifier: EPL-2.0
package org.sextant.kernel.model;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import org.sextant.parallel.model.Changes;
import org.sextant.parallel.model.ChunkAnalysis;
import org.sextant.parallel.model.EventFields;
import org.sextant.parallel.model.MergedState;

/**
 * Bytes read and written per process, thread and file descriptor: the positive return values of the read and
 * write families of system calls, built chunk by chunk.
 *
 * <p>
 * Attribute tree (bytes, cumulative, updated at each call's exit):
 * </p>
 *
 * <pre>
 * Processes/&lt;pid&gt;/Read              bytes read by the process (-1: threads whose process the trace does not tell)
 * Processes/&lt;pid&gt;/Written           bytes written
 * Processes/&lt;pid&gt;/FDs/&lt;fd&gt;/Read     bytes read through that descriptor (a descriptor number reused is the same attribute)
 * Processes/&lt;pid&gt;/FDs/&lt;fd&gt;/Written
 * Threads/&lt;tid&gt;/Read                bytes read by the thread, as Trace Compass's Input/Output analysis counts them per thread
 * Threads/&lt;tid&gt;/Written
 * </pre>
 *
 * <p>
 * Reads: read, pread64, readv, preadv, preadv2, recvfrom, recvmsg; writes: write, pwrite64, writev, pwritev,
 * pwritev2, sendto, sendmsg. The descriptor comes from the call's entry, the byte count from its exit; the
 * {@link KernelEventLayout} tells which events those are, the call each stands for, and the thread and process
 * of each event.
 * </p>
 *
 * <p>
 * Threads and processes. perf and ftrace give every event its thread and process; LTTng only when the session
 * added the tid and pid contexts. Without them, as in Trace Compass, an event's thread is the one its CPU's
 * latest context switch switched in (none before the CPU's first one: its events count nothing), and its
 * process the one the latest state dump or fork said of that thread. Both are the merge's memory, which every
 * context switch and every state dump or fork updates at its time: a worker knows a CPU's thread from the
 * chunk's first context switch on that CPU on, and hands the events before it to the merge, which knows the
 * switch before the chunk; a process is always looked up by the merge, since the fork that tells it may be on
 * any CPU.
 * </p>
 *
 * <p>
 * Pairing. The chunk-local state is each thread's call in progress on the chunk's CPU. An entry and an exit of a thread
 * with no context switch of that thread between them (in a per-CPU stream, nothing of the thread can happen
 * elsewhere meanwhile) pair in the worker, when the trace records context switches: in a trace without them a
 * thread that migrates in a call leaves no mark on the CPU it left, so there no worker pairs a call, and the
 * merge pairs every exit with its thread's last entry in time order. A call still in progress when its thread is switched out, or at
 * the end of the chunk, is handed to the merge's memory at its entry time (a reserved place); an exit the
 * worker cannot pair is deferred, and the merge pairs it with that memory, whichever stream the entry was in
 * (a thread blocked in a read may wake up on another CPU). Every entry updates that memory at its time (a
 * call paired in the worker clears it), so an exit pairs with its thread's last entry if that one is still in
 * progress, however the trace is cut into chunks. An exit whose entry is nowhere in the trace, or whose call
 * differs from its entry's (lost events), counts nothing; an exit that names no call (LTTng before 2.6) ends
 * whichever call its thread is in.
 * </p>
 */
public final class IoAnalysis implements ChunkAnalysis {

    /**
     * Bump when the attribute tree above or its values change, so that existing histories are rebuilt. 2: calls
     * of a trace without context switches are paired in time order (version 1 could pair a migrated thread's
     * entry with a later call's exit). 3: LTTng traces without tid and pid contexts follow threads from context
     * switches and processes from state dumps and forks, LTTng before 2.6's calls are read (version 2 found no
     * bytes in them), Threads/&lt;tid&gt; added.
     */
    public static final int VERSION = 3;

    /** The top-level attribute. */
    public static final String PROCESSES = "Processes";
    /** The top-level attribute of threads. */
    public static final String THREADS = "Threads";
    /** A process's descriptors. */
    public static final String FDS = "FDs";
    /** Bytes read. */
    public static final String READ = "Read";
    /** Bytes written. */
    public static final String WRITTEN = "Written";
    /** The process of threads whose process the trace does not tell. */
    public static final String UNKNOWN_PROCESS = "-1";

    private static final Set<String> READS = Set.of("read", "pread64", "readv", "preadv", "preadv2", "recvfrom", "recvmsg");
    private static final Set<String> WRITES = Set.of("write", "pwrite64", "writev", "pwritev", "pwritev2", "sendto", "sendmsg");

    /** What a worker knows of the thread of an event on a CPU whose context switches it has not seen yet. */
    private static final long FROM_MERGE = -2;

    /** A call in progress: its name and descriptor. */
    private record Call(String name, long fd) {
    }

    /** The merge's memory of a thread's call in progress. */
    private record InCall(long tid) {
    }

    /** The merge's memory of the thread a CPU's latest context switch switched in. */
    private record Running(int cpu) {
    }

    /** The merge's memory of a thread's process. */
    private record ProcessOf(long tid) {
    }

    /**
     * A thread's last entry in the chunk: its call, whether it is in progress in the worker, and the place
     * reserved at its time for telling the merge. One per thread and chunk, reused from entry to entry, with the
     * change that clears the merge's memory of the thread: a thread's system calls allocate nothing each.
     */
    private static final class LastEntry {
        final InCall fKey;
        final Changes.Change fClear;
        String fName;
        long fFd;
        int fPlace;
        boolean fInProgress;

        LastEntry(long tid) {
            fKey = new InCall(tid);
            fClear = state -> state.remember(fKey, null);
        }
    }

    private final KernelEventLayout fLayout;
    private final boolean fPairsInChunks;

    /**
     * @param layout
     *            the trace's kernel event layout
     * @param eventClasses
     *            the names of the trace's event classes: whether the layout's context switch is among them tells
     *            whether a chunk's worker can pair a call's entry and exit
     */
    public IoAnalysis(KernelEventLayout layout, Set<String> eventClasses) {
        fLayout = layout;
        fPairsInChunks = eventClasses.stream().anyMatch(layout::isContextSwitch);
    }

    @Override
    public Set<String> fields() {
        Set<String> fields = new HashSet<>(fLayout.contextSwitchFields());
        fields.addAll(fLayout.syscallFields());
        return Set.copyOf(fields);
    }

    @Override
    public Worker worker() {
        return new IoWorker();
    }

    /** The handlers of one chunk, its CPUs' threads and its threads' last entries. */
    private final class IoWorker implements Worker {
        private final Map<Long, LastEntry> fLastEntries = new HashMap<>();
        /** The thread each CPU's latest context switch in the chunk switched in: the thread of the CPU's events. */
        private final Map<Integer, Long> fRunning = new HashMap<>();
        /** Thread, process and descriptor numbers as the attribute names the merge looks up: made and hashed once a chunk. */
        private final Map<Long, String> fNames = new HashMap<>();

        @Override
        public Handler handler(String eventName) {
            if (fLayout.isContextSwitch(eventName)) {
                return this::switched;
            }
            KernelEventLayout.ThreadInProcess process = fLayout.threadInProcess(eventName);
            if (process != null && !fLayout.threadInEveryEvent()) {
                return (nanos, cpu, fields, changes) -> toldProcess(nanos, process, fields, changes);
            }
            KernelEventLayout.Syscall entry = fLayout.syscallEntry(eventName);
            if (entry != null) {
                return (nanos, cpu, fields, changes) -> entered(nanos, cpu, entry, fields, changes);
            }
            KernelEventLayout.Syscall exit = fLayout.syscallExit(eventName);
            if (exit != null) {
                return (nanos, cpu, fields, changes) -> exited(nanos, cpu, exit, fields, changes);
            }
            return null;
        }

        /**
         * The thread switched out may go on, and end its call, on another CPU: whatever it had in progress is the
         * merge's. The thread switched in is the CPU's from now on, for this worker and, through the merge's
         * memory, for the chunks after it.
         */
        private void switched(long nanos, int streamCpu, EventFields fields, Changes changes) {
            handOver(fLastEntries.get(fLayout.prevTid(fields)), changes);
            int cpu = fLayout.cpu(streamCpu, fields);
            if (fLayout.threadInEveryEvent() || cpu < 0) {
                return;
            }
            long next = fLayout.nextTid(fields);
            fRunning.put(cpu, next);
            Running key = new Running(cpu);
            Long thread = next >= 0 ? next : null;
            changes.at(nanos, state -> state.remember(key, thread));
        }

        private void toldProcess(long nanos, KernelEventLayout.ThreadInProcess process, EventFields fields, Changes changes) {
            long tid = process.tid(fields);
            long pid = process.pid(fields);
            if (tid >= 0 && pid >= 0) {
                ProcessOf key = new ProcessOf(tid);
                changes.at(nanos, state -> state.remember(key, pid));
            }
        }

        /** @return the event's thread, -1 when it has none, {@link #FROM_MERGE} when only the merge knows it */
        private long thread(int streamCpu, EventFields fields) {
            long tid = fLayout.tid(fields);
            if (tid >= 0 || fLayout.threadInEveryEvent()) {
                return tid;
            }
            int cpu = fLayout.cpu(streamCpu, fields);
            if (cpu < 0) {
                return -1;
            }
            Long running = fRunning.get(cpu);
            return running == null ? FROM_MERGE : running;
        }

        /** @return the event's process as an attribute name, or null when the merge must look it up */
        private String process(EventFields fields) {
            long pid = fLayout.pid(fields);
            return pid >= 0 || fLayout.threadInEveryEvent() ? name(pid) : null;
        }

        private void entered(long nanos, int cpu, KernelEventLayout.Syscall entry, EventFields fields, Changes changes) {
            long tid = thread(cpu, fields);
            if (tid == FROM_MERGE) {
                Running key = new Running(fLayout.cpu(cpu, fields));
                Call call = new Call(entry.name(fields), fLayout.entryFd(fields));
                changes.defer(nanos, state -> {
                    if (state.recall(key) instanceof Long thread) {
                        state.remember(new InCall(thread), call);
                    }
                });
                return;
            }
            if (tid < 0) {
                return;
            }
            LastEntry last = fLastEntries.computeIfAbsent(tid, LastEntry::new);
            // An entry still in progress lost its exit: hand it over all the same, the merge can tell.
            handOver(last, changes);
            last.fName = entry.name(fields);
            last.fFd = fLayout.entryFd(fields);
            last.fPlace = changes.reserve(nanos);
            last.fInProgress = true;
        }

        private void exited(long nanos, int cpu, KernelEventLayout.Syscall exit, EventFields fields, Changes changes) {
            long tid = thread(cpu, fields);
            String name = exit.name(fields);
            long bytes = fLayout.ret(fields);
            String pid = process(fields);
            if (tid == FROM_MERGE) {
                Running key = new Running(fLayout.cpu(cpu, fields));
                changes.defer(nanos, state -> {
                    if (state.recall(key) instanceof Long thread) {
                        pairInMerge(state, nanos, thread, name, pid, bytes);
                    }
                });
                return;
            }
            if (tid < 0) {
                return;
            }
            LastEntry last = fLastEntries.get(tid);
            if (fPairsInChunks && last != null && last.fInProgress) {
                last.fInProgress = false;
                // Paired here: from its entry on, the merge's memory must not pair a later exit with an older
                // call whose exit was lost, whatever the chunks.
                changes.fill(last.fPlace, last.fClear);
                if (transfers(last.fName, name, bytes)) {
                    String thread = name(tid);
                    String direction = direction(last.fName);
                    String fd = last.fFd >= 0 ? name(last.fFd) : null;
                    if (pid != null) {
                        changes.at(nanos, state -> count(state, nanos, thread, pid, direction, fd, bytes));
                    } else {
                        changes.defer(nanos, state -> count(state, nanos, thread, processOf(state, tid), direction, fd, bytes));
                    }
                }
            } else {
                handOver(last, changes);
                changes.defer(nanos, state -> pairInMerge(state, nanos, tid, name, pid, bytes));
            }
        }

        @Override
        public void end(Changes changes) {
            fLastEntries.values().forEach(last -> handOver(last, changes));
        }

        private String name(long number) {
            return fNames.computeIfAbsent(number, String::valueOf);
        }
    }

    /** Gives a call in progress to the merge's memory, at its entry time. */
    private static void handOver(LastEntry last, Changes changes) {
        if (last != null && last.fInProgress) {
            last.fInProgress = false;
            InCall key = last.fKey;
            Call call = new Call(last.fName, last.fFd);
            changes.fill(last.fPlace, state -> state.remember(key, call));
        }
    }

    /**
     * An exit whose entry the worker does not know: paired with the merge's memory of its thread's call.
     *
     * @param pid
     *            the thread's process, or null for the merge's memory of it
     */
    private static void pairInMerge(MergedState state, long nanos, long tid, String name, String pid, long bytes) {
        InCall key = new InCall(tid);
        Object call = state.recall(key);
        state.remember(key, null);
        if (call instanceof Call entered && transfers(entered.name(), name, bytes)) {
            count(state, nanos, Long.toString(tid), pid != null ? pid : processOf(state, tid), direction(entered.name()),
                    entered.fd() >= 0 ? Long.toString(entered.fd()) : null, bytes);
        }
    }

    private static String processOf(MergedState state, long tid) {
        return state.recall(new ProcessOf(tid)) instanceof Long pid ? pid.toString() : UNKNOWN_PROCESS;
    }

    /** Whether an exit of call {@code name} returning {@code bytes} ends the call {@code entered} and moved data. */
    private static boolean transfers(String entered, String name, long bytes) {
        return bytes > 0 && entered != null && (entered.equals(name) || KernelEventLayout.ANY_CALL.equals(name))
                && (READS.contains(entered) || WRITES.contains(entered));
    }

    private static String direction(String call) {
        return READS.contains(call) ? READ : WRITTEN;
    }

    /** Counts a transfer for the thread, its process and, when the call named one, the descriptor. */
    private static void count(MergedState state, long nanos, String tid, String pid, String direction, String fd, long bytes) {
        state.add(nanos, bytes, PROCESSES, pid, direction);
        if (fd != null) {
            state.add(nanos, bytes, PROCESSES, pid, FDS, fd, direction);
        }
        state.add(nanos, bytes, THREADS, tid, direction);
    }
}
