// SPDX-License-Identifier: EPL-2.0
package org.sextant.otf2.model;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * An OTF2 archive opened from its anchor file ({@code NAME.otf2}) or the directory holding it: the anchor, the
 * global definitions ({@code NAME.def}) and, per location, an {@link Otf2EventReader} over {@code NAME/ID.evt}
 * with that location's mappings and clock offsets from {@code NAME/ID.def}. {@link #readEvents} merges the
 * locations in time ({@link Otf2MergedEvents}), which is how {@code otf2-print} lists them.
 */
public final class Otf2Archive {

    /** Receives events in order. */
    @FunctionalInterface
    public interface EventSink {
        /** @param event the next event */
        void accept(Otf2Event event);
    }

    private final Path fAnchorFile;
    private final Path fDirectory;
    private final Otf2Anchor fAnchor;
    private final Otf2Definitions fDefinitions;
    private final Map<Integer, Long> fSkipped = new TreeMap<>();

    private Otf2Archive(Path anchorFile, Otf2Anchor anchor, Otf2Definitions definitions) {
        fAnchorFile = anchorFile;
        fDirectory = anchorFile.resolveSibling(baseName(anchorFile));
        fAnchor = anchor;
        fDefinitions = definitions;
    }

    /**
     * Opens an archive: reads its anchor file and global definitions.
     *
     * @param path
     *            the anchor file, or a directory holding exactly one
     * @return the archive
     * @throws Otf2FormatException
     *             if a file is missing, truncated or not OTF2
     */
    public static Otf2Archive open(Path path) throws Otf2FormatException {
        Path anchorFile = Files.isDirectory(path) ? findAnchor(path) : path;
        Otf2Anchor anchor = Otf2Anchor.read(Otf2Buffer.open(anchorFile));
        Path defs = anchorFile.resolveSibling(baseName(anchorFile) + ".def");
        if (!Files.exists(defs)) {
            throw new Otf2FormatException(defs, -1, "the archive's global definitions file is missing");
        }
        return new Otf2Archive(anchorFile, anchor, Otf2Definitions.read(Otf2Buffer.open(defs),
                anchor.chunkSizeDefinitions()));
    }

    private static Path findAnchor(Path directory) throws Otf2FormatException {
        try (Stream<Path> files = Files.list(directory)) {
            List<Path> anchors = files.filter(f -> f.getFileName().toString().endsWith(".otf2")).sorted().toList();
            if (anchors.size() != 1) {
                throw new Otf2FormatException(directory, -1, "holds " + anchors.size()
                        + " OTF2 anchor files (*.otf2); name one");
            }
            return anchors.get(0);
        } catch (IOException e) {
            throw new Otf2FormatException(directory, -1, "cannot be listed (" + e.getMessage() + ")");
        }
    }

    private static String baseName(Path anchorFile) {
        String name = anchorFile.getFileName().toString();
        return name.endsWith(".otf2") ? name.substring(0, name.length() - ".otf2".length()) : name;
    }

    /** @return the anchor file */
    public Path anchorFile() {
        return fAnchorFile;
    }

    /** @return the anchor */
    public Otf2Anchor anchor() {
        return fAnchor;
    }

    /** @return the global definitions */
    public Otf2Definitions definitions() {
        return fDefinitions;
    }

    /**
     * Opens the event file of one location.
     *
     * @param location
     *            a location id of the definitions
     * @return its reader
     * @throws Otf2FormatException
     *             if its files are missing or damaged
     */
    public Otf2EventReader events(long location) throws Otf2FormatException {
        Path evt = fDirectory.resolve(Long.toUnsignedString(location) + ".evt");
        Otf2LocalDefinitions local = Otf2LocalDefinitions.read(
                fDirectory.resolve(Long.toUnsignedString(location) + ".def"), fAnchor.chunkSizeDefinitions());
        return new Otf2EventReader(Otf2Buffer.open(evt), location, fAnchor.chunkSizeEvents(), local);
    }

    /**
     * Reads every location's events, merged in time.
     *
     * @param sink
     *            receives the events
     * @return how many events were read
     * @throws Otf2FormatException
     *             if a file is missing or damaged
     */
    public long readEvents(EventSink sink) throws Otf2FormatException {
        Otf2MergedEvents events = mergedEvents();
        for (Otf2Event event = events.next(); event != null; event = events.next()) {
            sink.accept(event);
        }
        fSkipped.clear();
        fSkipped.putAll(events.skipped());
        return events.rank();
    }

    /**
     * Opens every location's event file for reading merged in time, one event at a time.
     *
     * @return the merged events, before the first
     * @throws Otf2FormatException
     *             if a file is missing or damaged
     */
    public Otf2MergedEvents mergedEvents() throws Otf2FormatException {
        return new Otf2MergedEvents(this);
    }

    /** @return how many event records of each unknown type the last {@link #readEvents} skipped */
    public Map<Integer, Long> skippedEvents() {
        return Map.copyOf(fSkipped);
    }
}
