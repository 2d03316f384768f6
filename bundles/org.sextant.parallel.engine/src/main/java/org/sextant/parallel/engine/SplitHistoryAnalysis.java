// SPDX-License-Identifier: EPL-2.0
package org.sextant.parallel.engine;

import java.io.IOException;
import java.util.Map;
import java.util.function.Supplier;

import org.sextant.ctf.model.TraceFormatException;
import org.sextant.parallel.model.BuildMode;
import org.sextant.parallel.model.ChunkEvents;
import org.sextant.parallel.model.ChunkRef;
import org.sextant.parallel.model.SplitTrace;

/**
 * A history analysis of a CTF trace whose build can be split between processes: each chunk of the trace decoded
 * where it is (a cluster's task) into what the analysis reads of it ({@link #decode}), and the chunks' outputs
 * merged in chunk order where the history is kept ({@link #merging}), into the history a build in one process
 * makes. The chunk analyses ({@link ChunkHistoryAnalysis}: cpu, io) are, and so is the event count.
 */
public interface SplitHistoryAnalysis extends HistoryAnalysis {

    /**
     * One chunk's part of the build, where the chunk is decoded.
     *
     * @param trace
     *            the trace, cut as the chunks were
     * @param chunk
     *            one of its chunks, maybe as another process cut it
     * @return what the merge needs of the chunk (serializable)
     * @throws TraceFormatException
     *             when the chunk cannot be decoded (the message names file and offset), or the trace's chunk of
     *             that place is another (the trace changed since it was cut)
     * @throws IOException
     *             when a file cannot be read
     */
    ChunkEvents decode(SplitTrace trace, ChunkRef chunk) throws TraceFormatException, IOException;

    /**
     * This analysis's history merged from chunks decoded elsewhere: what {@link HistoryEngine#build} is given to
     * build it where the history is kept, with this analysis's id, state version, parameters and writers, so that
     * either build reuses the other's history.
     *
     * @param trace
     *            the trace, cut as the chunks were
     * @param outputs
     *            asked for once a build is needed (a history reused needs no chunk): starts the chunks' tasks and
     *            hands their outputs over
     * @return the history analysis to build
     */
    HistoryAnalysis merging(SplitTrace trace, Supplier<SplitTrace.Outputs> outputs);

    /**
     * The history of a split analysis merged from its chunks' outputs, kept as the analysis keeps its own: its
     * id, state version, parameters and writers are the analysis's.
     */
    abstract class Merging implements HistoryAnalysis {
        private final HistoryAnalysis fAnalysis;

        /**
         * @param analysis
         *            the analysis whose history this is
         */
        protected Merging(HistoryAnalysis analysis) {
            fAnalysis = analysis;
        }

        @Override
        public String historyId() {
            return fAnalysis.historyId();
        }

        @Override
        public int stateVersion() {
            return fAnalysis.stateVersion();
        }

        @Override
        public Map<String, String> buildParameters() {
            return fAnalysis.buildParameters();
        }

        @Override
        public int defaultWriters() {
            return fAnalysis.defaultWriters();
        }

        @Override
        public String describeMode(BuildMode mode, Report report) {
            return "split into " + report.chunks() + " chunk tasks, merged on " + report.threads() + " threads"; //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        }
    }
}
