// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * The sunburst's geometry on a small tree: main costs 100, of which run 75 (compute 50, parse 25) and main
 * itself 25; a tiny path of cost 1 under parse.
 */
class SunburstTest {

    private static CallTree tree() {
        CallTree tree = new CallTree();
        tree.add(List.of("main"), 25);
        tree.add(List.of("main", "run", "compute"), 50);
        tree.add(List.of("main", "run", "parse"), 24);
        tree.add(List.of("main", "run", "parse", "tiny"), 1);
        return tree;
    }

    @Test
    void arcsAreSharesOfTheirParentsArc() {
        CallTree tree = tree();
        Sunburst sunburst = new Sunburst(tree.root(), 10, 0);
        assertEquals(5, sunburst.rings(), "centre, main, run, compute and parse, tiny");
        Sunburst.Arc run = sunburst.ring(2).get(0);
        assertEquals(0, run.start(), 1e-9);
        assertEquals(270, run.extent(), 1e-9, "75 of 100");
        Sunburst.Arc parse = sunburst.ring(3).get(1);
        assertEquals("parse", parse.node().name());
        assertEquals(180, parse.start(), 1e-9, "after compute's 50");
        assertEquals(90, parse.extent(), 1e-9);
        assertEquals(3.6, sunburst.ring(4).get(0).extent(), 1e-9);
    }

    @Test
    void narrowArcsAreLeftOutWithWhatIsBelowThem() {
        Sunburst sunburst = new Sunburst(tree().root(), 10, 5);
        assertEquals(4, sunburst.rings(), "tiny's 3.6 degrees are under 5");
        assertEquals(5, sunburst.arcs(), "centre, main, run, compute, parse");
        assertEquals(3, new Sunburst(tree().root(), 2, 0).rings(), "two rings at most around the centre");
    }

    @Test
    void aFocusedNodeFillsTheTurn() {
        CallTree tree = tree();
        CallTree.Node run = tree.find(List.of("main", "run"));
        Sunburst sunburst = new Sunburst(run, 10, 0);
        assertSame(run, sunburst.focus());
        assertEquals(240, sunburst.ring(1).get(1).start(), 1e-9, "parse: after compute's 50 of 75");
    }

    @Test
    void hitTestingFindsTheArcUnderAnAngle() {
        Sunburst sunburst = new Sunburst(tree().root(), 10, 0);
        assertEquals("root", sunburst.at(0, 123).node().parent() == null ? "root" : "not root");
        assertEquals("compute", sunburst.at(3, 179.9).node().name());
        assertEquals("parse", sunburst.at(3, 180).node().name());
        assertEquals("parse", sunburst.at(3, -100).node().name(), "-100 is 260");
        assertNull(sunburst.at(3, 300), "main's own 25 has no callee");
        assertNull(sunburst.at(9, 10));
    }
}
