// SPDX-License-Identifier: EPL-2.0
package org.sextant.otf2.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.TreeMap;

/**
 * The events of every location of an archive merged in time, pulled one at a time: ties go to the location
 * defined first, which is how {@code otf2-print} lists them. {@link Otf2Archive#readEvents} drains one; a reader
 * that wants events on demand (a Trace Compass trace reading from a rank) keeps one open.
 */
public final class Otf2MergedEvents {

    private record Head(Otf2Event event, int order, Otf2EventReader reader) {
    }

    private final PriorityQueue<Head> fHeads = new PriorityQueue<>((a, b) -> {
        int byTime = Long.compareUnsigned(a.event().time(), b.event().time());
        return byTime != 0 ? byTime : Integer.compare(a.order(), b.order());
    });
    private final List<Otf2EventReader> fReaders = new ArrayList<>();
    private long fRank;

    Otf2MergedEvents(Otf2Archive archive) throws Otf2FormatException {
        int order = 0;
        for (long location : archive.definitions().locations().keySet()) {
            Otf2EventReader reader = archive.events(location);
            fReaders.add(reader);
            Otf2Event first = reader.next();
            if (first != null) {
                fHeads.add(new Head(first, order, reader));
            }
            order++;
        }
    }

    /**
     * @return the next event in time, or null after the last
     * @throws Otf2FormatException
     *             if an event file is damaged
     */
    public Otf2Event next() throws Otf2FormatException {
        Head head = fHeads.poll();
        if (head == null) {
            return null;
        }
        Otf2Event next = head.reader().next();
        if (next != null) {
            fHeads.add(new Head(next, head.order(), head.reader()));
        }
        fRank++;
        return head.event();
    }

    /** @return how many events {@link #next} has returned, so the rank of the next one */
    public long rank() {
        return fRank;
    }

    /** @return how many event records of each unknown type were skipped so far */
    public Map<Integer, Long> skipped() {
        Map<Integer, Long> skipped = new TreeMap<>();
        for (Otf2EventReader reader : fReaders) {
            reader.skipped().forEach((type, n) -> skipped.merge(type, n, Long::sum));
        }
        return skipped;
    }
}
