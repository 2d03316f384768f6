// SPDX-License-Identifier: EPL-2.0
package org.sextant.server.model;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code parameters} object of a TSP request body, read value by value: each accessor checks the type and
 * range of one parameter and names it ({@code parameters.requested_timerange.start}) when it refuses it. The body
 * arrives as the JSON reader left it: objects as maps, arrays as lists, numbers as {@link BigDecimal} (exact, so a
 * nanosecond timestamp past 2^53 keeps its last digits), strings, booleans and nulls.
 *
 * <p>
 * The limits keep every answer bounded: at most {@link #MAX_TIMES} sampled times (the protocol's own bound), and
 * the caller's bound on items and table lines.
 * </p>
 */
public final class Query {

    /** The most times a time range may sample, as API.yaml bounds {@code nbTimes}. */
    public static final int MAX_TIMES = 65536;

    private static final String PARAMETERS = "parameters"; //$NON-NLS-1$
    private static final BigInteger LONG_MIN = BigInteger.valueOf(Long.MIN_VALUE);
    private static final BigInteger LONG_MAX = BigInteger.valueOf(Long.MAX_VALUE);

    private final Map<String, Object> fParameters;

    private Query(Map<String, Object> parameters) {
        fParameters = parameters;
    }

    /**
     * @param body
     *            the request body as read
     * @return its parameters
     * @throws BadRequestException
     *             when the body is no object with a {@code parameters} object
     */
    public static Query of(Object body) throws BadRequestException {
        if (!(body instanceof Map<?, ?> map) || !(map.get(PARAMETERS) instanceof Map<?, ?> parameters)) {
            throw BadRequestException.badRequest("the body must be a JSON object with a \"parameters\" object"); //$NON-NLS-1$
        }
        Map<String, Object> copy = new LinkedHashMap<>();
        parameters.forEach((key, value) -> copy.put(String.valueOf(key), value));
        return new Query(copy);
    }

    /**
     * @param key
     *            a parameter's name
     * @return whether the request gives it (null counts as absent)
     */
    public boolean has(String key) {
        return fParameters.get(key) != null;
    }

    /** @return every parameter as sent, for the ones a data provider reads itself */
    public Map<String, Object> all() {
        return new LinkedHashMap<>(fParameters);
    }

    /**
     * @param key
     *            the name of a {@code TimeRange} parameter
     * @param defaultTimes
     *            how many times to sample when it gives no {@code nbTimes}
     * @return the range
     * @throws BadRequestException
     *             when it is missing, not an object, or has a negative, reversed or oversampled range
     */
    public TimeRange timeRange(String key, int defaultTimes) throws BadRequestException {
        String name = name(key);
        if (!(fParameters.get(key) instanceof Map<?, ?> range)) {
            throw BadRequestException.badRequest(name + " must be an object {\"start\": ..., \"end\": ...}" + given(fParameters.get(key))); //$NON-NLS-1$
        }
        long start = time(range.get("start"), name + ".start"); //$NON-NLS-1$ //$NON-NLS-2$
        long end = time(range.get("end"), name + ".end"); //$NON-NLS-1$ //$NON-NLS-2$
        if (end < start) {
            throw BadRequestException.badRequest(name + ".end (" + end + ") is before its start (" + start + ')'); //$NON-NLS-1$ //$NON-NLS-2$
        }
        Object nbTimes = range.get("nbTimes"); //$NON-NLS-1$
        int times = nbTimes == null ? defaultTimes : (int) whole(nbTimes, name + ".nbTimes", 1, MAX_TIMES); //$NON-NLS-1$
        return new TimeRange(start, end, times);
    }

    /**
     * @param key
     *            the name of an array of times
     * @param max
     *            how many it may hold
     * @return the times, none when absent
     * @throws BadRequestException
     *             when it is no array of non-negative whole numbers, or too long
     */
    public List<Long> times(String key, int max) throws BadRequestException {
        return longs(key, max, true);
    }

    /**
     * @param key
     *            the name of an array of ids
     * @param max
     *            how many it may hold
     * @return the ids, none when absent
     * @throws BadRequestException
     *             when it is no array of whole numbers, or too long
     */
    public List<Long> ids(String key, int max) throws BadRequestException {
        return longs(key, max, false);
    }

    /**
     * @param key
     *            a whole-number parameter
     * @param min
     *            its least value
     * @param max
     *            its greatest value
     * @param absent
     *            its value when the request does not give it
     * @return its value
     * @throws BadRequestException
     *             when it is no whole number in range
     */
    public long whole(String key, long min, long max, long absent) throws BadRequestException {
        Object value = fParameters.get(key);
        return value == null ? absent : whole(value, name(key), min, max);
    }

    /**
     * @param key
     *            a whole-number parameter the request must give
     * @param min
     *            its least value
     * @param max
     *            its greatest value
     * @return its value
     * @throws BadRequestException
     *             when it is missing or no whole number in range
     */
    public long required(String key, long min, long max) throws BadRequestException {
        if (!has(key)) {
            throw BadRequestException.badRequest(name(key) + " is missing"); //$NON-NLS-1$
        }
        return whole(fParameters.get(key), name(key), min, max);
    }

    /**
     * @param key
     *            an object parameter
     * @return its entries, none when absent
     * @throws BadRequestException
     *             when it is no object
     */
    public Map<String, Object> object(String key) throws BadRequestException {
        Object value = fParameters.get(key);
        if (value == null) {
            return Map.of();
        }
        if (!(value instanceof Map<?, ?> map)) {
            throw BadRequestException.badRequest(name(key) + " must be an object" + given(value)); //$NON-NLS-1$
        }
        Map<String, Object> copy = new LinkedHashMap<>();
        map.forEach((k, v) -> copy.put(String.valueOf(k), v));
        return copy;
    }

    /**
     * @param key
     *            a string parameter
     * @param allowed
     *            the values it may take, none for any
     * @return its value, or null when absent
     * @throws BadRequestException
     *             when it is no string, or not one of the allowed values
     */
    public String string(String key, String... allowed) throws BadRequestException {
        Object value = fParameters.get(key);
        if (value == null) {
            return null;
        }
        if (!(value instanceof String text) || (allowed.length > 0 && !List.of(allowed).contains(text))) {
            throw BadRequestException.badRequest(name(key) + " must be " + (allowed.length > 0 ? "one of " + String.join(", ", allowed) : "a string") + given(value)); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$
        }
        return text;
    }

    /**
     * @param key
     *            the name of an array of strings
     * @param max
     *            how many it may hold
     * @return the strings, none when absent
     * @throws BadRequestException
     *             when it is no array of strings, or too long
     */
    public List<String> strings(String key, int max) throws BadRequestException {
        Object value = fParameters.get(key);
        if (value == null) {
            return List.of();
        }
        String name = name(key);
        if (!(value instanceof List<?> list)) {
            throw BadRequestException.badRequest(name + " must be an array of strings" + given(value)); //$NON-NLS-1$
        }
        if (list.size() > max) {
            throw BadRequestException.badRequest(name + " holds " + list.size() + " values; this server answers at most " + max); //$NON-NLS-1$ //$NON-NLS-2$
        }
        List<String> result = new ArrayList<>(list.size());
        for (int i = 0; i < list.size(); i++) {
            if (!(list.get(i) instanceof String text)) {
                throw BadRequestException.badRequest(name + '[' + i + "] must be a string" + given(list.get(i))); //$NON-NLS-1$
            }
            result.add(text);
        }
        return result;
    }

    private List<Long> longs(String key, int max, boolean times) throws BadRequestException {
        Object value = fParameters.get(key);
        if (value == null) {
            return List.of();
        }
        String name = name(key);
        if (!(value instanceof List<?> list)) {
            throw BadRequestException.badRequest(name + " must be an array of whole numbers" + given(value)); //$NON-NLS-1$
        }
        if (list.size() > max) {
            throw BadRequestException.badRequest(name + " holds " + list.size() + " values; this server answers at most " + max); //$NON-NLS-1$ //$NON-NLS-2$
        }
        List<Long> result = new ArrayList<>(list.size());
        for (int i = 0; i < list.size(); i++) {
            String element = name + '[' + i + ']';
            result.add(times ? time(list.get(i), element) : whole(list.get(i), element, Long.MIN_VALUE, Long.MAX_VALUE));
        }
        return result;
    }

    /** A time: a whole number of nanoseconds, never negative (Trace Compass's times start at 0). */
    private static long time(Object value, String name) throws BadRequestException {
        if (value == null) {
            throw BadRequestException.badRequest(name + " is missing"); //$NON-NLS-1$
        }
        return whole(value, name, 0, Long.MAX_VALUE);
    }

    private static long whole(Object value, String name, long min, long max) throws BadRequestException {
        BigInteger number = null;
        if (value instanceof BigDecimal decimal) {
            try {
                number = decimal.toBigIntegerExact();
            } catch (ArithmeticException e) {
                number = null;
            }
        } else if (value instanceof Long || value instanceof Integer) {
            number = BigInteger.valueOf(((Number) value).longValue());
        }
        if (number == null) {
            throw BadRequestException.badRequest(name + " must be a whole number" + given(value)); //$NON-NLS-1$
        }
        if (number.compareTo(BigInteger.valueOf(min)) < 0 || number.compareTo(BigInteger.valueOf(max)) > 0
                || number.compareTo(LONG_MIN) < 0 || number.compareTo(LONG_MAX) > 0) {
            throw BadRequestException.badRequest(name + " must lie between " + min + " and " + max + ", not " + number); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        }
        return number.longValue();
    }

    private static String name(String key) {
        return PARAMETERS + '.' + key;
    }

    private static String given(Object value) {
        if (value == null) {
            return ""; //$NON-NLS-1$
        }
        String shown = value instanceof String text ? '"' + TraceRoots.printable(text) + '"' : TraceRoots.printable(String.valueOf(value));
        return ", not " + shown; //$NON-NLS-1$
    }
}
