// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.callstack.ui;

import java.util.List;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.swt.SWT;
import org.eclipse.swt.graphics.Color;
import org.eclipse.swt.graphics.GC;
import org.eclipse.swt.graphics.Point;
import org.eclipse.swt.widgets.Canvas;
import org.eclipse.swt.widgets.Composite;

/**
 * The sunburst's legend: what its colours stand for. By function or by binary, a swatch and a name for each of the
 * costliest drawn; in the differential, the diverging scale of own-cost changes with its numbers at both ends and in
 * the middle, and how many paths appeared, vanished, grew and shrank.
 */
public class SunburstLegend extends Canvas {

    private static final int SWATCH = 12;
    private static final int GAP = 4;
    private static final int SCALE_WIDTH = 240;
    private static final int SCALE_HEIGHT = 14;
    private static final int SCALE_STEPS = 48;

    private String fTitle = ""; //$NON-NLS-1$
    private List<SunburstCanvas.Key> fKeys = List.of();
    private @Nullable SunburstCanvas fScale;
    private String fCounts = ""; //$NON-NLS-1$

    /**
     * @param parent
     *            the parent
     */
    public SunburstLegend(Composite parent) {
        super(parent, SWT.DOUBLE_BUFFERED);
        addPaintListener(e -> paint(e.gc));
    }

    /**
     * Shows a sunburst's colours.
     *
     * @param sunburst
     *            the sunburst
     * @param counts
     *            for the differential, the counts of paths that appeared, vanished, grew and shrank; else ignored
     */
    public void show(SunburstCanvas sunburst, long[] counts) {
        if (sunburst.getColouring() == SunburstCanvas.Colouring.DIFFERENCE) {
            fTitle = String.format(Messages.Legend_Difference, sunburst.getUnit());
            fKeys = List.of();
            fScale = sunburst;
            fCounts = String.format(Messages.Legend_Counts, counts[0], counts[1], counts[2], counts[3]);
        } else {
            fTitle = sunburst.getColouring() == SunburstCanvas.Colouring.BINARY ? Messages.Legend_Binaries : Messages.Legend_Functions;
            fKeys = sunburst.legend();
            fScale = null;
            fCounts = ""; //$NON-NLS-1$
        }
        getParent().layout(true, true);
        redraw();
    }

    /** @return the keys shown (none for the differential's scale) */
    public List<SunburstCanvas.Key> getKeys() {
        return fKeys;
    }

    /** @return the title shown */
    public String getTitle() {
        return fTitle;
    }

    @Override
    public Point computeSize(int wHint, int hHint, boolean changed) {
        GC gc = new GC(this);
        try {
            int line = gc.getFontMetrics().getHeight();
            int lines = 1 + (fScale != null ? 4 : fKeys.size());
            int width = Math.max(SCALE_WIDTH + 2 * GAP, gc.textExtent(fTitle).x + 2 * GAP);
            for (SunburstCanvas.Key key : fKeys) {
                width = Math.max(width, SWATCH + 3 * GAP + gc.textExtent(key.label()).x);
            }
            return new Point(wHint != SWT.DEFAULT ? wHint : width, hHint != SWT.DEFAULT ? hHint : lines * (line + GAP) + GAP);
        } finally {
            gc.dispose();
        }
    }

    private void paint(GC gc) {
        gc.setBackground(getDisplay().getSystemColor(SWT.COLOR_WIDGET_BACKGROUND));
        gc.fillRectangle(getClientArea());
        gc.setForeground(getDisplay().getSystemColor(SWT.COLOR_WIDGET_FOREGROUND));
        int line = gc.getFontMetrics().getHeight() + GAP;
        int y = GAP;
        gc.drawText(fTitle, GAP, y, true);
        y += line;
        SunburstCanvas scale = fScale;
        if (scale != null) {
            long largest = scale.getLargestChange();
            int step = SCALE_WIDTH / SCALE_STEPS;
            for (int i = 0; i < SCALE_STEPS; i++) {
                long delta = Math.round((2.0 * (i + 0.5) / SCALE_STEPS - 1) * largest);
                gc.setBackground(new Color(scale.differenceColour(delta)));
                gc.fillRectangle(GAP + i * step, y, step, SCALE_HEIGHT);
            }
            y += SCALE_HEIGHT + GAP;
            String low = String.format("%,d", -largest); //$NON-NLS-1$
            String high = String.format("%+,d", largest); //$NON-NLS-1$
            gc.drawText(low, GAP, y, true);
            gc.drawText("0", GAP + SCALE_WIDTH / 2 - gc.textExtent("0").x / 2, y, true); //$NON-NLS-1$ //$NON-NLS-2$
            gc.drawText(high, GAP + step * SCALE_STEPS - gc.textExtent(high).x, y, true);
            y += line;
            gc.drawText(Messages.Legend_Unchanged, GAP, y, true);
            y += line;
            gc.drawText(fCounts, GAP, y, true);
            return;
        }
        for (SunburstCanvas.Key key : fKeys) {
            gc.setBackground(new Color(key.colour()));
            gc.fillRectangle(GAP, y + (line - GAP - SWATCH) / 2, SWATCH, SWATCH);
            gc.drawText(key.label(), SWATCH + 2 * GAP, y, true);
            y += line;
        }
    }
}
