// SPDX-License-Identifier: EPL-2.0
package org.sextant.kernel.model;

import java.util.Map;

import org.sextant.parallel.model.EventFields;

/**
 * An event's fields decoded by hand: Long for integers, String for strings.
 *
 * @param values
 *            the fields by name
 */
record MapFields(Map<String, Object> values) implements EventFields {
    @Override
    public long integer(String name, long otherwise) {
        return values.get(name) instanceof Long value ? value : otherwise;
    }

    @Override
    public String string(String name) {
        return values.get(name) instanceof String value ? value : null;
    }
}
