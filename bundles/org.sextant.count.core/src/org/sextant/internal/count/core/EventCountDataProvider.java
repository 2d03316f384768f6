// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.count.core;

import java.text.MessageFormat;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.tmf.core.model.xy.TmfXYAxisDescription;
import org.eclipse.tracecompass.tmf.core.statesystem.ITmfAnalysisModuleWithStateSystems;
import org.eclipse.tracecompass.tmf.core.trace.ITmfTrace;
import org.sextant.common.core.CumulativeXYDataProvider;

/**
 * Serves the event count state system as a tree (trace, Total, CPUs, event types) and as XY series of events
 * per second.
 */
public class EventCountDataProvider extends CumulativeXYDataProvider {

    /** The data provider id, as registered in plugin.xml. */
    public static final String ID = "org.sextant.count.core.dataprovider"; //$NON-NLS-1$

    /**
     * Creates the provider for a trace and its (scheduled) event count module.
     *
     * @param trace
     *            the trace
     * @param module
     *            its event count analysis: the parallel build, or Trace Compass's where the engine does not read
     *            the trace; both write the same attribute tree
     */
    public EventCountDataProvider(ITmfTrace trace, ITmfAnalysisModuleWithStateSystems module) {
        super(trace, module, Messages.EventCount_Title, new TmfXYAxisDescription(Messages.EventCount_RateAxis, Messages.EventCount_RateUnit));
    }

    @Override
    public String getId() {
        return ID;
    }

    @Override
    protected void addEntries(ITmfStateSystem ss, Tree tree) {
        int total = ss.optQuarkAbsolute(CountAttributes.TOTAL);
        if (total != ITmfStateSystem.INVALID_ATTRIBUTE) {
            tree.add(total, tree.root(), Messages.EventCount_Total, true);
        }
        addGroup(ss, CountAttributes.CPUS, Messages.EventCount_Cpus, Messages.EventCount_Cpu, tree);
        addGroup(ss, CountAttributes.EVENT_TYPES, Messages.EventCount_EventTypes, "{0}", tree); //$NON-NLS-1$
    }

    private static void addGroup(ITmfStateSystem ss, String attribute, String label, String childLabel, Tree tree) {
        int group = ss.optQuarkAbsolute(attribute);
        if (group == ITmfStateSystem.INVALID_ATTRIBUTE) {
            return;
        }
        long groupId = tree.add(group, tree.root(), label, false);
        List<Integer> children = new ArrayList<>(ss.getSubAttributes(group, false));
        children.sort((a, b) -> compareNames(ss.getAttributeName(a), ss.getAttributeName(b)));
        for (int child : children) {
            tree.add(child, groupId, MessageFormat.format(childLabel, ss.getAttributeName(child)), true);
        }
    }

    /** CPU numbers sort numerically, event names alphabetically. */
    private static int compareNames(String a, String b) {
        if (a.chars().allMatch(Character::isDigit) && b.chars().allMatch(Character::isDigit)) {
            return Long.compare(Long.parseLong(a), Long.parseLong(b));
        }
        return a.compareTo(b);
    }
}
