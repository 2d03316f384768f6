// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.timeseries.core;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.common.core.summary.AnalysisOptions;
import org.sextant.common.core.summary.HeadlessAnalysisException;
import org.sextant.common.core.summary.IHeadlessFileAnalysis;
import org.sextant.otf2.model.Otf2Archive;
import org.sextant.otf2.model.Otf2FormatException;
import org.sextant.timeseries.model.Otf2Metrics;

/**
 * {@code sextant analyze --analysis otf2 ARCHIVE}: the nine metrics of Dikkala's thesis in one pass of Sextant's
 * OTF2 reader over the archive (its anchor file, or the directory holding it), with the archive's event count and
 * the records the reader skipped.
 */
public class Otf2HeadlessAnalysis implements IHeadlessFileAnalysis {

    @Override
    public boolean appliesTo(ITmfTrace trace) {
        Path path = Path.of(trace.getPath());
        return path.getFileName().toString().endsWith(".otf2") || Files.isDirectory(path); //$NON-NLS-1$
    }

    @Override
    public Map<String, Object> run(ITmfTrace trace, AnalysisOptions options, IProgressMonitor monitor) throws HeadlessAnalysisException {
        return run(Path.of(trace.getPath()), options, monitor);
    }

    @Override
    public Map<String, Object> run(Path path, AnalysisOptions options, IProgressMonitor monitor) throws HeadlessAnalysisException {
        Archives.Opened opened = Archives.open(path);
        Otf2Archive archive = opened.archive();
        Otf2Metrics metrics = new Otf2Metrics(archive.definitions());
        long start = System.nanoTime();
        long events;
        try {
            events = archive.readEvents(metrics);
        } catch (Otf2FormatException e) {
            throw HeadlessAnalysisException.badInput(e.getMessage());
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        Map<String, Object> result = new LinkedHashMap<>(opened.describe());
        result.put("events", events); //$NON-NLS-1$
        result.put("read_seconds", seconds); //$NON-NLS-1$
        result.put("events_per_s", Math.round(events / Math.max(seconds, 1e-9))); //$NON-NLS-1$
        Map<String, Long> skipped = new LinkedHashMap<>();
        archive.skippedEvents().forEach((type, count) -> skipped.put("record type " + type, count)); //$NON-NLS-1$
        result.put("skipped_records", skipped); //$NON-NLS-1$
        result.putAll(metrics.metrics().toMap());
        return result;
    }
}
