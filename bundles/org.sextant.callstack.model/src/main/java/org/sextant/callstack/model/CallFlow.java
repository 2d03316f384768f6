// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.model;

import java.util.ArrayList;
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
 * instructions and by time, since a thread migrates and a CPU's tree is no sum of threads' trees.
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

    private static final class Stack {
        final List<String> fFrames = new ArrayList<>();
        long fLastTime = -1;
    }

    /** The name of a frame the input does not name. */
    public static final String UNKNOWN = "[unknown]";

    private final Map<Long, Stack> fStacks = new HashMap<>();
    private final Map<Scope, Map<String, CallTree[]>> fTrees = new LinkedHashMap<>();
    private final Map<String, String> fBinaries = new HashMap<>();
    private long fUntraced;
    private long fUnattributed;

    /** A flow with no thread seen yet. */
    public CallFlow() {
        for (Scope scope : Scope.values()) {
            fTrees.put(scope, new LinkedHashMap<>());
        }
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
     */
    public void advance(Where where, long time, long instructions, String function) {
        Stack stack = stack(where.thread());
        if (stack.fFrames.isEmpty() && function != null) {
            stack.fFrames.add(function);
        }
        long elapsed = time >= 0 && stack.fLastTime >= 0 ? Math.max(0, time - stack.fLastTime) : 0;
        if (time >= 0) {
            stack.fLastTime = time;
        }
        if (stack.fFrames.isEmpty()) {
            fUnattributed += instructions;
            return;
        }
        for (Scope scope : Scope.values()) {
            CallTree[] trees = fTrees.get(scope).computeIfAbsent(where.key(scope), k -> new CallTree[] { new CallTree(fBinaries), new CallTree(fBinaries) });
            if (instructions > 0) {
                trees[Weight.INSTRUCTIONS.ordinal()].add(stack.fFrames, instructions);
            }
            if (elapsed > 0) {
                trees[Weight.TIME.ordinal()].add(stack.fFrames, elapsed);
            }
        }
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
            stack.fFrames.add(caller);
        }
        stack.fFrames.add(callee);
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
        List<String> frames = stack(where.thread()).fFrames;
        if (into == null) {
            if (!frames.isEmpty()) {
                frames.remove(frames.size() - 1);
            }
            return;
        }
        int depth = frames.lastIndexOf(into);
        if (depth >= 0 && depth < frames.size() - 1) {
            frames.subList(depth + 1, frames.size()).clear();
        } else if (depth < 0) {
            frames.clear();
            frames.add(into);
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
        List<String> frames = stack(where.thread()).fFrames;
        if (frames.isEmpty()) {
            frames.add(function);
        } else if (!frames.get(frames.size() - 1).equals(function)) {
            frames.set(frames.size() - 1, function);
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
        List<String> frames = stack(where.thread()).fFrames;
        if (frames.size() > depth) {
            frames.subList(depth, frames.size()).clear();
        }
        while (frames.size() < depth) {
            frames.add(UNKNOWN);
        }
        frames.add(function);
    }

    /**
     * The thread's trace has a gap (tracing stopped, or data was lost) up to a time: the time goes to no path.
     *
     * @param where
     *            the thread
     * @param time
     *            when the trace resumes, or -1 when the input has no time
     */
    public void gap(Where where, long time) {
        Stack stack = stack(where.thread());
        if (time >= 0) {
            if (stack.fLastTime >= 0) {
                fUntraced += Math.max(0, time - stack.fLastTime);
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

    /** @return time spent in gaps of the trace, on no path */
    public long untraced() {
        return fUntraced;
    }

    /** @return instructions executed before a thread's first function was known */
    public long unattributed() {
        return fUnattributed;
    }

    private Stack stack(long thread) {
        return fStacks.computeIfAbsent(thread, t -> new Stack());
    }
}
