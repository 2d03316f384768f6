// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.redis.core;

import java.text.MessageFormat;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.internal.provisional.tmf.core.model.annotations.Annotation;
import org.eclipse.tracecompass.internal.provisional.tmf.core.model.annotations.AnnotationCategoriesModel;
import org.eclipse.tracecompass.internal.provisional.tmf.core.model.annotations.AnnotationModel;
import org.eclipse.tracecompass.internal.provisional.tmf.core.model.annotations.IAnnotation.AnnotationType;
import org.eclipse.tracecompass.internal.provisional.tmf.core.model.annotations.IOutputAnnotationParameters;
import org.eclipse.tracecompass.internal.provisional.tmf.core.model.annotations.IOutputAnnotationProvider;
import org.eclipse.tracecompass.segmentstore.core.ISegment;
import org.eclipse.tracecompass.segmentstore.core.ISegmentStore;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.exceptions.StateSystemDisposedException;
import org.eclipse.tracecompass.statesystem.core.interval.ITmfStateInterval;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.model.CommonStatusMessage;
import org.eclipse.tracecompass.tmf.core.model.OutputElementStyle;
import org.eclipse.tracecompass.tmf.core.model.StyleProperties;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphArrow;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphArrow;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphEntryModel;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphState;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse.Status;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.eclipse.tracecompass.tmf.core.statesystem.ITmfAnalysisModuleWithStateSystems;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.eclipse.tracecompass.tmf.core.trace.TmfTraceUtils;
import org.sextant.common.core.StateSystems;
import org.sextant.common.core.StateTimeGraphDataProvider;
import org.sextant.redis.core.RedisConnectionKey;
import org.sextant.redis.core.RedisPathModule;
import org.sextant.redis.model.Link;
import org.sextant.redis.model.Operation;
import org.sextant.redis.model.RedisTracker;
import org.sextant.redis.model.UseAfterFree;
import org.sextant.redis.model.Stage;

/**
 * The Redis time graphs: per node, one row per connection (Redis Netflow: the request life cycle READ CLIENT,
 * command, WRITE TO CLIENT, and bus reads and writes) or one row for the event loop, one per thread and, grouped,
 * one per client connection with its {@link Stage} through the io-threads hand-offs (Redis Threads). Rows are
 * attributes of the Redis state system; states are styled by {@link Operation}, a state's value being its
 * operation's ordinal. Netflow's arrows are the hops of requests' paths ({@link RedisPathModule}):
 * a redirection to its retry, a PUBLISH to its bus messages and their reading, a primary's write to its replica's
 * read, each styled by its kind. A Netflow row names its connection ({@link RedisConnectionKey}), and a Threads
 * row every connection its thread worked on, so that other families' rows and states of a connection lead to them.
 * Netflow's annotations, drawn by Trace Compass as markers and served headless, are the races (category
 * {@code Races}): one per overlap of two threads on a connection, on the connection's row, naming the two threads.
 * Both views mark the steps of uses after free and double frees ({@link Frees}, category {@code Use after free}):
 * on the connection's row in Netflow, on the row of the thread that made each in Threads.
 *
 * <p>
 * The annotation API is provisional in Trace Compass 6.2 (public from 7.0 on), and yet the only way a data
 * provider's markers reach its view: its types are used here and in the trace server's endpoints only.
 * </p>
 */
public class RedisTimeGraphDataProvider extends StateTimeGraphDataProvider implements IOutputAnnotationProvider {

    /** The rows a provider shows. */
    public enum Rows {
        /** One row per connection. */
        NETFLOW("org.sextant.redis.core.netflow"), //$NON-NLS-1$
        /** One row for the event loop and one per thread. */
        THREADS("org.sextant.redis.core.threads"); //$NON-NLS-1$

        private final String fId;

        Rows(String id) {
            fId = id;
        }

        /** @return the data provider id, as registered in plugin.xml */
        public String id() {
            return fId;
        }
    }

    /** Styles by operation label, in {@link Operation} order. */
    private static final Map<String, OutputElementStyle> STYLES = new LinkedHashMap<>();

    static {
        style(Operation.WAITING, "#c8d2dc"); //$NON-NLS-1$
        style(Operation.READING, "#3c78d8"); //$NON-NLS-1$
        style(Operation.EXECUTING, "#e69138"); //$NON-NLS-1$
        style(Operation.WRITING, "#6aa84f"); //$NON-NLS-1$
        style(Operation.BUS_READING, "#8e7cc3"); //$NON-NLS-1$
        style(Operation.BUS_WRITING, "#c27ba0"); //$NON-NLS-1$
        style(Operation.IDLE, "#eeeeee"); //$NON-NLS-1$
        style(Operation.RACE, "#ff0000"); //$NON-NLS-1$
        // arrows, after the operations: a state's value stays its operation's ordinal
        arrow(Link.Kind.REDIRECT, "#0b5394"); //$NON-NLS-1$
        arrow(Link.Kind.FAN_OUT, "#e69138"); //$NON-NLS-1$
        arrow(Link.Kind.BUS, "#674ea7"); //$NON-NLS-1$
        arrow(Link.Kind.REPLICATION, "#38761d"); //$NON-NLS-1$
        // stages, after the arrows; reading, executing and writing are drawn as the operations of the same names
        stage(Stage.PENDING_READ, "#a4c2f4"); //$NON-NLS-1$
        stage(Stage.PENDING_WRITE, "#b6d7a8"); //$NON-NLS-1$
    }

    /** The style of a race's marker. */
    private static final OutputElementStyle RACE_MARKER = new OutputElementStyle(null, Map.of(StyleProperties.STYLE_NAME, Operation.RACE.label(),
            StyleProperties.COLOR, "#ff0000", StyleProperties.OPACITY, 0.4f)); //$NON-NLS-1$

    /** The style of a use after free's or double free's steps. */
    private static final OutputElementStyle FREE_MARKER = new OutputElementStyle(null, Map.of(StyleProperties.STYLE_NAME, Messages.Frees_Category,
            StyleProperties.COLOR, "#990000", StyleProperties.OPACITY, 1.0f)); //$NON-NLS-1$

    private final Rows fRows;
    private final ITmfTrace fTrace;
    private final ITmfAnalysisModuleWithStateSystems fModule;
    private volatile @Nullable Map<Integer, Set<String>> fServed;

    /**
     * @param trace
     *            the trace or experiment
     * @param module
     *            its Redis module (or any module whose first state system is a {@link RedisTracker}'s), scheduled
     * @param rows
     *            which rows to show
     */
    public RedisTimeGraphDataProvider(ITmfTrace trace, ITmfAnalysisModuleWithStateSystems module, Rows rows) {
        super(trace, module, rows.id(), Messages.Netflow_Name, STYLES);
        fRows = rows;
        fTrace = trace;
        fModule = module;
    }

    /** @return the style of each {@link Operation}, in order: a state's value is its operation's ordinal */
    public static Collection<OutputElementStyle> styles() {
        return Collections.unmodifiableCollection(STYLES.values());
    }

    private static void style(Operation operation, String color) {
        STYLES.put(operation.label(), new OutputElementStyle(null, Map.of(StyleProperties.STYLE_NAME, operation.label(),
                StyleProperties.BACKGROUND_COLOR, color, StyleProperties.HEIGHT, operation == Operation.IDLE ? 0.3f : 1.0f)));
    }

    private static void stage(Stage stage, String color) {
        STYLES.put(stage.label(), new OutputElementStyle(null, Map.of(StyleProperties.STYLE_NAME, stage.label(),
                StyleProperties.BACKGROUND_COLOR, color, StyleProperties.HEIGHT, 0.6f)));
    }

    private static void arrow(Link.Kind kind, String color) {
        STYLES.put(kind.name(), new OutputElementStyle(null, Map.of(StyleProperties.STYLE_NAME, kind.name(), StyleProperties.COLOR, color,
                StyleProperties.WIDTH, 1.0f)));
    }

    @Override
    protected List<ITimeGraphArrow> arrows(ITmfStateSystem ss, long start, long end, @Nullable IProgressMonitor monitor) throws StateSystemDisposedException {
        RedisPathModule paths = fRows == Rows.NETFLOW ? TmfTraceUtils.getAnalysisModuleOfClass(fTrace, RedisPathModule.class, RedisPathModule.ID) : null;
        if (paths == null) {
            return List.of();
        }
        paths.schedule();
        paths.waitForCompletion(monitor != null ? monitor : new NullProgressMonitor());
        ISegmentStore<ISegment> hops = paths.getSegmentStore();
        if (hops == null) {
            return List.of();
        }
        List<ITimeGraphArrow> arrows = new ArrayList<>();
        for (ISegment segment : hops.getIntersectingElements(start, end)) {
            if (segment instanceof LinkSegment hop) {
                int from = ss.optQuarkAbsolute(RedisTracker.NODES, hop.fromNode(), RedisTracker.CONNECTIONS, Integer.toString(hop.fromFd()));
                int to = ss.optQuarkAbsolute(RedisTracker.NODES, hop.toNode(), RedisTracker.CONNECTIONS, Integer.toString(hop.toFd()));
                if (from != ITmfStateSystem.INVALID_ATTRIBUTE && to != ITmfStateSystem.INVALID_ATTRIBUTE) {
                    arrows.add(new TimeGraphArrow(from, to, hop.getStart(), hop.getLength(), index(hop.kind())));
                }
            }
        }
        return arrows;
    }

    /** Netflow has the races; both have the uses after free and double frees. */
    @Override
    public TmfModelResponse<AnnotationCategoriesModel> fetchAnnotationCategories(Map<String, Object> parameters, @Nullable IProgressMonitor monitor) {
        List<String> categories = fRows == Rows.NETFLOW ? List.of(Messages.Netflow_Races, Messages.Frees_Category) : List.of(Messages.Frees_Category);
        return new TmfModelResponse<>(new AnnotationCategoriesModel(categories), Status.COMPLETED, CommonStatusMessage.COMPLETED);
    }

    /** The races that intersect the requested times, each on its connection's row. */
    @Override
    public TmfModelResponse<AnnotationModel> fetchAnnotations(Map<String, Object> parameters, @Nullable IProgressMonitor monitor) {
        ITmfStateSystem ss = StateSystems.first(fModule);
        List<Long> times = DataProviderParameterUtils.extractTimeRequested(parameters);
        if (ss == null) {
            return new TmfModelResponse<>(null, Status.FAILED, CommonStatusMessage.STATE_SYSTEM_FAILED);
        }
        if (times == null || times.isEmpty()) {
            return new TmfModelResponse<>(null, Status.FAILED, CommonStatusMessage.INCORRECT_QUERY_PARAMETERS);
        }
        // the races so far while the history is still being built, as the tree and the states answer (asked
        // first: a build that ends during the query must not pass the races found before as all of them)
        boolean built = ss.waitUntilBuilt(0);
        Object categories = parameters.get(IOutputAnnotationParameters.ANNOTATION_CATEGORIES_KEY);
        List<Annotation> races = new ArrayList<>();
        if (fRows == Rows.NETFLOW && (!(categories instanceof Collection<?> wanted) || wanted.contains(Messages.Netflow_Races))) {
            try {
                for (ITmfStateInterval race : Races.of(ss, ITmfStateSystem.ROOT_ATTRIBUTE, Collections.min(times), Collections.max(times))) {
                    races.add(new Annotation(race.getStartTime(), race.getEndTime() - race.getStartTime() + 1, ss.getParentAttributeQuark(race.getAttribute()),
                            AnnotationType.CHART, MessageFormat.format(Messages.Netflow_Race, race.getValue()), RACE_MARKER));
                }
            } catch (StateSystemDisposedException e) {
                return new TmfModelResponse<>(null, Status.FAILED, CommonStatusMessage.STATE_SYSTEM_FAILED);
            }
        }
        List<Annotation> frees = new ArrayList<>();
        if (!(categories instanceof Collection<?> wanted) || wanted.contains(Messages.Frees_Category)) {
            try {
                frees = freeMarkers(ss, Collections.min(times), Collections.max(times));
            } catch (StateSystemDisposedException e) {
                return new TmfModelResponse<>(null, Status.FAILED, CommonStatusMessage.STATE_SYSTEM_FAILED);
            }
        }
        Map<String, Collection<Annotation>> annotations = new LinkedHashMap<>();
        if (!races.isEmpty()) {
            annotations.put(Messages.Netflow_Races, races);
        }
        if (!frees.isEmpty()) {
            annotations.put(Messages.Frees_Category, frees);
        }
        return new TmfModelResponse<>(new AnnotationModel(annotations), built ? Status.COMPLETED : Status.RUNNING,
                built ? CommonStatusMessage.COMPLETED : CommonStatusMessage.RUNNING);
    }

    /**
     * The steps of the uses after free and double frees within the times, a marker each: on the connection's row
     * (Netflow), or on the row of the thread that made it (Threads).
     */
    private List<Annotation> freeMarkers(ITmfStateSystem ss, long start, long end) throws StateSystemDisposedException {
        List<Annotation> markers = new ArrayList<>();
        for (UseAfterFree finding : Frees.of(ss, ITmfStateSystem.ROOT_ATTRIBUTE)) {
            for (UseAfterFree.Step step : finding.steps()) {
                int row = fRows == Rows.NETFLOW
                        ? ss.optQuarkAbsolute(RedisTracker.NODES, finding.node(), RedisTracker.CONNECTIONS, Integer.toString(finding.fd()))
                        : ss.optQuarkAbsolute(RedisTracker.NODES, finding.node(), RedisTracker.THREADS, Integer.toString(step.tid()));
                if (row != ITmfStateSystem.INVALID_ATTRIBUTE && step.time() >= start && step.time() <= end) {
                    markers.add(new Annotation(step.time(), 0, row, AnnotationType.CHART, MessageFormat.format(Messages.Frees_Marker, finding.kind().label(),
                            Integer.toString(finding.fd()), Frees.step(step, ss.getStartTime())), FREE_MARKER));
                }
            }
        }
        return markers;
    }

    @Override
    protected void addEntries(ITmfStateSystem ss, Entries entries) throws StateSystemDisposedException {
        for (int node : ss.getQuarks(RedisTracker.NODES, "*")) { //$NON-NLS-1$
            entries.group(node, ROOT, Nodes.label(ss, node));
            if (fRows == Rows.NETFLOW) {
                addRows(ss, node, RedisTracker.CONNECTIONS, Messages.Netflow_Connection, entries).forEach((fd, row) -> RedisConnectionKey.tag(row,
                        List.of(RedisConnectionKey.of(ss.getAttributeName(node), Integer.parseInt(ss.getAttributeName(fd))))));
            } else {
                int loop = ss.optQuarkRelative(node, RedisTracker.EVENT_LOOP);
                if (loop != ITmfStateSystem.INVALID_ATTRIBUTE) {
                    entries.row(loop, node, Messages.Threads_EventLoop);
                }
                Map<Integer, Set<String>> served = served(ss);
                addRows(ss, node, RedisTracker.THREADS, Messages.Threads_Thread, entries)
                        .forEach((thread, row) -> RedisConnectionKey.tag(row, served.getOrDefault(thread, Set.of())));
                int stages = ss.optQuarkRelative(node, RedisTracker.STAGES);
                if (stages != ITmfStateSystem.INVALID_ATTRIBUTE) {
                    entries.group(stages, node, Messages.Threads_Stages);
                    addRows(ss, node, stages, RedisTracker.STAGES, Messages.Netflow_Connection, entries);
                }
            }
        }
    }

    /**
     * The connections each thread worked on (its {@code Fd} over the whole history), by thread attribute: a
     * thread's row names them, so that selecting a connection elsewhere selects the thread that served it. Read
     * once the history is built (a scan of every thread's {@code Fd}), and none before.
     */
    private Map<Integer, Set<String>> served(ITmfStateSystem ss) throws StateSystemDisposedException {
        Map<Integer, Set<String>> served = fServed;
        if (served != null || !ss.waitUntilBuilt(0)) {
            return served != null ? served : Map.of();
        }
        served = new HashMap<>();
        Map<Integer, Integer> threadOfFd = new HashMap<>();
        for (int thread : ss.getQuarks(RedisTracker.NODES, "*", RedisTracker.THREADS, "*")) { //$NON-NLS-1$ //$NON-NLS-2$
            int fd = ss.optQuarkRelative(thread, RedisTracker.FD);
            if (fd != ITmfStateSystem.INVALID_ATTRIBUTE) {
                threadOfFd.put(fd, thread);
            }
        }
        if (!threadOfFd.isEmpty()) {
            for (ITmfStateInterval interval : ss.query2D(threadOfFd.keySet(), ss.getStartTime(), ss.getCurrentEndTime())) {
                if (interval.getValue() instanceof Integer fd) {
                    int thread = threadOfFd.get(interval.getAttribute());
                    String node = ss.getAttributeName(ss.getParentAttributeQuark(ss.getParentAttributeQuark(thread)));
                    served.computeIfAbsent(thread, t -> new TreeSet<>()).add(RedisConnectionKey.of(node, fd));
                }
            }
        }
        fServed = served;
        return served;
    }

    /** The attributes under {@code node/parent}, a row each under the node, by number; returns the rows by attribute. */
    private static Map<Integer, TimeGraphEntryModel> addRows(ITmfStateSystem ss, int node, String parent, String label, Entries entries) {
        return addRows(ss, node, node, parent, label, entries);
    }

    /** The attributes under {@code node/parent}, a row each under the entry {@code group}, by number. */
    private static Map<Integer, TimeGraphEntryModel> addRows(ITmfStateSystem ss, int node, int group, String parent, String label, Entries entries) {
        Map<Integer, TimeGraphEntryModel> added = new LinkedHashMap<>();
        int quark = ss.optQuarkRelative(node, parent);
        if (quark == ITmfStateSystem.INVALID_ATTRIBUTE) {
            return added;
        }
        List<Integer> rows = new ArrayList<>(ss.getSubAttributes(quark, false));
        rows.sort(Comparator.comparingLong(row -> Long.parseLong(ss.getAttributeName(row))));
        for (int row : rows) {
            added.put(row, entries.row(row, group, MessageFormat.format(label, ss.getAttributeName(row))));
        }
        return added;
    }

    @Override
    protected States states(ITmfStateSystem ss) {
        return interval -> interval.getValue() instanceof String operation && STYLES.containsKey(operation)
                ? new TimeGraphState(interval.getStartTime(), interval.getEndTime() - interval.getStartTime() + 1, index(operation), null, style(operation))
                : null;
    }
}
