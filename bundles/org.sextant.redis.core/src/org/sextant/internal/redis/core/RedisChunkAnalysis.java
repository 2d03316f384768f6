// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.redis.core;

import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

import org.sextant.parallel.model.ChunkAnalysis;
import org.sextant.parallel.model.Changes;
import org.sextant.parallel.model.EventFields;
import org.sextant.redis.model.RedisEventNormalizer;
import org.sextant.redis.model.RedisTracker;
import org.sextant.redis.model.UseAfterFreeTracker;

/**
 * The Redis model as a {@link ChunkAnalysis} of Sextant's parallel builder: the chunk workers decode and
 * resolve each Redis event on their own (its handler, its fields copied out of the packet, its node and thread),
 * and the merge, in global time order, hands each to one {@link RedisTracker} through its
 * {@link RedisEventNormalizer}, the same tracker and handlers as
 * Trace Compass's serial build ({@link RedisStateProvider}).
 *
 * <p>
 * Why the tracker runs at the merge, not in the workers: a chunk is consecutive packets of one stream, and
 * LTTng's per-process buffers have one stream per CPU, so a node's events are spread over several streams. What
 * an event does to the model depends on its node's whole past across those streams: the connection it names
 * (opened, and its kind learnt, on whichever CPU the event loop ran then), the requests read and not yet
 * answered (read by an io thread on one CPU, answered by the main thread on another), which thread is the event
 * loop, and, for races, what the other threads are doing at that very moment. A prefix carried from the end of
 * the chunk before in the same stream knows none of the other streams', so no chunk-local state can stand in
 * for it; the merge has it, exactly, since it sees every stream's events in time order. So every change is
 * deferred to the merge, and the workers do what is chunk-local: decoding, which dominates reading a trace.
 * </p>
 */
public final class RedisChunkAnalysis implements ChunkAnalysis {

    /**
     * The process and thread id contexts as the decoder names them: LTTng's CTF 1.8 metadata escapes every name
     * with a leading underscore ({@code _vpid}), its CTF 2 metadata does not ({@code vpid}).
     */
    static final Set<String> CONTEXTS = Set.of("_vpid", "_vtid", "vpid", "vtid"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$ //$NON-NLS-4$

    /**
     * The name of the field LTTng-UST gives a sequence's length: {@code __fds_length} for {@code _fds} in CTF
     * 1.8, with the sequence's own leading underscore; {@code _fds_length} for {@code fds} in CTF 2.
     */
    private static String lengthOf(String sequence) {
        return '_' + sequence + "_length"; //$NON-NLS-1$
    }

    private final RedisEventNormalizer fNormalizer;
    private final Set<String> fFields;

    /**
     * @param tracker
     *            the model, fed on the merging thread
     * @param frees
     *            the use-after-free finder, fed on the merging thread too
     * @param fields
     *            the decoder's names of every field of the traces' Redis events (from their metadata), and the
     *            {@link #CONTEXTS}
     */
    public RedisChunkAnalysis(RedisTracker tracker, UseAfterFreeTracker frees, Set<String> fields) {
        fNormalizer = new RedisEventNormalizer(tracker, frees);
        fFields = Set.copyOf(fields);
    }

    @Override
    public Set<String> fields() {
        return fFields;
    }

    /** The strings of Trace Compass's serial build, which this build must equal: commands may hold any byte. */
    @Override
    public Charset strings() {
        return StandardCharsets.ISO_8859_1;
    }

    /** A worker of a trace whose name is unknown: its events must carry their process id. */
    @Override
    public Worker worker() {
        return worker(""); //$NON-NLS-1$
    }

    @Override
    public Worker worker(Path traceDirectory) {
        Path name = traceDirectory.getFileName();
        return worker(name == null ? traceDirectory.toString() : name.toString());
    }

    private Worker worker(String traceName) {
        Node node = new Node(traceName);
        return eventName -> {
            RedisEventHandlers.Handler handler = RedisEventHandlers.handler(eventName);
            return handler == null ? null : new Decoding(handler, node, fFields);
        };
    }

    /** The node key of a worker's events: the process id, as a string made once per process. */
    private static final class Node {
        private final String fTraceName;
        private long fPid = Long.MIN_VALUE;
        private String fKey = ""; //$NON-NLS-1$

        Node(String traceName) {
            fTraceName = traceName;
        }

        /** As {@link RedisEvent}: the process id, or the trace's name when there is none. */
        String key(long pid) {
            if (pid != fPid) {
                fPid = pid;
                fKey = pid >= 0 ? Long.toString(pid) : fTraceName;
            }
            return fKey;
        }
    }

    /**
     * Decodes the events of one class and defers each to the merge. The class's fields are found at its first
     * event (an event class always has the same fields).
     */
    private final class Decoding implements ChunkAnalysis.Handler {
        private final RedisEventHandlers.Handler fHandler;
        private final Node fNode;
        private final Set<String> fCandidates;
        private boolean fLearnt;
        private String[] fIntegerNames = new String[0];
        private String[] fIntegerKeys = new String[0];
        private String[] fStringNames = new String[0];
        private String[] fStringKeys = new String[0];
        private String[] fSequenceNames = new String[0];
        private String[] fSequenceKeys = new String[0];
        private String fPidKey = ""; //$NON-NLS-1$
        private String fTidKey = ""; //$NON-NLS-1$

        Decoding(RedisEventHandlers.Handler handler, Node node, Set<String> candidates) {
            fHandler = handler;
            fNode = node;
            fCandidates = candidates;
        }

        @Override
        public void event(long nanos, int cpu, EventFields fields, Changes changes) {
            if (!fLearnt) {
                learn(fields);
                fLearnt = true;
            }
            String[] integerNames = fIntegerKeys;
            long[] integers = new long[integerNames.length];
            for (int i = 0; i < integers.length; i++) {
                integers[i] = fields.integer(integerNames[i], -1);
            }
            String[] strings = new String[fStringKeys.length];
            for (int i = 0; i < strings.length; i++) {
                String value = fields.string(fStringKeys[i]);
                strings[i] = value == null ? "" : value; //$NON-NLS-1$
            }
            long[][] sequences = new long[fSequenceKeys.length][];
            for (int i = 0; i < sequences.length; i++) {
                sequences[i] = sequence(fields, fSequenceKeys[i]);
            }
            Decoded event = new Decoded(nanos, fNode.key(fields.integer(fPidKey, -1)), (int) fields.integer(fTidKey, -1), fIntegerNames, integers,
                    fStringNames, strings, fSequenceNames, sequences);
            RedisEventHandlers.Handler handler = fHandler;
            changes.defer(nanos, state -> handler.handle(fNormalizer, event));
        }

        /** The elements of an integer sequence, which the decoder keeps as {@code key[0]}, {@code key[1]}... */
        private static long[] sequence(EventFields fields, String key) {
            long[] values = new long[(int) Math.max(0, Math.min(fields.integer(lengthOf(key), 0), Integer.MAX_VALUE))];
            for (int i = 0; i < values.length; i++) {
                values[i] = fields.integer(key + '[' + i + ']', -1);
            }
            return values;
        }

        /**
         * Finds which candidate fields the class has, and of which kind: an LTTng sequence comes with its length
         * ({@link RedisChunkAnalysis#lengthOf}); and how the trace names the process and thread contexts.
         */
        private void learn(EventFields fields) {
            fPidKey = present(fields, "vpid") ? "vpid" : "_vpid"; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            fTidKey = present(fields, "vtid") ? "vtid" : "_vtid"; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
            List<String> integerKeys = new ArrayList<>();
            List<String> stringKeys = new ArrayList<>();
            List<String> sequenceKeys = new ArrayList<>();
            for (String key : fCandidates) {
                if (CONTEXTS.contains(key)) {
                    continue;
                }
                if (fCandidates.contains(lengthOf(key)) && present(fields, lengthOf(key))) {
                    sequenceKeys.add(key);
                    continue;
                }
                if (present(fields, key)) {
                    integerKeys.add(key);
                } else if (fields.string(key) != null) {
                    stringKeys.add(key);
                }
            }
            fIntegerKeys = integerKeys.toArray(new String[0]);
            fStringKeys = stringKeys.toArray(new String[0]);
            fIntegerNames = Arrays.stream(fIntegerKeys).map(Decoding::payloadName).toArray(String[]::new);
            fStringNames = Arrays.stream(fStringKeys).map(Decoding::payloadName).toArray(String[]::new);
            fSequenceKeys = sequenceKeys.toArray(new String[0]);
            fSequenceNames = Arrays.stream(fSequenceKeys).map(Decoding::payloadName).toArray(String[]::new);
        }

        /** Whether the event has that integer field: its value does not depend on the default. */
        private static boolean present(EventFields fields, String key) {
            return fields.integer(key, 0) == fields.integer(key, 1);
        }

        /** Trace Compass's name of a payload field: the leading underscore of LTTng's CTF 1.8 dropped. */
        private static String payloadName(String key) {
            return key.startsWith("_") ? key.substring(1) : key; //$NON-NLS-1$
        }
    }

    /** A decoded Redis event, its fields copied out of the packet. */
    private record Decoded(long time, String node, int tid, String[] integerNames, long[] integers, String[] stringNames, String[] strings,
            String[] sequenceNames, long[][] sequences) implements RedisEventFields {

        @Override
        public long[] numbers(String name) {
            for (int i = 0; i < sequenceNames.length; i++) {
                if (sequenceNames[i].equals(name)) {
                    return sequences[i];
                }
            }
            return new long[0];
        }

        @Override
        public long number(String name) {
            for (int i = 0; i < integerNames.length; i++) {
                if (integerNames[i].equals(name)) {
                    return integers[i];
                }
            }
            return -1;
        }

        @Override
        public String text(String name) {
            for (int i = 0; i < stringNames.length; i++) {
                if (stringNames[i].equals(name)) {
                    return strings[i];
                }
            }
            return ""; //$NON-NLS-1$
        }
    }
}
