// SPDX-License-Identifier: EPL-2.0
package org.sextant.ftrace.model;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The format of one event as the kernel describes it in {@code events/<system>/<event>/format}, which trace-cmd
 * copies into its files: the event's name and id, each field's offset, size, signedness and kind, and which
 * pointer fields its print format shows as a kernel function (those read as the function's name, as trace-cmd
 * prints them).
 */
final class EventFormat {

    /** How a field's bytes are laid out. */
    enum Kind {
        /** an integer of 1, 2, 4 or 8 bytes */
        INTEGER,
        /** a fixed array of characters, a string up to its first NUL */
        STRING,
        /** a fixed array of anything else */
        ARRAY,
        /** {@code __data_loc} or {@code __rel_loc} characters: a 32-bit word locates the string in the event */
        DYNAMIC_STRING,
        /** {@code __data_loc} or {@code __rel_loc} of anything else */
        DYNAMIC_ARRAY,
        /** a character array of no size at the end of the event ({@code char buf[]}): the rest of the event */
        REST_STRING,
        /** any other array of no size: the rest of the event */
        REST_ARRAY
    }

    /**
     * One field.
     *
     * @param name
     *            its name
     * @param kind
     *            its layout
     * @param offset
     *            its offset in the event's data
     * @param size
     *            its size in bytes (of the locating word for dynamic fields)
     * @param signed
     *            whether an integer is signed
     * @param relative
     *            whether a dynamic field's offset counts from the end of the field ({@code __rel_loc})
     * @param symbol
     *            0 unless the print format shows it as a function: 1 by name ({@code %ps}), 2 by name and offset
     *            ({@code %pS})
     */
    record Field(String name, Kind kind, int offset, int size, boolean signed, boolean relative, int symbol) {
        /** @return whether it is one of the header fields every event shares ({@code common_pid}...) */
        boolean isCommon() {
            return name.startsWith("common_");
        }
    }

    private static final Pattern FIELD = Pattern.compile(
            "\\s*field:(?<decl>[^;]*);\\s*offset:(?<offset>\\d+);\\s*size:(?<size>\\d+);(?:\\s*signed:(?<signed>\\d+);)?.*");
    private static final Pattern DECLARATION = Pattern.compile("(?<type>.*?)\\s*(?<name>[A-Za-z_][A-Za-z0-9_]*)\\s*(?<array>\\[[^\\]]*\\])?\\s*");
    private static final Pattern FIELD_REFERENCE = Pattern.compile("REC\\s*->\\s*([A-Za-z_][A-Za-z0-9_]*)");
    private static final int MAX_FIELD_BYTES = 1 << 16;

    private final String fSystem;
    private final String fName;
    private final int fId;
    private final List<Field> fFields;

    private EventFormat(String system, String name, int id, List<Field> fields) {
        fSystem = system;
        fName = name;
        fId = id;
        fFields = fields;
    }

    /** @return the event's system ({@code sched}, {@code ftrace}) */
    String system() {
        return fSystem;
    }

    /** @return the event's name */
    String name() {
        return fName;
    }

    /** @return the event's id, the {@code common_type} of its records */
    int id() {
        return fId;
    }

    /** @return its fields, the common ones first, in the order of the format */
    List<Field> fields() {
        return fFields;
    }

    /**
     * @param name
     *            a field name
     * @return that field, or null
     */
    Field field(String name) {
        for (Field field : fFields) {
            if (field.name().equals(name)) {
                return field;
            }
        }
        return null;
    }

    /**
     * Reads the id of a format without parsing the rest, so that a file's hundreds of formats can be indexed and
     * only those of events present parsed.
     *
     * @param text
     *            a format's text
     * @return its id, or -1 when it has no {@code ID:} line
     */
    static int idOf(String text) {
        int at = text.startsWith("ID:") ? 0 : text.indexOf("\nID:");
        if (at < 0) {
            return -1;
        }
        int start = text.indexOf(':', at) + 1;
        int end = text.indexOf('\n', start);
        try {
            return Integer.parseInt(text.substring(start, end < 0 ? text.length() : end).trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /**
     * @param file
     *            the file the format comes from, for errors
     * @param offset
     *            the format's offset in it, for errors
     * @param system
     *            the event's system
     * @param text
     *            the format's text
     * @return the format
     * @throws FtraceFormatException
     *             when the text is no event format
     */
    static EventFormat parse(Path file, long offset, String system, String text) throws FtraceFormatException {
        String name = null;
        int id = -1;
        List<Field> fields = new ArrayList<>();
        String printFormat = null;
        String[] lines = text.split("\n");
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i];
            if (line.startsWith("name:")) {
                name = line.substring(5).trim();
            } else if (line.startsWith("ID:")) {
                id = idOf(line);
            } else if (line.startsWith("print fmt:")) {
                printFormat = line.substring(10).trim();
            } else if (line.trim().startsWith("field:")) {
                fields.add(field(file, offset, system, name, line));
            }
        }
        if (name == null || name.isEmpty() || id < 0 || id > 0xFFFF || fields.isEmpty()) {
            throw FtraceFormatException.atOffset(file, offset,
                    "an event format of system " + system + " without a name, an ID from 0 to 65535 or fields");
        }
        if (printFormat != null) {
            fields = markSymbols(fields, printFormat);
        }
        return new EventFormat(system, name, id, List.copyOf(fields));
    }

    private static Field field(Path file, long offset, String system, String event, String line) throws FtraceFormatException {
        Matcher matcher = FIELD.matcher(line);
        String where = "event format " + system + '/' + event + ", field line \"" + line.trim() + "\": ";
        if (!matcher.matches()) {
            throw FtraceFormatException.atOffset(file, offset, where + "expected field:TYPE NAME; offset:N; size:N; signed:N;");
        }
        String declaration = matcher.group("decl").trim();
        boolean dataLoc = declaration.startsWith("__data_loc ");
        boolean relLoc = declaration.startsWith("__rel_loc ");
        if (dataLoc || relLoc) {
            declaration = declaration.substring(declaration.indexOf(' ') + 1);
        }
        Matcher parts = DECLARATION.matcher(declaration.replace("[]", "[] "));
        int fieldOffset;
        int size;
        try {
            fieldOffset = Integer.parseInt(matcher.group("offset"));
            size = Integer.parseInt(matcher.group("size"));
        } catch (NumberFormatException e) {
            throw FtraceFormatException.atOffset(file, offset, where + "offset or size out of range");
        }
        if (!parts.matches() || fieldOffset > MAX_FIELD_BYTES || size > MAX_FIELD_BYTES) {
            throw FtraceFormatException.atOffset(file, offset, where + "expected a type and a name, offset and size under 65536");
        }
        String type = parts.group("type").trim();
        String name = parts.group("name");
        String array = parts.group("array");
        boolean signed = "1".equals(matcher.group("signed"));
        boolean characters = type.matches("(.*\\s)?(unsigned\\s+|signed\\s+)?char(\\[\\])?");
        Kind kind;
        if (dataLoc || relLoc) {
            if (size != 4) {
                throw FtraceFormatException.atOffset(file, offset, where + "a dynamic field's locating word must have 4 bytes");
            }
            kind = characters ? Kind.DYNAMIC_STRING : Kind.DYNAMIC_ARRAY;
        } else if (array != null && size == 0) {
            kind = characters ? Kind.REST_STRING : Kind.REST_ARRAY;
        } else if (array != null) {
            kind = characters ? Kind.STRING : Kind.ARRAY;
        } else {
            kind = size == 1 || size == 2 || size == 4 || size == 8 ? Kind.INTEGER : Kind.ARRAY;
        }
        return new Field(name, kind, fieldOffset, size, signed, relLoc, 0);
    }

    /**
     * Marks the pointer fields the print format shows as a function ({@code %ps}, {@code %pS}, {@code %pf},
     * {@code %pF}, the argument a field, maybe cast), which trace-cmd prints by name.
     */
    private static List<Field> markSymbols(List<Field> fields, String printFormat) {
        if (!printFormat.startsWith("\"")) {
            return fields;
        }
        StringBuilder format = new StringBuilder();
        int at = 0;
        while (at < printFormat.length() && printFormat.charAt(at) == '"') {
            int end = at + 1;
            while (end < printFormat.length() && printFormat.charAt(end) != '"') {
                end += printFormat.charAt(end) == '\\' ? 2 : 1;
            }
            format.append(printFormat, at + 1, Math.min(end, printFormat.length()));
            at = end + 1;
            while (at < printFormat.length() && Character.isWhitespace(printFormat.charAt(at))) {
                at++;
            }
        }
        List<String> arguments = arguments(printFormat.substring(Math.min(at, printFormat.length())));
        List<Field> marked = new ArrayList<>(fields);
        int argument = 0;
        for (int i = 0; i < format.length(); i++) {
            if (format.charAt(i) != '%') {
                continue;
            }
            i++;
            if (i < format.length() && format.charAt(i) == '%') {
                continue;
            }
            while (i < format.length() && "-+ #0123456789.*hlzjtL".indexOf(format.charAt(i)) >= 0) {
                if (format.charAt(i) == '*') {
                    argument++;
                }
                i++;
            }
            if (i >= format.length()) {
                break;
            }
            boolean pointer = format.charAt(i) == 'p';
            char variant = i + 1 < format.length() ? format.charAt(i + 1) : ' ';
            if (pointer && "sSfF".indexOf(variant) >= 0 && argument < arguments.size()) {
                Matcher reference = FIELD_REFERENCE.matcher(withoutCasts(arguments.get(argument)));
                for (int f = 0; reference.matches() && f < marked.size(); f++) {
                    Field field = marked.get(f);
                    if (field.name().equals(reference.group(1)) && field.kind() == Kind.INTEGER) {
                        marked.set(f, new Field(field.name(), field.kind(), field.offset(), field.size(), field.signed(), false,
                                variant == 's' || variant == 'f' ? 1 : 2));
                    }
                }
            }
            argument++;
        }
        return marked;
    }

    /** An argument without the casts before it: {@code (void *)REC->ip} is {@code REC->ip}. */
    private static String withoutCasts(String argument) {
        String text = argument.trim();
        while (text.startsWith("(") && text.indexOf(')') > 0) {
            text = text.substring(text.indexOf(')') + 1).trim();
        }
        return text;
    }

    /** The print format's arguments, split at the commas outside parentheses, brackets and string literals. */
    private static List<String> arguments(String text) {
        List<String> arguments = new ArrayList<>();
        int depth = 0;
        int start = text.startsWith(",") ? 1 : 0;
        for (int i = start; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"' || c == '\'') {
                int end = i + 1;
                while (end < text.length() && text.charAt(end) != c) {
                    end += text.charAt(end) == '\\' ? 2 : 1;
                }
                i = end;
            } else if (c == '(' || c == '[' || c == '{') {
                depth++;
            } else if (c == ')' || c == ']' || c == '}') {
                depth--;
            } else if (c == ',' && depth == 0) {
                arguments.add(text.substring(start, i).trim());
                start = i + 1;
            }
        }
        if (start < text.length()) {
            arguments.add(text.substring(start).trim());
        }
        return arguments;
    }
}
