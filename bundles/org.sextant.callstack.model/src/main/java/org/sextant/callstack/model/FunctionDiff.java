// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.model;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What changed between two runs, function by function: each function's own and inclusive cost in the baseline
 * and in the run compared with it, as two flat profiles side by side. The difference of own costs is the
 * difference of two {@code callgrind_annotate} tables, function by function.
 */
public final class FunctionDiff {

    /**
     * A cost in both runs.
     *
     * @param before
     *            in the baseline (0 where the function is not there)
     * @param after
     *            in the run compared with it
     */
    public record Cost(long before, long after) {
        /** @return after less before */
        public long delta() {
            return after - before;
        }

        /** @return after over before: infinite when only the second run has a cost, NaN when neither has */
        public double ratio() {
            return (double) after / before;
        }
    }

    /**
     * One function of either run.
     *
     * @param name
     *            its name
     * @param binary
     *            its binary, or null
     * @param self
     *            its own cost in both runs
     * @param inclusive
     *            its inclusive cost in both runs
     * @param kind
     *            how its inclusive cost (or, when that is the same, its own) changed; null when neither did
     */
    public record Change(String name, String binary, Cost self, Cost inclusive, CallTreeDiff.Kind kind) {
    }

    private FunctionDiff() {
    }

    /**
     * @param before
     *            the baseline's functions
     * @param after
     *            the functions of the run compared with it
     * @return every function of either run, the largest change of inclusive cost first (then of own cost, then
     *         by name)
     */
    public static List<Change> of(FunctionTable before, FunctionTable after) {
        Set<String> names = new LinkedHashSet<>();
        before.top(FunctionTable.Order.INCLUSIVE, Integer.MAX_VALUE).forEach(function -> names.add(function.name()));
        after.top(FunctionTable.Order.INCLUSIVE, Integer.MAX_VALUE).forEach(function -> names.add(function.name()));
        List<Change> changes = new ArrayList<>();
        for (String name : names) {
            FunctionTable.Function was = before.function(name);
            FunctionTable.Function is = after.function(name);
            Cost self = new Cost(was != null ? was.self() : 0, is != null ? is.self() : 0);
            Cost inclusive = new Cost(was != null ? was.inclusive() : 0, is != null ? is.inclusive() : 0);
            long delta = inclusive.delta() != 0 ? inclusive.delta() : self.delta();
            CallTreeDiff.Kind kind = was == null ? CallTreeDiff.Kind.APPEARED
                    : is == null ? CallTreeDiff.Kind.VANISHED : delta > 0 ? CallTreeDiff.Kind.GREW : delta < 0 ? CallTreeDiff.Kind.SHRANK : null;
            changes.add(new Change(name, is != null ? is.binary() : was.binary(), self, inclusive, kind));
        }
        changes.sort(Comparator.comparingLong((Change change) -> Math.abs(change.inclusive().delta())).reversed()
                .thenComparing(Comparator.comparingLong((Change change) -> Math.abs(change.self().delta())).reversed()).thenComparing(Change::name));
        return changes;
    }
}
