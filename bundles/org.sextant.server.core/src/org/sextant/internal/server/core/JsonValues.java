// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.server.core;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Map.Entry;

import org.eclipse.jdt.annotation.Nullable;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;

/**
 * JSON as plain Java values: objects as ordered maps, arrays as lists, numbers as exact {@link BigDecimal}s (Gson's
 * own maps would hold doubles, and a nanosecond timestamp past 2^53 would lose its last digits), strings,
 * booleans, nulls. The server's model checks them; data providers get them as Trace Compass expects (whole
 * numbers as longs).
 */
final class JsonValues {

    private JsonValues() {
    }

    /**
     * @param element
     *            a parsed document
     * @return it as plain values
     */
    static @Nullable Object toJava(JsonElement element) {
        if (element.isJsonObject()) {
            Map<String, @Nullable Object> map = new LinkedHashMap<>();
            for (Entry<String, JsonElement> entry : ((JsonObject) element).entrySet()) {
                map.put(entry.getKey(), toJava(entry.getValue()));
            }
            return map;
        }
        if (element.isJsonArray()) {
            List<@Nullable Object> list = new ArrayList<>();
            for (JsonElement item : (JsonArray) element) {
                list.add(toJava(item));
            }
            return list;
        }
        if (element.isJsonPrimitive()) {
            JsonPrimitive primitive = (JsonPrimitive) element;
            if (primitive.isNumber()) {
                return new BigDecimal(primitive.getAsString());
            }
            return primitive.isBoolean() ? (Object) primitive.getAsBoolean() : primitive.getAsString();
        }
        return null;
    }

    /**
     * @param value
     *            plain values as {@link #toJava} made them
     * @return the same with whole numbers as longs and the others as doubles, as data providers read parameters
     */
    static @Nullable Object forProvider(@Nullable Object value) {
        if (value instanceof BigDecimal decimal) {
            try {
                return decimal.longValueExact();
            } catch (ArithmeticException e) {
                return decimal.doubleValue();
            }
        }
        if (value instanceof Map<?, ?> map) {
            Map<String, @Nullable Object> copy = new LinkedHashMap<>();
            map.forEach((key, item) -> copy.put(String.valueOf(key), forProvider(item)));
            return copy;
        }
        if (value instanceof List<?> list) {
            List<@Nullable Object> copy = new ArrayList<>();
            list.forEach(item -> copy.add(forProvider(item)));
            return copy;
        }
        return value;
    }
}
