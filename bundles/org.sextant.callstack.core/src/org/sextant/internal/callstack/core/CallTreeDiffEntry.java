// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.callstack.core;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.model.OutputElementStyle;
import org.sextant.callstack.model.CallTree;
import org.sextant.callstack.model.CallTreeDiff;

/**
 * An entry of the differential data provider ({@link CallTreeDiffDataProvider}): a call path of the union of two
 * runs. Its own cost and total are the union's, which the differential sunburst draws (each path costing itself
 * the larger of its two costs); the columns after them give its cost in each run, empty where the run has no such
 * path, and how its total changed. A path whose own cost changed, or that is in one run only, is styled with the
 * colour of its change.
 */
public class CallTreeDiffEntry extends CallTreeEntry {

    private static final long ABSENT = -1;

    private final long fSelfBefore;
    private final long fTotalBefore;
    private final long fSelfAfter;
    private final long fTotalAfter;
    private final CallTreeDiff.@Nullable Kind fChange;

    private CallTreeDiffEntry(long id, long parentId, List<String> labels, @Nullable OutputElementStyle style, Kind kind, String key,
            @Nullable String binary, CallTree.Node union, CallTree.@Nullable Node before, CallTree.@Nullable Node after, CallTreeDiff.@Nullable Kind change) {
        super(id, parentId, labels, style, kind, key, binary, union.self(), union.total());
        fSelfBefore = before != null ? before.self() : ABSENT;
        fTotalBefore = before != null ? before.total() : ABSENT;
        fSelfAfter = after != null ? after.self() : ABSENT;
        fTotalAfter = after != null ? after.total() : ABSENT;
        fChange = change;
    }

    /** @return the columns of the labels */
    public static List<String> headers() {
        List<String> headers = new ArrayList<>(CallTreeEntry.headers());
        headers.addAll(List.of(Messages.Column_SelfBefore, Messages.Column_TotalBefore, Messages.Column_SelfAfter, Messages.Column_TotalAfter,
                Messages.Column_Change));
        return headers;
    }

    /**
     * @param id
     *            the entry's id
     * @param parentId
     *            its parent's, -1 for the root
     * @param kind
     *            {@link Kind#GROUP} for the root (the group compared), {@link Kind#CALL} for the paths
     * @param name
     *            the group's label, or the function's name
     * @param key
     *            the group's key, or the function's name
     * @param binary
     *            the function's binary, or null
     * @param union
     *            the path in the union
     * @param before
     *            the path in the first run, or null when it has none
     * @param after
     *            the path in the second run, or null
     * @param change
     *            how its total changed, or null when it did not
     * @param style
     *            its style, or null
     * @return the entry
     */
    static CallTreeDiffEntry of(long id, long parentId, Kind kind, String name, String key, @Nullable String binary, CallTree.Node union,
            CallTree.@Nullable Node before, CallTree.@Nullable Node after, CallTreeDiff.@Nullable Kind change, @Nullable OutputElementStyle style) {
        List<String> labels = List.of(name, binary != null ? binary : "", kind == Kind.CALL ? Long.toString(union.self()) : "", //$NON-NLS-1$ //$NON-NLS-2$
                Long.toString(union.total()), before != null && kind == Kind.CALL ? Long.toString(before.self()) : "", //$NON-NLS-1$
                before != null ? Long.toString(before.total()) : "", after != null && kind == Kind.CALL ? Long.toString(after.self()) : "", //$NON-NLS-1$ //$NON-NLS-2$
                after != null ? Long.toString(after.total()) : "", change != null ? DataProviders.name(change) : ""); //$NON-NLS-1$ //$NON-NLS-2$
        return new CallTreeDiffEntry(id, parentId, labels, style, kind, key, binary, union, before, after, change);
    }

    /** @return whether the first run has this path */
    public boolean inBefore() {
        return fTotalBefore != ABSENT;
    }

    /** @return whether the second run has this path */
    public boolean inAfter() {
        return fTotalAfter != ABSENT;
    }

    /** @return the path's own cost in the first run, -1 when it has no such path */
    public long selfBefore() {
        return fSelfBefore;
    }

    /** @return the path's total in the first run, -1 when it has no such path */
    public long totalBefore() {
        return fTotalBefore;
    }

    /** @return the path's own cost in the second run, -1 when it has no such path */
    public long selfAfter() {
        return fSelfAfter;
    }

    /** @return the path's total in the second run, -1 when it has no such path */
    public long totalAfter() {
        return fTotalAfter;
    }

    /** @return how the path's total changed from the first run to the second, or null when it did not */
    public CallTreeDiff.@Nullable Kind change() {
        return fChange;
    }
}
