// SPDX-License-Identifier: EPL-2.0
package org.sextant.ctf.model;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The warnings of a trace, shared by its readers (each on its own worker thread, hence the lock; a warning is
 * rare, once per packet at most). A packet read twice (checked at open, then analysed) is warned of once. A
 * trace with a tracer bug has it in every packet: past {@link #LISTED} of a kind, they are counted, not listed,
 * so that a stream of a million packets does not make a million lines.
 */
final class TraceWarnings {

    /** Warnings of one kind listed one by one; the rest counted. */
    static final int LISTED = 20;

    private final Set<TraceWarning> fSeen = new HashSet<>();
    private final List<TraceWarning> fListed = new ArrayList<>();
    private final Map<TraceWarning.Kind, Integer> fCounts = new EnumMap<>(TraceWarning.Kind.class);
    private final Map<TraceWarning.Kind, TraceWarning> fLast = new EnumMap<>(TraceWarning.Kind.class);

    synchronized void add(TraceWarning warning) {
        if (!fSeen.add(warning)) {
            return;
        }
        int count = fCounts.merge(warning.kind(), 1, Integer::sum);
        if (count <= LISTED) {
            fListed.add(warning);
        }
        fLast.put(warning.kind(), warning);
    }

    /** @return the warnings listed, then, per kind with more, one naming how many more and the last of them */
    synchronized List<TraceWarning> list() {
        List<TraceWarning> all = new ArrayList<>(fListed);
        fCounts.forEach((kind, count) -> {
            if (count > LISTED) {
                TraceWarning last = fLast.get(kind);
                all.add(new TraceWarning(kind, last.file(), last.offset(), (count - LISTED) + " more not listed, the last here: " + last.detail()));
            }
        });
        return List.copyOf(all);
    }
}
