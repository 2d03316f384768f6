// SPDX-License-Identifier: EPL-2.0
package org.sextant.common.core;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeDataModel;

/**
 * An entry of a summary data tree ({@link SummaryDataProvider}): its name, then one cell per further column, each
 * as the text a view or the trace server shows (its labels) and as the value itself (a Long, Double or String;
 * null for an empty cell), so that a client that computes with the values never parses a label. Its key says,
 * as data, which item of its parent it is: a CPU number, a thread id, a command; a group's key is a constant of
 * its provider. Trace Compass's own statistics entries carry their numbers beside their labels the same way.
 */
public class SummaryEntryModel extends TmfTreeDataModel {

    private final @Nullable Object fKey;
    private final List<@Nullable Object> fValues;

    /**
     * @param id
     *            the entry's id
     * @param parentId
     *            its parent's id, -1 for the root
     * @param name
     *            the first column's text
     * @param key
     *            which item of its parent the entry is, or null
     * @param values
     *            the further columns' values, in column order
     */
    public SummaryEntryModel(long id, long parentId, String name, @Nullable Object key, List<@Nullable Object> values) {
        super(id, parentId, labels(name, values));
        fKey = key;
        fValues = Collections.unmodifiableList(new ArrayList<>(values));
    }

    private static List<String> labels(String name, List<@Nullable Object> values) {
        List<String> labels = new ArrayList<>();
        labels.add(name);
        values.forEach(value -> labels.add(value == null ? "" : value.toString())); //$NON-NLS-1$
        return labels;
    }

    /** @return which item of its parent the entry is, or null */
    public @Nullable Object getKey() {
        return fKey;
    }

    /** @return the values of the columns after the name, in column order, null for an empty cell */
    public List<@Nullable Object> getValues() {
        return fValues;
    }

    /**
     * @param column
     *            a column after the name, from 0
     * @return its value as a number
     * @throws IllegalStateException
     *             when the cell holds no number
     */
    public Number getNumber(int column) {
        if (column < fValues.size() && fValues.get(column) instanceof Number number) {
            return number;
        }
        throw new IllegalStateException("no number in column " + column + " of " + this); //$NON-NLS-1$ //$NON-NLS-2$
    }

    @Override
    public boolean equals(@Nullable Object other) {
        return super.equals(other) && other instanceof SummaryEntryModel entry && Objects.equals(fKey, entry.fKey)
                && fValues.equals(entry.fValues);
    }

    @Override
    public int hashCode() {
        return Objects.hash(super.hashCode(), fKey, fValues);
    }
}
