// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.redis.ui;

import java.util.List;
import java.util.Map;

import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphDataProvider;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphEntryModel;
import org.eclipse.tracecompass.tmf.ui.views.timegraph.BaseDataProviderTimeGraphView;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.StateItem;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.TimeGraphPresentationProvider;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.ITimeEvent;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.TimeEvent;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.TimeGraphEntry;
import org.sextant.internal.redis.core.RedisTimeGraphDataProvider;

/**
 * Draws the Redis time graphs: a state's value is its operation, styled as the data provider says; the
 * tooltip is the data provider's. (Trace Compass 6.2's presentation provider for data-provider views is not
 * public API.)
 */
final class OperationPresentationProvider extends TimeGraphPresentationProvider {

    private static final StateItem[] STATES = RedisTimeGraphDataProvider.styles().stream().map(StateItem::new).toArray(StateItem[]::new);

    @Override
    public StateItem[] getStateTable() {
        return STATES;
    }

    @Override
    public int getStateTableIndex(ITimeEvent event) {
        return event instanceof TimeEvent state && state.hasValue() && state.getValue() >= 0 && state.getValue() < STATES.length ? state.getValue()
                : TRANSPARENT;
    }

    @Override
    public Map<String, String> getEventHoverToolTipInfo(ITimeEvent event, long time) {
        if (!(event.getEntry() instanceof TimeGraphEntry entry)) {
            return Map.of();
        }
        ITimeGraphDataProvider<? extends TimeGraphEntryModel> provider = BaseDataProviderTimeGraphView.getProvider(entry);
        if (provider == null) {
            return Map.of();
        }
        Map<String, String> tooltip = provider.fetchTooltip(Map.of(DataProviderParameterUtils.REQUESTED_TIME_KEY, List.of(time),
                DataProviderParameterUtils.REQUESTED_ITEMS_KEY, List.of(entry.getEntryModel().getId())), null).getModel();
        return tooltip == null ? Map.of() : tooltip;
    }
}
