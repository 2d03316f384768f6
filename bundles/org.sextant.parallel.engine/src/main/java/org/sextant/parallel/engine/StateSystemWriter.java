// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.engine;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystemBuilder;
import org.sextant.common.model.state.StateWriter;

/**
 * A model's {@link StateWriter} over a Trace Compass state system being built: attribute paths become quarks,
 * changes become modifications.
 *
 * @param builder
 *            the state system
 */
public record StateSystemWriter(ITmfStateSystemBuilder builder) implements StateWriter {

    @Override
    public int attribute(String... path) {
        return builder.getQuarkAbsoluteAndAdd(path);
    }

    @Override
    public void modify(long time, int attribute, @Nullable Object value) {
        builder.modifyAttribute(time, value, attribute);
    }
}
