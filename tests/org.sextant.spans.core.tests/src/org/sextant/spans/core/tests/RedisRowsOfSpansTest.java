// SPDX-License-Identifier: EPL-2.0
package org.sextant.spans.core.tests;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.model.OutputElementStyle;
import org.eclipse.tracecompass.tmf.core.model.StyleProperties;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphDataProvider;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphRowModel;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphState;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphEntryModel;
import org.junit.jupiter.api.Test;
import org.sextant.internal.spans.core.SpansTimeGraphDataProvider;
import org.sextant.redis.core.RedisConnectionKey;
import org.sextant.spans.model.RedisCommand;
import org.sextant.test.support.Fixture;
import org.sextant.test.support.Traces;

/**
 * From a span to the Redis Netflow row of its connection, through the two providers' entries only, as the views
 * meet them: every Spans row of Redis commands names one connection, a Netflow row names the same connection, and
 * that Netflow row is busy (reading, executing or writing) during each command the Spans row shows.
 */
class RedisRowsOfSpansTest {

    /** The Redis Netflow provider's id, as the Redis family registers it. */
    private static final String NETFLOW = "org.sextant.redis.core.netflow"; //$NON-NLS-1$
    private static final Set<String> BUSY = Set.of("reading", "executing", "writing"); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$

    @Test
    void everyCommandRowOfTheSpansLeadsToItsNetflowRow() throws Exception {
        try (Topology topology = Topology.open(Fixture.HTTP_TOPOLOGY)) {
            long start = topology.experiment().getStartTime().toNanos();
            long end = topology.experiment().getEndTime().toNanos();
            Map<String, Object> query = new HashMap<>(Map.of(DataProviderParameterUtils.REQUESTED_TIME_KEY, List.of(start, end)));
            ITimeGraphDataProvider<TimeGraphEntryModel> spans = Traces.provider(topology.experiment(), SpansTimeGraphDataProvider.ID, ITimeGraphDataProvider.class,
                    query);
            ITimeGraphDataProvider<TimeGraphEntryModel> netflow = Traces.provider(topology.experiment(), NETFLOW, ITimeGraphDataProvider.class, query);
            Map<String, Long> netflowRows = new HashMap<>();
            for (TimeGraphEntryModel entry : entries(netflow, query)) {
                for (String key : RedisConnectionKey.of(entry)) {
                    assertEquals(null, netflowRows.put(key, entry.getId()), "one Netflow row per connection: " + key); //$NON-NLS-1$
                }
            }
            int commands = 0;
            int tagged = 0;
            // the rows of commands, under their Redis node's entry (a service's entry and lanes name connections too)
            Set<Long> nodes = entries(spans, query).stream().filter(e -> e.getName().startsWith("redis pid ")).map(TimeGraphEntryModel::getId) //$NON-NLS-1$
                    .collect(Collectors.toSet());
            for (TimeGraphEntryModel entry : entries(spans, query)) {
                List<String> keys = RedisConnectionKey.of(entry);
                if (keys.isEmpty() || !nodes.contains(entry.getParentId())) {
                    continue;
                }
                tagged++;
                assertEquals(1, keys.size(), entry.getName() + " names one connection"); //$NON-NLS-1$
                Long row = netflowRows.get(keys.get(0));
                assertNotNull(row, entry.getName() + ": Netflow has a row of " + keys.get(0)); //$NON-NLS-1$
                List<ITimeGraphState> shown = states(spans, query, entry.getId());
                // Netflow answers the states at the times asked: each command's first and last nanosecond
                List<Long> times = shown.stream().flatMap(c -> Stream.of(c.getStartTime(), c.getStartTime() + c.getDuration() - 1)).sorted().toList();
                List<ITimeGraphState> netflowStates = states(netflow, Map.of(DataProviderParameterUtils.REQUESTED_TIME_KEY, times), row);
                for (ITimeGraphState command : shown) {
                    assertTrue(netflowStates.stream().anyMatch(s -> BUSY.contains(name(s)) && s.getStartTime() < command.getStartTime() + command.getDuration()
                            && command.getStartTime() < s.getStartTime() + s.getDuration()),
                            keys.get(0) + " is busy in Netflow during the " + command.getLabel() + " at " + (command.getStartTime() - start)); //$NON-NLS-1$ //$NON-NLS-2$
                    commands++;
                }
            }
            long sent = topology.graph().redisCommands().stream().filter(c -> topology.graph().spanOf(c).isPresent()).count();
            Set<String> connections = topology.graph().redisCommands().stream().filter(c -> topology.graph().spanOf(c).isPresent())
                    .map(c -> RedisConnectionKey.of(c.node(), c.fd())).collect(Collectors.toSet());
            System.out.printf("[spans] http-topology: %d Redis commands of spans on %d rows of %d connections, each found busy on its Netflow row%n", //$NON-NLS-1$
                    commands, tagged, connections.size());
            assertEquals(sent, commands, "every command a span sent is on a row that names its connection"); //$NON-NLS-1$
            assertTrue(netflowRows.keySet().containsAll(connections), "every connection of a span's command is a Netflow row"); //$NON-NLS-1$
            assertTrue(topology.graph().redisCommands().stream().allMatch(c -> c.fd() >= 0), "every command knows its connection's descriptor"); //$NON-NLS-1$
        }
    }

    private static List<TimeGraphEntryModel> entries(ITimeGraphDataProvider<TimeGraphEntryModel> provider, Map<String, Object> query) {
        return Objects.requireNonNull(provider.fetchTree(query, new NullProgressMonitor()).getModel()).getEntries();
    }

    private static List<ITimeGraphState> states(ITimeGraphDataProvider<TimeGraphEntryModel> provider, Map<String, Object> query, long row) {
        Map<String, Object> rowQuery = new HashMap<>(query);
        rowQuery.put(DataProviderParameterUtils.REQUESTED_ITEMS_KEY, List.of(row));
        List<ITimeGraphRowModel> rows = Objects.requireNonNull(provider.fetchRowModel(rowQuery, new NullProgressMonitor()).getModel()).getRows();
        return rows.get(0).getStates();
    }

    private static String name(ITimeGraphState state) {
        OutputElementStyle style = state.getStyle();
        return style == null ? "" : String.valueOf(style.getStyleValues().get(StyleProperties.STYLE_NAME)); //$NON-NLS-1$
    }
}
