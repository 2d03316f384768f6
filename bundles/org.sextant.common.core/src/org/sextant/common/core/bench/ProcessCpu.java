// SPDX-License-Identifier: EPL-2.0
package org.sextant.common.core.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The CPU time of this whole process, for benchmarks: every thread's, user and system, from Linux's
 * {@code /proc/self/stat}. On a machine shared with other work a run's wall time includes waiting for a core; its
 * CPU time does not, and it counts the work of every thread the run started.
 */
public final class ProcessCpu {

    /** Linux's USER_HZ, the unit of the CPU times in /proc, 100 on every architecture Trace Compass runs on. */
    private static final double CLOCK_TICKS_PER_S = 100;
    /** Where the user and system times are among the fields after the command name. */
    private static final int USER_TIME = 11;
    private static final int SYSTEM_TIME = 12;

    private ProcessCpu() {
    }

    /** @return the CPU time of this process so far, in seconds, to 10 ms; -1 where there is none */
    public static double seconds() {
        try {
            String stat = Files.readString(Path.of("/proc/self/stat")); //$NON-NLS-1$
            // The fields after the command name, which is in parentheses and may hold spaces.
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" "); //$NON-NLS-1$
            return (Long.parseLong(fields[USER_TIME]) + Long.parseLong(fields[SYSTEM_TIME])) / CLOCK_TICKS_PER_S;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}
