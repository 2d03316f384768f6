// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.otf2.core;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import org.eclipse.tracecompass.statesystem.core.ITmfStateSystem;
import org.eclipse.tracecompass.statesystem.core.exceptions.StateSystemDisposedException;
import org.sextant.common.core.SummaryDataProvider;
import org.sextant.otf2.core.Otf2AnalysisModule;
import org.sextant.otf2.core.Otf2Trace;

/**
 * The Regions table: per region, its finished calls and their inclusive and exclusive times in nanoseconds
 * (total, min, mean, max), the regions by exclusive total, largest first; the trace's entry has the calls of all
 * regions. The values are those the OTF2 analysis writes at the end of the trace.
 */
public class Otf2RegionsDataProvider extends SummaryDataProvider {

    /** The data provider id, as registered in plugin.xml. */
    public static final String ID = "org.sextant.otf2.core.regions"; //$NON-NLS-1$

    /** One region's row, read from the state system. */
    private record Row(String name, long calls, long inclusiveSum, long inclusiveMin, long inclusiveMax, long exclusiveSum, long exclusiveMin,
            long exclusiveMax) {
    }

    /**
     * @param trace
     *            an OTF2 trace
     * @param module
     *            its OTF2 analysis, scheduled
     */
    public Otf2RegionsDataProvider(Otf2Trace trace, Otf2AnalysisModule module) {
        super(trace, module, List.of(Messages.Regions_Region, Messages.Regions_Calls, Messages.Regions_InclusiveTotal, Messages.Regions_InclusiveMin,
                Messages.Regions_InclusiveMean, Messages.Regions_InclusiveMax, Messages.Regions_ExclusiveTotal, Messages.Regions_ExclusiveMin,
                Messages.Regions_ExclusiveMean, Messages.Regions_ExclusiveMax));
    }

    @Override
    public String getId() {
        return ID;
    }

    @Override
    protected void addRows(ITmfStateSystem ss, Rows rows) throws StateSystemDisposedException {
        long end = ss.getCurrentEndTime();
        List<Row> regions = new ArrayList<>();
        for (int quark : ss.getQuarks(Otf2Attributes.REGIONS, "*")) { //$NON-NLS-1$
            regions.add(new Row(ss.getAttributeName(quark), value(ss, quark, Otf2Attributes.CALLS, end), value(ss, quark, Otf2Attributes.INCLUSIVE_SUM, end),
                    value(ss, quark, Otf2Attributes.INCLUSIVE_MIN, end), value(ss, quark, Otf2Attributes.INCLUSIVE_MAX, end),
                    value(ss, quark, Otf2Attributes.EXCLUSIVE_SUM, end), value(ss, quark, Otf2Attributes.EXCLUSIVE_MIN, end),
                    value(ss, quark, Otf2Attributes.EXCLUSIVE_MAX, end)));
        }
        regions.sort(Comparator.comparingLong(Row::exclusiveSum).reversed().thenComparing(Row::name));
        rows.trace(regions.stream().mapToLong(Row::calls).sum(), null, null, null, null, null, null, null, null);
        for (Row r : regions) {
            rows.add(rows.root(), r.name(), r.name(), r.calls(), r.inclusiveSum(), r.inclusiveMin(), r.inclusiveSum() / Math.max(1, r.calls()), r.inclusiveMax(),
                    r.exclusiveSum(), r.exclusiveMin(), r.exclusiveSum() / Math.max(1, r.calls()), r.exclusiveMax());
        }
    }

    private static long value(ITmfStateSystem ss, int region, String attribute, long time) throws StateSystemDisposedException {
        int quark = ss.optQuarkRelative(region, attribute);
        return quark == ITmfStateSystem.INVALID_ATTRIBUTE ? 0 : ss.querySingleState(time, quark).getStateValue().unboxLong();
    }
}
