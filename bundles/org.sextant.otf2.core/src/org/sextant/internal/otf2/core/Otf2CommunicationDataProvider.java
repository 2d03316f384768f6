// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.otf2.core;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.exceptions.StateSystemDisposedException;
import org.eclipse.tracecompass.statesystem.core.interval.ITmfStateInterval;
import org.eclipse.tracecompass.tmf.core.model.OutputElementStyle;
import org.eclipse.tracecompass.tmf.core.model.StyleProperties;
import org.eclipse.tracecompass.tmf.core.model.timegraph.ITimeGraphArrow;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphArrow;
import org.eclipse.tracecompass.tmf.core.model.timegraph.TimeGraphState;
import org.sextant.common.core.StateTimeGraphDataProvider;
import org.sextant.otf2.core.Otf2AnalysisModule;
import org.sextant.otf2.core.Otf2Trace;
import org.sextant.otf2.model.Otf2Definitions;

/**
 * The Communication time graph: a row per location under its rank, showing the region of its innermost call
 * (MPI calls in their own colour), and an arrow per MPI point-to-point message from the sender's row at the send
 * to the receiver's row at the receive.
 */
public class Otf2CommunicationDataProvider extends StateTimeGraphDataProvider {

    /** The data provider id, as registered in plugin.xml. */
    public static final String ID = "org.sextant.otf2.core.communication"; //$NON-NLS-1$

    /** OTF2_PARADIGM_MPI. */
    private static final int MPI = 4;
    private static final String MPI_STYLE = "mpi"; //$NON-NLS-1$
    private static final String CODE_STYLE = "code"; //$NON-NLS-1$
    private static final Map<String, OutputElementStyle> STYLES = new LinkedHashMap<>();

    static {
        STYLES.put(MPI_STYLE, new OutputElementStyle(null, Map.of(StyleProperties.STYLE_NAME, Messages.Communication_Mpi,
                StyleProperties.BACKGROUND_COLOR, "#cc3333"))); //$NON-NLS-1$
        STYLES.put(CODE_STYLE, new OutputElementStyle(null, Map.of(StyleProperties.STYLE_NAME, Messages.Communication_Code,
                StyleProperties.BACKGROUND_COLOR, "#6aa84f", StyleProperties.HEIGHT, 0.6f))); //$NON-NLS-1$
    }

    private final Set<String> fMpiRegions = new HashSet<>();

    /** @return the states' styles, in order: a state's value is its style's index */
    public static Collection<OutputElementStyle> styles() {
        return Collections.unmodifiableCollection(STYLES.values());
    }

    /**
     * @param trace
     *            an OTF2 trace
     * @param module
     *            its OTF2 analysis, scheduled
     */
    public Otf2CommunicationDataProvider(Otf2Trace trace, Otf2AnalysisModule module) {
        super(trace, module, ID, Messages.Communication_Location, STYLES);
        Otf2Definitions defs = trace.definitions();
        defs.regions().values().stream().filter(region -> region.paradigm() == MPI)
                .forEach(region -> fMpiRegions.add(defs.string(region.name())));
    }

    @Override
    protected void addEntries(ITmfStateSystem ss, Entries entries) {
        for (int group : ss.getQuarks(Otf2Attributes.LOCATIONS, "*")) { //$NON-NLS-1$
            entries.group(group, ROOT, ss.getAttributeName(group));
            List<Integer> rows = new ArrayList<>(ss.getSubAttributes(group, false));
            rows.sort(Comparator.comparingLong(row -> Long.parseLong(ss.getAttributeName(row))));
            rows.forEach(row -> entries.row(row, group, ss.getAttributeName(row)));
        }
    }

    @Override
    protected States states(ITmfStateSystem ss) {
        return interval -> {
            if (!(interval.getValue() instanceof String region)) {
                return null;
            }
            String style = fMpiRegions.contains(region) ? MPI_STYLE : CODE_STYLE;
            return new TimeGraphState(interval.getStartTime(), interval.getEndTime() - interval.getStartTime() + 1, index(style), region, style(style));
        };
    }

    @Override
    protected List<ITimeGraphArrow> arrows(ITmfStateSystem ss, long start, long end, @Nullable IProgressMonitor monitor) throws StateSystemDisposedException {
        Map<Long, Integer> rows = new HashMap<>();
        for (int row : ss.getQuarks(Otf2Attributes.LOCATIONS, "*", "*")) { //$NON-NLS-1$ //$NON-NLS-2$
            rows.put(Long.parseLong(ss.getAttributeName(row)), row);
        }
        List<Integer> slots = ss.getQuarks(Otf2Attributes.MESSAGES, "*"); //$NON-NLS-1$
        List<ITimeGraphArrow> arrows = new ArrayList<>();
        if (slots.isEmpty()) {
            return arrows;
        }
        for (ITmfStateInterval message : ss.query2D(slots, start, end)) {
            if (monitor != null && monitor.isCanceled()) {
                return List.of();
            }
            if (message.getValue() instanceof Long sender) {
                int to = ss.optQuarkRelative(message.getAttribute(), Otf2Attributes.TO);
                Object receiver = to == ITmfStateSystem.INVALID_ATTRIBUTE ? null : ss.querySingleState(message.getStartTime(), to).getValue();
                Integer from = rows.get(sender);
                Integer into = receiver instanceof Long r ? rows.get(r) : null;
                if (from != null && into != null) {
                    arrows.add(new TimeGraphArrow(from, into, message.getStartTime(), message.getEndTime() + 1 - message.getStartTime(), 0));
                }
            }
        }
        arrows.sort(Comparator.comparingLong(ITimeGraphArrow::getStartTime));
        return arrows;
    }
}
