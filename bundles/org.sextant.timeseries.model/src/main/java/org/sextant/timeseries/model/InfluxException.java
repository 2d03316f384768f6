// SPDX-License-Identifier: EPL-2.0
package org.sextant.timeseries.model;

/**
 * An export or query that InfluxDB did not complete: the server could not be reached, kept failing or timing out,
 * or refused a point. The message says what happened and names the point where InfluxDB named one;
 * {@link #landed()} is how many points InfluxDB confirmed before it. Unchecked, because points are written from
 * inside a trace reader's event sink.
 */
public class InfluxException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final long fLanded;

    /**
     * @param message
     *            what happened, naming the server and the point
     * @param landed
     *            how many points InfluxDB confirmed
     */
    public InfluxException(String message, long landed) {
        super(message);
        fLanded = landed;
    }

    /** @return how many points InfluxDB confirmed before the failure */
    public long landed() {
        return fLanded;
    }
}
