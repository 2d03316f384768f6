// SPDX-License-Identifier: EPL-2.0
package org.sextant.otf2.model;

import java.util.List;

/**
 * One decoded event: its location, its timestamp in ticks of the archive's clock, its type, its fields (global
 * ids, after the location's local mappings; see {@link Otf2EventType} for the layout) and its attribute list.
 *
 * @param location
 *            the location id
 * @param time
 *            the timestamp in clock ticks
 * @param type
 *            the event type
 * @param fields
 *            the field values in the type's order
 * @param attributes
 *            the attributes attached to the event, in file order
 */
public record Otf2Event(long location, long time, Otf2EventType type, long[] fields, List<Attribute> attributes) {

    /**
     * An attribute attached to an event.
     *
     * @param attribute
     *            the global attribute id
     * @param type
     *            the {@link Otf2Type} code of the value
     * @param value
     *            the value: a number, a global reference, or a float's or double's raw bits
     */
    public record Attribute(long attribute, int type, long value) {
    }

    /** @return the value of a scalar field by its name, for example {@code field("region")} */
    public long field(String name) {
        int index = type().fieldNames().indexOf(name);
        if (index < 0) {
            throw new IllegalArgumentException(type() + " has no field " + name);
        }
        return fields[index];
    }
}
