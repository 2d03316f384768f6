// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.redis.core;

import java.text.MessageFormat;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.exceptions.StateSystemDisposedException;
import org.eclipse.tracecompass.statesystem.core.interval.ITmfStateInterval;
import org.sextant.redis.model.RedisTracker;
import org.sextant.redis.model.UseAfterFree;
import org.sextant.redis.model.UseAfterFree.Action;
import org.sextant.redis.model.UseAfterFree.Kind;
import org.sextant.redis.model.UseAfterFree.Step;
import org.sextant.redis.model.UseAfterFreeTracker;

/**
 * The use-after-free and double-free findings of the Redis state system ({@link UseAfterFreeTracker}'s
 * {@code Frees} attributes), as the summary lists them and Netflow and Threads mark them, and their text.
 */
final class Frees {

    private Frees() {
    }

    /**
     * @param ss
     *            the Redis state system
     * @param node
     *            a node's attribute, or {@link ITmfStateSystem#ROOT_ATTRIBUTE} for every node's
     * @return the findings found so far, in the order of their first step
     * @throws StateSystemDisposedException
     *             when the state system was closed meanwhile
     */
    static List<UseAfterFree> of(ITmfStateSystem ss, int node) throws StateSystemDisposedException {
        List<UseAfterFree> found = new ArrayList<>();
        List<Integer> quarks = node == ITmfStateSystem.ROOT_ATTRIBUTE
                ? ss.getQuarks(RedisTracker.NODES, "*", UseAfterFreeTracker.FREES, "*") //$NON-NLS-1$ //$NON-NLS-2$
                : ss.getQuarks(node, UseAfterFreeTracker.FREES, "*"); //$NON-NLS-1$
        if (quarks.isEmpty()) {
            return found;
        }
        List<ITmfStateInterval> state = ss.queryFullState(ss.getCurrentEndTime());
        for (int finding : quarks) {
            Kind kind = state.get(finding).getValue() instanceof String label && label.equals(Kind.USE_AFTER_FREE.label()) ? Kind.USE_AFTER_FREE
                    : Kind.DOUBLE_FREE;
            String nodeKey = ss.getAttributeName(ss.getParentAttributeQuark(ss.getParentAttributeQuark(finding)));
            List<Step> steps = new ArrayList<>();
            int stepsQuark = ss.optQuarkRelative(finding, UseAfterFreeTracker.STEPS);
            if (stepsQuark != ITmfStateSystem.INVALID_ATTRIBUTE) {
                List<Integer> indices = new ArrayList<>(ss.getSubAttributes(stepsQuark, false));
                indices.sort(Comparator.comparingInt(step -> Integer.parseInt(ss.getAttributeName(step))));
                for (int step : indices) {
                    Action action = Action.of(String.valueOf(value(ss, state, step, UseAfterFreeTracker.ACTION)));
                    if (action != null) {
                        steps.add(new Step(number(ss, state, step, UseAfterFreeTracker.TIME), (int) number(ss, state, step, UseAfterFreeTracker.TID), action,
                                number(ss, state, step, UseAfterFreeTracker.BYTES)));
                    }
                }
            }
            found.add(new UseAfterFree(nodeKey, (int) number(ss, state, finding, UseAfterFreeTracker.FD), kind, steps));
        }
        found.sort(Comparator.comparingLong(f -> f.steps().isEmpty() ? Long.MAX_VALUE : f.steps().get(0).time()));
        return found;
    }

    /**
     * @param finding
     *            a finding
     * @param origin
     *            the nanoseconds its times count from (the trace's start)
     * @return its line: "double free on fd 27: pending 4933 bytes, thread 31898, at +5.851656037 s; ..."
     */
    static String text(UseAfterFree finding, long origin) {
        List<String> steps = new ArrayList<>();
        for (Step step : finding.steps()) {
            steps.add(step(step, origin));
        }
        return MessageFormat.format(Messages.Frees_Finding, finding.kind().label(), Integer.toString(finding.fd()), String.join("; ", steps)); //$NON-NLS-1$
    }

    /** @return a step's text: "read at once, thread 31884, at +5.912861806 s" */
    static String step(Step step, long origin) {
        String what = step.action() == Action.PENDING ? MessageFormat.format(Messages.Frees_Pending, Long.toString(step.bytes())) : step.action().label();
        return MessageFormat.format(Messages.Frees_Step, what, Integer.toString(step.tid()), seconds(step.time() - origin));
    }

    private static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%+.9f", nanos / 1e9); //$NON-NLS-1$
    }

    private static Object value(ITmfStateSystem ss, List<ITmfStateInterval> state, int parent, String name) {
        int quark = ss.optQuarkRelative(parent, name);
        return quark == ITmfStateSystem.INVALID_ATTRIBUTE ? null : state.get(quark).getValue();
    }

    private static long number(ITmfStateSystem ss, List<ITmfStateInterval> state, int parent, String name) {
        return value(ss, state, parent, name) instanceof Number number ? number.longValue() : -1;
    }
}
