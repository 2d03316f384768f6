// SPDX-License-Identifier: EPL-2.0
package org.sextant.spans.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphDataProvider;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphRowModel;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphState;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphEntryModel;
import org.junit.jupiter.api.Test;
import org.sextant.internal.spans.core.CriticalPathDataProvider;
import org.sextant.internal.spans.core.SpansTimeGraphDataProvider;
import org.sextant.redis.core.RedisConnectionKey;
import org.sextant.spans.model.CriticalPath;
import org.sextant.spans.model.RedisCommand;
import org.sextant.spans.model.Span;
import org.sextant.spans.model.SpanKind;
import org.sextant.test.support.Fixture;
import org.sextant.test.support.Traces;

/**
 * From a span, or a Redis step of a critical path, to the Redis Netflow and Threads rows of its connections,
 * through the providers' states and entries only, as the views meet them: a span's state names the connections
 * of the commands its tree sent (the span's own, and those of the spans it called, recursively), a critical
 * path's Redis step the connection of its command; each is a Netflow row and is named by a Threads row (the
 * thread that worked on it).
 */
class RedisRowsOfSpanStatesTest {

    /** The Redis providers' ids, as the Redis family registers them. */
    private static final String NETFLOW = "org.sextant.redis.core.netflow"; //$NON-NLS-1$
    private static final String THREADS = "org.sextant.redis.core.threads"; //$NON-NLS-1$

    @Test
    void spansAndRedisStepsNameTheirConnectionsWhichNetflowAndThreadsShow() throws Exception {
        try (Topology topology = Topology.open(Fixture.HTTP_TOPOLOGY)) {
            long start = topology.experiment().getStartTime().toNanos();
            long end = topology.experiment().getEndTime().toNanos();
            Map<String, Object> query = new HashMap<>(Map.of(DataProviderParameterUtils.REQUESTED_TIME_KEY, List.of(start, end)));
            Set<String> netflow = named(Traces.provider(topology.experiment(), NETFLOW, ITimeGraphDataProvider.class, query), query);
            Set<String> threads = named(Traces.provider(topology.experiment(), THREADS, ITimeGraphDataProvider.class, query), query);
            assertTrue(netflow.containsAll(threads), "a thread names only connections of its node: " + threads); //$NON-NLS-1$

            // every span's state, found by its row's start and label, names its tree's connections
            ITimeGraphDataProvider<TimeGraphEntryModel> spans = Traces.provider(topology.experiment(), SpansTimeGraphDataProvider.ID, ITimeGraphDataProvider.class,
                    query);
            Map<String, List<String>> stateKeys = new HashMap<>();
            states(spans, query).forEach(state -> stateKeys.put(state.getStartTime() + " " + state.getLabel(), RedisConnectionKey.of(state))); //$NON-NLS-1$
            int naming = 0;
            for (Span span : topology.graph().spans()) {
                List<String> keys = stateKeys.get(span.start() + " " + span.route()); //$NON-NLS-1$
                assertTrue(keys != null, span + " has a state"); //$NON-NLS-1$
                assertEquals(tree(span), new TreeSet<>(keys), span + " names the connections of its tree"); //$NON-NLS-1$
                if (!keys.isEmpty()) {
                    naming++;
                    assertTrue(netflow.containsAll(keys) && threads.containsAll(keys), span + ": Netflow and Threads rows of " + keys); //$NON-NLS-1$
                }
            }

            // every Redis step of a critical path names the one connection of its command
            ITimeGraphDataProvider<TimeGraphEntryModel> paths = Traces.provider(topology.experiment(), CriticalPathDataProvider.ID, ITimeGraphDataProvider.class,
                    query);
            // the requests the view lists: complete server spans called by no traced span, or by a root client
            long redisSteps = topology.graph().spans().stream()
                    .filter(s -> s.kind() == SpanKind.SERVER && s.complete() && (s.parent() == null || s.parent().parent() == null))
                    .flatMap(s -> CriticalPath.of(s).stream()).filter(step -> step.kind() == CriticalPath.Kind.REDIS).count();
            int stepStates = 0;
            for (ITimeGraphState state : states(paths, query)) {
                if (state.getLabel() != null && state.getLabel().startsWith("redis ")) { //$NON-NLS-1$
                    List<String> keys = RedisConnectionKey.of(state);
                    assertEquals(1, keys.size(), state + " names one connection"); //$NON-NLS-1$
                    assertTrue(netflow.contains(keys.get(0)) && threads.contains(keys.get(0)), keys.get(0) + " is a Netflow row, named by a Threads row"); //$NON-NLS-1$
                    stepStates++;
                }
            }
            assertEquals(redisSteps, stepStates, "every Redis step of a request's critical path names its connection"); //$NON-NLS-1$
            System.out.printf("[spans] http-topology: %d of %d span states name their trees' connections, %d Redis steps of critical paths name theirs; "
                    + "%d connections in Netflow, %d named by Threads rows%n", naming, topology.graph().spans().size(), stepStates, netflow.size(), threads.size()); //$NON-NLS-1$
            assertTrue(naming > 0 && stepStates > 0, "spans and steps lead to Redis rows"); //$NON-NLS-1$
        }
    }

    /** @return the keys of the connections of the commands of a span and of the spans it called, recursively */
    private static Set<String> tree(Span span) {
        Set<String> keys = new TreeSet<>();
        List<Span> pending = new ArrayList<>(List.of(span));
        while (!pending.isEmpty()) {
            Span next = pending.remove(pending.size() - 1);
            for (RedisCommand command : next.redisCommands()) {
                keys.add(RedisConnectionKey.of(command.node(), command.fd()));
            }
            pending.addAll(next.children());
        }
        return keys;
    }

    /** @return the connections the provider's entries name */
    private static Set<String> named(ITimeGraphDataProvider<TimeGraphEntryModel> provider, Map<String, Object> query) {
        Set<String> keys = new HashSet<>();
        entries(provider, query).forEach(entry -> keys.addAll(RedisConnectionKey.of(entry)));
        return keys;
    }

    private static List<TimeGraphEntryModel> entries(ITimeGraphDataProvider<TimeGraphEntryModel> provider, Map<String, Object> query) {
        return Objects.requireNonNull(provider.fetchTree(query, new NullProgressMonitor()).getModel()).getEntries();
    }

    /** @return the states of every row of the provider */
    private static List<ITimeGraphState> states(ITimeGraphDataProvider<TimeGraphEntryModel> provider, Map<String, Object> query) {
        Map<String, Object> rowQuery = new HashMap<>(query);
        rowQuery.put(DataProviderParameterUtils.REQUESTED_ITEMS_KEY, entries(provider, query).stream().filter(TimeGraphEntryModel::hasRowModel)
                .map(TimeGraphEntryModel::getId).toList());
        List<ITimeGraphRowModel> rows = Objects.requireNonNull(provider.fetchRowModel(rowQuery, new NullProgressMonitor()).getModel()).getRows();
        return rows.stream().flatMap(row -> row.getStates().stream()).toList();
    }
}
