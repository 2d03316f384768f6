// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.model;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Turns a decoded control flow (calls, returns, instructions and time, thread by thread) into call trees: each
 * thread has a call stack, and the cost between two steps of a thread goes to the call path on its stack.
 *
 * <p>
 * A trace rarely starts at the bottom of a stack: the first function seen on a thread becomes its root, and a
 * return into a function that is not on the stack starts a new root there, so the cost before stays on the path
 * it was seen on rather than being guessed onto a longer one. A return into a function further down the stack
 * unwinds to it (longjmp, exceptions). Time across a gap in the trace ({@link #gap}) goes to no path: it is
 * counted as untraced.
 * </p>
 *
 * <p>
 * Costs are kept in four scopes at once (all threads, per process, per thread, per CPU), each weighted by
 * instructions and by time, since a thread migrates and a CPU's tree is no sum of threads' trees. A flow made
 * {@link #withTimeline()} also records when each thread entered and left each function, for a flame chart.
 * </p>
 */
public final class CallFlow {

    /** What a call tree is weighted by. */
    public enum Weight {
        /** instructions executed */
        INSTRUCTIONS,
        /** nanoseconds (or the input's time unit) */
        TIME
    }

    /** How costs are grouped. */
    public enum Scope {
        /** one tree for everything */
        ALL,
        /** a tree per process */
        PROCESS,
        /** a tree per thread */
        THREAD,
        /** a tree per CPU */
        CPU
    }

    /**
     * Where a step happened.
     *
     * @param process
     *            the process's name, or its id as text
     * @param thread
     *            the thread id
     * @param cpu
     *            the CPU, or -1 when the input does not say
     */
    public record Where(String process, long thread, int cpu) {
        static final String ALL_KEY = "all";

        String key(Scope scope) {
            return switch (scope) {
            case ALL -> ALL_KEY;
            case PROCESS -> process;
            case THREAD -> process + '/' + thread;
            case CPU -> cpu < 0 ? "?" : Integer.toString(cpu);
            };
        }
    }

    private static final Scope[] SCOPES = Scope.values();
    private static final Weight[] WEIGHTS = Weight.values();

    private static final class Stack {
        final List<String> fFrames = new ArrayList<>();
        long fLastTime = -1;
        /** The lowest depth changed since the timeline last saw the stack: it compares from there only. */
        int fChangedFrom;
        CallTimeline.Recorder fRecorder;
        /** Where the stack's thread was at its last step, and that place's trees: the same place most steps. */
        Where fWhere;
        CallTree[][] fTrees;
        /** The nodes of the frames in each tree charged, by scope and weight. */
        final Path[] fPaths = new Path[SCOPES.length * WEIGHTS.length];

        void push(String function) {
            fChangedFrom = Math.min(fChangedFrom, fFrames.size());
            fFrames.add(function);
        }

        /** Keeps the frames below a depth. */
        void cut(int depth) {
            if (fFrames.size() > depth) {
                fChangedFrom = Math.min(fChangedFrom, depth);
                fFrames.subList(depth, fFrames.size()).clear();
                forget(depth);
            }
        }

        void replaceTop(String function) {
            fChangedFrom = Math.min(fChangedFrom, fFrames.size() - 1);
            fFrames.set(fFrames.size() - 1, function);
            forget(fFrames.size() - 1);
        }

        private void forget(int depth) {
            for (Path path : fPaths) {
                if (path != null) {
                    path.fValid = Math.min(path.fValid, depth);
                }
            }
        }

        /** Charges the path of the frames in a tree, whose nodes are looked up again from the lowest frame changed. */
        void charge(int scope, Weight weight, CallTree tree, long cost) {
            int index = scope * WEIGHTS.length + weight.ordinal();
            Path path = fPaths[index];
            if (path == null) {
                path = new Path();
                fPaths[index] = path;
            }
            // the callers' totals are summed once the trees are asked for: a step charges one node, however deep
            tree.addOwn(path.top(tree, fFrames), cost);
        }
    }

    /**
     * The nodes of a stack's frames in one tree, kept from step to step: a step charges the top node, and a
     * call or return changes the stack at its top only, so walking the tree from the root for every step (a
     * lookup per frame, in eight trees) would find the same nodes again.
     */
    private static final class Path {
        private CallTree fTree;
        private CallTree.Node[] fNodes = new CallTree.Node[16];
        /** The nodes below this depth are those of the frames. */
        int fValid;

        CallTree.Node top(CallTree tree, List<String> frames) {
            if (tree != fTree) {
                // the thread moved to another CPU, whose tree has other nodes
                fTree = tree;
                fValid = 0;
            }
            int depth = frames.size();
            if (fNodes.length < depth) {
                fNodes = Arrays.copyOf(fNodes, Math.max(depth, 2 * fNodes.length));
            }
            CallTree.Node node = fValid == 0 ? tree.root() : fNodes[fValid - 1];
            for (int at = fValid; at < depth; at++) {
                node = tree.child(node, frames.get(at));
                fNodes[at] = node;
            }
            fValid = depth;
            return node;
        }
    }

    /**
     * A thread's time went backwards: charging from the earlier time again would count the same time twice, so
     * the readers report the line instead.
     */
    public static final class TimeGoesBack extends IllegalArgumentException {
        private static final long serialVersionUID = 1L;

        TimeGoesBack(long thread, long time, long last) {
            super("time goes backwards in thread " + thread + ": " + time + " after " + last);
        }
    }

    /** The name of a frame the input does not name. */
    public static final String UNKNOWN = "[unknown]";

    private final Map<Long, Stack> fStacks = new HashMap<>();
    private final Map<Scope, Map<String, CallTree[]>> fTrees = new LinkedHashMap<>();
    /** Each place's trees, by scope: found once per place, since their keys are strings made from it. */
    private final Map<Where, CallTree[][]> fTreesOf = new HashMap<>();
    private final Map<String, String> fBinaries = new HashMap<>();
    private final CallTimeline.Builder fTimeline;
    private CallTimeline fBuilt;
    private Stack fLastStack;
    private long fLastThread;
    private long fUntraced;
    private long fUnattributed;

    /** A flow with no thread seen yet. */
    public CallFlow() {
        this(false);
    }

    private CallFlow(boolean timeline) {
        for (Scope scope : Scope.values()) {
            fTrees.put(scope, new LinkedHashMap<>());
        }
        fTimeline = timeline ? new CallTimeline.Builder() : null;
    }

    /**
     * @return a flow with no thread seen yet that records its {@link #timeline()} as well: a step per call and
     *         return, which a large input pays for in memory
     */
    public static CallFlow withTimeline() {
        return new CallFlow(true);
    }

    /**
     * A flow of one tree built already, for the inputs that have no flow (callgrind, folded stacks).
     *
     * @param tree
     *            the tree of everything, weighted by instructions
     */
    public CallFlow(CallTree tree) {
        this();
        fTrees.get(Scope.ALL).put(Where.ALL_KEY, new CallTree[] { tree, new CallTree() });
    }

    /**
     * A thread executed instructions up to a time, in whatever function is on top of its stack; at its first
     * step, in {@code function}, which becomes its root.
     *
     * @param where
     *            the thread
     * @param time
     *            the time of this step, or -1 when the input has no time
     * @param instructions
     *            instructions executed since the thread's previous step
     * @param function
     *            the function executing, when the input says (null otherwise)
     * @throws TimeGoesBack
     *             when {@code time} is before the thread's previous time
     */
    public void advance(Where where, long time, long instructions, String function) {
        Stack stack = stack(where.thread());
        checkTime(where, stack, time);
        if (stack.fFrames.isEmpty() && function != null) {
            stack.push(function);
        }
        if (fTimeline != null && time >= 0) {
            // the stack changed since the previous step, whose time the flow charges the changed stack from
            record(stack, where, stack.fLastTime >= 0 ? stack.fLastTime : time);
        }
        long elapsed = time >= 0 && stack.fLastTime >= 0 ? time - stack.fLastTime : 0;
        if (time >= 0) {
            stack.fLastTime = time;
        }
        if (stack.fFrames.isEmpty()) {
            fUnattributed += instructions;
            return;
        }
        if (!where.equals(stack.fWhere)) {
            stack.fWhere = where;
            stack.fTrees = fTreesOf.computeIfAbsent(where, this::treesOf);
        }
        for (int scope = 0; scope < SCOPES.length; scope++) {
            CallTree[] trees = stack.fTrees[scope];
            if (instructions > 0) {
                stack.charge(scope, Weight.INSTRUCTIONS, trees[Weight.INSTRUCTIONS.ordinal()], instructions);
            }
            if (elapsed > 0) {
                stack.charge(scope, Weight.TIME, trees[Weight.TIME.ordinal()], elapsed);
            }
        }
    }

    private CallTree[][] treesOf(Where where) {
        CallTree[][] trees = new CallTree[SCOPES.length][];
        for (Scope scope : SCOPES) {
            trees[scope.ordinal()] = fTrees.get(scope).computeIfAbsent(where.key(scope), k -> new CallTree[] { new CallTree(fBinaries), new CallTree(fBinaries) });
        }
        return trees;
    }

    /**
     * A thread called a function. A thread seen for the first time starts with the caller at its root.
     *
     * @param where
     *            the thread
     * @param caller
     *            the function calling, when the input says (null otherwise)
     * @param callee
     *            the function called
     */
    public void call(Where where, String caller, String callee) {
        Stack stack = stack(where.thread());
        if (stack.fFrames.isEmpty() && caller != null) {
            stack.push(caller);
        }
        stack.push(callee);
    }

    /**
     * A thread returned into a function: down the stack to it when it is there, else to a new root.
     *
     * @param where
     *            the thread
     * @param into
     *            the function returned into, or null when unknown (then one frame is popped)
     */
    public void ret(Where where, String into) {
        Stack stack = stack(where.thread());
        List<String> frames = stack.fFrames;
        if (into == null) {
            if (!frames.isEmpty()) {
                stack.cut(frames.size() - 1);
            }
            return;
        }
        int depth = frames.lastIndexOf(into);
        if (depth >= 0 && depth < frames.size() - 1) {
            stack.cut(depth + 1);
        } else if (depth < 0) {
            stack.cut(0);
            stack.push(into);
        }
    }

    /**
     * A thread moved to another function without a call (a jump, a tail call): it replaces the function on top
     * of the stack, or becomes the root of an empty one.
     *
     * @param where
     *            the thread
     * @param function
     *            the function it is in now
     */
    public void jump(Where where, String function) {
        Stack stack = stack(where.thread());
        List<String> frames = stack.fFrames;
        if (frames.isEmpty()) {
            stack.push(function);
        } else if (!frames.get(frames.size() - 1).equals(function)) {
            stack.replaceTop(function);
        }
    }

    /**
     * A thread is in a function at a depth, as an input that indents by call depth says (sptdecode, perf's
     * callindent): the stack is cut to that depth, padded with {@value #UNKNOWN} frames when it was shallower
     * (the trace started below the root, or the decoder resynchronised), and the function put on top.
     *
     * @param where
     *            the thread
     * @param depth
     *            the function's depth, 0 for the root
     * @param function
     *            the function
     */
    public void enter(Where where, int depth, String function) {
        Stack stack = stack(where.thread());
        stack.cut(depth);
        while (stack.fFrames.size() < depth) {
            stack.push(UNKNOWN);
        }
        stack.push(function);
    }

    /**
     * The thread's trace has a gap (tracing stopped, or data was lost) up to a time: the time goes to no path.
     *
     * @param where
     *            the thread
     * @param time
     *            when the trace resumes, or -1 when the input has no time
     * @throws TimeGoesBack
     *             when {@code time} is before the thread's previous time
     */
    public void gap(Where where, long time) {
        Stack stack = stack(where.thread());
        checkTime(where, stack, time);
        if (time >= 0) {
            if (stack.fLastTime >= 0) {
                fUntraced += time - stack.fLastTime;
                if (stack.fRecorder != null) {
                    // no call stack is known across the gap: the timeline enters it again at the next step
                    stack.fRecorder.leaveAll(stack.fLastTime);
                }
            }
            stack.fLastTime = time;
        }
    }

    /**
     * Records the binary a function is in; the trees built report it.
     *
     * @param function
     *            a function name
     * @param binary
     *            its binary
     */
    public void locate(String function, String binary) {
        fBinaries.putIfAbsent(function, binary);
    }

    /**
     * @param thread
     *            a thread id
     * @return its call stack now, from the root
     */
    public List<String> stackOf(long thread) {
        return List.copyOf(stack(thread).fFrames);
    }

    /**
     * @param scope
     *            how to group
     * @param weight
     *            what to weigh by
     * @return a tree per group (process name, "process/tid", CPU number or "all"), in the order first seen
     */
    public Map<String, CallTree> trees(Scope scope, Weight weight) {
        sumTotals();
        Map<String, CallTree> trees = new LinkedHashMap<>();
        fTrees.get(scope).forEach((key, pair) -> trees.put(key, pair[weight.ordinal()]));
        return trees;
    }

    /**
     * @param weight
     *            what to weigh by
     * @return the tree of all threads (empty when nothing was attributed)
     */
    public CallTree tree(Weight weight) {
        CallTree tree = trees(Scope.ALL, weight).get(Where.ALL_KEY);
        return tree != null ? tree : new CallTree();
    }

    /**
     * Ends the timeline: every thread leaves its stack at its last known time. Call it once the input is read;
     * the flow records no more steps after.
     *
     * @return when each thread entered and left each function, or an {@linkplain CallTimeline#empty() empty}
     *         timeline for a flow made without one
     */
    public CallTimeline timeline() {
        if (fTimeline == null) {
            return CallTimeline.empty();
        }
        if (fBuilt == null) {
            for (Stack stack : fStacks.values()) {
                if (stack.fRecorder != null) {
                    stack.fRecorder.leaveAll(stack.fLastTime);
                    stack.fRecorder = null;
                }
            }
            fBuilt = fTimeline.build();
        }
        return fBuilt;
    }

    /**
     * Sums the totals of the trees charged since the last call: once, however many threads ask for trees of a
     * profile read.
     */
    private synchronized void sumTotals() {
        for (Map<String, CallTree[]> scope : fTrees.values()) {
            for (CallTree[] pair : scope.values()) {
                for (CallTree tree : pair) {
                    tree.sumTotals();
                }
            }
        }
    }

    /** @return time spent in gaps of the trace, on no path */
    public long untraced() {
        return fUntraced;
    }

    /** @return instructions executed before a thread's first function was known */
    public long unattributed() {
        return fUnattributed;
    }

    private Stack stack(long thread) {
        // a line's steps are one thread's, and runs of lines often are too
        if (fLastStack == null || fLastThread != thread) {
            fLastStack = fStacks.computeIfAbsent(thread, t -> new Stack());
            fLastThread = thread;
        }
        return fLastStack;
    }

    private static void checkTime(Where where, Stack stack, long time) {
        if (time >= 0 && time < stack.fLastTime) {
            throw new TimeGoesBack(where.thread(), time, stack.fLastTime);
        }
    }

    private void record(Stack stack, Where where, long time) {
        if (fBuilt != null) {
            return;
        }
        if (stack.fRecorder == null) {
            // made at the thread's first timed step, which names its process (a decoder error may not)
            stack.fRecorder = fTimeline.recorder(where.process(), where.thread());
        }
        stack.fRecorder.sync(stack.fFrames, stack.fChangedFrom, time);
        stack.fChangedFrom = stack.fFrames.size();
    }
}
