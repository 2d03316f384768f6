// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.ftrace.core;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.analysis.os.linux.core.event.aspect.LinuxTidAspect;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.event.aspect.TmfCpuAspect;
import org.sextant.ftrace.core.FtraceLostEvent;
import org.sextant.ftrace.core.FtraceTmfEvent;

/**
 * The aspects every ftrace event has beyond Trace Compass's base ones: the CPU that recorded it, which Trace
 * Compass's kernel analyses and the Resources view read, and the running thread ({@code common_pid}).
 */
public final class FtraceAspects {

    /** The CPU that recorded the event. */
    public static final TmfCpuAspect CPU = new TmfCpuAspect() {
        @Override
        public @Nullable Integer resolve(ITmfEvent event) {
            if (event instanceof FtraceTmfEvent ftrace) {
                return ftrace.getCpu();
            }
            return event instanceof FtraceLostEvent lost ? lost.getCpu() : null;
        }
    };

    /** The thread that was running when the event was recorded; none for a lost-events marker. */
    public static final LinuxTidAspect TID = new LinuxTidAspect() {
        @Override
        public @Nullable Integer resolve(ITmfEvent event) {
            return event instanceof FtraceTmfEvent ftrace && ftrace.getTid() >= 0 ? ftrace.getTid() : null;
        }
    };

    private FtraceAspects() {
    }
}
