// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.redis.core;

import java.text.MessageFormat;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.tracecompass.segmentstore.core.ISegment;
import org.eclipse.tracecompass.segmentstore.core.ISegmentStore;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.exceptions.StateSystemDisposedException;
import org.eclipse.tracecompass.tmf.core.statesystem.ITmfAnalysisModuleWithStateSystems;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.common.core.SummaryDataProvider;
import org.sextant.redis.core.RedisPathModule;
import org.sextant.redis.model.Link;
import org.sextant.redis.model.RedisTracker;

/**
 * The paths of requests across connections and nodes ({@link RedisPathModule}), as a data tree: under
 * {@link #REDIRECTIONS}, each redirected command from its MOVED or ASK reply to its retry; under
 * {@link #PUBLICATIONS}, each PUBLISH with its bus messages, each from its start to its reading on the peer; under
 * {@link #REPLICATION}, each primary and replica with the bytes of the stream and the time its writes took to be
 * read. Columns: name, value (a count or bytes), start and duration (nanoseconds), so that a client (the Request
 * paths view, the command line) selects a path's range.
 */
public class RequestPathsDataProvider extends SummaryDataProvider {

    /** The data provider id, as registered in plugin.xml. */
    public static final String ID = "org.sextant.redis.core.paths"; //$NON-NLS-1$
    /** The key of the redirections. */
    public static final String REDIRECTIONS = "redirections"; //$NON-NLS-1$
    /** The key of the publications. */
    public static final String PUBLICATIONS = "publications"; //$NON-NLS-1$
    /** The key of the replication streams. */
    public static final String REPLICATION = "replication"; //$NON-NLS-1$
    /** The column of a count or of bytes. */
    public static final int VALUE = 0;
    /** The column of a path's start, nanoseconds. */
    public static final int START = 1;
    /** The column of a path's duration, nanoseconds. */
    public static final int DURATION = 2;

    private final RedisPathModule fPaths;

    /**
     * @param trace
     *            the trace or experiment
     * @param module
     *            its Redis module, scheduled: it names the nodes
     * @param paths
     *            its path module, scheduled
     */
    public RequestPathsDataProvider(ITmfTrace trace, ITmfAnalysisModuleWithStateSystems module, RedisPathModule paths) {
        super(trace, module, List.of(Messages.Summary_Name, Messages.Summary_Value, Messages.Paths_Start, Messages.Paths_Duration));
        fPaths = paths;
    }

    @Override
    public String getId() {
        return ID;
    }

    @Override
    protected boolean isComplete() {
        return fPaths.getSegmentStore() != null;
    }

    @Override
    protected void addRows(ITmfStateSystem ss, Rows rows) throws StateSystemDisposedException {
        ISegmentStore<ISegment> store = fPaths.getSegmentStore();
        List<LinkSegment> links = new ArrayList<>();
        if (store != null) {
            store.forEach(segment -> links.add((LinkSegment) segment));
        }
        links.sort(Comparator.comparingLong(LinkSegment::getStart).thenComparingLong(LinkSegment::getEnd));
        rows.trace(links.size());
        addRedirections(ss, rows, links);
        addPublications(ss, rows, links);
        addReplication(ss, rows, links);
    }

    private static void addRedirections(ITmfStateSystem ss, Rows rows, List<LinkSegment> links) throws StateSystemDisposedException {
        List<LinkSegment> redirects = of(links, Link.Kind.REDIRECT);
        long group = rows.add(rows.root(), Messages.Paths_Redirections, REDIRECTIONS, redirects.size());
        int n = 0;
        for (LinkSegment hop : redirects) {
            rows.add(group, MessageFormat.format(Messages.Paths_Hop, hop.label(), end(ss, hop.fromNode(), hop.fromFd()), end(ss, hop.toNode(), hop.toFd())),
                    n++, 1, hop.getStart(), hop.getLength());
        }
    }

    /** A PUBLISH fans out to bus messages (FAN_OUT hops from one start), each read by a peer (a BUS hop from it). */
    private static void addPublications(ITmfStateSystem ss, Rows rows, List<LinkSegment> links) throws StateSystemDisposedException {
        Map<List<Object>, List<LinkSegment>> publications = new LinkedHashMap<>();
        for (LinkSegment fanOut : of(links, Link.Kind.FAN_OUT)) {
            publications.computeIfAbsent(List.of(fanOut.fromNode(), fanOut.fromFd(), fanOut.getStart()), k -> new ArrayList<>()).add(fanOut);
        }
        Map<List<Object>, LinkSegment> readings = new LinkedHashMap<>();
        for (LinkSegment bus : of(links, Link.Kind.BUS)) {
            readings.put(List.of(bus.fromNode(), bus.fromFd(), bus.getStart()), bus);
        }
        long group = rows.add(rows.root(), Messages.Paths_Publications, PUBLICATIONS, publications.size());
        int n = 0;
        for (List<LinkSegment> fanOut : publications.values()) {
            LinkSegment first = fanOut.get(0);
            long end = first.getEnd();
            List<LinkSegment> hops = new ArrayList<>();
            for (LinkSegment written : fanOut) {
                LinkSegment read = readings.get(List.of(written.toNode(), written.toFd(), written.getEnd()));
                hops.add(read != null ? read : written);
                end = Math.max(end, (read != null ? read : written).getEnd());
            }
            long publication = rows.add(group, MessageFormat.format(Messages.Paths_Publication, end(ss, first.fromNode(), first.fromFd())), n++,
                    fanOut.size(), first.getStart(), end - first.getStart());
            int h = 0;
            for (LinkSegment hop : hops) {
                rows.add(publication, MessageFormat.format(Messages.Paths_Hop, hop.label(), end(ss, hop.fromNode(), hop.fromFd()), end(ss, hop.toNode(), hop.toFd())),
                        h++, 1, first.getStart(), hop.getEnd() - first.getStart());
            }
        }
    }

    private static void addReplication(ITmfStateSystem ss, Rows rows, List<LinkSegment> links) throws StateSystemDisposedException {
        Map<List<Object>, List<LinkSegment>> streams = new LinkedHashMap<>();
        for (LinkSegment hop : of(links, Link.Kind.REPLICATION)) {
            streams.computeIfAbsent(List.of(hop.fromNode(), hop.fromFd(), hop.toNode(), hop.toFd()), k -> new ArrayList<>()).add(hop);
        }
        long group = rows.add(rows.root(), Messages.Paths_Replication, REPLICATION, streams.size());
        for (List<LinkSegment> stream : streams.values()) {
            LinkSegment first = stream.get(0);
            long bytes = stream.stream().mapToLong(hop -> Long.parseLong(hop.label())).sum();
            long end = stream.stream().mapToLong(LinkSegment::getEnd).max().orElse(first.getEnd());
            String name = MessageFormat.format(Messages.Paths_Stream, end(ss, first.fromNode(), first.fromFd()), end(ss, first.toNode(), first.toFd()));
            rows.add(group, name, name, bytes, first.getStart(), end - first.getStart());
        }
    }

    private static List<LinkSegment> of(List<LinkSegment> links, Link.Kind kind) {
        return links.stream().filter(link -> link.kind().equals(kind.name())).toList();
    }

    /** @return "node fd N": a connection's end, the node by its address where known */
    private static String end(ITmfStateSystem ss, String node, int fd) throws StateSystemDisposedException {
        int quark = ss.optQuarkAbsolute(RedisTracker.NODES, node);
        String label = quark == ITmfStateSystem.INVALID_ATTRIBUTE ? node : Nodes.label(ss, quark);
        return MessageFormat.format(Messages.Paths_End, label, Integer.toString(fd));
    }
}
