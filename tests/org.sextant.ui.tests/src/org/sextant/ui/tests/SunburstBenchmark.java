// SPDX-License-Identifier: EPL-2.0
package org.sextant.ui.tests;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.DoubleSupplier;

import org.eclipse.swt.layout.FillLayout;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.junit.jupiter.api.Test;
import org.sextant.callstack.model.CallTree;
import org.sextant.internal.callstack.ui.SunburstCanvas;

/**
 * Not a test (surefire's default includes skip it): the sunburst's benchmark, run by
 * {@code tools/bench-sunburst.sh}. Builds a call tree of 100,000 nodes (random
 * but seeded, heavy-tailed costs, paths up to 40 deep), shows it in a 1000 x 1000 sunburst, and prints
 * the times of building the tree, laying it out, redrawing it with the names on its arcs (until the paint event is
 * handled), drawing it into an image, and of a zoom into the costliest child of the root up to its paint, and the UI
 * thread's CPU time of the redraw and the drawing into an image with and without the names: medians of 5 runs.
 */
class SunburstBenchmark {

    private static final int RUNS = 5;

    @Test
    void layoutAndRedrawAfterZoom() {
        int size = 100_000;
        long start = System.nanoTime();
        CallTree tree = tree(size);
        double buildMs = (System.nanoTime() - start) / 1e6;
        Display display = Display.getCurrent();
        Shell shell = new Shell(display);
        shell.setLayout(new FillLayout());
        shell.setSize(1000, 1000);
        SunburstCanvas canvas = new SunburstCanvas(shell);
        shell.open();
        int[] paints = { 0 };
        canvas.addPaintListener(e -> paints[0]++);
        try {
            canvas.setTree(tree, "instructions"); //$NON-NLS-1$
            painted(display, paints, () -> { /* the first paint */ });
            CallTree.Node root = tree.root();
            CallTree.Node child = root.children().stream().max(Comparator.comparingLong(CallTree.Node::total)).orElseThrow();
            double layout = median(() -> time(() -> canvas.focus(root)));
            canvas.setNames(false);
            double bare = median(() -> painted(display, paints, canvas::redraw));
            double bareCpu = median(() -> cpu(() -> painted(display, paints, canvas::redraw)));
            double bareImage = median(() -> cpu(() -> canvas.snapshot().dispose()));
            canvas.setNames(true);
            double redraw = median(() -> painted(display, paints, canvas::redraw));
            double redrawCpu = median(() -> cpu(() -> painted(display, paints, canvas::redraw)));
            double image = median(() -> time(() -> canvas.snapshot().dispose()));
            double imageCpu = median(() -> cpu(() -> canvas.snapshot().dispose()));
            double zoom = median(() -> {
                painted(display, paints, () -> canvas.focus(root));
                return painted(display, paints, () -> canvas.focus(child));
            });
            painted(display, paints, () -> canvas.focus(root));
            System.out.printf("[sextant] bench: sunburst of %d nodes (%d rings laid out, %d drawn, %d names written at the root): build %.0f ms, layout %.1f ms, " //$NON-NLS-1$
                    + "redraw %.1f ms (%.1f ms without the names), draw into an image %.1f ms, zoom into the costliest child and redraw %.1f ms%n", //$NON-NLS-1$
                    tree.nodes().size(), canvas.getSunburst().rings(), canvas.getDrawnRings(), canvas.getLabels().size(), buildMs, layout, redraw, bare,
                    image, zoom);
            // the UI thread's CPU time, which other programs' load on the machine does not inflate as it does the wall time
            System.out.printf("[sextant] bench: UI thread CPU: redraw %.1f ms (%.1f ms without the names), draw into an image %.1f ms (%.1f ms without the names)%n", //$NON-NLS-1$
                    redrawCpu, bareCpu, imageCpu, bareImage);
        } finally {
            shell.dispose();
        }
    }

    /** A tree of {@code size} nodes: each new node calls from a recent one, or from near the root. */
    private static CallTree tree(int size) {
        Random random = new Random(42);
        CallTree tree = new CallTree();
        List<List<String>> paths = new ArrayList<>(List.of(List.of("main"))); //$NON-NLS-1$
        Set<List<String>> distinct = new HashSet<>(paths);
        while (paths.size() < size) {
            List<String> parent = random.nextInt(4) == 0 ? paths.get(random.nextInt(Math.min(paths.size(), 64)))
                    : paths.get(Math.max(0, paths.size() - 1 - random.nextInt(16)));
            if (parent.size() >= 40) {
                parent = paths.get(0);
            }
            List<String> path = new ArrayList<>(parent);
            path.add("f" + random.nextInt(5000)); //$NON-NLS-1$
            if (distinct.add(path)) {
                paths.add(path);
            }
        }
        for (List<String> path : paths) {
            tree.add(path, 1 + (long) (Math.pow(random.nextDouble(), 8) * 100_000));
        }
        return tree;
    }

    /** Runs an action and spins the event loop until the canvas has painted: the time of both. */
    private static double painted(Display display, int[] paints, Runnable action) {
        int before = paints[0];
        long start = System.nanoTime();
        action.run();
        long deadline = start + 10_000_000_000L;
        while (paints[0] == before && System.nanoTime() < deadline) {
            if (!display.readAndDispatch()) {
                display.timerExec(1, () -> { /* wake the loop */ });
                display.sleep();
            }
        }
        return (System.nanoTime() - start) / 1e6;
    }

    private static double cpu(Runnable action) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long start = threads.getCurrentThreadCpuTime();
        action.run();
        return (threads.getCurrentThreadCpuTime() - start) / 1e6;
    }

    private static double time(Runnable action) {
        long start = System.nanoTime();
        action.run();
        return (System.nanoTime() - start) / 1e6;
    }

    private static double median(DoubleSupplier run) {
        double[] times = new double[RUNS];
        for (int i = 0; i < RUNS; i++) {
            times[i] = run.getAsDouble();
        }
        Arrays.sort(times);
        return times[RUNS / 2];
    }
}
