// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.ftrace.core;

import java.nio.ByteBuffer;

import org.eclipse.tracecompass.tmf.core.trace.location.TmfLocation;
import org.sextant.ftrace.model.Position;

/**
 * Where an event of an ftrace trace is: its {@link Position}, the event's time and its rank among events of that
 * time, which the reader finds again by a binary search of each CPU's pages (or of the text's checkpoints).
 */
public final class FtraceLocation extends TmfLocation {

    /**
     * @param position
     *            the position
     */
    public FtraceLocation(Position position) {
        super(position);
    }

    @Override
    public Position getLocationInfo() {
        return (Position) super.getLocationInfo();
    }

    @Override
    public void serialize(ByteBuffer buffer) {
        buffer.putLong(getLocationInfo().timestamp());
        buffer.putLong(getLocationInfo().rank());
    }
}
