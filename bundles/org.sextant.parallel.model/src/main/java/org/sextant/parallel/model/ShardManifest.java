// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.model;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The list of files that hold one state history written by several writers (one history tree per writer), kept
 * beside them: the history is opened again only from all of its files, each of the size it had when the build
 * closed it, so a missing or truncated shard is found before any query and the history rebuilt, never answered
 * in part.
 *
 * <p>
 * The format is text: a first line {@value #HEADER}, then one line per shard, {@code SIZE NAME}, the name
 * relative to the manifest's directory, in the order the history reads them (the first holds the attribute
 * tree).
 * </p>
 */
public final class ShardManifest {

    /** The first line, which names the format and its version. */
    public static final String HEADER = "sextant sharded history 1"; //$NON-NLS-1$

    private ShardManifest() {
    }

    /**
     * Writes the manifest of complete shards, with their sizes now, through a temporary file renamed at once: a
     * manifest is never seen half written, and as the last file of a build to appear it marks the build complete.
     *
     * @param manifest
     *            the manifest file, in the shards' directory
     * @param shards
     *            the shards' files, in order
     * @throws IOException
     *             when a shard's size cannot be read or the manifest cannot be written
     */
    public static void write(Path manifest, List<Path> shards) throws IOException {
        StringBuilder text = new StringBuilder(HEADER).append('\n');
        for (Path shard : shards) {
            text.append(Files.size(shard)).append(' ').append(shard.getFileName()).append('\n');
        }
        Path partial = manifest.resolveSibling(manifest.getFileName() + ".partial"); //$NON-NLS-1$
        Files.writeString(partial, text, StandardCharsets.UTF_8);
        Files.move(partial, manifest, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    /**
     * Reads a manifest and checks its shards.
     *
     * @param manifest
     *            the manifest file
     * @return the shards' files, in order
     * @throws IOException
     *             when the manifest cannot be read or is malformed (naming the line), or a shard is missing or does
     *             not have its recorded size (naming the shard)
     */
    public static List<Path> read(Path manifest) throws IOException {
        List<String> lines = Files.readAllLines(manifest, StandardCharsets.UTF_8);
        if (lines.isEmpty() || !HEADER.equals(lines.get(0))) {
            throw new IOException(manifest + ": not a shard manifest (line 1 is not '" + HEADER + "')"); //$NON-NLS-1$ //$NON-NLS-2$
        }
        List<Path> shards = new ArrayList<>();
        for (int i = 1; i < lines.size(); i++) {
            String line = lines.get(i);
            int space = line.indexOf(' ');
            long size;
            try {
                size = space > 0 ? Long.parseLong(line.substring(0, space)) : -1;
            } catch (NumberFormatException e) {
                size = -1;
            }
            if (size < 0 || space + 1 == line.length()) {
                throw new IOException(manifest + ": line " + (i + 1) + " is not 'SIZE NAME': " + line); //$NON-NLS-1$ //$NON-NLS-2$
            }
            Path shard = manifest.resolveSibling(line.substring(space + 1));
            if (!Files.isRegularFile(shard)) {
                throw new IOException("shard " + shard + " is missing"); //$NON-NLS-1$ //$NON-NLS-2$
            }
            long actual = Files.size(shard);
            if (actual != size) {
                throw new IOException("shard " + shard + " has " + actual + " bytes where its build wrote " + size); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            }
            shards.add(shard);
        }
        if (shards.isEmpty()) {
            throw new IOException(manifest + ": no shard listed"); //$NON-NLS-1$
        }
        return shards;
    }
}
