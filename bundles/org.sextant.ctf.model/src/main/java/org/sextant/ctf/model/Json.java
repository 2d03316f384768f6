// SPDX-License-Identifier: EPL-2.0
package org.sextant.ctf.model;

import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A strict JSON reader (RFC 8259) for CTF 2 metadata, which is a sequence of JSON texts: objects become
 * {@link Map}s in their order, arrays {@link List}s, strings {@link String}s, integers {@link Long} or, past a
 * long, {@link BigInteger}, other numbers {@link Double}, and {@code true}, {@code false} and {@code null}
 * {@link Boolean}s and {@link #NULL}. Whatever is not JSON (a trailing comma, a duplicate member, an
 * unescaped control character, nesting past {@link #MAX_DEPTH}) is an error naming the file and the offset.
 * The codec depends on nothing, so this is its own rather than a library's.
 */
final class Json {

    /** JSON's {@code null}, distinct from Java's so that a member present as null differs from one absent. */
    static final Object NULL = new Object() {
        @Override
        public String toString() {
            return "null";
        }
    };

    /** Deeper nesting is damage, not metadata: it bounds the stack the reader and the metadata's walk take. */
    static final int MAX_DEPTH = 256;

    private final Path fFile;
    private final String fText;
    /** Offset of {@link #fText}'s first character in the file, for error messages. */
    private final long fBase;
    private int fAt;

    private Json(Path file, String text, long base) {
        fFile = file;
        fText = text;
        fBase = base;
    }

    /**
     * Reads one JSON text, which must fill {@code text} but for white space around it.
     *
     * @param file
     *            the file it comes from, for errors
     * @param text
     *            the text
     * @param base
     *            where {@code text} begins in the file, for errors
     * @return the value
     * @throws TraceFormatException
     *             when the text is no JSON, naming the file and offset
     */
    static Object parse(Path file, String text, long base) throws TraceFormatException {
        Json json = new Json(file, text, base);
        json.space();
        Object value = json.value(0);
        json.space();
        if (json.fAt < text.length()) {
            throw json.error("text after the JSON value");
        }
        return value;
    }

    private Object value(int depth) throws TraceFormatException {
        if (depth > MAX_DEPTH) {
            throw error("JSON nested deeper than " + MAX_DEPTH);
        }
        if (fAt >= fText.length()) {
            throw error("the JSON text ends where a value was expected");
        }
        char c = fText.charAt(fAt);
        switch (c) {
        case '{':
            return object(depth);
        case '[':
            return array(depth);
        case '"':
            return string();
        case 't':
            word("true");
            return Boolean.TRUE;
        case 'f':
            word("false");
            return Boolean.FALSE;
        case 'n':
            word("null");
            return NULL;
        default:
            if (c == '-' || c >= '0' && c <= '9') {
                return number();
            }
            throw error("unexpected character '" + printable(c) + "'");
        }
    }

    private Map<String, Object> object(int depth) throws TraceFormatException {
        fAt++;
        Map<String, Object> members = new LinkedHashMap<>();
        space();
        if (peek() == '}') {
            fAt++;
            return Collections.unmodifiableMap(members);
        }
        while (true) {
            space();
            int keyAt = fAt;
            if (peek() != '"') {
                throw error("expected a member name in quotes");
            }
            String key = string();
            space();
            expect(':');
            space();
            if (members.put(key, value(depth + 1)) != null) {
                fAt = keyAt;
                throw error("member \"" + key + "\" given twice");
            }
            space();
            if (peek() == ',') {
                fAt++;
            } else {
                expect('}');
                return Collections.unmodifiableMap(members);
            }
        }
    }

    private List<Object> array(int depth) throws TraceFormatException {
        fAt++;
        List<Object> elements = new ArrayList<>();
        space();
        if (peek() == ']') {
            fAt++;
            return Collections.unmodifiableList(elements);
        }
        while (true) {
            space();
            elements.add(value(depth + 1));
            space();
            if (peek() == ',') {
                fAt++;
            } else {
                expect(']');
                return Collections.unmodifiableList(elements);
            }
        }
    }

    private String string() throws TraceFormatException {
        int start = fAt;
        fAt++;
        StringBuilder text = new StringBuilder();
        while (true) {
            if (fAt >= fText.length()) {
                fAt = start;
                throw error("unterminated string");
            }
            char c = fText.charAt(fAt++);
            if (c == '"') {
                return text.toString();
            }
            if (c < 0x20) {
                fAt--;
                throw error("control character U+" + String.format("%04X", (int) c) + " in a string");
            }
            if (c != '\\') {
                text.append(c);
                continue;
            }
            char escaped = peek();
            fAt++;
            switch (escaped) {
            case '"', '\\', '/' -> text.append(escaped);
            case 'b' -> text.append('\b');
            case 'f' -> text.append('\f');
            case 'n' -> text.append('\n');
            case 'r' -> text.append('\r');
            case 't' -> text.append('\t');
            case 'u' -> {
                if (fAt + 4 > fText.length()) {
                    throw error("truncated \\u escape");
                }
                int code = 0;
                for (int i = 0; i < 4; i++) {
                    int digit = Character.digit(fText.charAt(fAt + i), 16);
                    if (digit < 0) {
                        throw error("bad \\u escape");
                    }
                    code = code * 16 + digit;
                }
                fAt += 4;
                text.append((char) code);
            }
            default -> {
                fAt--;
                throw error("bad escape \\" + printable(escaped));
            }
            }
        }
    }

    private Object number() throws TraceFormatException {
        int start = fAt;
        if (peek() == '-') {
            fAt++;
        }
        if (peek() == '0') {
            fAt++;
        } else if (peek() >= '1' && peek() <= '9') {
            digits();
        } else {
            throw error("a number without digits");
        }
        boolean integer = true;
        if (fAt < fText.length() && fText.charAt(fAt) == '.') {
            fAt++;
            integer = false;
            digits();
        }
        if (fAt < fText.length() && (fText.charAt(fAt) == 'e' || fText.charAt(fAt) == 'E')) {
            fAt++;
            integer = false;
            if (peek() == '+' || peek() == '-') {
                fAt++;
            }
            digits();
        }
        String literal = fText.substring(start, fAt);
        if (!integer) {
            return Double.valueOf(literal);
        }
        if (literal.length() <= 18) {
            return Long.valueOf(literal);
        }
        BigInteger big = new BigInteger(literal);
        return big.bitLength() < 64 ? (Object) big.longValue() : big;
    }

    private void digits() throws TraceFormatException {
        int start = fAt;
        while (fAt < fText.length() && fText.charAt(fAt) >= '0' && fText.charAt(fAt) <= '9') {
            fAt++;
        }
        if (fAt == start) {
            throw error("expected a digit");
        }
    }

    private void word(String word) throws TraceFormatException {
        if (!fText.startsWith(word, fAt)) {
            throw error("unexpected character '" + printable(fText.charAt(fAt)) + "'");
        }
        fAt += word.length();
    }

    /** JSON's white space: space, tab, line feed, carriage return, and nothing else. */
    private void space() {
        while (fAt < fText.length()) {
            char c = fText.charAt(fAt);
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r') {
                return;
            }
            fAt++;
        }
    }

    private char peek() throws TraceFormatException {
        if (fAt >= fText.length()) {
            throw error("the JSON text ends in the middle of a value");
        }
        return fText.charAt(fAt);
    }

    private void expect(char c) throws TraceFormatException {
        if (peek() != c) {
            throw error("expected '" + c + "' but found '" + printable(peek()) + "'");
        }
        fAt++;
    }

    private static String printable(char c) {
        return c < 0x20 || c > 0x7E ? String.format("U+%04X", (int) c) : String.valueOf(c);
    }

    private TraceFormatException error(String problem) {
        return new TraceFormatException(fFile, fBase + fAt, problem + " in the metadata");
    }
}
