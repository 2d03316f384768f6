// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.headless.core;

import java.util.List;
import java.util.Map;

/**
 * Renders summaries (nested maps and lists of strings, numbers and booleans) as JSON or as indented text.
 */
final class Reports {

    private static final String INDENT = "  "; //$NON-NLS-1$

    private Reports() {
    }

    static String json(Object value) {
        StringBuilder out = new StringBuilder();
        json(value, 0, out);
        return out.append('\n').toString();
    }

    private static void json(Object value, int depth, StringBuilder out) {
        if (value instanceof Map<?, ?> map) {
            if (map.isEmpty()) {
                out.append("{}"); //$NON-NLS-1$
                return;
            }
            out.append("{\n"); //$NON-NLS-1$
            int i = 0;
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                out.append(INDENT.repeat(depth + 1));
                string(String.valueOf(entry.getKey()), out);
                out.append(": "); //$NON-NLS-1$
                json(entry.getValue(), depth + 1, out);
                out.append(++i < map.size() ? ",\n" : "\n"); //$NON-NLS-1$ //$NON-NLS-2$
            }
            out.append(INDENT.repeat(depth)).append('}');
        } else if (value instanceof List<?> list) {
            out.append('[');
            for (int i = 0; i < list.size(); i++) {
                out.append(i == 0 ? "\n" : ",\n").append(INDENT.repeat(depth + 1)); //$NON-NLS-1$ //$NON-NLS-2$
                json(list.get(i), depth + 1, out);
            }
            out.append(list.isEmpty() ? "]" : "\n" + INDENT.repeat(depth) + "]"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        } else if (value instanceof Double || value instanceof Float) {
            double number = ((Number) value).doubleValue();
            out.append(Double.isFinite(number) ? String.valueOf(number) : "null"); //$NON-NLS-1$
        } else if (value instanceof Number || value instanceof Boolean) {
            out.append(value);
        } else if (value == null) {
            out.append("null"); //$NON-NLS-1$
        } else {
            string(value.toString(), out);
        }
    }

    private static void string(String text, StringBuilder out) {
        out.append('"');
        for (char c : text.toCharArray()) {
            switch (c) {
            case '"' -> out.append("\\\""); //$NON-NLS-1$
            case '\\' -> out.append("\\\\"); //$NON-NLS-1$
            case '\n' -> out.append("\\n"); //$NON-NLS-1$
            case '\r' -> out.append("\\r"); //$NON-NLS-1$
            case '\t' -> out.append("\\t"); //$NON-NLS-1$
            default -> {
                if (c < 0x20) {
                    out.append(String.format("\\u%04x", (int) c)); //$NON-NLS-1$
                } else {
                    out.append(c);
                }
            }
            }
        }
        out.append('"');
    }

    /** "key: value" lines, nested maps and lists indented under their key. */
    static String text(Map<String, Object> map) {
        StringBuilder out = new StringBuilder();
        text(map, 0, out);
        return out.toString();
    }

    private static void text(Map<?, ?> map, int depth, StringBuilder out) {
        map.forEach((key, value) -> {
            out.append(INDENT.repeat(depth)).append(key).append(':');
            if (value instanceof Map<?, ?> child) {
                out.append('\n');
                text(child, depth + 1, out);
            } else if (value instanceof List<?> list) {
                out.append('\n');
                for (Object item : list) {
                    if (item instanceof Map<?, ?> child) {
                        out.append(INDENT.repeat(depth + 1)).append("-\n"); //$NON-NLS-1$
                        text(child, depth + 2, out);
                    } else {
                        out.append(INDENT.repeat(depth + 1)).append("- ").append(item).append('\n'); //$NON-NLS-1$
                    }
                }
            } else {
                out.append(' ').append(value).append('\n');
            }
        });
    }
}
