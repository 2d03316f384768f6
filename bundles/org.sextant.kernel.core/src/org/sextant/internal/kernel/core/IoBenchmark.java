// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.kernel.core;

import org.sextant.kernel.core.IoModule;
import org.sextant.parallel.core.HistoryBenchmark;

/**
 * {@code sextant bench --analysis io}: {@link IoModule} serial and parallel. Trace Compass 6.2 has no analysis
 * of bytes moved by system calls (its I/O analysis follows block requests), so there is no run of its own.
 */
public class IoBenchmark extends HistoryBenchmark {

    /** Creates the benchmark, as plugin.xml does. */
    public IoBenchmark() {
        super(IoModule::new, IoModule.ID);
    }
}
