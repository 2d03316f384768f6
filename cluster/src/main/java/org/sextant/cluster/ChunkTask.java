// SPDX-License-Identifier: EPL-2.0
package org.sextant.cluster;

import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Path;

import org.sextant.ctf.model.TraceFormatException;
import org.sextant.parallel.engine.ChunkHistoryAnalysis;
import org.sextant.parallel.engine.HistoryAnalysis;
import org.sextant.parallel.engine.HistoryAnalysisProvider;
import org.sextant.parallel.model.ChunkEvents;
import org.sextant.parallel.model.ChunkRef;
import org.sextant.parallel.model.SplitTrace;

import scala.collection.Iterator;
import scala.runtime.AbstractFunction1;

/**
 * The Spark task of one chunk of one trace ({@link SplitBuild}): the chunk's analysis run on the executor, where the
 * chunk is decoded, into what its handlers read, which goes back to the driver's merge. An executor cuts the trace
 * once for all the chunks it is given (the last trace it cut is kept), since opening a trace reads every stream's
 * packet headers; a trace in HDFS is copied to the executor once, and its copy removed when the executor moves on to
 * another trace.
 */
final class ChunkTask extends AbstractFunction1<Iterator<ChunkRef>, ChunkEvents> implements Serializable {

    private static final long serialVersionUID = 1L;

    /** The trace this executor cut last, and the analysis of it, for its next chunks. */
    private record Cut(String trace, long chunkBytes, String analysis, SplitTrace split, ChunkHistoryAnalysis chunkAnalysis) {
    }

    private static Cut fLast;
    /** The files of the trace cut last: a trace in HDFS is copied here once for all its chunks and analyses. */
    private static TraceFiles fFiles;
    private static String fFilesOf;

    private final String fTrace;
    private final long fChunkBytes;
    private final String fAnalysis;

    /**
     * @param trace
     *            the trace's absolute path, the same on every executor, or its URI
     * @param chunkBytes
     *            the chunk size it was cut with
     * @param analysis
     *            the analysis's name ({@link HistoryAnalysisProvider#name()})
     */
    ChunkTask(String trace, long chunkBytes, String analysis) {
        fTrace = trace;
        fChunkBytes = chunkBytes;
        fAnalysis = analysis;
    }

    @Override
    public ChunkEvents apply(Iterator<ChunkRef> chunks) {
        ChunkRef chunk = chunks.next();
        try {
            Cut cut = cut();
            return cut.split().run(cut.chunkAnalysis().analysis(), chunk);
        } catch (IOException | TraceFormatException e) {
            // a Scala function throws no checked exception; the text keeps the class, which the driver looks for
            throw new IllegalStateException(e.toString(), e);
        }
    }

    private Cut cut() throws IOException, TraceFormatException {
        synchronized (ChunkTask.class) {
            Cut last = fLast;
            if (last != null && last.trace().equals(fTrace) && last.chunkBytes() == fChunkBytes && last.analysis().equals(fAnalysis)) {
                return last;
            }
            if (!fTrace.equals(fFilesOf)) {
                fLast = null;
                fFilesOf = null;
                if (fFiles != null) {
                    fFiles.close();
                }
                fFiles = TraceFiles.open(fTrace);
                fFilesOf = fTrace;
            }
            Path path = fFiles.path();
            Cut cut = new Cut(fTrace, fChunkBytes, fAnalysis, SplitTrace.open(path, fChunkBytes), chunkAnalysis(fAnalysis, path));
            fLast = cut;
            return cut;
        }
    }

    /**
     * @return the named analysis of the trace, which must be a chunk analysis
     * @throws IOException
     *             when it is not one, or does not apply to the trace
     */
    static ChunkHistoryAnalysis chunkAnalysis(String name, Path trace) throws IOException, TraceFormatException {
        for (HistoryAnalysisProvider provider : TraceBuild.providers()) {
            if (provider.name().equals(name)) {
                HistoryAnalysis analysis = provider.forTrace(trace);
                if (analysis instanceof ChunkHistoryAnalysis chunkAnalysis) {
                    return chunkAnalysis;
                }
                throw new IOException(name + " is not a chunk analysis of " + trace); //$NON-NLS-1$
            }
        }
        throw new IOException("no analysis named " + name); //$NON-NLS-1$
    }
}
