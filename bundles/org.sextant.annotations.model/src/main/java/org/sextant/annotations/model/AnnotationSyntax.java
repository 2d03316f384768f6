// SPDX-License-Identifier: EPL-2.0
package org.sextant.annotations.model;

import org.sextant.annotations.model.Annotation.Kind;

/**
 * Reads the text of one {@code trace_marker} write as an annotation, in any of the three syntaxes Sextant accepts
 * (annotate/README.md):
 *
 * <pre>
 * Sextant's library   SX|B|name  SX|E|name  SX|I|name  SX|C|name|value  SX|BE|barrier  SX|BL|barrier
 * the paper's         PE:n;task  barrier
 * atrace / Perfetto   B|pid|name  E|pid  E|pid|name  C|pid|name|value  S|pid|name|cookie  F|pid|name|cookie  I|pid|name
 * </pre>
 *
 * A trailing newline (what {@code echo} adds) is ignored. Text in none of these forms is not an annotation.
 */
public final class AnnotationSyntax {

    private AnnotationSyntax() {
    }

    /**
     * @param text
     *            what was written to the marker
     * @return the annotation, or null when the text is not one (or malformed: a counter that is no number, an
     *         empty name)
     */
    public static Annotation parse(String text) {
        String line = text.endsWith("\n") ? text.substring(0, text.length() - 1) : text;
        if (line.startsWith("SX|")) {
            return library(line.split("\\|", -1));
        }
        if (line.startsWith("PE:")) {
            return paperTask(line);
        }
        if (line.equals("barrier")) {
            return new Annotation(Kind.BARRIER, "barrier", 0);
        }
        if (line.length() > 2 && line.charAt(1) == '|') {
            return atrace(line.split("\\|", -1));
        }
        return null;
    }

    private static Annotation library(String[] parts) {
        if (parts.length < 3 || parts[2].isEmpty()) {
            return null;
        }
        String name = parts[2];
        return switch (parts[1]) {
            case "B" -> parts.length == 3 ? new Annotation(Kind.BEGIN, name, 0) : null;
            case "E" -> parts.length == 3 ? new Annotation(Kind.END, name, 0) : null;
            case "I" -> parts.length == 3 ? new Annotation(Kind.INSTANT, name, 0) : null;
            case "BE" -> parts.length == 3 ? new Annotation(Kind.BARRIER_ENTER, name, 0) : null;
            case "BL" -> parts.length == 3 ? new Annotation(Kind.BARRIER_LEAVE, name, 0) : null;
            case "C" -> parts.length == 4 ? withNumber(Kind.COUNTER, name, parts[3]) : null;
            default -> null;
        };
    }

    private static Annotation paperTask(String line) {
        int semicolon = line.indexOf(';');
        if (semicolon < 0 || semicolon == line.length() - 1) {
            return null;
        }
        return withNumber(Kind.TASK, line.substring(semicolon + 1), line.substring("PE:".length(), semicolon));
    }

    private static Annotation atrace(String[] parts) {
        if (parts[0].length() != 1 || number(parts[1]) == null) {
            return null;
        }
        char kind = parts[0].charAt(0);
        if (kind == 'E') {
            return parts.length == 2 ? new Annotation(Kind.END, null, 0)
                    : parts.length == 3 && !parts[2].isEmpty() ? new Annotation(Kind.END, parts[2], 0) : null;
        }
        if (parts.length < 3 || parts[2].isEmpty()) {
            return null;
        }
        String name = parts[2];
        return switch (kind) {
            case 'B' -> parts.length == 3 ? new Annotation(Kind.BEGIN, name, 0) : null;
            case 'I' -> parts.length == 3 ? new Annotation(Kind.INSTANT, name, 0) : null;
            case 'C' -> parts.length == 4 ? withNumber(Kind.COUNTER, name, parts[3]) : null;
            case 'S' -> parts.length == 4 ? withNumber(Kind.ASYNC_BEGIN, name, parts[3]) : null;
            case 'F' -> parts.length == 4 ? withNumber(Kind.ASYNC_END, name, parts[3]) : null;
            default -> null;
        };
    }

    private static Annotation withNumber(Kind kind, String name, String number) {
        Long value = number(number);
        return value == null ? null : new Annotation(kind, name, value);
    }

    private static Long number(String text) {
        try {
            return Long.valueOf(text.strip());
        } catch (NumberFormatException e) {
            return null;
        }
    }
}
