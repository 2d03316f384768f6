// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The geometry of a sunburst: the focused node is a disc at the centre, and each call depth below it a ring
 * around it, where a node's arc is the share of its parent's arc that its total cost is of the parent's total.
 * Arcs narrower than a threshold are left out, with everything below them, so that drawing and hit-testing a
 * tree of any size costs what can be seen.
 *
 * <p>
 * Angles are in degrees, counter-clockwise from three o'clock, as SWT draws them; a full turn is 360.
 * </p>
 */
public final class Sunburst {

    /**
     * One node's arc.
     *
     * @param node
     *            the call tree node
     * @param ring
     *            0 for the focus at the centre, 1 for its callees, and so on
     * @param start
     *            where the arc starts, in degrees
     * @param extent
     *            its angle, in degrees
     */
    public record Arc(CallTree.Node node, int ring, double start, double extent) {
        boolean contains(double angle) {
            return angle >= start && angle < start + extent;
        }
    }

    private final CallTree.Node fFocus;
    private final List<List<Arc>> fRings = new ArrayList<>();

    /**
     * Lays out a subtree.
     *
     * @param focus
     *            the node at the centre (the root for the whole tree)
     * @param maxRings
     *            how many rings around the centre at most
     * @param minExtent
     *            the narrowest arc kept, in degrees
     */
    public Sunburst(CallTree.Node focus, int maxRings, double minExtent) {
        fFocus = focus;
        List<Arc> level = List.of(new Arc(focus, 0, 0, focus.total() > 0 ? 360 : 0));
        for (int ring = 0; ring <= maxRings && !level.isEmpty(); ring++) {
            fRings.add(level);
            List<Arc> next = new ArrayList<>();
            for (Arc parent : level) {
                if (parent.node().total() == 0) {
                    continue;
                }
                double start = parent.start();
                double scale = parent.extent() / parent.node().total();
                for (CallTree.Node child : parent.node().children()) {
                    double extent = child.total() * scale;
                    if (extent >= minExtent) {
                        next.add(new Arc(child, ring + 1, start, extent));
                    }
                    start += extent;
                }
            }
            level = next;
        }
    }

    /** @return the node at the centre */
    public CallTree.Node focus() {
        return fFocus;
    }

    /** @return the number of rings, the centre included */
    public int rings() {
        return fRings.size();
    }

    /**
     * @param ring
     *            a ring, 0 for the centre
     * @return its arcs, by increasing start angle
     */
    public List<Arc> ring(int ring) {
        return ring >= 0 && ring < fRings.size() ? Collections.unmodifiableList(fRings.get(ring)) : List.of();
    }

    /** @return how many arcs are drawn, the centre included */
    public int arcs() {
        return fRings.stream().mapToInt(List::size).sum();
    }

    /**
     * @param ring
     *            the ring under a point
     * @param angle
     *            the angle of the point, in degrees, any turn
     * @return the arc there, or null
     */
    public Arc at(int ring, double angle) {
        List<Arc> arcs = ring(ring);
        double turn = ((angle % 360) + 360) % 360;
        int low = 0;
        int high = arcs.size() - 1;
        while (low <= high) {
            int middle = (low + high) >>> 1;
            Arc arc = arcs.get(middle);
            if (arc.contains(turn)) {
                return arc;
            }
            if (turn < arc.start()) {
                high = middle - 1;
            } else {
                low = middle + 1;
            }
        }
        return null;
    }
}
