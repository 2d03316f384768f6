// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.engine;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Stream;

import org.eclipse.jdt.annotation.Nullable;

/**
 * What a supplementary file of a trace was made from: the trace's files (names relative to the trace, sizes,
 * modification times, and a digest of the small files that identify a CTF trace, its {@code metadata} and
 * LTTng's packet index {@code index/*.idx}) and the facts its maker adds (a state version, analysis
 * parameters). Trace Compass keys a trace's supplementary files by the trace's path, so a trace whose files
 * were replaced at the same path would be answered from the old files' results; kept beside the file it
 * describes ({@code <file>.provenance}), this record lets the file be reused only while it still describes the
 * trace, and says what changed otherwise.
 *
 * <p>
 * Stream files are not digested: they can be gigabytes, and a replaced stream has another size or modification
 * time unless copied with its time preserved, while a replaced trace has other metadata (its UUID, its
 * environment) and another index.
 * </p>
 */
public final class Provenance {

    /**
     * The suffix of a record, named after the file it describes. A supplementary file with a record beside it
     * is judged by its maker, which says why it rebuilds it; the trace opener leaves it alone.
     */
    public static final String SUFFIX = ".provenance"; //$NON-NLS-1$

    private static final String FACT = "fact."; //$NON-NLS-1$
    private static final String FILE = "file."; //$NON-NLS-1$
    private static final String METADATA = "metadata"; //$NON-NLS-1$
    private static final String INDEX_DIRECTORY = "index"; //$NON-NLS-1$
    private static final String INDEX_SUFFIX = ".idx"; //$NON-NLS-1$
    private static final String NONE = "none"; //$NON-NLS-1$
    /** How many file names a change names before "and N more". */
    private static final int NAMED_FILES = 3;

    private final Map<String, String> fFacts;
    private final SortedMap<String, String> fFiles;

    private Provenance(Map<String, String> facts, SortedMap<String, String> files) {
        fFacts = facts;
        fFiles = files;
    }

    /**
     * Reads what a trace is made of now.
     *
     * @param trace
     *            the trace's file or directory (all files below a directory belong to it)
     * @param facts
     *            what the maker adds, in the order a change should name them
     * @return the provenance
     * @throws IOException
     *             when a file of the trace cannot be read
     */
    public static Provenance of(Path trace, Map<String, String> facts) throws IOException {
        SortedMap<String, String> files = new TreeMap<>();
        try (Stream<Path> walk = Files.walk(trace)) {
            for (Path file : (Iterable<Path>) walk.filter(Files::isRegularFile)::iterator) {
                String name = trace.equals(file) ? file.getFileName().toString() : trace.relativize(file).toString();
                String stamp = Files.size(file) + " " + Files.getLastModifiedTime(file); //$NON-NLS-1$
                files.put(name, identifies(file) ? stamp + ' ' + digest(file) : stamp);
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        return new Provenance(new LinkedHashMap<>(facts), files);
    }

    /**
     * What an experiment assembled from traces anywhere (as the trace server's are) is made from: every member's
     * files, named by the member's path, since the experiment has no directory of its own.
     *
     * @param traces
     *            the experiment's members
     * @return their files as they are now
     * @throws IOException
     *             when a member cannot be read
     */
    public static Provenance ofAll(List<Path> traces) throws IOException {
        return ofAll(traces, Map.of());
    }

    /**
     * Reads what several traces are made of now (an experiment of chosen traces), with a maker's facts.
     *
     * @param traces
     *            the traces' files or directories
     * @param facts
     *            what the maker adds, in the order a change should name them
     * @return the provenance, each file named by its absolute path
     * @throws IOException
     *             when a file of a trace cannot be read
     */
    public static Provenance ofAll(List<Path> traces, Map<String, String> facts) throws IOException {
        SortedMap<String, String> files = new TreeMap<>();
        for (Path trace : traces) {
            of(trace, Map.of()).fFiles.forEach((name, stamp) -> files.put(trace.toAbsolutePath() + "/" + name, stamp)); //$NON-NLS-1$
        }
        return new Provenance(new LinkedHashMap<>(facts), files);
    }

    /**
     * @param file
     *            a supplementary file
     * @return where its record is kept
     */
    public static Path recordOf(Path file) {
        return file.resolveSibling(file.getFileName() + SUFFIX);
    }

    /**
     * @param record
     *            a record {@link #write} wrote
     * @return what it says, or null when there is none
     * @throws IOException
     *             when it cannot be read
     */
    public static @Nullable Provenance read(Path record) throws IOException {
        Properties properties = new Properties();
        try (InputStream in = Files.newInputStream(record)) {
            properties.load(in);
        } catch (NoSuchFileException e) {
            return null;
        } catch (IllegalArgumentException e) {
            throw new IOException(record + ": " + e.getMessage(), e); //$NON-NLS-1$
        }
        Map<String, String> facts = new LinkedHashMap<>();
        SortedMap<String, String> files = new TreeMap<>();
        for (String key : properties.stringPropertyNames()) {
            if (key.startsWith(FACT)) {
                facts.put(key.substring(FACT.length()), properties.getProperty(key));
            } else if (key.startsWith(FILE)) {
                files.put(key.substring(FILE.length()), properties.getProperty(key));
            }
        }
        return new Provenance(facts, files);
    }

    /**
     * Writes the record atomically: a reader sees the previous record or this one, never part of one.
     *
     * @param record
     *            where
     * @throws IOException
     *             when it cannot be written
     */
    public void write(Path record) throws IOException {
        Properties properties = new Properties();
        fFacts.forEach((key, value) -> properties.setProperty(FACT + key, value));
        fFiles.forEach((name, stamp) -> properties.setProperty(FILE + name, stamp));
        Path partial = Files.createTempFile(record.getParent(), record.getFileName().toString(), null);
        try {
            try (OutputStream out = Files.newOutputStream(partial)) {
                properties.store(out, "Sextant: what the file this record is named after was made from"); //$NON-NLS-1$
            }
            Files.move(partial, record, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(partial);
        }
    }

    /**
     * @param earlier
     *            what a file was made from
     * @return what differs now, in words ("state version 1 -> 2", "perf_stream_0 changed"), or null when nothing
     *         does
     */
    public @Nullable String changeFrom(Provenance earlier) {
        List<String> changes = new ArrayList<>();
        Map<String, String> facts = new LinkedHashMap<>(fFacts);
        earlier.fFacts.keySet().forEach(key -> facts.putIfAbsent(key, NONE));
        facts.forEach((key, now) -> {
            String before = earlier.fFacts.getOrDefault(key, NONE);
            if (!before.equals(now)) {
                changes.add(key + ' ' + before + " -> " + now); //$NON-NLS-1$
            }
        });
        List<String> added = new ArrayList<>();
        List<String> changed = new ArrayList<>();
        fFiles.forEach((name, stamp) -> {
            String before = earlier.fFiles.get(name);
            if (before == null) {
                added.add(name);
            } else if (!before.equals(stamp)) {
                changed.add(name);
            }
        });
        List<String> removed = earlier.fFiles.keySet().stream().filter(name -> !fFiles.containsKey(name)).toList();
        addNames(changes, added, "added"); //$NON-NLS-1$
        addNames(changes, removed, "removed"); //$NON-NLS-1$
        addNames(changes, changed, "changed"); //$NON-NLS-1$
        return changes.isEmpty() ? null : String.join(", ", changes); //$NON-NLS-1$
    }

    private static void addNames(List<String> changes, List<String> names, String what) {
        if (names.isEmpty()) {
            return;
        }
        String named = String.join(", ", names.subList(0, Math.min(names.size(), NAMED_FILES))); //$NON-NLS-1$
        int more = names.size() - NAMED_FILES;
        changes.add(named + (more > 0 ? " and " + more + " more " : " ") + what); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
    }

    /** @return whether the file is one of the small ones that tell one trace from another */
    private static boolean identifies(Path file) {
        String name = file.getFileName().toString();
        Path parent = file.getParent();
        return name.equals(METADATA)
                || (name.endsWith(INDEX_SUFFIX) && parent != null && Objects.equals(parent.getFileName(), Path.of(INDEX_DIRECTORY)));
    }

    private static String digest(Path file) throws IOException {
        MessageDigest digest;
        try {
            digest = MessageDigest.getInstance("SHA-256"); //$NON-NLS-1$
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java runtime has SHA-256", e); //$NON-NLS-1$
        }
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), digest)) {
            in.transferTo(OutputStream.nullOutputStream());
        }
        return HexFormat.of().formatHex(digest.digest());
    }
}
