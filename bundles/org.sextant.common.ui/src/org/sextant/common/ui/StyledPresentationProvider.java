// SPDX-License-Identifier: EPL-2.0
package org.sextant.common.ui;

import java.util.Collection;
import java.util.List;
import java.util.Map;

import org.eclipse.tracecompass.tmf.core.dataprovider.DataProviderParameterUtils;
import org.eclipse.tracecompass.tmf.core.model.OutputElementStyle;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphDataProvider;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphEntryModel;
import org.eclipse.tracecompass.tmf.ui.views.timegraph.BaseDataProviderTimeGraphView;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.StateItem;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.TimeGraphPresentationProvider;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.ITimeEvent;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.NamedTimeEvent;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.TimeEvent;
import org.eclipse.tracecompass.tmf.ui.widgets.timegraph.model.TimeGraphEntry;

/**
 * Draws a time graph of a data provider that declares its styles in order and gives each state the index of its
 * style as its value ({@code org.sextant.common.core.StateTimeGraphDataProvider}); a state's name is its label
 * where it has one, its style's name otherwise; the tooltip is the data provider's. (Trace Compass 6.2's
 * presentation provider for data-provider views is not public API.)
 */
public class StyledPresentationProvider extends TimeGraphPresentationProvider {

    private final StateItem[] fStates;

    /**
     * @param styles
     *            the provider's styles, in the order of their indexes
     */
    public StyledPresentationProvider(Collection<OutputElementStyle> styles) {
        fStates = styles.stream().map(style -> new StateItem(style.getStyleValues())).toArray(StateItem[]::new);
    }

    @Override
    public StateItem[] getStateTable() {
        return fStates;
    }

    @Override
    public int getStateTableIndex(ITimeEvent event) {
        return event instanceof TimeEvent state && state.hasValue() && state.getValue() >= 0 && state.getValue() < fStates.length ? state.getValue()
                : TRANSPARENT;
    }

    @Override
    public String getEventName(ITimeEvent event) {
        return event instanceof NamedTimeEvent named && named.getLabel() != null ? named.getLabel() : super.getEventName(event);
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
