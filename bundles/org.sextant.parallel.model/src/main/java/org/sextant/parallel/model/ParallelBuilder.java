// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.model;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import org.sextant.common.model.state.StateWriter;
import org.sextant.ctf.model.CtfMetadata;
import org.sextant.ctf.model.CtfTrace;
import org.sextant.ctf.model.EventReader;
import org.sextant.ctf.model.Packet;
import org.sextant.ctf.model.TraceFormatException;

/**
 * Builds the state of a {@link ChunkAnalysis} over a CTF trace: workers run the analysis on chunks in parallel,
 * each with chunk-local state, and the merge applies their changes in global time order to one
 * {@link MergedState} writing to one {@link StateWriter}, behind the workers (see {@link ChunkPipeline}).
 *
 * <p>
 * The serial mode ({@link BuildMode#SERIAL}) is the reference the parallel builds are checked against: not one chunk per stream on the pipeline, but every stream read at once in time order on
 * the calling thread, in chunks of a number of events ({@link SerialBuilder}, which says why).
 * </p>
 */
public final class ParallelBuilder {

    /**
     * What a build did.
     *
     * @param chunks
     *            chunks in the trace
     * @param streams
     *            streams in the trace
     * @param events
     *            events decoded
     * @param changes
     *            state changes merged (places reserved and never filled included)
     * @param deferred
     *            changes that needed the state before their chunk
     * @param firstEvent
     *            time of the first event, in nanoseconds
     * @param lastEvent
     *            time of the last event, in nanoseconds
     * @param maxChunksInFlight
     *            the most chunks held by the merge at once
     * @param costs
     *            what each stage of the pipeline cost
     */
    public record Stats(int chunks, int streams, long events, long changes, long deferred, long firstEvent, long lastEvent,
            int maxChunksInFlight, PipelineCosts costs) {
    }

    /** The table's mark of a class the worker has no handler for. */
    static final ChunkAnalysis.Handler IGNORED = (nanos, cpu, fields, changes) -> { };

    private final BuildMode fMode;

    /**
     * @param mode
     *            serial, or parallel on how many threads in chunks of what size
     */
    public ParallelBuilder(BuildMode mode) {
        fMode = mode;
    }

    /**
     * A parallel builder.
     *
     * @param threads
     *            worker threads, at least 1
     * @param chunkBytes
     *            target chunk size in bytes
     */
    public ParallelBuilder(int threads, long chunkBytes) {
        this(BuildMode.parallel(threads, chunkBytes));
    }

    /**
     * Builds.
     *
     * @param traceDirectory
     *            a CTF trace directory
     * @param analysis
     *            the analysis
     * @param writer
     *            receives the merged state changes, on the calling thread
     * @param progress
     *            told after each merged chunk
     * @param cancelled
     *            set to stop early; the call then returns what was done and workers stop promptly
     * @return what was done
     * @throws TraceFormatException
     *             when the trace cannot be decoded; the message names the file and offset
     * @throws IOException
     *             when a file cannot be read
     * @throws InterruptedException
     *             when the calling thread is interrupted
     */
    public Stats build(Path traceDirectory, ChunkAnalysis analysis, StateWriter writer, ChunkProgress progress,
            AtomicBoolean cancelled) throws TraceFormatException, IOException, InterruptedException {
        Map<Path, Long> unshifted = new LinkedHashMap<>();
        unshifted.put(traceDirectory, 0L);
        return build(unshifted, analysis, writer, progress, cancelled);
    }

    /**
     * Builds one state from several CTF traces (a recording of one trace per process): their chunks are worked
     * on together and merged in global time order, each worker told its chunk's trace
     * ({@link ChunkAnalysis#worker(Path)}, as each worker of one trace is). Each trace's times may be shifted by
     * a constant, as Trace Compass's experiments shift traces of one clock whose offsets differ by a few
     * nanoseconds, and as Trace Compass 6.2 reads a clock without its {@code offset_s}.
     *
     * @param traceDirectories
     *            CTF trace directories, each with the nanoseconds to add to its times; ties in time break in
     *            this order
     * @param analysis
     *            the analysis
     * @param writer
     *            receives the merged state changes, on the calling thread
     * @param progress
     *            told after each merged chunk
     * @param cancelled
     *            set to stop early; the call then returns what was done and workers stop promptly
     * @return what was done
     * @throws TraceFormatException
     *             when a trace cannot be decoded; the message names the file and offset
     * @throws IOException
     *             when a file cannot be read
     * @throws InterruptedException
     *             when the calling thread is interrupted
     */
    public Stats build(Map<Path, Long> traceDirectories, ChunkAnalysis analysis, StateWriter writer, ChunkProgress progress,
            AtomicBoolean cancelled) throws TraceFormatException, IOException, InterruptedException {
        long started = System.nanoTime();
        List<CtfTrace> traces = new ArrayList<>();
        long[] shifts = new long[traceDirectories.size()];
        Map<Path, CtfTrace> traceOfStream = new HashMap<>();
        Map<Path, Long> shiftOfStream = new HashMap<>();
        for (Map.Entry<Path, Long> directory : traceDirectories.entrySet()) {
            CtfTrace trace = CtfTrace.open(directory.getKey());
            shifts[traces.size()] = directory.getValue();
            traces.add(trace);
            trace.packets().keySet().forEach(stream -> {
                traceOfStream.put(stream, trace);
                shiftOfStream.put(stream, directory.getValue());
            });
        }
        if (fMode.serial()) {
            return new SerialBuilder(SequentialBuilder.DEFAULT_CHUNK_EVENTS).build(traces, shifts, analysis, writer, progress, cancelled);
        }
        MergedState state = new MergedState(writer);
        ChunkPipeline.Work<Changes> work = new ChunkPipeline.Work<>() {
            @Override
            public Changes run(Chunk chunk, List<Packet> packets) throws TraceFormatException, IOException {
                return work(traceOfStream.get(chunk.stream()), chunk, packets, shiftOfStream.get(chunk.stream()), analysis, state, null);
            }

            @Override
            public Changes empty() {
                return new Changes(state);
            }
        };
        return merge(traces, shifts, started, fMode.workerThreads(), fMode.targetChunkBytes(), state, work, progress, cancelled);
    }

    /**
     * Runs the chunks' work on the pipeline and merges their changes into the state: what a build does once it
     * knows where each chunk's changes come from.
     */
    static Stats merge(List<CtfTrace> traces, long[] shifts, long started, int threads, long chunkBytes, MergedState state, ChunkPipeline.Work<Changes> work,
            ChunkProgress progress, AtomicBoolean cancelled) throws TraceFormatException, IOException, InterruptedException {
        long[] totals = { 0, Long.MAX_VALUE, Long.MIN_VALUE }; // deferred, first event, last event
        ChunkPipeline.Result result = ChunkPipeline.run(traces, shifts, started, threads, chunkBytes, work, changes -> {
            state.chunkStartsAt(changes.firstEvent());
            totals[0] += changes.deferred();
            totals[1] = Math.min(totals[1], changes.firstEvent());
            totals[2] = Math.max(totals[2], changes.lastEvent());
        }, progress, cancelled);
        return new Stats(result.chunks(), result.streams(), result.events(), result.entries(), totals[0], totals[1], totals[2],
                result.maxChunksInFlight(), result.costs());
    }

    /**
     * One chunk's work: a fresh worker over the chunk's events, as decoded, making the chunk's changes; with a
     * recorder, what its handlers read is recorded instead, for the worker to run again where the merge is
     * ({@link SplitTrace}), and its changes are counted but not kept.
     */
    static Changes work(CtfTrace trace, Chunk chunk, List<Packet> packets, long shift, ChunkAnalysis analysis, MergedState state,
            ChunkEvents.Recorder recorder) throws TraceFormatException, IOException {
        CtfMetadata metadata = trace.metadata();
        Changes changes = recorder == null ? new Changes(state) : Changes.discarded();
        ChunkAnalysis.Worker worker = analysis.worker(trace.directory());
        Handlers handlers = new Handlers(worker);
        DecodedFields decoded = new DecodedFields();
        trace.reader(chunk.stream(), analysis.fields()).strings(analysis.strings()).read(packets, chunk.firstPacket(), chunk.packets(),
                (timestamp, cpu, event, fields) -> {
                    long nanos = metadata.toNanos(timestamp) + shift;
                    changes.event(nanos);
                    ChunkAnalysis.Handler handler = handlers.of(event);
                    if (handler != IGNORED) {
                        decoded.fFields = fields;
                        if (recorder == null) {
                            handler.event(nanos, cpu, decoded, changes);
                        } else {
                            handler.event(nanos, cpu, recorder.begin(nanos, cpu, event.name(), decoded), changes);
                            recorder.end();
                        }
                    }
                });
        worker.end(changes);
        return changes;
    }

    /**
     * One chunk's work again, from what its handlers read when it was decoded: the same worker over the same
     * events and fields, so the same changes.
     */
    static Changes replay(ChunkEvents events, Path traceDirectory, ChunkAnalysis analysis, MergedState state) {
        Changes changes = new Changes(state);
        ChunkAnalysis.Worker worker = analysis.worker(traceDirectory);
        Map<String, ChunkAnalysis.Handler> handlers = new HashMap<>();
        events.replay((nanos, cpu, eventClass, fields) -> handlers.computeIfAbsent(eventClass, worker::handler).event(nanos, cpu, fields, changes));
        worker.end(changes);
        changes.counted(events.events(), events.firstEvent(), events.lastEvent());
        return changes;
    }

    /**
     * A chunk worker's handler of each event class, asked for once per class. Keyed by the decoder's event class
     * itself (one object per class in the metadata): an identity lookup, where a record's equality would compare
     * whole type trees.
     */
    static final class Handlers {
        final ChunkAnalysis.Worker fWorker;
        private final Map<CtfMetadata.EventClass, ChunkAnalysis.Handler> fHandlers = new IdentityHashMap<>();

        Handlers(ChunkAnalysis.Worker worker) {
            fWorker = worker;
        }

        /** @return the handler of the class's events, {@link ParallelBuilder#IGNORED} when the worker has none */
        ChunkAnalysis.Handler of(CtfMetadata.EventClass event) {
            ChunkAnalysis.Handler handler = fHandlers.get(event);
            if (handler == null) {
                handler = fWorker.handler(event.name());
                if (handler == null) {
                    handler = IGNORED;
                }
                fHandlers.put(event, handler);
            }
            return handler;
        }
    }

    /** The decoder's fields of the event being handled, as a chunk analysis sees them. */
    static final class DecodedFields implements EventFields {
        EventReader.Fields fFields;

        @Override
        public long integer(String name, long otherwise) {
            return fFields.integer(name, otherwise);
        }

        @Override
        public String string(String name) {
            return fFields.string(name);
        }
    }
}
