// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.callstack.core;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.sextant.callstack.core.CallProfileAnalysisModule;
import org.sextant.callstack.core.Profiles;
import org.sextant.callstack.model.CallFlow;
import org.sextant.callstack.model.CallTree;
import org.sextant.callstack.model.CallTreeDiff;
import org.sextant.callstack.model.FunctionDiff;
import org.sextant.callstack.model.FunctionTable;
import org.sextant.callstack.model.Profile;
import org.sextant.common.core.SummaryEntryModel;

/**
 * What changed since a baseline run, as a data tree ({@code DATA_TREE}) of {@link SummaryEntryModel}s: under the
 * trace's entry, each weight with its total before (the baseline's) and after (the trace's); under it the
 * functions whose own or inclusive cost changed, the largest change of inclusive cost first, each with its own and
 * inclusive cost before and after, the change and the ratio; the call paths whose total changed, the largest
 * change first, with the same columns (the path's own cost, then its total); and how many paths appeared and
 * vanished. A function or path of one run only says so in the change column ({@code appeared}, {@code vanished});
 * a ratio with nothing before is empty. Inclusive costs are counted once, as {@link FunctionTableDataProvider}
 * says; the own costs' changes are the difference of the two runs' {@code callgrind_annotate} tables.
 *
 * <p>
 * Fetch parameters: {@value #BASELINE_KEY}, required, the baseline: the path of a profile file on the machine
 * that runs the provider, as the trace server's own requests name traces; {@value CallTreeDataProvider#WEIGHT_KEY}
 * (by default every weight both runs have); {@value FunctionTableDataProvider#TOP_KEY}, how many functions and
 * paths are listed at most (by default all). Both runs are compared whole (every thread).
 * </p>
 */
public class BaselineDataProvider extends ProfileDataProvider<SummaryEntryModel> {

    /** The provider's id. */
    public static final String ID = "org.sextant.callstack.core.baseline"; //$NON-NLS-1$
    /** The parameter naming the baseline's file. */
    public static final String BASELINE_KEY = "baseline"; //$NON-NLS-1$
    /** The key of the functions' group. */
    public static final String FUNCTIONS = "functions"; //$NON-NLS-1$
    /** The key of the paths' group. */
    public static final String PATHS = "paths"; //$NON-NLS-1$
    /** The key of the count of paths that appeared. */
    public static final String APPEARED = "appeared"; //$NON-NLS-1$
    /** The key of the count of paths that vanished. */
    public static final String VANISHED = "vanished"; //$NON-NLS-1$

    /** Column of the binary, after the name. */
    public static final int BINARY = 0;
    /** Column of the own cost in the baseline; the own cost after, its change and ratio follow. */
    public static final int SELF = 1;
    /** Column of the inclusive cost (a path's total, a weight's total) in the baseline; after, change, ratio follow. */
    public static final int INCLUSIVE = 5;
    /** Column of the kind of change. */
    public static final int CHANGE = 9;
    /** Column of a group's count: the functions or paths that changed in all, the paths that appeared or vanished. */
    public static final int COUNT = 10;
    private static final int COLUMNS = 11;

    private final OtherProfile fBaseline = new OtherProfile();

    /**
     * @param module
     *            the trace's call-profile module, scheduled
     */
    public BaselineDataProvider(CallProfileAnalysisModule module) {
        super(ID, module);
    }

    @Override
    protected TmfTreeModel<SummaryEntryModel> tree(Profile profile, Map<String, Object> parameters, IProgressMonitor monitor)
            throws IOException, Profiles.ProfileException {
        String file = required(parameters, BASELINE_KEY, Messages.Parameter_NoBaseline);
        List<CallFlow.Weight> weights = CallTreeDataProvider.weights(profile, choice(parameters, CallTreeDataProvider.WEIGHT_KEY, CallFlow.Weight.class));
        int top = count(parameters, FunctionTableDataProvider.TOP_KEY, Integer.MAX_VALUE);
        Profile baseline = fBaseline.read(Path.of(file), monitor);
        List<SummaryEntryModel> entries = new ArrayList<>();
        addSummary(entries, -1, profile.file().getFileName().toString(), null, new @Nullable Object[COLUMNS]);
        boolean any = false;
        for (CallFlow.Weight weight : weights) {
            if (!baseline.weights().contains(weight)) {
                continue;
            }
            any = true;
            CallTree before = baseline.tree(weight);
            CallTree after = profile.tree(weight);
            long weightId = addSummary(entries, 0, weight == CallFlow.Weight.TIME ? Messages.Weight_Time : Messages.Weight_Instructions, DataProviders.name(weight),
                    row(null, null, new FunctionDiff.Cost(before.root().total(), after.root().total()), null));
            functions(entries, weightId, baseline, profile, weight, top);
            paths(entries, weightId, before, after, top);
        }
        if (!any) {
            throw new IllegalArgumentException(BASELINE_KEY + ": " + String.format(Messages.Parameter_NoSuchWeight, baseline.file().getFileName(),
                    weights.stream().map(DataProviders::name).reduce((a, b) -> a + ", " + b).orElse(""))); //$NON-NLS-1$
        }
        return new TmfTreeModel<>(headers(), entries);
    }

    /** @return the columns */
    public static List<String> headers() {
        return List.of(Messages.Column_Function, Messages.Column_Binary, Messages.Column_SelfBefore, Messages.Column_SelfAfter, Messages.Column_SelfDelta,
                Messages.Column_SelfRatio, Messages.Column_Before, Messages.Column_After, Messages.Column_Delta, Messages.Column_Ratio, Messages.Column_Change,
                Messages.Column_Count);
    }

    private static void functions(List<SummaryEntryModel> entries, long parent, Profile baseline, Profile profile, CallFlow.Weight weight, int top) {
        List<FunctionDiff.Change> changes = FunctionDiff.of(FunctionTable.of(baseline.tree(weight), baseline.calls()),
                FunctionTable.of(profile.tree(weight), profile.calls())).stream().filter(change -> change.kind() != null).toList();
        long id = addSummary(entries, parent, Messages.Baseline_Functions, FUNCTIONS, counted(changes.size()));
        for (FunctionDiff.Change change : changes.subList(0, Math.min(top, changes.size()))) {
            addSummary(entries, id, change.name(), change.name(), row(change.binary(), change.self(), change.inclusive(), change.kind()));
        }
    }

    private static void paths(List<SummaryEntryModel> entries, long parent, CallTree before, CallTree after, int top) {
        List<CallTreeDiff.Change> changes = CallTreeDiff.largestFirst(before, after);
        long id = addSummary(entries, parent, Messages.Baseline_Paths, PATHS, counted(changes.size()));
        for (CallTreeDiff.Change change : changes.subList(0, Math.min(top, changes.size()))) {
            CallTree.Node was = before.find(change.path());
            CallTree.Node is = after.find(change.path());
            String function = change.path().get(change.path().size() - 1);
            String path = String.join(";", change.path()); //$NON-NLS-1$
            addSummary(entries, id, path, path, row(after.binary(function) != null ? after.binary(function) : before.binary(function),
                    new FunctionDiff.Cost(was != null ? was.self() : 0, is != null ? is.self() : 0), new FunctionDiff.Cost(change.before(), change.after()),
                    change.kind()));
        }
        addSummary(entries, parent, Messages.Baseline_Appeared, APPEARED, counted(changes.stream().filter(c -> c.kind() == CallTreeDiff.Kind.APPEARED).count()));
        addSummary(entries, parent, Messages.Baseline_Vanished, VANISHED, counted(changes.stream().filter(c -> c.kind() == CallTreeDiff.Kind.VANISHED).count()));
    }

    private static @Nullable Object[] counted(long count) {
        @Nullable Object[] values = new @Nullable Object[COLUMNS];
        values[COUNT] = count;
        return values;
    }

    private static @Nullable Object[] row(@Nullable String binary, FunctionDiff.@Nullable Cost self, FunctionDiff.Cost inclusive, CallTreeDiff.@Nullable Kind kind) {
        @Nullable Object[] values = new @Nullable Object[COLUMNS];
        values[BINARY] = binary;
        if (self != null) {
            fill(values, SELF, self);
        }
        fill(values, INCLUSIVE, inclusive);
        values[CHANGE] = kind != null ? DataProviders.name(kind) : null;
        return values;
    }

    private static void fill(@Nullable Object[] values, int column, FunctionDiff.Cost cost) {
        values[column] = cost.before();
        values[column + 1] = cost.after();
        values[column + 2] = cost.delta();
        values[column + 3] = cost.before() != 0 ? Math.round(10_000.0 * cost.ratio()) / 10_000.0 : null;
    }
}
