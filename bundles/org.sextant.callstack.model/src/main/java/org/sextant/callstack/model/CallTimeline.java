// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.model;

import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;

/**
 * The call stacks of a timed flow over time: when each thread entered and left each function, as one sequence of
 * steps in time order. It is what a flame chart draws, and what Trace Compass's call-stack state system is built
 * from.
 *
 * <p>
 * It is kept consistent with the flow's time trees, so that the time a call path spends on the timeline, its
 * callees' time aside, is its own time in {@link CallFlow.Weight#TIME}: a stack change takes effect at the
 * thread's last known time, since the flow charges the time from there to the next step to the stack as changed;
 * across a gap ({@link CallFlow#gap}) the thread's stack is left at the gap's start and entered again when the
 * trace resumes; at the end every thread leaves its stack at its last known time. A function entered and left at
 * the same time (a call between two steps of the same time, or between two untimed ones) has no step at all.
 * </p>
 *
 * <p>
 * Stored as columns of primitives, one entry per step: an input of a gigabyte has millions of calls and returns.
 * </p>
 */
public final class CallTimeline {

    /** What a step does. */
    public enum Kind {
        /** the thread entered a function, on top of its stack */
        ENTER,
        /** the thread left the function on top of its stack */
        LEAVE
    }

    /**
     * A thread whose stack the timeline follows.
     *
     * @param process
     *            its process's name, as the input first named it for this thread
     * @param thread
     *            its thread id
     */
    public record Track(String process, long thread) {
    }

    /**
     * One step.
     *
     * @param time
     *            when
     * @param kind
     *            entered or left
     * @param track
     *            the thread
     * @param depth
     *            the function's depth in the thread's stack, 0 for the root
     * @param function
     *            the function entered or left
     */
    public record Step(long time, Kind kind, Track track, int depth, String function) {
    }

    private static final CallTimeline EMPTY = new CallTimeline(List.of(), List.of(), new long[0], new int[0], new int[0], new int[0]);

    private final List<Track> fTracks;
    private final List<String> fFunctions;
    private final long[] fTimes;
    private final int[] fTrackIds;
    private final int[] fFunctionIds;
    /** depth << 1, plus 1 for a leave */
    private final int[] fDepthKinds;

    private CallTimeline(List<Track> tracks, List<String> functions, long[] times, int[] trackIds, int[] functionIds, int[] depthKinds) {
        fTracks = tracks;
        fFunctions = functions;
        fTimes = times;
        fTrackIds = trackIds;
        fFunctionIds = functionIds;
        fDepthKinds = depthKinds;
    }

    /** @return the timeline of no step: inputs without time, or read without a timeline */
    public static CallTimeline empty() {
        return EMPTY;
    }

    /** @return how many steps */
    public int size() {
        return fTimes.length;
    }

    /**
     * @param index
     *            a step's index, from 0
     * @return that step
     */
    public Step step(int index) {
        int depthKind = fDepthKinds[index];
        return new Step(fTimes[index], (depthKind & 1) == 0 ? Kind.ENTER : Kind.LEAVE, fTracks.get(fTrackIds[index]), depthKind >>> 1,
                fFunctions.get(fFunctionIds[index]));
    }

    /** @return the steps in time order, each thread's in the order it took them (a view, made step by step) */
    public List<Step> steps() {
        return new AbstractList<>() {
            @Override
            public Step get(int index) {
                return step(index);
            }

            @Override
            public int size() {
                return fTimes.length;
            }
        };
    }

    /** @return the functions the steps name, each once */
    public List<String> functions() {
        return fFunctions;
    }

    /** @return the threads, in the order the timeline first saw them */
    public List<Track> tracks() {
        return fTracks;
    }

    /**
     * Records the timeline as a flow runs: one {@link Recorder} per thread, which compares the thread's stack with
     * what it recorded last, then merges the threads' steps by time.
     */
    static final class Builder {
        private final Map<String, Integer> fIds = new HashMap<>();
        private final List<String> fFunctions = new ArrayList<>();
        private final List<Recorder> fRecorders = new ArrayList<>();

        /**
         * @param process
         *            the thread's process
         * @param thread
         *            the thread id
         * @return a recorder for a thread seen for the first time
         */
        Recorder recorder(String process, long thread) {
            Recorder recorder = new Recorder(this, fRecorders.size(), new Track(process, thread));
            fRecorders.add(recorder);
            return recorder;
        }

        private int id(String function) {
            Integer id = fIds.get(function);
            if (id == null) {
                id = fFunctions.size();
                fFunctions.add(function);
                fIds.put(function, id);
            }
            return id;
        }

        /** @return the steps of all recorders, by time; stable, so each thread's stay in the order taken */
        CallTimeline build() {
            int total = 0;
            for (Recorder recorder : fRecorders) {
                total += recorder.fSize;
            }
            long[] times = new long[total];
            int[] tracks = new int[total];
            int[] functions = new int[total];
            int[] depthKinds = new int[total];
            PriorityQueue<Recorder> next = new PriorityQueue<>(
                    Comparator.comparingLong((Recorder r) -> r.fTimes[r.fCursor]).thenComparingInt(r -> r.fIndex));
            fRecorders.stream().filter(r -> r.fSize > 0).forEach(next::add);
            for (int i = 0; i < total; i++) {
                Recorder recorder = next.poll();
                int from = recorder.fCursor++;
                times[i] = recorder.fTimes[from];
                tracks[i] = recorder.fIndex;
                functions[i] = recorder.fFunctionIds[from];
                depthKinds[i] = recorder.fDepthKinds[from];
                if (recorder.fCursor < recorder.fSize) {
                    next.add(recorder);
                }
            }
            List<Track> trackList = fRecorders.stream().map(r -> r.fTrack).toList();
            // the recorders' copies of the steps are as large as the timeline: the flow keeps no garbage
            fRecorders.clear();
            fIds.clear();
            return new CallTimeline(trackList, List.copyOf(fFunctions), times, tracks, functions, depthKinds);
        }
    }

    /** One thread's steps, and the stack as its steps left it. */
    static final class Recorder {
        private static final int INITIAL = 64;

        private final Builder fBuilder;
        private final int fIndex;
        private final Track fTrack;
        private final List<String> fStack = new ArrayList<>();
        private long[] fEnteredAt = new long[INITIAL];
        private int[] fStackIds = new int[INITIAL];
        private long fLastTime = Long.MIN_VALUE;
        private long[] fTimes = new long[INITIAL];
        private int[] fFunctionIds = new int[INITIAL];
        private int[] fDepthKinds = new int[INITIAL];
        private int fSize;
        private int fCursor;

        private Recorder(Builder builder, int index, Track track) {
            fBuilder = builder;
            fIndex = index;
            fTrack = track;
        }

        /**
         * Brings the recorded stack to the thread's stack: leaves what is no longer there, enters what is new.
         *
         * @param frames
         *            the thread's stack, from the root
         * @param changedFrom
         *            the lowest depth changed since the last call: the frames below it are the recorded ones
         * @param time
         *            when the changes took effect
         */
        void sync(List<String> frames, int changedFrom, long time) {
            // a thread's steps never go back in time, even where its input does
            long at = Math.max(time, fLastTime);
            int common = Math.min(changedFrom, Math.min(fStack.size(), frames.size()));
            while (common < fStack.size() && common < frames.size() && fStack.get(common).equals(frames.get(common))) {
                common++;
            }
            for (int depth = fStack.size() - 1; depth >= common; depth--) {
                leave(depth, at);
            }
            for (int depth = common; depth < frames.size(); depth++) {
                enter(depth, frames.get(depth), at);
            }
        }

        /**
         * Leaves the whole recorded stack: a gap starts, or the input ends.
         *
         * @param time
         *            when
         */
        void leaveAll(long time) {
            long at = Math.max(time, fLastTime);
            for (int depth = fStack.size() - 1; depth >= 0; depth--) {
                leave(depth, at);
            }
        }

        private void enter(int depth, String function, long time) {
            if (depth == fEnteredAt.length) {
                fEnteredAt = Arrays.copyOf(fEnteredAt, depth * 2);
                fStackIds = Arrays.copyOf(fStackIds, depth * 2);
            }
            int id = fBuilder.id(function);
            fEnteredAt[depth] = time;
            fStackIds[depth] = id;
            fStack.add(function);
            add(time, id, depth << 1);
        }

        private void leave(int depth, long time) {
            fStack.remove(depth);
            if (fEnteredAt[depth] == time && fSize > 0 && fDepthKinds[fSize - 1] == depth << 1) {
                // entered at this very time: the enter is the last step, and both go
                fSize--;
                return;
            }
            add(time, fStackIds[depth], (depth << 1) | 1);
        }

        private void add(long time, int function, int depthKind) {
            if (fSize == fTimes.length) {
                fTimes = Arrays.copyOf(fTimes, fSize * 2);
                fFunctionIds = Arrays.copyOf(fFunctionIds, fSize * 2);
                fDepthKinds = Arrays.copyOf(fDepthKinds, fSize * 2);
            }
            fTimes[fSize] = time;
            fFunctionIds[fSize] = function;
            fDepthKinds[fSize] = depthKind;
            fSize++;
            fLastTime = time;
        }
    }
}
