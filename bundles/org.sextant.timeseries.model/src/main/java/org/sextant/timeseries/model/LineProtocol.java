// SPDX-License-Identifier: EPL-2.0
package org.sextant.timeseries.model;

/**
 * Builds points in InfluxDB's line protocol, one at a time in a reused buffer:
 * {@code measurement,tag=value,... field=value,... timestamp}, timestamps in nanoseconds. Names and values are
 * escaped as the protocol asks (commas and spaces in measurements; commas, equals signs and spaces in tag keys,
 * tag values and field keys; quotes and backslashes in string fields). The protocol has no escape for a line
 * break, so one inside a name or value is written as the two characters {@code \n}, and a backslash is kept as it
 * is except before an escaped character or at the end, where InfluxDB would read it as an escape: there it
 * becomes the look-alike U+29F5 (reverse solidus operator). An empty tag value, which
 * the protocol cannot carry, leaves its tag out. Integers carry InfluxDB's {@code i} suffix, so a field keeps
 * one type whatever its first value.
 */
public final class LineProtocol {

    /** What the protocol escapes in names; a backslash before one of these, or at the end, cannot be written. */
    private static final String ESCAPED = ", =\n";

    private final StringBuilder fLine = new StringBuilder(128);
    private boolean fFirstField;

    /**
     * Starts a point.
     *
     * @param measurement
     *            its measurement
     * @return this builder
     */
    public LineProtocol measurement(String measurement) {
        fLine.setLength(0);
        escape(measurement, false);
        fFirstField = true;
        return this;
    }

    /**
     * Starts a point of a series whose measurement and tags were built before, as {@link #series()} gave them: so
     * that an exporter escapes the names of a series once, not at every point.
     *
     * @param series
     *            the measurement and tags, escaped
     * @return this builder
     */
    public LineProtocol point(CharSequence series) {
        fLine.setLength(0);
        fLine.append(series);
        fFirstField = true;
        return this;
    }

    /**
     * Adds a tag; InfluxDB indexes tags, so they should come sorted by key (InfluxDB sorts them otherwise).
     *
     * @param key
     *            the tag key
     * @param value
     *            the tag value; empty leaves the tag out
     * @return this builder
     */
    public LineProtocol tag(String key, String value) {
        if (!value.isEmpty()) {
            fLine.append(',');
            escape(key, true);
            fLine.append('=');
            escape(value, true);
        }
        return this;
    }

    /** @return the point so far: its measurement and tags, which identify its series until a field is added */
    public CharSequence series() {
        return fLine;
    }

    /**
     * @param key
     *            the field key
     * @param value
     *            an integer value
     * @return this builder
     */
    public LineProtocol field(String key, long value) {
        fieldKey(key);
        fLine.append(value).append('i');
        return this;
    }

    /**
     * @param key
     *            the field key
     * @param value
     *            a floating-point value; NaN and infinities, which InfluxDB refuses, are the caller's to avoid
     * @return this builder
     */
    public LineProtocol field(String key, double value) {
        fieldKey(key);
        fLine.append(value);
        return this;
    }

    /**
     * @param key
     *            the field key
     * @param value
     *            a string value
     * @return this builder
     */
    public LineProtocol field(String key, String value) {
        fieldKey(key);
        fLine.append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '"' || c == '\\') {
                fLine.append('\\');
            }
            fLine.append(c == '\n' ? ' ' : c);
        }
        fLine.append('"');
        return this;
    }

    /**
     * Ends the point.
     *
     * @param timeNs
     *            its timestamp in nanoseconds since the epoch
     * @return the line, without its line break, valid until the next {@link #measurement}
     */
    public CharSequence time(long timeNs) {
        if (fFirstField) {
            throw new IllegalStateException("a point needs at least one field: " + fLine);
        }
        return fLine.append(' ').append(timeNs);
    }

    private void fieldKey(String key) {
        fLine.append(fFirstField ? ' ' : ',');
        fFirstField = false;
        escape(key, true);
        fLine.append('=');
    }

    private void escape(String text, boolean equalsToo) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
            case ',', ' ' -> fLine.append('\\').append(c);
            case '=' -> fLine.append(equalsToo ? "\\=" : "=");
            case '\n' -> fLine.append("\\n");
            case '\\' -> fLine.append(
                    i == text.length() - 1 || ESCAPED.indexOf(text.charAt(i + 1)) >= 0 ? '\u29f5' : c);
            default -> fLine.append(c);
            }
        }
    }
}
