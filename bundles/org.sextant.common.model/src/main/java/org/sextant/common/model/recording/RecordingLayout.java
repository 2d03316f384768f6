// SPDX-License-Identifier: EPL-2.0
package org.sextant.common.model.recording;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The traces of a recording directory: every CTF trace under it (a directory holding a {@code metadata} file:
 * {@code DIR/ust/pid/<process>/metadata} per Redis node, {@code DIR/kernel/metadata}), in path order, then its
 * ftrace trace ({@code DIR/ftrace/trace.dat}, or its {@code trace.txt} where trace-cmd could not extract a
 * {@code .dat}; {@code DIR} may be the ftrace folder itself). The command line and the workbench open these same
 * members as one experiment, so that both show the same thing.
 */
public final class RecordingLayout {

    /** The file that makes a directory a CTF trace. */
    public static final String CTF_METADATA = "metadata";
    /** How deep a recording's traces lie: {@code DIR/ust/pid/<process>/64-bit/metadata}. */
    public static final int MAX_DEPTH = 6;
    /** Where a recording's ftrace trace lies, relative to the recording or its ftrace folder, by preference. */
    private static final List<String> FTRACE_FILES = List.of("ftrace/trace.dat", "ftrace/trace.txt", "trace.dat", "trace.txt");

    private RecordingLayout() {
    }

    /**
     * @param path
     *            any path
     * @return whether it is a directory of traces rather than a trace: a directory with no CTF metadata of its own
     */
    public static boolean isRecording(Path path) {
        return Files.isDirectory(path) && !Files.isRegularFile(path.resolve(CTF_METADATA));
    }

    /**
     * @param recording
     *            a recording directory
     * @return its CTF traces, in path order
     * @throws IOException
     *             when it cannot be listed
     */
    public static List<Path> ctfTraces(Path recording) throws IOException {
        try (Stream<Path> paths = Files.walk(recording, MAX_DEPTH)) {
            return paths.filter(p -> p.endsWith(CTF_METADATA) && Files.isRegularFile(p)).map(Path::getParent).sorted().toList();
        }
    }

    /**
     * @param recording
     *            a recording directory
     * @return its ftrace trace, if it has one
     */
    public static Optional<Path> ftraceTrace(Path recording) {
        return FTRACE_FILES.stream().map(recording::resolve).filter(Files::isRegularFile).findFirst();
    }

    /**
     * @param recording
     *            a recording directory
     * @return every trace to open: its CTF traces in path order, then its ftrace trace
     * @throws IOException
     *             when it cannot be listed
     */
    public static List<Path> members(Path recording) throws IOException {
        List<Path> members = new ArrayList<>(ctfTraces(recording));
        ftraceTrace(recording).ifPresent(members::add);
        return members;
    }
}
