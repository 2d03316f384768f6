// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.sextant.common.model.state.StateWriter;

/** Keeps each attribute's values in time order, as "time=value" strings, to compare with expectations. */
final class StateLog implements StateWriter {

    private final List<String> fPaths = new ArrayList<>();
    private final Map<String, List<String>> fValues = new HashMap<>();

    @Override
    public int attribute(String... path) {
        String joined = String.join("/", path);
        int index = fPaths.indexOf(joined);
        if (index >= 0) {
            return index;
        }
        fPaths.add(joined);
        return fPaths.size() - 1;
    }

    @Override
    public void modify(long time, int attribute, Object value) {
        fValues.computeIfAbsent(fPaths.get(attribute), path -> new ArrayList<>()).add(time + "=" + value);
    }

    /** @return the attribute's changes, "time=value", oldest first; empty if never written */
    List<String> history(String path) {
        return fValues.getOrDefault(path, List.of());
    }

    /** @return the attribute's last value as written, "null" if it was never written */
    String last(String path) {
        List<String> values = history(path);
        return values.isEmpty() ? "null" : values.get(values.size() - 1).replaceFirst("^[0-9]+=", "");
    }
}
