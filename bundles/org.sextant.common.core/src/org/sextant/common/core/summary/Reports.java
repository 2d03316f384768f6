// SPDX-License-Identifier: EPL-2.0
package org.sextant.common.core.summary;

import java.util.List;
import java.util.Map;

import org.eclipse.jdt.annotation.Nullable;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonNull;
import com.google.gson.JsonObject;
import com.google.gson.JsonPrimitive;

/**
 * Renders summaries (nested maps and lists of strings, numbers and booleans) as JSON, through the Gson that Trace
 * Compass ships (its trace server speaks JSON through it too), or as indented text: what every command prints.
 */
public final class Reports {

    private static final String INDENT = "  "; //$NON-NLS-1$
    /** Indented by two spaces, nulls kept, characters such as {@code <} and {@code =} as they are. */
    private static final Gson GSON = new GsonBuilder().setPrettyPrinting().serializeNulls().disableHtmlEscaping().create();

    private Reports() {
    }

    /**
     * @param value
     *            a summary
     * @return it as an indented JSON document, keys in the maps' order, integers without a fraction, doubles as
     *         Java writes them and non-finite ones as null, with a final newline
     */
    public static String json(Object value) {
        return GSON.toJson(tree(value)) + '\n';
    }

    private static JsonElement tree(@Nullable Object value) {
        if (value instanceof Map<?, ?> map) {
            JsonObject object = new JsonObject();
            map.forEach((key, child) -> object.add(String.valueOf(key), tree(child)));
            return object;
        }
        if (value instanceof List<?> list) {
            JsonArray array = new JsonArray();
            list.forEach(child -> array.add(tree(child)));
            return array;
        }
        if (value instanceof Double || value instanceof Float) {
            double number = ((Number) value).doubleValue();
            return Double.isFinite(number) ? new JsonPrimitive(number) : JsonNull.INSTANCE;
        }
        if (value instanceof Number number) {
            return new JsonPrimitive(number);
        }
        if (value instanceof Boolean bool) {
            return new JsonPrimitive(bool);
        }
        return value == null ? JsonNull.INSTANCE : new JsonPrimitive(value.toString());
    }

    /**
     * @param map
     *            a summary
     * @return it as "key: value" lines, nested maps and lists indented under their key
     */
    public static String text(Map<String, Object> map) {
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
