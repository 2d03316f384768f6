// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.core;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.sextant.common.core.summary.HeadlessAnalysisException;

/**
 * The page cache as the benchmarks set it before a timed run: hot, a trace's files just read whole, or cold, the
 * whole machine's clean cache dropped ({@code sync; echo 3 > /proc/sys/vm/drop_caches}, which needs root). A
 * page mapped by a live mapping stays cached through a drop, and the CTF reader maps the streams it decodes:
 * before dropping, the collector is asked to release the mappings that no one holds any more, and
 * {@link #resident} tells how much of the trace a drop left in memory ({@code fincore}).
 */
public final class PageCache {

    private static final Path DROP_CACHES = Path.of("/proc/sys/vm/drop_caches"); //$NON-NLS-1$
    private static final Path MAPS = Path.of("/proc/self/maps"); //$NON-NLS-1$
    /** How long to wait for the collector to release a trace's dead mappings. */
    private static final long UNMAP_MILLIS = 5_000;
    private static final long POLL_MILLIS = 50;

    private PageCache() {
    }

    /** @return the regular files of a trace (a file or a directory), in name order */
    public static List<Path> files(Path trace) throws HeadlessAnalysisException {
        try (Stream<Path> files = Files.walk(trace)) {
            return files.filter(Files::isRegularFile).sorted().toList();
        } catch (IOException | UncheckedIOException e) {
            throw new HeadlessAnalysisException("cannot list the trace " + trace + ": " + e.getMessage()); //$NON-NLS-1$ //$NON-NLS-2$
        }
    }

    /**
     * Checks that the cache can be dropped, before a benchmark starts rather than after its first builds.
     *
     * @throws HeadlessAnalysisException
     *             when it cannot: not root
     */
    public static void checkDroppable() throws HeadlessAnalysisException {
        if (!Files.isWritable(DROP_CACHES)) {
            throw new HeadlessAnalysisException("--cold drops the page cache, which needs root: " + DROP_CACHES //$NON-NLS-1$
                    + " is not writable by this user (run the benchmark as root, or without --cold)"); //$NON-NLS-1$
        }
    }

    /**
     * Reads a trace's files once, so that a timed run finds them in the page cache.
     *
     * @param trace
     *            a trace file or directory
     * @throws HeadlessAnalysisException
     *             when a file cannot be read
     */
    public static void warm(Path trace) throws HeadlessAnalysisException {
        byte[] buffer = new byte[1 << 20];
        for (Path file : files(trace)) {
            try (InputStream in = Files.newInputStream(file)) {
                while (in.read(buffer) >= 0) {
                    // read only to have it cached
                }
            } catch (IOException e) {
                throw new HeadlessAnalysisException("cannot read the trace file " + file + ": " + e.getMessage()); //$NON-NLS-1$ //$NON-NLS-2$
            }
        }
    }

    /**
     * Drops the machine's page cache (every clean page, not only the trace's), after the collector released the
     * process's dead mappings of the trace.
     *
     * @param trace
     *            the trace whose mappings to wait for
     * @throws HeadlessAnalysisException
     *             when the cache cannot be dropped
     */
    public static void drop(Path trace) throws HeadlessAnalysisException {
        checkDroppable();
        String prefix = trace.toAbsolutePath().normalize().toString();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(UNMAP_MILLIS);
        while (mapped(prefix) && System.nanoTime() < deadline) {
            System.gc();
            try {
                Thread.sleep(POLL_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new HeadlessAnalysisException("interrupted while dropping the page cache"); //$NON-NLS-1$
            }
        }
        try {
            Process sync = new ProcessBuilder("sync").inheritIO().start(); //$NON-NLS-1$
            if (sync.waitFor() != 0) {
                throw new HeadlessAnalysisException("sync failed before dropping the page cache"); //$NON-NLS-1$
            }
            Files.writeString(DROP_CACHES, "3\n", StandardCharsets.US_ASCII); //$NON-NLS-1$
        } catch (IOException e) {
            throw new HeadlessAnalysisException("cannot drop the page cache (" + DROP_CACHES + "): " + e.getMessage()); //$NON-NLS-1$ //$NON-NLS-2$
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new HeadlessAnalysisException("interrupted while dropping the page cache"); //$NON-NLS-1$
        }
    }

    /**
     * @param trace
     *            a trace file or directory
     * @return how many bytes of its files are in the page cache, by util-linux's {@code fincore}; -1 when that
     *         cannot be told (no {@code fincore})
     */
    public static long resident(Path trace) throws HeadlessAnalysisException {
        List<String> command = new ArrayList<>(List.of("fincore", "--bytes", "--noheadings", "--raw", "--output", "RES")); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$ //$NON-NLS-5$ //$NON-NLS-6$
        files(trace).forEach(file -> command.add(file.toString()));
        try {
            Process fincore = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String out = new String(fincore.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
            if (fincore.waitFor() != 0) {
                return -1;
            }
            return out.lines().map(String::strip).filter(line -> !line.isEmpty()).mapToLong(Long::parseLong).sum();
        } catch (IOException | NumberFormatException e) {
            return -1;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    /** @return whether this process maps a file under the prefix */
    private static boolean mapped(String prefix) throws HeadlessAnalysisException {
        try (Stream<String> lines = Files.lines(MAPS)) {
            return lines.anyMatch(line -> line.contains(' ' + prefix));
        } catch (IOException | UncheckedIOException e) {
            throw new HeadlessAnalysisException("cannot read " + MAPS + ": " + e.getMessage()); //$NON-NLS-1$ //$NON-NLS-2$
        }
    }
}
