// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.model;

/**
 * The fields of the event a {@link ChunkAnalysis.Worker} handles, by name: the payload's, the contexts' and the
 * header's, as far as the analysis asked for them ({@link ChunkAnalysis#fields()}). Valid during the call only.
 * This is all a chunk analysis sees of the decoder.
 */
public interface EventFields {
    /**
     * @param name
     *            a field name; an element of an integer array is {@code name[index]}
     * @param otherwise
     *            the value when the event has no such integer field
     * @return the field's value
     */
    long integer(String name, long otherwise);

    /**
     * @param name
     *            a field name
     * @return the string field's value (an enumeration's label), or null when the event has no such field
     */
    String string(String name);
}
