// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.annotations.core;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.tracecompass.tmf.core.model.OutputElementStyle;
import org.eclipse.tracecompass.tmf.core.model.StyleProperties;

/**
 * The styles of the annotation views: a palette keyed by annotation name, so that a name has one colour in every
 * view and every trace (the annotation time graphs colour by it, the Barriers chart colours each barrier by it),
 * and the styles of threads, idle CPUs, barrier waits and migrations. A time-graph state's value is its style's
 * index in {@link #all()}.
 */
public final class AnnotationStyles {

    /** Style keys besides the palette's. */
    public static final String THREAD = "thread", IDLE = "idle", ON_CPU = "on CPU", BARRIER = "barrier", MIGRATION = "migration"; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$

    /** Colours told apart at a glance, none of them the greys of threads and idle CPUs. */
    private static final List<String> PALETTE = List.of("#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#bcbd22", //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$ //$NON-NLS-7$ //$NON-NLS-8$
            "#17becf", "#aec7e8", "#ffbb78", "#98df8a", "#ff9896", "#c5b0d5", "#c49c94", "#f7b6d2", "#dbdb8d", "#9edae5"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$ //$NON-NLS-7$ //$NON-NLS-8$ //$NON-NLS-9$ //$NON-NLS-10$
    /** Fibonacci hashing's multiplier: names that differ by a character land far apart in the palette. */
    private static final long GOLDEN = 0x9E3779B9L;
    private static final Map<String, OutputElementStyle> STYLES = new LinkedHashMap<>();

    static {
        for (int i = 0; i < PALETTE.size(); i++) {
            style(paletteKey(i), PALETTE.get(i), 1.0f);
        }
        style(THREAD, "#7b8794", 1.0f); //$NON-NLS-1$
        style(IDLE, "#d5d9de", 0.3f); //$NON-NLS-1$
        style(ON_CPU, "#52606d", 0.6f); //$NON-NLS-1$
        style(BARRIER, "#a61b1b", 0.6f); //$NON-NLS-1$
        style(MIGRATION, "#1f2933", 1.0f); //$NON-NLS-1$
    }

    private AnnotationStyles() {
    }

    private static void style(String key, String color, float height) {
        STYLES.put(key, new OutputElementStyle(null, Map.of(StyleProperties.STYLE_NAME, key, StyleProperties.BACKGROUND_COLOR, color,
                StyleProperties.COLOR, color, StyleProperties.HEIGHT, height)));
    }

    private static String paletteKey(int index) {
        return "annotation colour " + (index + 1); //$NON-NLS-1$
    }

    /** @return every style by key, the palette's first, in the order of their indexes */
    public static Map<String, OutputElementStyle> all() {
        return Collections.unmodifiableMap(STYLES);
    }

    /** @return every style, in the order of their indexes: what a view's presentation needs */
    public static Collection<OutputElementStyle> list() {
        return all().values();
    }

    /**
     * @param name
     *            an annotation's or a barrier's name
     * @return the key of its colour: the same for the same name, whatever the trace
     */
    public static String keyOf(String name) {
        long spread = (name.hashCode() * GOLDEN) & 0xffffffffL;
        return paletteKey((int) ((spread * PALETTE.size()) >>> 32));
    }

    /**
     * @param name
     *            an annotation's or a barrier's name
     * @return its colour, {@code #rrggbb}
     */
    public static String colorOf(String name) {
        return (String) STYLES.get(keyOf(name)).getStyleValues().get(StyleProperties.BACKGROUND_COLOR);
    }
}
