// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.callstack.core;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.tracecompass.tmf.core.model.OutputElementStyle;
import org.eclipse.tracecompass.tmf.core.model.StyleProperties;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.sextant.callstack.core.CallProfileAnalysisModule;
import org.sextant.callstack.core.Profiles;
import org.sextant.callstack.model.CallFlow;
import org.sextant.callstack.model.CallTree;
import org.sextant.callstack.model.CallTreeDiff;
import org.sextant.callstack.model.Profile;

/**
 * The differential of two runs: the trace's call tree of one weight and group against the whole call tree of a
 * second run, as the union of their call paths in call order (the first run's, then what only the second calls),
 * each with its cost in both runs and how its total changed. The differential sunburst draws the union and colours
 * it by the entries' styles: a path whose own cost grew, shrank, appeared or vanished has the colour of that
 * change; a caller whose total changed only through its callees keeps none. The root entry is the group compared,
 * with both runs' totals.
 *
 * <p>
 * Fetch parameters: {@value #COMPARISON_KEY}, required, the second run: the path of a profile file (any of the
 * call-profile inputs) on the machine that runs the provider, as the trace server's own requests name traces;
 * {@value CallTreeDataProvider#WEIGHT_KEY} (by default the trace's first weight, instructions where it has
 * them), {@value CallTreeDataProvider#SCOPE_KEY} and {@value CallTreeDataProvider#GROUP_KEY} (which part of the
 * trace's run; by default all of it), as {@link CallTreeDataProvider} takes them. A second run without costs of
 * that weight fails the fetch. The last second run read is kept until its file changes ({@link OtherProfile}).
 * </p>
 */
public class CallTreeDiffDataProvider extends ProfileDataProvider<CallTreeDiffEntry> {

    /** The provider's id. */
    public static final String ID = "org.sextant.callstack.core.differential"; //$NON-NLS-1$
    /** The parameter naming the second run's file. */
    public static final String COMPARISON_KEY = "comparison"; //$NON-NLS-1$

    private static final Map<CallTreeDiff.Kind, OutputElementStyle> STYLES = new EnumMap<>(CallTreeDiff.Kind.class);

    static {
        style(CallTreeDiff.Kind.APPEARED, "#d73027"); //$NON-NLS-1$
        style(CallTreeDiff.Kind.GREW, "#fc8d59"); //$NON-NLS-1$
        style(CallTreeDiff.Kind.SHRANK, "#91bfdb"); //$NON-NLS-1$
        style(CallTreeDiff.Kind.VANISHED, "#4575b4"); //$NON-NLS-1$
    }

    private static void style(CallTreeDiff.Kind kind, String colour) {
        STYLES.put(kind, new OutputElementStyle(DataProviders.name(kind), Map.of(StyleProperties.BACKGROUND_COLOR, colour)));
    }

    private final OtherProfile fComparison = new OtherProfile();

    /**
     * @param module
     *            the trace's call-profile module, scheduled
     */
    public CallTreeDiffDataProvider(CallProfileAnalysisModule module) {
        super(ID, module);
    }

    @Override
    protected TmfTreeModel<CallTreeDiffEntry> tree(Profile profile, Map<String, Object> parameters, IProgressMonitor monitor)
            throws IOException, Profiles.ProfileException {
        String file = required(parameters, COMPARISON_KEY, Messages.Parameter_NoComparison);
        CallFlow.Weight weight = CallTreeDataProvider.weights(profile, choice(parameters, CallTreeDataProvider.WEIGHT_KEY, CallFlow.Weight.class)).get(0);
        CallFlow.Scope scope = CallTreeDataProvider.scope(parameters);
        String group = text(parameters, CallTreeDataProvider.GROUP_KEY);
        if (group == null && scope == CallFlow.Scope.ALL) {
            group = profile.trees(scope, weight).keySet().stream().findFirst().orElse(null);
        }
        if (group == null) {
            throw new IllegalArgumentException(CallTreeDataProvider.GROUP_KEY + ": " + Messages.Parameter_NoGroup); //$NON-NLS-1$
        }
        CallTree before = CallTreeDataProvider.groups(profile, scope, weight, group).get(group);
        Profile other = fComparison.read(Path.of(file), monitor);
        if (!other.weights().contains(weight)) {
            throw new IllegalArgumentException(String.format(Messages.Parameter_NoSuchWeight, other.file().getFileName(), DataProviders.name(weight)));
        }
        CallTree after = other.tree(weight);
        // each union node comes with its nodes in both runs: looking its path up in each from the root, for every
        // node, costs a deep tree the square of its depth
        CallTreeDiff.Union pair = CallTreeDiff.pair(before, after);
        CallTree union = pair.tree();
        List<CallTreeDiffEntry> entries = new ArrayList<>();
        entries.add(CallTreeDiffEntry.of(0, -1, CallTreeEntry.Kind.GROUP, Profiles.scopeLabel(scope, group), group, null, union.root(), before.root(),
                after.root(), null, null));
        Map<CallTree.Node, Long> ids = new HashMap<>();
        ids.put(union.root(), 0L);
        for (CallTree.Node node : union.preorder()) {
            CallTree.Node was = pair.before(node);
            CallTree.Node is = pair.after(node);
            CallTreeDiff.Kind change = pair.change(node);
            boolean ownChange = was == null || is == null || was.self() != is.self();
            long id = entries.size();
            ids.put(node, id);
            entries.add(CallTreeDiffEntry.of(id, ids.get(node.parent()), CallTreeEntry.Kind.CALL, node.name(), node.name(), union.binary(node.name()), node,
                    was, is, change, change != null && ownChange ? STYLES.get(change) : null));
        }
        return new TmfTreeModel<>(CallTreeDiffEntry.headers(), entries);
    }
}
