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
 * Bytes read and written per process and per file descriptor: the positive return values of the read and
 * write families of system calls, built chunk by chunk.
 *
 * <p>
 * Attribute tree (bytes, cumulative, updated at each call's exit):
 * </p>
 *
 * <pre>
 * Processes/&lt;pid&gt;/Read              bytes read by the process
 * Processes/&lt;pid&gt;/Written           bytes written
 * Processes/&lt;pid&gt;/FDs/&lt;fd&gt;/Read     bytes read through that descriptor (a descriptor number reused is the same attribute)
 * Processes/&lt;pid&gt;/FDs/&lt;fd&gt;/Written
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
 * The chunk-local state is each thread's call in progress on the chunk's CPU. An entry and an exit of a thread
 * with no context switch of that thread between them (in a per-CPU stream, nothing of the thread can happen
 * elsewhere meanwhile) pair in the worker, when the trace records context switches: in a trace without them a
 * thread that migrates in a call leaves no mark on the CPU it left, so there no worker pairs a call, and the
 * merge pairs every exit with its thread's last entry in time order. A call still in progress when its thread is switched out, or at
 * the end of the chunk, is handed to the merge's memory at its entry time (a reserved place); an exit the
 * worker cannot pair is deferred, and the merge pairs it with that memory, whichever stream the entry was in
 * (a thread blocked in a read may wake up on another CPU). Every entry updates that memory at its time (a
 * call paired in the worker clears it), so an exit pairs with its thread's last entry if that one is still in
 * progress, however the trace is cut into chunks. An exit whose entry is nowhere in the trace, or whose call
 * number differs from its entry's (lost events), counts nothing.
 * </p>
 */
public final class IoAnalysis implements ChunkAnalysis {

    /**
     * Bump when the attribute tree above or its values change, so that existing histories are rebuilt. 2: calls
     * of a trace without context switches are paired in time order (version 1 could pair a migrated thread's
     * entry with a later call's exit).
     */
    public static final int VERSION = 2;

    /** The top-level attribute. */
    public static final String PROCESSES = "Processes";
    /** A process's descriptors. */
    public static final String FDS = "FDs";
    /** Bytes read. */
    public static final String READ = "Read";
    /** Bytes written. */
    public static final String WRITTEN = "Written";

    private static final Set<String> READS = Set.of("read", "pread64", "readv", "preadv", "preadv2", "recvfrom", "recvmsg");
    private static final Set<String> WRITES = Set.of("write", "pwrite64", "writev", "pwritev", "pwritev2", "sendto", "sendmsg");

    /** A call in progress: its name and descriptor. */
    private record Call(String name, long fd) {
    }

    /** The merge's memory of a thread's call in progress. */
    private record InCall(long tid) {
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

    /** The handlers of one chunk, and its threads' last entries. */
    private final class IoWorker implements Worker {
        private final Map<Long, LastEntry> fLastEntries = new HashMap<>();
        /** Process and descriptor numbers as the attribute names the merge looks up: made and hashed once a chunk. */
        private final Map<Long, String> fNames = new HashMap<>();

        @Override
        public Handler handler(String eventName) {
            if (fLayout.isContextSwitch(eventName)) {
                return this::switched;
            }
            KernelEventLayout.Syscall entry = fLayout.syscallEntry(eventName);
            if (entry != null) {
                return (nanos, cpu, fields, changes) -> entered(nanos, entry, fields, changes);
            }
            KernelEventLayout.Syscall exit = fLayout.syscallExit(eventName);
            if (exit != null) {
                return (nanos, cpu, fields, changes) -> exited(nanos, exit, fields, changes);
            }
            return null;
        }

        /** The thread may go on, and end its call, on another CPU: whatever it had in progress is the merge's. */
        private void switched(long nanos, int cpu, EventFields fields, Changes changes) {
            handOver(fLastEntries.get(fLayout.prevTid(fields)), changes);
        }

        private void entered(long nanos, KernelEventLayout.Syscall entry, EventFields fields, Changes changes) {
            long tid = fLayout.tid(fields);
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

        private void exited(long nanos, KernelEventLayout.Syscall exit, EventFields fields, Changes changes) {
            long tid = fLayout.tid(fields);
            if (tid < 0) {
                return;
            }
            LastEntry last = fLastEntries.get(tid);
            if (fPairsInChunks && last != null && last.fInProgress) {
                last.fInProgress = false;
                // Paired here: from its entry on, the merge's memory must not pair a later exit with an older
                // call whose exit was lost, whatever the chunks.
                changes.fill(last.fPlace, last.fClear);
                long bytes = fLayout.ret(fields);
                if (transfers(last.fName, exit.name(fields), bytes)) {
                    String pid = name(fLayout.pid(fields));
                    String direction = direction(last.fName);
                    String fd = last.fFd >= 0 ? name(last.fFd) : null;
                    changes.at(nanos, state -> count(state, nanos, pid, direction, fd, bytes));
                }
            } else {
                handOver(last, changes);
                deferred(nanos, tid, exit.name(fields), fields, changes);
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

    /** An exit whose entry the worker does not know: the merge pairs it with its memory. */
    private void deferred(long nanos, long tid, String name, EventFields fields, Changes changes) {
        String pid = Long.toString(fLayout.pid(fields));
        long bytes = fLayout.ret(fields);
        InCall key = new InCall(tid);
        changes.defer(nanos, state -> {
            Object call = state.recall(key);
            state.remember(key, null);
            if (call instanceof Call entered && transfers(entered.name(), name, bytes)) {
                count(state, nanos, pid, direction(name), entered.fd() >= 0 ? Long.toString(entered.fd()) : null, bytes);
            }
        });
    }

    /** Whether an exit of call {@code name} returning {@code bytes} ends the call {@code entered} and moved data. */
    private static boolean transfers(String entered, String name, long bytes) {
        return bytes > 0 && entered != null && entered.equals(name) && (READS.contains(name) || WRITES.contains(name));
    }

    private static String direction(String call) {
        return READS.contains(call) ? READ : WRITTEN;
    }

    /** Counts a transfer for the process and, when the call named one, the descriptor. */
    private static void count(MergedState state, long nanos, String pid, String direction, String fd, long bytes) {
        state.add(nanos, bytes, PROCESSES, pid, direction);
        if (fd != null) {
            state.add(nanos, bytes, PROCESSES, pid, FDS, fd, direction);
        }
    }
}
