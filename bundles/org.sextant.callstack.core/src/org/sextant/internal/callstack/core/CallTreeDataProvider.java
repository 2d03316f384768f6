// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.callstack.core;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.sextant.callstack.core.CallProfileAnalysisModule;
import org.sextant.callstack.core.Profiles;
import org.sextant.callstack.model.CallFlow;
import org.sextant.callstack.model.CallTree;
import org.sextant.callstack.model.Profile;

/**
 * The call trees of a call profile, which the sunburst draws: under each weight (instructions, time), a tree per
 * group of a scope (all; each process, thread or CPU), whose entries are the functions on each call path with
 * their binary, own cost and total, listed in call order (each after its caller, and after the callees of the
 * functions its caller called before it); under the time weight, the time on no call path too.
 *
 * <p>
 * Fetch parameters, all optional:
 * </p>
 * <ul>
 * <li>{@value #WEIGHT_KEY}: {@code instructions} or {@code time}, one weight only (by default every weight the
 * input has);</li>
 * <li>{@value #SCOPE_KEY}: {@code all} (the default), {@code process}, {@code thread} or {@code cpu};</li>
 * <li>{@value #GROUP_KEY}: one group of the scope, by its key (a process name, {@code process/tid}, a CPU
 * number; by default every group);</li>
 * <li>{@value #MAX_DEPTH_KEY}: the deepest call level listed, 1 for the outermost functions, 0 for none (just
 * the weights and groups, with their totals); by default all.</li>
 * </ul>
 */
public class CallTreeDataProvider extends ProfileDataProvider<CallTreeEntry> {

    /** The provider's id. */
    public static final String ID = "org.sextant.callstack.core.calltree"; //$NON-NLS-1$
    /** The parameter choosing the weight. */
    public static final String WEIGHT_KEY = "weight"; //$NON-NLS-1$
    /** The parameter choosing the scope. */
    public static final String SCOPE_KEY = "scope"; //$NON-NLS-1$
    /** The parameter choosing one group of the scope. */
    public static final String GROUP_KEY = "group"; //$NON-NLS-1$
    /** The parameter limiting the call levels listed. */
    public static final String MAX_DEPTH_KEY = "max_depth"; //$NON-NLS-1$

    /**
     * @param module
     *            the trace's call-profile module, scheduled
     */
    public CallTreeDataProvider(CallProfileAnalysisModule module) {
        super(ID, module);
    }

    @Override
    protected TmfTreeModel<CallTreeEntry> tree(Profile profile, Map<String, Object> parameters, IProgressMonitor monitor) {
        CallFlow.Weight only = choice(parameters, WEIGHT_KEY, CallFlow.Weight.class);
        CallFlow.Scope scope = scope(parameters);
        String group = text(parameters, GROUP_KEY);
        int maxDepth = count(parameters, MAX_DEPTH_KEY, Integer.MAX_VALUE);
        List<CallTreeEntry> entries = new ArrayList<>();
        for (CallFlow.Weight weight : weights(profile, only)) {
            long weightId = entries.size();
            entries.add(CallTreeEntry.weight(weightId, weight, profile.tree(weight).root().total()));
            for (Map.Entry<String, CallTree> tree : groups(profile, scope, weight, group).entrySet()) {
                long groupId = entries.size();
                entries.add(CallTreeEntry.group(groupId, weightId, tree.getKey(), Profiles.scopeLabel(scope, tree.getKey()), tree.getValue().root().total()));
                if (maxDepth > 0) {
                    addCalls(tree.getValue(), groupId, maxDepth, entries);
                }
            }
            if (weight == CallFlow.Weight.TIME) {
                entries.add(CallTreeEntry.untraced(entries.size(), weightId, profile.flow().untraced()));
            }
        }
        return new TmfTreeModel<>(CallTreeEntry.headers(), entries);
    }

    /**
     * @param profile
     *            a profile
     * @param only
     *            a weight asked for, or null for every weight
     * @return the weights, in their order
     * @throws IllegalArgumentException
     *             when the profile has not the one asked for
     */
    static List<CallFlow.Weight> weights(Profile profile, CallFlow.@Nullable Weight only) {
        if (only != null && !profile.weights().contains(only)) {
            throw new IllegalArgumentException(WEIGHT_KEY + ": " + String.format(Messages.Parameter_NoSuchWeight, profile.file().getFileName(), DataProviders.name(only))); //$NON-NLS-1$
        }
        List<CallFlow.Weight> weights = new ArrayList<>();
        for (CallFlow.Weight weight : CallFlow.Weight.values()) {
            if (profile.weights().contains(weight) && (only == null || only == weight)) {
                weights.add(weight);
            }
        }
        return weights;
    }

    /**
     * @param parameters
     *            a fetch's parameters
     * @return the scope they choose, all by default
     */
    static CallFlow.Scope scope(Map<String, Object> parameters) {
        CallFlow.Scope scope = choice(parameters, SCOPE_KEY, CallFlow.Scope.class);
        return scope != null ? scope : CallFlow.Scope.ALL;
    }

    /**
     * @param profile
     *            a profile
     * @param scope
     *            a scope
     * @param weight
     *            one of its weights
     * @param group
     *            the key of one group, or null for all of them
     * @return the groups' trees by key, in the order first seen
     * @throws IllegalArgumentException
     *             when the scope has no such group
     */
    static Map<String, CallTree> groups(Profile profile, CallFlow.Scope scope, CallFlow.Weight weight, @Nullable String group) {
        Map<String, CallTree> trees = profile.trees(scope, weight);
        if (group == null) {
            return trees;
        }
        CallTree tree = trees.get(group);
        if (tree == null) {
            throw new IllegalArgumentException(GROUP_KEY + ": " + String.format(Messages.Parameter_NoSuchGroup, group, DataProviders.name(scope))); //$NON-NLS-1$
        }
        return Map.of(group, tree);
    }

    /** Lists a tree's calls down to a depth, in call order, each with its parent's entry id. */
    private static void addCalls(CallTree tree, long rootId, int maxDepth, List<CallTreeEntry> entries) {
        Map<CallTree.Node, long[]> placed = new IdentityHashMap<>();
        placed.put(tree.root(), new long[] { rootId, 0 });
        for (CallTree.Node node : tree.preorder()) {
            long[] parent = placed.get(node.parent());
            if (parent == null || parent[1] >= maxDepth) {
                continue;
            }
            long id = entries.size();
            entries.add(CallTreeEntry.call(id, parent[0], tree, node));
            placed.put(node, new long[] { id, parent[1] + 1 });
        }
    }
}
