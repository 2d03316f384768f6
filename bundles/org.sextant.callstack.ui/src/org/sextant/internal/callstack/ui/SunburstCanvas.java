// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.callstack.ui;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Image;
import org.eclipse.swt.graphics.Path;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.graphics.RGB;
import org.eclipse.swt.graphics.Rectangle;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Display;
import org.sextant.callstack.model.CallTree;
import org.sextant.callstack.model.Sunburst;
import org.sextant.callstack.model.Sunburst.Arc;

/**
 * Draws a call tree as a sunburst: the focused node at the centre, a ring per call depth. Hovering names the
 * path under the mouse with its cost and share, clicking an arc focuses it, clicking the centre goes back up one
 * level. A search dims every arc but the matching functions.
 */
public class SunburstCanvas extends Canvas {

    /** How arcs are coloured. */
    public enum Colouring {
        /** one hue per function name */
        FUNCTION,
        /** one hue per binary (executable or library) */
        BINARY,
        /** by how the path changed between two executions */
        DIFFERENCE
    }

    /**
     * How a call path changed between two executions, as the differential data provider says.
     *
     * @param kind
     *            the change's name ({@code grew}), for the hover text
     * @param colour
     *            the colour of its arc
     */
    public record Difference(String kind, RGB colour) {
    }

    /** Arcs narrower than this are not drawn (with what lies below them). */
    private static final double MIN_EXTENT = 0.2;
    private static final int MAX_RINGS = 64;
    private static final int MARGIN = 8;
    private static final RGB GREY = new RGB(200, 200, 200);

    private @Nullable CallTree fTree;
    private @Nullable Sunburst fLayout;
    private Map<List<String>, Difference> fChanges = Map.of();
    private Colouring fColouring = Colouring.FUNCTION;
    private String fSearch = ""; //$NON-NLS-1$
    private String fUnit = ""; //$NON-NLS-1$
    private Consumer<CallTree.Node> fFocusListener = node -> {
        // nobody listening
    };

    /**
     * @param parent
     *            the parent
     */
    public SunburstCanvas(Composite parent) {
        super(parent, SWT.DOUBLE_BUFFERED | SWT.NO_BACKGROUND);
        addPaintListener(e -> paint(e.gc, getClientArea()));
        addListener(SWT.Resize, e -> redraw());
        addListener(SWT.MouseMove, e -> setToolTipText(describe(arcAt(e.x, e.y))));
        addListener(SWT.MouseUp, e -> {
            Arc arc = arcAt(e.x, e.y);
            if (e.button == 1 && arc != null) {
                CallTree.Node node = arc.ring() == 0 ? arc.node().parent() : arc.node();
                if (node != null) {
                    focus(node);
                }
            }
        });
    }

    /**
     * Shows a tree, focused on its root.
     *
     * @param tree
     *            the tree, or null for nothing
     * @param unit
     *            the unit of its costs, for the hover text
     */
    public void setTree(@Nullable CallTree tree, String unit) {
        fTree = tree;
        fUnit = unit;
        fLayout = null;
        if (tree != null) {
            focus(tree.root());
        } else {
            redraw();
        }
    }

    /** @return the tree shown, or null */
    public @Nullable CallTree getTree() {
        return fTree;
    }

    /**
     * Centres a node.
     *
     * @param node
     *            a node of the tree shown
     */
    public void focus(CallTree.Node node) {
        fLayout = new Sunburst(node, MAX_RINGS, MIN_EXTENT);
        fFocusListener.accept(node);
        redraw();
    }

    /** @return the node at the centre, or null when no tree is shown */
    public CallTree.@Nullable Node getFocus() {
        Sunburst layout = fLayout;
        return layout != null ? layout.focus() : null;
    }

    /** @return the layout drawn, or null when no tree is shown */
    public @Nullable Sunburst getSunburst() {
        return fLayout;
    }

    /**
     * @param listener
     *            told the new centre whenever it changes
     */
    public void setFocusListener(Consumer<CallTree.Node> listener) {
        fFocusListener = listener;
    }

    /**
     * @param colouring
     *            how to colour arcs
     * @param changes
     *            how each path changed, for {@link Colouring#DIFFERENCE}; a path not in it keeps a neutral grey
     */
    public void setColouring(Colouring colouring, Map<List<String>, Difference> changes) {
        fColouring = colouring;
        fChanges = changes;
        redraw();
    }

    /**
     * @param text
     *            a part of function names to highlight; empty for none
     */
    public void setSearch(String text) {
        fSearch = text.toLowerCase(Locale.ROOT);
        redraw();
    }

    /**
     * Draws the sunburst into an image of the canvas's size.
     *
     * @return the image; the caller disposes it
     */
    public Image snapshot() {
        Rectangle area = getClientArea();
        Image image = new Image(getDisplay(), Math.max(1, area.width), Math.max(1, area.height));
        GC gc = new GC(image);
        try {
            paint(gc, new Rectangle(0, 0, area.width, area.height));
        } finally {
            gc.dispose();
        }
        return image;
    }

    /**
     * Draws the sunburst.
     *
     * @param gc
     *            where
     * @param area
     *            the area to fill
     */
    void paint(GC gc, Rectangle area) {
        Display display = getDisplay();
        gc.setBackground(display.getSystemColor(SWT.COLOR_WHITE));
        gc.fillRectangle(area);
        Sunburst layout = fLayout;
        if (layout == null || layout.focus().total() == 0) {
            return;
        }
        gc.setAntialias(SWT.ON);
        gc.setForeground(display.getSystemColor(SWT.COLOR_WHITE));
        double ringWidth = ringWidth(area, layout);
        int centreX = area.x + area.width / 2;
        int centreY = area.y + area.height / 2;
        for (int ring = 0; ring < layout.rings(); ring++) {
            for (Arc arc : layout.ring(ring)) {
                Path path = sector(display, centreX, centreY, ring * ringWidth, (ring + 1) * ringWidth, arc);
                gc.setBackground(colour(arc.node()));
                gc.fillPath(path);
                gc.drawPath(path);
                path.dispose();
            }
        }
    }

    private static double ringWidth(Rectangle area, Sunburst layout) {
        return Math.max(1, (Math.min(area.width, area.height) / 2.0 - MARGIN) / layout.rings());
    }

    private static Path sector(Display display, int x, int y, double inner, double outer, Arc arc) {
        Path path = new Path(display);
        float start = (float) arc.start();
        float extent = (float) arc.extent();
        if (inner <= 0) {
            if (extent >= 360) {
                path.addArc((float) (x - outer), (float) (y - outer), (float) (2 * outer), (float) (2 * outer), 0, 360);
                return path;
            }
            path.moveTo(x, y);
        } else {
            double angle = Math.toRadians(arc.start());
            path.moveTo((float) (x + inner * Math.cos(angle)), (float) (y - inner * Math.sin(angle)));
        }
        path.addArc((float) (x - outer), (float) (y - outer), (float) (2 * outer), (float) (2 * outer), start, extent);
        if (inner > 0) {
            path.addArc((float) (x - inner), (float) (y - inner), (float) (2 * inner), (float) (2 * inner), start + extent, -extent);
        }
        path.close();
        return path;
    }

    private Color colour(CallTree.Node node) {
        boolean dimmed = !fSearch.isEmpty() && !node.name().toLowerCase(Locale.ROOT).contains(fSearch);
        RGB rgb;
        if (node.parent() == null) {
            rgb = GREY;
        } else if (fColouring == Colouring.DIFFERENCE) {
            Difference difference = fChanges.get(node.path());
            rgb = difference != null ? difference.colour() : GREY;
        } else {
            CallTree tree = fTree;
            String key = fColouring == Colouring.BINARY && tree != null ? tree.binary(node.name()) : node.name();
            rgb = key == null ? GREY : new RGB(Math.floorMod(key.hashCode(), 360), 0.45f, 0.95f);
        }
        if (dimmed) {
            rgb = new RGB((rgb.red + 3 * 245) / 4, (rgb.green + 3 * 245) / 4, (rgb.blue + 3 * 245) / 4);
        }
        return new Color(rgb);
    }

    /**
     * @param x
     *            a point's x, in the canvas
     * @param y
     *            its y
     * @return the arc under it, or null
     */
    public @Nullable Arc arcAt(int x, int y) {
        Sunburst layout = fLayout;
        if (layout == null) {
            return null;
        }
        Rectangle area = getClientArea();
        Point centre = new Point(area.x + area.width / 2, area.y + area.height / 2);
        double dx = x - centre.x;
        double dy = centre.y - y;
        int ring = (int) (Math.hypot(dx, dy) / ringWidth(area, layout));
        return layout.at(ring, Math.toDegrees(Math.atan2(dy, dx)));
    }

    private @Nullable String describe(@Nullable Arc arc) {
        CallTree tree = fTree;
        if (arc == null || tree == null) {
            return null;
        }
        CallTree.Node node = arc.node();
        if (node.parent() == null) {
            return String.format(Messages.Sunburst_HoverRoot, node.total(), fUnit);
        }
        StringBuilder text = new StringBuilder(String.join(" \u2192 ", node.path())); //$NON-NLS-1$
        text.append('\n').append(String.format(Messages.Sunburst_Hover, node.total(), fUnit, 100.0 * node.total() / tree.root().total(), node.self()));
        Difference difference = fChanges.get(node.path());
        if (fColouring == Colouring.DIFFERENCE && difference != null) {
            text.append('\n').append(difference.kind());
        }
        String binary = tree.binary(node.name());
        if (binary != null) {
            text.append('\n').append(binary);
        }
        return text.toString();
    }
}
