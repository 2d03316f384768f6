// SPDX-License-Identifier: EPL-2.0
package org.sextant.cluster;

import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Path;

import org.eclipse.jdt.annotation.Nullable;
import org.sextant.ctf.model.TraceFormatException;
import org.sextant.parallel.engine.HistoryAnalysis;
import org.sextant.parallel.engine.HistoryAnalysisProvider;
import org.sextant.parallel.engine.SplitHistoryAnalysis;
import org.sextant.parallel.model.ChunkEvents;
import org.sextant.parallel.model.ChunkRef;
import org.sextant.parallel.model.SplitTrace;

import scala.collection.Iterator;
import scala.runtime.AbstractFunction1;

/**
 * The Spark task of one chunk of one trace ({@link SplitBuild}): the chunk decoded on the executor into what its
 * analysis reads of it ({@link SplitHistoryAnalysis#decode}), which goes back to the driver's merge. An executor
 * cuts the trace once for all the chunks it is given (the last trace it cut is kept), since opening a trace reads every stream's
 * packet headers; a trace in HDFS is copied to the executor once, and its copy removed when the executor moves on to
 * another trace.
 */
final class ChunkTask extends AbstractFunction1<Iterator<ChunkRef>, ChunkEvents> implements Serializable {

    private static final long serialVersionUID = 1L;

    /** The trace this executor cut last, and the analysis of it, for its next chunks. */
    private record Cut(String trace, long chunkBytes, String analysis, SplitTrace split, SplitHistoryAnalysis splitAnalysis) {
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
            return cut.splitAnalysis().decode(cut.split(), chunk);
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
            Cut cut = new Cut(fTrace, fChunkBytes, fAnalysis, SplitTrace.open(path, fChunkBytes), splitAnalysis(fAnalysis, path));
            fLast = cut;
            return cut;
        }
    }

    /**
     * @return the named analysis of the trace
     * @throws IOException
     *             when a split build cannot build it, or it does not apply to the trace
     */
    private static SplitHistoryAnalysis splitAnalysis(String name, Path trace) throws IOException, TraceFormatException {
        for (HistoryAnalysisProvider provider : TraceBuild.providers()) {
            if (provider.name().equals(name)) {
                return splittable(name, provider.forTrace(trace), trace.toString());
            }
        }
        throw new IOException("no analysis named " + name); //$NON-NLS-1$
    }

    /**
     * @param name
     *            an analysis's name
     * @param analysis
     *            that analysis of a trace, or null when it does not apply to it
     * @param trace
     *            the trace
     * @return the analysis, which a split build can build
     * @throws IOException
     *             when it cannot, or the analysis does not apply
     */
    static SplitHistoryAnalysis splittable(String name, @Nullable HistoryAnalysis analysis, String trace) throws IOException {
        if (analysis instanceof SplitHistoryAnalysis split) {
            return split;
        }
        throw new IOException(name + " of " + trace + (analysis == null ? " does not apply" : " cannot be split into chunk tasks")); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
    }
}
