// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.callstack.ui;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
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
import org.eclipse.swt.graphics.Transform;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Composite;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Event;
import org.sextant.callstack.model.CallTree;
import org.sextant.callstack.model.Sunburst;
import org.sextant.callstack.model.Sunburst.Arc;

/**
 * Draws a call tree as a sunburst: the focused node at the centre, a ring per call depth (as many as are at least
 * a line of text wide: deeper calls show when zoomed into), each function's name written on its arc where it fits (along the radius or along the arc, whichever shows more of it, turned to read
 * upright, cut with an ellipsis). Hovering names the path under the mouse with its cost and share; clicking an arc
 * selects it (outlined, told to the selection listener), double-clicking zooms into it, clicking the centre zooms
 * out one level. The keyboard moves the selection: left and right along the ring, up to the caller, down to the
 * costliest callee drawn; Enter zooms into the selection, Backspace out one level, Escape back to the whole tree.
 * A search dims every arc but the matching functions.
 */
public class SunburstCanvas extends Canvas {

    /** How arcs are coloured. */
    public enum Colouring {
        /** one hue per function name */
        FUNCTION,
        /** one hue per binary (executable or library) */
        BINARY,
        /** by how the path's own cost changed between two executions, on a diverging scale */
        DIFFERENCE
    }

    /**
     * How a call path changed between two executions, as the differential data provider says.
     *
     * @param kind
     *            the change's name ({@code grew}), for the hover text
     * @param delta
     *            how its own cost changed: after less before
     */
    public record Difference(String kind, long delta) {
    }

    /**
     * One entry of the colours' legend.
     *
     * @param colour
     *            the colour
     * @param label
     *            what it stands for
     */
    public record Key(RGB colour, String label) {
    }

    /**
     * A label written on an arc in the last drawing.
     *
     * @param node
     *            the arc's node
     * @param text
     *            the text written: the name, or its start and an ellipsis
     * @param radial
     *            whether it runs along the radius (else along the arc)
     */
    public record Label(CallTree.Node node, String text, boolean radial) {
    }

    /** Arcs narrower than this are not drawn (with what lies below them). */
    private static final double MIN_EXTENT = 0.2;
    private static final int MAX_RINGS = 64;
    private static final int MARGIN = 8;
    private static final int LABEL_PADDING = 3;
    /** Space a ring keeps beside a line of text, so that a name fits across it. */
    private static final int RING_PADDING = 8;
    /** The fewest characters of a name worth writing, its ellipsis aside. */
    private static final int MIN_LABEL_CHARACTERS = 3;
    private static final int LEGEND_FUNCTIONS = 10;
    private static final String ELLIPSIS = "\u2026"; //$NON-NLS-1$
    private static final RGB GREY = new RGB(200, 200, 200);
    private static final RGB SHRANK = new RGB(0x45, 0x75, 0xb4);
    private static final RGB UNCHANGED = new RGB(0xf2, 0xf2, 0xf2);
    private static final RGB GREW = new RGB(0xd7, 0x30, 0x27);

    private @Nullable CallTree fTree;
    private @Nullable Sunburst fLayout;
    private CallTree.@Nullable Node fSelected;
    private Map<List<String>, Difference> fChanges = Map.of();
    private long fLargestChange = 1;
    private Colouring fColouring = Colouring.FUNCTION;
    private String fSearch = ""; //$NON-NLS-1$
    private String fUnit = ""; //$NON-NLS-1$
    private final List<Label> fLabels = new ArrayList<>();
    private boolean fNames = true;
    private int fLineHeight;
    private Consumer<CallTree.Node> fFocusListener = node -> {
        // nobody listening
    };
    private Consumer<CallTree.@Nullable Node> fSelectionListener = node -> {
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
        addListener(SWT.MouseDown, e -> setFocus());
        addListener(SWT.MouseUp, e -> {
            Arc arc = arcAt(e.x, e.y);
            if (e.button != 1 || arc == null) {
                return;
            }
            if (arc.ring() == 0) {
                zoomOut();
            } else {
                select(arc.node());
            }
        });
        addListener(SWT.MouseDoubleClick, e -> {
            Arc arc = arcAt(e.x, e.y);
            if (e.button == 1 && arc != null && arc.ring() > 0) {
                focus(arc.node());
            }
        });
        // arrows move the selection rather than the focus to the next widget
        addListener(SWT.Traverse, e -> e.doit = e.detail != SWT.TRAVERSE_ARROW_NEXT && e.detail != SWT.TRAVERSE_ARROW_PREVIOUS
                && e.detail != SWT.TRAVERSE_ESCAPE && e.detail != SWT.TRAVERSE_RETURN);
        addListener(SWT.KeyDown, this::key);
    }

    /**
     * Shows a tree, focused on its root, nothing selected.
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
        fSelected = null;
        if (tree != null) {
            focus(tree.root());
        } else {
            redraw();
        }
        fSelectionListener.accept(null);
    }

    /** @return the tree shown, or null */
    public @Nullable CallTree getTree() {
        return fTree;
    }

    /**
     * Centres a node; a selection outside it is dropped.
     *
     * @param node
     *            a node of the tree shown
     */
    public void focus(CallTree.Node node) {
        fLayout = new Sunburst(node, MAX_RINGS, MIN_EXTENT);
        fFocusListener.accept(node);
        CallTree.Node selected = fSelected;
        if (selected != null && !isUnder(selected, node)) {
            select(null);
        }
        redraw();
    }

    /** @return the node at the centre, or null when no tree is shown */
    public CallTree.@Nullable Node getFocus() {
        Sunburst layout = fLayout;
        return layout != null ? layout.focus() : null;
    }

    /** @return how many rings are drawn at the canvas's size, the centre included: 0 when no tree is shown */
    public int getDrawnRings() {
        Sunburst layout = fLayout;
        return layout != null ? drawnRings(getClientArea(), layout) : 0;
    }

    /** @return the layout drawn, or null when no tree is shown */
    public @Nullable Sunburst getSunburst() {
        return fLayout;
    }

    /**
     * Selects a node, zooming out to show it when it is outside the focus.
     *
     * @param node
     *            a node of the tree shown, not the root; null to select nothing
     */
    public void select(CallTree.@Nullable Node node) {
        if (node == fSelected) {
            return;
        }
        fSelected = node;
        Sunburst layout = fLayout;
        if (node != null && layout != null && node.parent() != null
                && (!isUnder(node, layout.focus()) || node.depth() - layout.focus().depth() >= drawnRings(getClientArea(), layout))) {
            // zoomed so that the node is drawn, in the outermost ring when it lies deeper than the rings drawn
            CallTree.Node centre = node.parent();
            for (int ring = 1; ring < drawnRings(getClientArea(), layout) - 1 && centre.parent() != null; ring++) {
                centre = centre.parent();
            }
            focus(centre);
        }
        redraw();
        fSelectionListener.accept(node);
    }

    /** @return the selected node, or null */
    public CallTree.@Nullable Node getSelection() {
        return fSelected;
    }

    /**
     * @param listener
     *            told the new centre whenever it changes
     */
    public void setFocusListener(Consumer<CallTree.Node> listener) {
        fFocusListener = listener;
    }

    /**
     * @param listener
     *            told the selected node (null for none) whenever it changes
     */
    public void setSelectionListener(Consumer<CallTree.@Nullable Node> listener) {
        fSelectionListener = listener;
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
        fLargestChange = Math.max(1, changes.values().stream().mapToLong(change -> Math.abs(change.delta())).max().orElse(1));
        redraw();
    }

    /** @return how arcs are coloured */
    public Colouring getColouring() {
        return fColouring;
    }

    /** @return the largest change of own cost the differential scale goes to, either way */
    public long getLargestChange() {
        return fLargestChange;
    }

    /** @return the unit of the costs shown */
    public String getUnit() {
        return fUnit;
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
     * @return the colours of the arcs drawn and what they stand for: the costliest functions drawn, or the binaries
     *         drawn, the costliest first (empty for the differential colouring, whose scale the legend draws)
     */
    public List<Key> legend() {
        Sunburst layout = fLayout;
        CallTree tree = fTree;
        if (layout == null || tree == null || fColouring == Colouring.DIFFERENCE) {
            return List.of();
        }
        Map<String, Long> totals = new LinkedHashMap<>();
        for (int ring = 1; ring < drawnRings(getClientArea(), layout); ring++) {
            for (Arc arc : layout.ring(ring)) {
                String key = key(tree, arc.node());
                if (key != null) {
                    totals.merge(key, arc.node().total(), Long::sum);
                }
            }
        }
        return totals.entrySet().stream().sorted(Map.Entry.<String, Long> comparingByValue().reversed()).limit(LEGEND_FUNCTIONS)
                .map(entry -> new Key(hue(entry.getKey()), entry.getKey())).toList();
    }

    /**
     * @param names
     *            whether to write the functions' names on the arcs
     */
    public void setNames(boolean names) {
        fNames = names;
        redraw();
    }

    /** @return the labels written on arcs in the last drawing, the centre's first */
    public List<Label> getLabels() {
        return List.copyOf(fLabels);
    }

    /**
     * @param delta
     *            a change of own cost
     * @return its colour on the differential scale: blue for the largest shrinking, near white for none, red for
     *         the largest growth
     */
    public RGB differenceColour(long delta) {
        double share = Math.max(-1, Math.min(1, (double) delta / fLargestChange));
        RGB end = share < 0 ? SHRANK : GREW;
        double weight = Math.sqrt(Math.abs(share));
        return new RGB(mix(UNCHANGED.red, end.red, weight), mix(UNCHANGED.green, end.green, weight), mix(UNCHANGED.blue, end.blue, weight));
    }

    private static int mix(int from, int to, double weight) {
        return (int) Math.round(from + (to - from) * weight);
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
        fLabels.clear();
        Sunburst layout = fLayout;
        if (layout == null || layout.focus().total() == 0) {
            return;
        }
        gc.setAntialias(SWT.ON);
        gc.setTextAntialias(SWT.ON);
        gc.setForeground(display.getSystemColor(SWT.COLOR_WHITE));
        double ringWidth = ringWidth(area, layout);
        int rings = drawnRings(area, layout);
        int centreX = area.x + area.width / 2;
        int centreY = area.y + area.height / 2;
        Arc selected = null;
        for (int ring = 0; ring < rings; ring++) {
            for (Arc arc : layout.ring(ring)) {
                Path path = sector(display, centreX, centreY, ring * ringWidth, (ring + 1) * ringWidth, arc);
                gc.setBackground(new Color(colour(arc.node())));
                gc.fillPath(path);
                gc.drawPath(path);
                path.dispose();
                if (arc.node() == fSelected) {
                    selected = arc;
                }
            }
        }
        if (selected != null) {
            Path path = sector(display, centreX, centreY, selected.ring() * ringWidth, (selected.ring() + 1) * ringWidth, selected);
            gc.setForeground(display.getSystemColor(SWT.COLOR_BLACK));
            gc.setLineWidth(3);
            gc.drawPath(path);
            gc.setLineWidth(1);
            path.dispose();
        }
        if (fNames) {
            labels(gc, layout, rings, ringWidth, centreX, centreY);
        }
    }

    private double ringWidth(Rectangle area, Sunburst layout) {
        return Math.max(1, radius(area) / drawnRings(area, layout));
    }

    private static double radius(Rectangle area) {
        return Math.min(area.width, area.height) / 2.0 - MARGIN;
    }

    /** @return how many rings are drawn, the centre included: the layout's, as many as are a line of text wide */
    private int drawnRings(Rectangle area, Sunburst layout) {
        if (fLineHeight == 0) {
            GC gc = new GC(this);
            try {
                fLineHeight = gc.getFontMetrics().getHeight();
            } finally {
                gc.dispose();
            }
        }
        int readable = (int) (radius(area) / (fLineHeight + RING_PADDING));
        return Math.max(2, Math.min(layout.rings(), readable));
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

    /**
     * Writes the centre's name and total, and each arc's name where at least a few of its characters fit: along the
     * radius (as long as the ring is wide) where the arc is as wide as a line, or along the arc (as long as its chord)
     * where the ring is as wide as a line, whichever writes more.
     */
    private void labels(GC gc, Sunburst layout, int rings, double ringWidth, int centreX, int centreY) {
        int height = gc.getFontMetrics().getHeight();
        double minimum = MIN_LABEL_CHARACTERS * gc.getFontMetrics().getAverageCharacterWidth();
        CallTree.Node focus = layout.focus();
        String name = focus.parent() == null ? Messages.Sunburst_All : focus.name();
        double room = 1.6 * ringWidth - 2 * LABEL_PADDING;
        if (room >= minimum && 2 * height <= 1.6 * ringWidth) {
            String text = fit(gc, name, room);
            // a number is written whole or not at all: cut, it would read as another number
            String total = String.format(Messages.Sunburst_CentreTotal, focus.total(), fUnit);
            String number = String.format("%,d", focus.total()); //$NON-NLS-1$
            String shown = gc.textExtent(total).x <= room ? total : gc.textExtent(number).x <= room ? number : null;
            write(gc, text, centreX, shown != null ? centreY - height / 2.0 : centreY, 0, colour(focus));
            if (shown != null) {
                write(gc, shown, centreX, centreY + height / 2.0, 0, colour(focus));
            }
            fLabels.add(new Label(focus, text, false));
        }
        for (int ring = 1; ring < rings; ring++) {
            double inner = ring * ringWidth;
            double middle = inner + ringWidth / 2;
            for (Arc arc : layout.ring(ring)) {
                double extent = Math.toRadians(arc.extent());
                double radial = middle * extent >= height + 2 ? ringWidth - 2 * LABEL_PADDING : 0;
                double along = ringWidth >= height + 2 ? 2 * inner * Math.sin(Math.min(extent, Math.PI) / 2) - 2 * LABEL_PADDING : 0;
                double length = Math.max(radial, along);
                if (length < minimum) {
                    continue;
                }
                String text = fit(gc, arc.node().name(), length);
                if (text.length() <= MIN_LABEL_CHARACTERS && !text.equals(arc.node().name())) {
                    continue;
                }
                // a whole ring is named at its top, where the text lies level
                double angle = arc.extent() >= 360 - MIN_EXTENT ? 90 : arc.start() + arc.extent() / 2;
                double x = centreX + middle * Math.cos(Math.toRadians(angle));
                double y = centreY - middle * Math.sin(Math.toRadians(angle));
                boolean isRadial = radial >= along;
                write(gc, text, x, y, upright(isRadial ? -angle : 90 - angle), colour(arc.node()));
                fLabels.add(new Label(arc.node(), text, isRadial));
            }
        }
    }

    /** @return a rotation turned half a turn where the text would read upside down */
    private static double upright(double rotation) {
        double turned = ((rotation % 360) + 360) % 360;
        if (turned > 90 && turned <= 270) {
            turned -= 180;
        }
        return turned;
    }

    /** @return the text, or its longest start that fits with an ellipsis after it */
    private static String fit(GC gc, String text, double length) {
        if (gc.textExtent(text).x <= length) {
            return text;
        }
        int low = 0;
        int high = text.length();
        while (low < high) {
            int middle = (low + high + 1) >>> 1;
            if (gc.textExtent(text.substring(0, middle) + ELLIPSIS).x <= length) {
                low = middle;
            } else {
                high = middle - 1;
            }
        }
        return text.substring(0, low) + ELLIPSIS;
    }

    /** Writes a text centred on a point, turned by an angle (degrees, clockwise on screen), dark or light by its ground. */
    private void write(GC gc, String text, double x, double y, double rotation, RGB ground) {
        Point size = gc.textExtent(text);
        Display display = getDisplay();
        boolean dark = 0.299 * ground.red + 0.587 * ground.green + 0.114 * ground.blue < 128;
        gc.setForeground(display.getSystemColor(dark ? SWT.COLOR_WHITE : SWT.COLOR_BLACK));
        Transform transform = new Transform(display);
        try {
            transform.translate((float) x, (float) y);
            transform.rotate((float) rotation);
            gc.setTransform(transform);
            gc.drawText(text, -size.x / 2, -size.y / 2, true);
        } finally {
            gc.setTransform(null);
            transform.dispose();
        }
    }

    private RGB colour(CallTree.Node node) {
        boolean dimmed = !fSearch.isEmpty() && !node.name().toLowerCase(Locale.ROOT).contains(fSearch);
        RGB rgb;
        CallTree tree = fTree;
        if (node.parent() == null || tree == null) {
            rgb = GREY;
        } else if (fColouring == Colouring.DIFFERENCE) {
            Difference difference = fChanges.get(node.path());
            rgb = difference != null ? differenceColour(difference.delta()) : GREY;
        } else {
            String key = key(tree, node);
            rgb = key == null ? GREY : hue(key);
        }
        if (dimmed) {
            rgb = new RGB((rgb.red + 3 * 245) / 4, (rgb.green + 3 * 245) / 4, (rgb.blue + 3 * 245) / 4);
        }
        return rgb;
    }

    private @Nullable String key(CallTree tree, CallTree.Node node) {
        return fColouring == Colouring.BINARY ? tree.binary(node.name()) : node.name();
    }

    private static RGB hue(String key) {
        return new RGB(Math.floorMod(key.hashCode(), 360), 0.45f, 0.95f);
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
        return ring < drawnRings(area, layout) ? layout.at(ring, Math.toDegrees(Math.atan2(dy, dx))) : null;
    }

    /** @return the arc drawn for a node, or null when it is not drawn */
    private @Nullable Arc arcOf(CallTree.Node node) {
        Sunburst layout = fLayout;
        if (layout == null) {
            return null;
        }
        return layout.ring(node.depth() - layout.focus().depth()).stream().filter(arc -> arc.node() == node).findFirst().orElse(null);
    }

    /** The keyboard: arrows move the selection, Enter zooms in, Backspace out, Escape to the whole tree. */
    private void key(Event event) {
        CallTree tree = fTree;
        Sunburst layout = fLayout;
        if (tree == null || layout == null) {
            return;
        }
        CallTree.Node selected = fSelected;
        switch (event.keyCode) {
        case SWT.ARROW_LEFT, SWT.ARROW_RIGHT -> {
            Arc arc = selected != null ? arcOf(selected) : null;
            if (arc == null) {
                selectFirst(layout);
                return;
            }
            List<Arc> ring = layout.ring(arc.ring());
            int index = ring.indexOf(arc);
            // arcs run counter-clockwise: right, clockwise on the screen, is the previous one
            int next = Math.floorMod(index + (event.keyCode == SWT.ARROW_RIGHT ? -1 : 1), ring.size());
            select(ring.get(next).node());
        }
        case SWT.ARROW_UP -> {
            if (selected != null && selected.parent() != null && selected.parent().parent() != null && selected != layout.focus()) {
                select(selected.parent());
            }
        }
        case SWT.ARROW_DOWN -> {
            if (selected == null) {
                selectFirst(layout);
                return;
            }
            Arc arc = arcOf(selected);
            if (arc != null) {
                layout.ring(arc.ring() + 1).stream().filter(child -> child.node().parent() == selected).max(Comparator.comparingDouble(Arc::extent))
                        .ifPresent(child -> select(child.node()));
            }
        }
        case SWT.CR, SWT.KEYPAD_CR -> {
            if (selected != null) {
                focus(selected);
            }
        }
        case SWT.BS -> zoomOut();
        case SWT.ESC -> focus(tree.root());
        default -> {
            // other keys do nothing here
        }
        }
    }

    private void selectFirst(Sunburst layout) {
        layout.ring(1).stream().max(Comparator.comparingDouble(Arc::extent)).ifPresent(arc -> select(arc.node()));
    }

    private void zoomOut() {
        CallTree.Node focus = getFocus();
        if (focus != null && focus.parent() != null) {
            focus(focus.parent());
        }
    }

    private static boolean isUnder(CallTree.Node node, CallTree.Node ancestor) {
        for (CallTree.Node on = node; on != null; on = on.parent()) {
            if (on == ancestor) {
                return true;
            }
        }
        return false;
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
            text.append('\n').append(String.format(Messages.Sunburst_HoverChange, difference.kind(), difference.delta(), fUnit));
        }
        String binary = tree.binary(node.name());
        if (binary != null) {
            text.append('\n').append(binary);
        }
        return text.toString();
    }
}
