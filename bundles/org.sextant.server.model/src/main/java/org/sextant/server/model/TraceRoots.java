// SPDX-License-Identifier: EPL-2.0
package org.sextant.server.model;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.FileSystemNotFoundException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The directories under which the server opens traces, and the check every path a client names goes through: a
 * path (or {@code file:} URI), absolute or relative to the first root, is normalised, then resolved with its
 * symbolic links followed, and must still lie under one of the roots' own real paths. So {@code ..} cannot climb
 * out, and neither can a link inside a root that points elsewhere. A path outside the roots is refused the same
 * way whether or not anything is there, so the server tells nothing about the rest of the machine.
 */
public final class TraceRoots {

    private final List<Path> fRoots;

    private TraceRoots(List<Path> roots) {
        fRoots = roots;
    }

    /**
     * @param roots
     *            directories; none means the current directory
     * @return the roots, each resolved to its real path
     * @throws IOException
     *             naming a root that is no readable directory
     */
    public static TraceRoots of(List<Path> roots) throws IOException {
        List<Path> real = new ArrayList<>();
        for (Path root : roots.isEmpty() ? List.of(Path.of("")) : roots) { //$NON-NLS-1$
            if (!Files.isDirectory(root)) {
                throw new IOException(root + ": not a directory"); //$NON-NLS-1$
            }
            real.add(root.toRealPath());
        }
        return new TraceRoots(List.copyOf(real));
    }

    /** @return the roots' real paths, the first one the base of relative paths */
    public List<Path> roots() {
        return fRoots;
    }

    /**
     * @param uri
     *            what the client sent: a path or a {@code file:} URI
     * @return the real path it names, under a root
     * @throws BadRequestException
     *             400 for what is no path, 403 for a path outside the roots, 404 for nothing there
     */
    public Path resolve(String uri) throws BadRequestException {
        if (uri.isBlank() || uri.indexOf('\0') >= 0) {
            throw BadRequestException.badRequest("uri must name a path, not \"" + printable(uri) + '"'); //$NON-NLS-1$
        }
        Path path;
        try {
            path = uri.startsWith("file:") ? Path.of(new URI(uri)) : Path.of(uri); //$NON-NLS-1$
        } catch (URISyntaxException | IllegalArgumentException | FileSystemNotFoundException e) {
            throw BadRequestException.badRequest("uri is no path or file URI: \"" + printable(uri) + '"'); //$NON-NLS-1$
        }
        Path absolute = fRoots.get(0).resolve(path).normalize();
        if (!under(absolute)) {
            throw outside(uri);
        }
        Path real;
        try {
            real = absolute.toRealPath();
        } catch (NoSuchFileException e) {
            throw new BadRequestException(BadRequestException.NOT_FOUND, uri + ": no such file or directory"); //$NON-NLS-1$
        } catch (IOException e) {
            throw new BadRequestException(BadRequestException.NOT_FOUND, uri + ": cannot be reached: " + e.getMessage()); //$NON-NLS-1$
        }
        if (!under(real)) {
            throw outside(uri);
        }
        return real;
    }

    private boolean under(Path path) {
        return fRoots.stream().anyMatch(path::startsWith);
    }

    private static BadRequestException outside(String uri) {
        return new BadRequestException(BadRequestException.FORBIDDEN, uri + ": outside the directories this server opens traces from"); //$NON-NLS-1$
    }

    /** A client's text shown back without control characters that could forge a log line. */
    static String printable(String text) {
        StringBuilder shown = new StringBuilder();
        text.codePoints().limit(200).forEach(c -> shown.append(Character.isISOControl(c) ? '?' : Character.toString(c)));
        return text.length() > 200 ? shown + "..." : shown.toString(); //$NON-NLS-1$
    }
}
