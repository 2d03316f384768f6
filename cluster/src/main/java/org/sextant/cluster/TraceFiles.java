// SPDX-License-Identifier: EPL-2.0
package org.sextant.cluster;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

/**
 * A trace's files where a task reads them: in place on a file system every executor mounts, or, for a trace named
 * by a Hadoop URI ({@link HadoopTraces}), a local copy made through Hadoop's {@code FileSystem} and removed when
 * closed. Either way a trace this host cannot read is an {@link UnreadableTraceException} naming the host and the
 * path. A copy still there when the JVM exits (an executor's last trace of a split job) is removed then.
 */
final class TraceFiles implements AutoCloseable {

    private static final String METADATA = "metadata"; //$NON-NLS-1$
    /** The local copies not yet removed, which the JVM's exit removes. */
    private static final Set<Path> COPIES = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            for (Path copy : COPIES) {
                try {
                    delete(copy);
                } catch (IOException e) {
                    // the temporary directory's own cleaning takes it
                }
            }
        }, "sextant trace copies")); //$NON-NLS-1$
    }

    private final Path fPath;
    private final boolean fCopy;

    private TraceFiles(Path path, boolean copy) {
        fPath = path;
        fCopy = copy;
    }

    /**
     * @param trace
     *            a trace's absolute path, or its URI
     * @return its files, readable here
     * @throws UnreadableTraceException
     *             when this host cannot read it
     * @throws IOException
     *             when its local copy cannot be written
     */
    static TraceFiles open(String trace) throws IOException {
        if (!HadoopTraces.isUri(trace)) {
            Path path = Path.of(trace);
            if (!Files.isDirectory(path)) {
                throw new UnreadableTraceException(TraceBuild.host(), trace, "no such directory"); //$NON-NLS-1$
            }
            check(trace, path);
            return new TraceFiles(path, false);
        }
        Path copy = Files.createTempDirectory("sextant-trace-"); //$NON-NLS-1$
        COPIES.add(copy);
        try {
            try {
                HadoopTraces.copy(trace, copy);
            } catch (FileNotFoundException e) {
                throw new UnreadableTraceException(TraceBuild.host(), trace, "no such directory"); //$NON-NLS-1$
            } catch (IOException e) {
                // the file system unreachable, a file refused: Hadoop's message says which
                throw new UnreadableTraceException(TraceBuild.host(), trace, e.getMessage().lines().findFirst().orElse(e.toString()));
            }
            check(trace, copy);
            return new TraceFiles(copy, true);
        } catch (IOException | RuntimeException e) {
            delete(copy);
            throw e;
        }
    }

    private static void check(String trace, Path path) throws UnreadableTraceException {
        if (!Files.isReadable(path.resolve(METADATA))) {
            throw new UnreadableTraceException(TraceBuild.host(), trace, "no readable CTF metadata in it"); //$NON-NLS-1$
        }
    }

    /** @return the trace's directory here */
    Path path() {
        return fPath;
    }

    /** Removes the local copy, if one was made. */
    @Override
    public void close() throws IOException {
        if (fCopy) {
            delete(fPath);
        }
    }

    private static void delete(Path directory) throws IOException {
        COPIES.remove(directory);
        try (Stream<Path> files = Files.walk(directory)) {
            for (Path file : (Iterable<Path>) files.sorted(Comparator.reverseOrder())::iterator) {
                Files.deleteIfExists(file);
            }
        }
    }
}
