// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.callstack.core;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;
import org.sextant.common.core.SummaryEntryModel;
import org.sextant.common.core.summary.SummaryTree;

/**
 * The command line's summary of functions and of the changes since a baseline, shaped from what
 * {@link FunctionTableDataProvider} and {@link BaselineDataProvider} answer: their entries picked by key and their
 * values named, no cost computed here.
 */
final class Functions {

    private Functions() {
    }

    /**
     * @param table
     *            the function table's answer
     * @param weight
     *            a weight's key
     * @return for the group of everything: the totals the input declares and which the tree equals, how many
     *         functions, the costliest by inclusive cost with their callers and callees, and by own cost
     */
    static Map<String, Object> summary(SummaryTree table, String weight) {
        Map<String, Object> summary = new LinkedHashMap<>();
        List<SummaryEntryModel> groups = table.children(table.root(), weight);
        if (groups.isEmpty()) {
            return summary;
        }
        SummaryEntryModel group = groups.get(0);
        List<SummaryEntryModel> declared = table.children(group, FunctionTableDataProvider.DECLARED);
        if (!declared.isEmpty()) {
            Map<String, Object> totals = new LinkedHashMap<>();
            List<String> equal = new ArrayList<>();
            for (SummaryEntryModel total : declared) {
                totals.put(String.valueOf(total.getKey()), total.getNumber(FunctionTableDataProvider.INCLUSIVE));
                if (total.getNumber(FunctionTableDataProvider.INCLUSIVE).longValue() == group.getNumber(FunctionTableDataProvider.INCLUSIVE).longValue()) {
                    equal.add(String.valueOf(total.getKey()));
                }
            }
            totals.put("tree_equals", String.join(", ", equal)); //$NON-NLS-1$ //$NON-NLS-2$
            summary.put("declared", totals); //$NON-NLS-1$
        }
        for (SummaryEntryModel list : table.children(group)) {
            if (FunctionTableDataProvider.BY_INCLUSIVE.equals(list.getKey())) {
                summary.put("functions", list.getNumber(FunctionTableDataProvider.COUNT)); //$NON-NLS-1$
                summary.put("top_inclusive", functions(table, list, true)); //$NON-NLS-1$
            } else if (FunctionTableDataProvider.BY_SELF.equals(list.getKey())) {
                summary.put("top_self", functions(table, list, false)); //$NON-NLS-1$
            }
        }
        return summary;
    }

    private static List<Map<String, Object>> functions(SummaryTree table, SummaryEntryModel list, boolean neighbours) {
        List<Map<String, Object>> functions = new ArrayList<>();
        for (SummaryEntryModel function : table.children(list)) {
            List<@Nullable Object> values = function.getValues();
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("function", function.getName()); //$NON-NLS-1$
            put(entry, "binary", values.get(FunctionTableDataProvider.BINARY)); //$NON-NLS-1$
            put(entry, "self", values.get(FunctionTableDataProvider.SELF)); //$NON-NLS-1$
            put(entry, "self_percent", values.get(FunctionTableDataProvider.SELF_PERCENT)); //$NON-NLS-1$
            put(entry, "inclusive", values.get(FunctionTableDataProvider.INCLUSIVE)); //$NON-NLS-1$
            put(entry, "inclusive_percent", values.get(FunctionTableDataProvider.INCLUSIVE_PERCENT)); //$NON-NLS-1$
            put(entry, "calls", values.get(FunctionTableDataProvider.CALLS)); //$NON-NLS-1$
            if (neighbours) {
                entry.put("callers", edges(table.children(function, FunctionTableDataProvider.CALLERS))); //$NON-NLS-1$
                entry.put("callees", edges(table.children(function, FunctionTableDataProvider.CALLEES))); //$NON-NLS-1$
            }
            functions.add(entry);
        }
        return functions;
    }

    private static List<Map<String, Object>> edges(List<SummaryEntryModel> edges) {
        List<Map<String, Object>> list = new ArrayList<>();
        for (SummaryEntryModel edge : edges) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("function", edge.getName()); //$NON-NLS-1$
            put(entry, "cost", edge.getValues().get(FunctionTableDataProvider.INCLUSIVE)); //$NON-NLS-1$
            put(entry, "percent", edge.getValues().get(FunctionTableDataProvider.INCLUSIVE_PERCENT)); //$NON-NLS-1$
            put(entry, "calls", edge.getValues().get(FunctionTableDataProvider.CALLS)); //$NON-NLS-1$
            list.add(entry);
        }
        return list;
    }

    /**
     * @param file
     *            the baseline's file, as given
     * @param changes
     *            the baseline provider's answer
     * @return per weight: the totals before and after, the functions and the call paths that changed the most
     *         (each with its own and inclusive cost, or total, before and after, the difference and the ratio, and
     *         how it changed), how many changed, appeared and vanished
     */
    static Map<String, Object> baseline(String file, SummaryTree changes) {
        Map<String, Object> summary = new LinkedHashMap<>();
        summary.put("file", file); //$NON-NLS-1$
        for (SummaryEntryModel weight : changes.children(changes.root())) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("total", costs(weight.getValues(), BaselineDataProvider.INCLUSIVE, "")); //$NON-NLS-1$ //$NON-NLS-2$
            for (SummaryEntryModel group : changes.children(weight)) {
                Object count = group.getValues().get(BaselineDataProvider.COUNT);
                if (BaselineDataProvider.FUNCTIONS.equals(group.getKey())) {
                    entry.put("functions_changed", count); //$NON-NLS-1$
                    entry.put("functions", changed(changes.children(group), "function", "inclusive_")); //$NON-NLS-1$ //$NON-NLS-2$
                } else if (BaselineDataProvider.PATHS.equals(group.getKey())) {
                    entry.put("paths_changed", count); //$NON-NLS-1$
                    entry.put("paths", changed(changes.children(group), "path", "")); //$NON-NLS-1$ //$NON-NLS-2$
                } else {
                    entry.put("paths_" + group.getKey(), count); //$NON-NLS-1$
                }
            }
            summary.put(String.valueOf(weight.getKey()), entry);
        }
        return summary;
    }

    private static List<Map<String, Object>> changed(List<SummaryEntryModel> rows, String name, String inclusive) {
        List<Map<String, Object>> list = new ArrayList<>();
        for (SummaryEntryModel row : rows) {
            List<@Nullable Object> values = row.getValues();
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put(name, row.getName());
            put(entry, "binary", values.get(BaselineDataProvider.BINARY)); //$NON-NLS-1$
            entry.putAll(costs(values, BaselineDataProvider.SELF, "self_")); //$NON-NLS-1$
            entry.putAll(costs(values, BaselineDataProvider.INCLUSIVE, inclusive));
            put(entry, "change", values.get(BaselineDataProvider.CHANGE)); //$NON-NLS-1$
            list.add(entry);
        }
        return list;
    }

    /** Before, after, delta and ratio from four columns; a ratio with nothing before is null. */
    private static Map<String, Object> costs(List<@Nullable Object> values, int column, String prefix) {
        Map<String, Object> costs = new LinkedHashMap<>();
        String[] names = { "before", "after", "delta", "ratio" }; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        for (int i = 0; i < names.length; i++) {
            Object value = values.get(column + i);
            if (value != null || i == names.length - 1) {
                costs.put(prefix + names[i], value);
            }
        }
        return costs;
    }

    private static void put(Map<String, Object> entry, String key, @Nullable Object value) {
        if (value != null) {
            entry.put(key, value);
        }
    }
}
