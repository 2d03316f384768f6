// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.callstack.core;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.function.ToLongFunction;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.model.OutputElementStyle;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeDataModel;
import org.sextant.callstack.model.CallFlow;
import org.sextant.callstack.model.CallTree;

/**
 * An entry of the call-tree data provider ({@link CallTreeDataProvider}): a weight, a group of a scope (a
 * process, a thread, a CPU, or all), a function on one call path of that group's tree, or the time on no call
 * path. Its labels are what a trace server sends, in the columns of {@link #headers()}: the function's name,
 * its binary, its own cost on that path and its total (with its callees); clients in the same process may read
 * the same values typed.
 */
public class CallTreeEntry extends TmfTreeDataModel {

    /** What an entry stands for. */
    public enum Kind {
        /** a weight: the costs below it are instructions, or time in nanoseconds */
        WEIGHT,
        /** a group of a scope, the root of its call tree */
        GROUP,
        /** a function on one call path */
        CALL,
        /** the time in gaps of the trace, on no call path (time weight only) */
        UNTRACED
    }

    private final Kind fKind;
    private final String fKey;
    private final @Nullable String fBinary;
    private final long fSelf;
    private final long fTotal;

    /**
     * @param id
     *            the entry's id
     * @param parentId
     *            its parent's, -1 for none
     * @param labels
     *            its cells
     * @param style
     *            its style, or null
     * @param kind
     *            what it stands for
     * @param key
     *            the weight's or the group's key, or the function's name
     * @param binary
     *            the function's binary, or null
     * @param self
     *            its own cost
     * @param total
     *            its cost with its callees
     */
    protected CallTreeEntry(long id, long parentId, List<String> labels, @Nullable OutputElementStyle style, Kind kind, String key,
            @Nullable String binary, long self, long total) {
        super(id, parentId, labels, false, style);
        fKind = kind;
        fKey = key;
        fBinary = binary;
        fSelf = self;
        fTotal = total;
    }

    private CallTreeEntry(long id, long parentId, String label, Kind kind, String key, @Nullable String binary, long self, long total) {
        this(id, parentId, List.of(label, binary != null ? binary : "", kind == Kind.CALL || kind == Kind.UNTRACED ? Long.toString(self) : "", //$NON-NLS-1$ //$NON-NLS-2$
                Long.toString(total)), null, kind, key, binary, self, total);
    }

    /** @return the columns of the labels */
    public static List<String> headers() {
        return List.of(Messages.Column_Function, Messages.Column_Binary, Messages.Column_Self, Messages.Column_Total);
    }

    static CallTreeEntry weight(long id, CallFlow.Weight weight, long total) {
        String label = weight == CallFlow.Weight.TIME ? Messages.Weight_Time : Messages.Weight_Instructions;
        return new CallTreeEntry(id, -1, label, Kind.WEIGHT, DataProviders.name(weight), null, 0, total);
    }

    static CallTreeEntry group(long id, long parentId, String key, String label, long total) {
        return new CallTreeEntry(id, parentId, label, Kind.GROUP, key, null, 0, total);
    }

    static CallTreeEntry call(long id, long parentId, CallTree tree, CallTree.Node node) {
        return new CallTreeEntry(id, parentId, node.name(), Kind.CALL, node.name(), tree.binary(node.name()), node.self(), node.total());
    }

    static CallTreeEntry untraced(long id, long parentId, long time) {
        return new CallTreeEntry(id, parentId, Messages.Untraced, Kind.UNTRACED, Messages.Untraced, null, time, time);
    }

    /** @return what the entry stands for */
    public Kind kind() {
        return fKind;
    }

    /**
     * @return for a weight its name ({@code instructions}, {@code time}), for a group its key (a process name,
     *         {@code process/tid}, a CPU number, {@code all}), for a call the function's name
     */
    public String key() {
        return fKey;
    }

    /** @return the function's binary (executable or library), or null when the input does not say */
    public @Nullable String binary() {
        return fBinary;
    }

    /** @return the cost in the function itself on this path (for a weight or a group, 0) */
    public long self() {
        return fSelf;
    }

    /** @return the cost in the function and its callees on this path; for a weight or a group, the whole cost */
    public long total() {
        return fTotal;
    }

    /**
     * Adds the calls below one entry to a tree being built, each under its caller's node: found by the caller's
     * id, not by its path, since copying each call's path from its caller's costs a deep tree the square of its
     * depth (a folded stack of 2^16 frames filled the heap so).
     *
     * @param <E>
     *            the entries' type
     * @param tree
     *            the tree being built
     * @param entries
     *            entries as a provider listed them, each after its parent
     * @param rootId
     *            the entry whose calls to take: a group's, or a differential's root
     * @param self
     *            the cost each call path gets itself
     * @param taken
     *            which calls to take: a call not taken is left out with its callees
     * @return each call taken with its node, in the entries' order, which is the call order
     */
    public static <E extends CallTreeEntry> Map<E, CallTree.Node> calls(CallTree.Builder tree, List<E> entries, long rootId, ToLongFunction<E> self,
            Predicate<E> taken) {
        Map<Long, CallTree.Node> byId = new HashMap<>();
        byId.put(rootId, tree.root());
        Map<E, CallTree.Node> calls = new LinkedHashMap<>();
        for (E entry : entries) {
            CallTree.Node caller = byId.get(entry.getParentId());
            if (caller == null || entry.kind() != Kind.CALL || !taken.test(entry)) {
                continue;
            }
            CallTree.Node node = tree.call(caller, entry.key(), self.applyAsLong(entry));
            String binary = entry.binary();
            if (binary != null) {
                tree.setBinary(entry.key(), binary);
            }
            byId.put(entry.getId(), node);
            calls.put(entry, node);
        }
        return calls;
    }

    /**
     * Rebuilds the call tree below one entry, for what lays a tree out or walks it (the sunburst, a summary's
     * costliest paths).
     *
     * @param <E>
     *            the entries' type
     * @param entries
     *            entries as a provider listed them, each after its parent
     * @param rootId
     *            the entry whose calls to take: a group's, or a differential's root
     * @param self
     *            the cost each call path gets itself
     * @param taken
     *            which calls to take: a call not taken is left out with its callees
     * @return the tree, its callees in the entries' order
     */
    public static <E extends CallTreeEntry> CallTree tree(List<E> entries, long rootId, ToLongFunction<E> self, Predicate<E> taken) {
        CallTree.Builder tree = new CallTree.Builder();
        calls(tree, entries, rootId, self, taken);
        return tree.build();
    }
}
