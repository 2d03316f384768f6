// SPDX-License-Identifier: EPL-2.0
package org.sextant.ctf.core;

import org.eclipse.core.resources.IResource;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.experiment.TmfExperiment;
import org.eclipse.tracecompass.tmf.core.trace.indexer.ITmfTraceIndexer;
import org.sextant.internal.ctf.core.ExperimentIndexer;

/**
 * Trace Compass's experiment, indexed from its CTF members' packets by Sextant's codec
 * ({@link ExperimentIndexer}) rather than by reading every member's events: everything else, its merge of the
 * members' events, its synchronisation and every analysis that applies to an experiment, is Trace Compass's.
 * Sextant opens recordings as this type (the GUI, the trace server, the command line); registered as the
 * experiment type {@value #ID}.
 */
public class IndexedExperiment extends TmfExperiment {

    /** The experiment type's id, as plugin.xml registers it. */
    public static final String ID = "org.sextant.ctf.core.experiment"; //$NON-NLS-1$

    /** An experiment to be initialised, as Trace Compass makes one from its type. */
    public IndexedExperiment() {
    }

    /**
     * @param type
     *            the events' class
     * @param path
     *            the experiment's path
     * @param traces
     *            its members
     * @param indexPageSize
     *            events between checkpoints
     * @param resource
     *            its resource in a tracing project, or null
     */
    public IndexedExperiment(Class<? extends ITmfEvent> type, String path, ITmfTrace[] traces, int indexPageSize, @Nullable IResource resource) {
        super(type, path, traces, indexPageSize, resource);
    }

    @Override
    protected ITmfTraceIndexer createIndexer(int interval) {
        return getCheckpointSize() > 0 ? new ExperimentIndexer(this, interval) : super.createIndexer(interval);
    }
}
