// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.callstack.core;

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
import org.sextant.callstack.model.CallgrindReader;
import org.sextant.callstack.model.FunctionTable;
import org.sextant.callstack.model.Profile;
import org.sextant.common.core.SummaryEntryModel;

/**
 * The flat profile of a call profile, as a data tree ({@code DATA_TREE}) of {@link SummaryEntryModel}s, values
 * beside their labels: under the trace's entry, each weight with its total; under it each group of the scope, and
 * in each group its functions twice, the costliest first by inclusive cost (each with its callers and callees)
 * and by own cost. A function's columns: its binary, own cost and share of the group's total, inclusive cost and
 * share, and calls where the input counts them (callgrind's {@code calls=}); a caller's or callee's: the call
 * edge's cost and share of the function's inclusive cost, and its calls.
 *
 * <p>
 * Inclusive costs are counted once ({@link FunctionTable}): what ran while the function was on the stack, so a
 * recursive function's inner calls add nothing to it; {@code callgrind_annotate --inclusive=yes} adds them once
 * per level of recursion instead. Where the input declares totals (callgrind's {@code summary:} and
 * {@code totals:}), the group of everything lists them, with a note saying which the tree equals: callgrind may
 * write the two different, and the cost lines (the tree) add up to one of them.
 * </p>
 *
 * <p>
 * Fetch parameters, all optional: {@value CallTreeDataProvider#WEIGHT_KEY}, {@value CallTreeDataProvider#SCOPE_KEY}
 * and {@value CallTreeDataProvider#GROUP_KEY} as {@link CallTreeDataProvider} takes them; {@value #TOP_KEY}, how
 * many functions each list has at most (by default all); {@value #NEIGHBOURS_KEY}, how many callers and callees
 * each function of the inclusive list has at most (by default {@value #DEFAULT_NEIGHBOURS}).
 * </p>
 */
public class FunctionTableDataProvider extends ProfileDataProvider<SummaryEntryModel> {

    /** The provider's id. */
    public static final String ID = "org.sextant.callstack.core.functions"; //$NON-NLS-1$
    /** The parameter limiting each list. */
    public static final String TOP_KEY = "top"; //$NON-NLS-1$
    /** The parameter limiting callers and callees. */
    public static final String NEIGHBOURS_KEY = "neighbours"; //$NON-NLS-1$
    /** Callers and callees listed unless told otherwise. */
    public static final int DEFAULT_NEIGHBOURS = 5;

    /** The key of the declared totals' group. */
    public static final String DECLARED = "declared"; //$NON-NLS-1$
    /** The key of the list by inclusive cost. */
    public static final String BY_INCLUSIVE = "inclusive"; //$NON-NLS-1$
    /** The key of the list by own cost. */
    public static final String BY_SELF = "self"; //$NON-NLS-1$
    /** The key of a function's callers. */
    public static final String CALLERS = "callers"; //$NON-NLS-1$
    /** The key of a function's callees. */
    public static final String CALLEES = "callees"; //$NON-NLS-1$

    /** Column of the binary, after the name. */
    public static final int BINARY = 0;
    /** Column of the own cost. */
    public static final int SELF = 1;
    /** Column of the own cost's share, in percent. */
    public static final int SELF_PERCENT = 2;
    /** Column of the inclusive cost (an edge's cost, a weight's or group's total, a declared total). */
    public static final int INCLUSIVE = 3;
    /** Column of the inclusive cost's share, in percent. */
    public static final int INCLUSIVE_PERCENT = 4;
    /** Column of the calls. */
    public static final int CALLS = 5;
    /** Column of a list's count: functions in all, or a function's callers or callees in all. */
    public static final int COUNT = 6;
    /** Column of a note: which declared total the tree equals. */
    public static final int NOTE = 7;
    private static final int COLUMNS = 8;

    /**
     * @param module
     *            the trace's call-profile module, scheduled
     */
    public FunctionTableDataProvider(CallProfileAnalysisModule module) {
        super(ID, module);
    }

    @Override
    protected TmfTreeModel<SummaryEntryModel> tree(Profile profile, Map<String, Object> parameters, IProgressMonitor monitor) {
        CallFlow.Weight only = choice(parameters, CallTreeDataProvider.WEIGHT_KEY, CallFlow.Weight.class);
        CallFlow.Scope scope = CallTreeDataProvider.scope(parameters);
        String group = text(parameters, CallTreeDataProvider.GROUP_KEY);
        int top = count(parameters, TOP_KEY, Integer.MAX_VALUE);
        int neighbours = count(parameters, NEIGHBOURS_KEY, DEFAULT_NEIGHBOURS);
        List<SummaryEntryModel> entries = new ArrayList<>();
        addSummary(entries, -1, profile.file().getFileName().toString(), null, new @Nullable Object[COLUMNS]);
        for (CallFlow.Weight weight : CallTreeDataProvider.weights(profile, only)) {
            long total = profile.tree(weight).root().total();
            long weightId = addSummary(entries, 0, weight == CallFlow.Weight.TIME ? Messages.Weight_Time : Messages.Weight_Instructions, DataProviders.name(weight),
                    null, null, null, total, percent(total, total), null, null, null);
            for (Map.Entry<String, CallTree> tree : CallTreeDataProvider.groups(profile, scope, weight, group).entrySet()) {
                long groupTotal = tree.getValue().root().total();
                long groupId = addSummary(entries, weightId, Profiles.scopeLabel(scope, tree.getKey()), tree.getKey(), null, null, null, groupTotal,
                        percent(groupTotal, total), null, null, null);
                if (scope == CallFlow.Scope.ALL && weight == CallFlow.Weight.INSTRUCTIONS) {
                    declared(entries, groupId, profile.declared(), groupTotal);
                }
                FunctionTable table = FunctionTable.of(tree.getValue(), scope == CallFlow.Scope.ALL ? profile.calls() : Map.of());
                long inclusiveId = addSummary(entries, groupId, Messages.Functions_ByInclusive, BY_INCLUSIVE, null, null, null, null, null, null, (long) table.size(),
                        null);
                for (FunctionTable.Function function : table.top(FunctionTable.Order.INCLUSIVE, top)) {
                    long id = function(entries, inclusiveId, function, groupTotal);
                    edges(entries, id, Messages.Functions_Callers, CALLERS, function.callers(), function, tree.getValue(), neighbours);
                    edges(entries, id, Messages.Functions_Callees, CALLEES, function.callees(), function, tree.getValue(), neighbours);
                }
                long selfId = addSummary(entries, groupId, Messages.Functions_BySelf, BY_SELF, null, null, null, null, null, null, (long) table.size(), null);
                for (FunctionTable.Function function : table.top(FunctionTable.Order.SELF, top)) {
                    function(entries, selfId, function, groupTotal);
                }
            }
        }
        return new TmfTreeModel<>(headers(), entries);
    }

    /** @return the columns */
    public static List<String> headers() {
        return List.of(Messages.Column_Function, Messages.Column_Binary, Messages.Column_Self, Messages.Column_SelfPercent, Messages.Column_Inclusive,
                Messages.Column_InclusivePercent, Messages.Column_Calls, Messages.Column_Count, Messages.Column_Note);
    }

    /** The totals the input declares, each with a note saying whether the tree (its cost lines) adds up to it. */
    private static void declared(List<SummaryEntryModel> entries, long parent, List<CallgrindReader.Declared> declared, long tree) {
        if (declared.isEmpty()) {
            return;
        }
        long id = addSummary(entries, parent, Messages.Functions_Declared, DECLARED, new @Nullable Object[COLUMNS]);
        for (CallgrindReader.Declared total : declared) {
            String note = total.value() == tree ? Messages.Functions_DeclaredEqual
                    : String.format(Messages.Functions_DeclaredDiffers, total.value() - tree);
            addSummary(entries, id, total.keyword() + ':', total.keyword(), null, null, null, total.value(), percent(total.value(), tree), null, null, note);
        }
    }

    private static long function(List<SummaryEntryModel> entries, long parent, FunctionTable.Function function, long total) {
        return addSummary(entries, parent, function.name(), function.name(), function.binary(), function.self(), percent(function.self(), total), function.inclusive(),
                percent(function.inclusive(), total), function.calls() >= 0 ? function.calls() : null, null, null);
    }

    private static void edges(List<SummaryEntryModel> entries, long parent, String name, String key, List<FunctionTable.Edge> edges,
            FunctionTable.Function function, CallTree tree, int count) {
        if (edges.isEmpty() || count == 0) {
            return;
        }
        long id = addSummary(entries, parent, name, key, null, null, null, null, null, null, (long) edges.size(), null);
        for (FunctionTable.Edge edge : edges.subList(0, Math.min(count, edges.size()))) {
            addSummary(entries, id, edge.function(), edge.function(), tree.binary(edge.function()), null, null, edge.cost(), percent(edge.cost(), function.inclusive()),
                    edge.calls() >= 0 ? edge.calls() : null, null, null);
        }
    }

    /** @return a share in percent, to a hundredth; null of nothing */
    private static @Nullable Double percent(long part, long whole) {
        return whole == 0 ? null : Math.round(10_000.0 * part / whole) / 100.0;
    }
}
