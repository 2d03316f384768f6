// SPDX-License-Identifier: EPL-2.0
package org.sextant.kernel.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.sextant.common.model.state.StateWriter;

/** A state writer that keeps every change as a line and every attribute's last value. */
final class RecordingWriter implements StateWriter {

    final List<String> fChanges = new ArrayList<>();
    final Map<String, Object> fFinal = new HashMap<>();
    private final List<String> fPaths = new ArrayList<>();

    @Override
    public int attribute(String... path) {
        fPaths.add(String.join("/", path));
        return fPaths.size() - 1;
    }

    @Override
    public void modify(long time, int attribute, Object value) {
        String path = fPaths.get(attribute);
        fChanges.add(time + " " + path + " = " + value);
        fFinal.put(path, value);
    }

    /** @return the sum of the final long values of the attributes {@code prefix/<one name>} */
    long sumUnder(String prefix) {
        return fFinal.entrySet().stream().filter(e -> e.getKey().startsWith(prefix + '/') && e.getKey().indexOf('/', prefix.length() + 1) < 0)
                .mapToLong(e -> (Long) e.getValue()).sum();
    }
}
