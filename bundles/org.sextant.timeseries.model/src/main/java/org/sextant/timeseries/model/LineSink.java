// SPDX-License-Identifier: EPL-2.0
package org.sextant.timeseries.model;

/** Where points go, one line of {@link LineProtocol} at a time: an {@link InfluxWriter}, or a test's list. */
@FunctionalInterface
public interface LineSink {
    /**
     * @param line
     *            a point, without its line break; copied before this returns
     * @throws InfluxException
     *             when the point (or the batch it completes) cannot be written
     */
    void line(CharSequence line);
}
