// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.spans.core;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

import org.eclipse.tracecompass.tmf.core.event.matching.IEventMatchingKey;
import org.eclipse.tracecompass.tmf.core.event.matching.IMatchProcessingUnit;
import org.eclipse.tracecompass.tmf.core.event.matching.TmfEventDependency;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.spans.model.SpanLink;

/**
 * Collects, from Trace Compass's event matching with {@link HttpMatchDefinition}, the span model's links: each
 * response's match (the server's read of the request's head, the client's read of the response's head) names
 * one request's connection, its number, and when each side had it open, which is how the model finds the server
 * span and the client span (Trace Compass keeps of a matched event only its trace and time). The requests'
 * matches only serve synchronisation.
 */
final class SpanLinks implements IMatchProcessingUnit {

    private final List<SpanLink> fLinks = new ArrayList<>();

    @Override
    public void init(Collection<ITmfTrace> traces) {
        fLinks.clear();
    }

    @Override
    public void addMatch(IEventMatchingKey key, TmfEventDependency match) {
        if (key instanceof HttpMessageKey http && http.response()) {
            fLinks.add(new SpanLink(http.client(), http.server(), http.seq(), match.getDestination().getTimestamp().toNanos(),
                    match.getSource().getTimestamp().toNanos()));
        }
    }

    @Override
    public void addMatch(TmfEventDependency match) {
        // every match comes with its key, above
    }

    @Override
    public void matchingEnded() {
        // the links are read once the analysis's one pass ends
    }

    @Override
    public int countMatches() {
        return fLinks.size();
    }

    /** @return the links found, in the order their responses came */
    List<SpanLink> links() {
        return List.copyOf(fLinks);
    }
}
