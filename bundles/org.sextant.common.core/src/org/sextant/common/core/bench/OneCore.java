// SPDX-License-Identifier: EPL-2.0
package org.sextant.common.core.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.eclipse.jdt.annotation.Nullable;

/**
 * This whole process confined to one core while open, by Linux's CPU affinity ({@code taskset}, util-linux):
 * every thread of it, the garbage collector's and the JIT compiler's included, and every thread they start. A
 * build measured inside is the one-processor run that parallel efficiency is defined against; a build on "one
 * thread" alone is not, as the builder's merge and history writers, the collector and the compiler are threads
 * of their own that take the other cores. {@link #close()} gives the process back the cores it had.
 */
public final class OneCore implements AutoCloseable {

    private static final long TASKSET_SECONDS = 10;
    private static final int ATTEMPTS = 5;

    private final String fPid;
    private final String fCores;

    private OneCore(String pid, String cores) {
        fPid = pid;
        fCores = cores;
    }

    /**
     * Confines this process to one core.
     *
     * @return the confinement, to close when the measurement ends
     * @throws IOException
     *             when the process cannot be confined (no {@code taskset}, not Linux, a thread left out); the
     *             message says why, and the process keeps its cores
     */
    public static OneCore confine() throws IOException {
        String pid = Long.toString(ProcessHandle.current().pid());
        String cores = taskset("-c", "-p", pid); //$NON-NLS-1$ //$NON-NLS-2$
        // "pid 123's current affinity list: 0,1"
        OneCore confinement = new OneCore(pid, cores.substring(cores.lastIndexOf(':') + 1).trim());
        try {
            // the first of the cores the process may use (not core 0, which a container may not give it)
            setEveryThread(Integer.toString(cores(confinement.fCores).iterator().next()), pid);
            return confinement;
        } catch (IOException | RuntimeException e) {
            confinement.close();
            throw e;
        }
    }

    @Override
    public void close() throws IOException {
        setEveryThread(fCores, fPid);
    }

    /**
     * Gives every thread of the process these cores, and checks it. {@code taskset -a} fails on a thread that
     * ended while it walked the others, and misses one started meanwhile: so it is run again until every thread
     * has them, a few times at most.
     */
    private static void setEveryThread(String cores, String pid) throws IOException {
        Set<Integer> wanted = cores(cores);
        @Nullable IOException failure = null;
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            try {
                taskset("-a", "-c", "-p", cores, pid); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            } catch (IOException e) {
                failure = e;
            }
            if (allThreadsOn(wanted)) {
                return;
            }
        }
        throw failure != null ? failure : new IOException("a thread of the process kept other cores than " + cores); //$NON-NLS-1$
    }

    private static boolean allThreadsOn(Set<Integer> cores) throws IOException {
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) { //$NON-NLS-1$
            for (Path task : (Iterable<Path>) tasks::iterator) {
                String allowed = allowedCores(task);
                if (allowed != null && !cores.equals(cores(allowed))) {
                    return false;
                }
            }
            return true;
        }
    }

    /** @return the cores of a list such as "0-3,6" ({@code taskset -c} and {@code /proc}'s lists) */
    private static Set<Integer> cores(String list) {
        Set<Integer> cores = new TreeSet<>();
        for (String range : list.split(",")) { //$NON-NLS-1$
            String[] ends = range.trim().split("-"); //$NON-NLS-1$
            int first = Integer.parseInt(ends[0]);
            int last = Integer.parseInt(ends[ends.length - 1]);
            for (int core = first; core <= last; core++) {
                cores.add(core);
            }
        }
        return cores;
    }

    /** @return a thread's "Cpus_allowed_list", or null for a thread that ended meanwhile */
    private static @Nullable String allowedCores(Path task) {
        try {
            for (String line : Files.readAllLines(task.resolve("status"))) { //$NON-NLS-1$
                if (line.startsWith("Cpus_allowed_list:")) { //$NON-NLS-1$
                    return line.substring(line.indexOf(':') + 1).trim();
                }
            }
            return null;
        } catch (IOException e) {
            return null;
        }
    }

    private static String taskset(String... arguments) throws IOException {
        Process process = new ProcessBuilder(Stream.concat(Stream.of("taskset"), Stream.of(arguments)).toList()) //$NON-NLS-1$
                .redirectErrorStream(true).start();
        // Read to the end first: with every thread of a large process, "-a" prints more than a pipe holds.
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        try {
            if (!process.waitFor(TASKSET_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                throw new IOException("taskset did not end in " + TASKSET_SECONDS + " s"); //$NON-NLS-1$ //$NON-NLS-2$
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
            throw new IOException("interrupted while confining the process"); //$NON-NLS-1$
        }
        if (process.exitValue() != 0) {
            throw new IOException("taskset " + String.join(" ", List.of(arguments)) + " failed: " + output); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        }
        return output;
    }
}
