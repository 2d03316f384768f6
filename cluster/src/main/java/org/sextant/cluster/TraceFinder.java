// SPDX-License-Identifier: EPL-2.0
package org.sextant.cluster;

import java.io.IOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Finds the CTF traces of the directories a job is given, on the driver: every directory with a {@code metadata}
 * file, whatever its depth (a recording's {@code ust/pid/NODE/...} and {@code kernel}, a tree of recordings, a
 * lone trace). A trace's own subdirectories (LTTng's {@code index}) are not searched. A directory named by a
 * Hadoop URI ({@code hdfs://NAMENODE:PORT/dir}) is searched through Hadoop's {@code FileSystem} ({@link HadoopTraces}),
 * its traces named by their URIs.
 */
public final class TraceFinder {

    private static final String METADATA = "metadata"; //$NON-NLS-1$

    private TraceFinder() {
    }

    /**
     * @param roots
     *            directories of traces, or traces
     * @return the traces, by name
     * @throws IOException
     *             when a root cannot be read (the message names it)
     */
    public static List<TraceRef> find(List<Path> roots) throws IOException {
        return findAt(roots.stream().map(Path::toString).toList());
    }

    /**
     * @param roots
     *            directories of traces, or traces: local paths or URIs
     * @return the traces, by name
     * @throws IOException
     *             when a root cannot be read (the message names it)
     */
    public static List<TraceRef> findAt(List<String> roots) throws IOException {
        List<TraceRef> traces = new ArrayList<>();
        for (String location : roots) {
            if (HadoopTraces.isUri(location)) {
                HadoopTraces.find(location, traces);
                continue;
            }
            Path given = Path.of(location);
            Path root = given.toAbsolutePath().normalize();
            if (!Files.isDirectory(root)) {
                throw new IOException(given + ": no such directory"); //$NON-NLS-1$
            }
            String rootName = root.getFileName() == null ? "/" : root.getFileName().toString(); //$NON-NLS-1$
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    if (Files.isRegularFile(dir.resolve(METADATA))) {
                        String below = root.relativize(dir).toString();
                        traces.add(new TraceRef(below.isEmpty() ? rootName : rootName + '/' + below, dir.toString()));
                        return FileVisitResult.SKIP_SUBTREE;
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
        }
        traces.sort(Comparator.comparing(TraceRef::name));
        return traces;
    }
}
