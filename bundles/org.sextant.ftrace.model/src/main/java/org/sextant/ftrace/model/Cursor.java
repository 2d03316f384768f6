// SPDX-License-Identifier: EPL-2.0
package org.sextant.ftrace.model;

import java.io.Closeable;
import java.io.IOException;

/**
 * Reads a trace's events in time order from a {@link Position}. Events of equal timestamps come in a fixed order
 * (by CPU, then as the CPU recorded them), so reading from the same position always gives the same sequence.
 * A cursor is not thread safe; open one per reader, and close it when done (a text trace's cursor holds the file
 * open).
 */
public interface Cursor extends Closeable {

    /**
     * @return the next event, or null at the end of the trace
     * @throws IOException
     *             when the file cannot be read
     * @throws FtraceFormatException
     *             when the next event cannot be read: the message names the file and the offset or line
     */
    FtraceEvent next() throws IOException, FtraceFormatException;

    /** @return the position of the event {@link #next()} returns next, {@link Position#END} at the end */
    Position position();

    @Override
    default void close() throws IOException {
        // most cursors hold nothing that needs closing
    }
}
