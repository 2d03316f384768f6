// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.otf2.core;

import java.util.List;
import java.util.function.BiFunction;

import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.event.ITmfEvent;
import org.eclipse.tracecompass.tmf.core.event.aspect.ITmfEventAspect;
import org.sextant.otf2.core.Otf2TmfEvent;
import org.sextant.otf2.model.Otf2Definitions;
import org.sextant.otf2.model.Otf2Event;
import org.sextant.otf2.model.Otf2EventType;

/**
 * The columns an OTF2 event adds to Trace Compass's events table: its location (thread), the location group
 * (MPI rank) that holds it, and the region an Enter or Leave names.
 */
public final class Otf2Aspects {

    /** The location's name and id, for example "Master thread 1000". */
    public static final ITmfEventAspect<String> LOCATION = new Aspect(Messages.Aspect_Location, Messages.Aspect_LocationHelp,
            (defs, record) -> {
                Otf2Definitions.Location location = defs.locations().get(record.location());
                return location == null ? Long.toString(record.location()) : defs.string(location.name()) + ' ' + record.location();
            });

    /** The name of the location's group: an MPI rank, a process. */
    public static final ITmfEventAspect<String> RANK = new Aspect(Messages.Aspect_Rank, Messages.Aspect_RankHelp, (defs, record) -> {
        Otf2Definitions.Location location = defs.locations().get(record.location());
        Otf2Definitions.LocationGroup group = location == null ? null : defs.locationGroups().get(location.group());
        return group == null ? null : defs.string(group.name());
    });

    /** The region an Enter or Leave names. */
    public static final ITmfEventAspect<String> REGION = new Aspect(Messages.Aspect_Region, Messages.Aspect_RegionHelp, (defs, record) -> {
        if (record.type() != Otf2EventType.ENTER && record.type() != Otf2EventType.LEAVE) {
            return null;
        }
        Otf2Definitions.Region region = defs.regions().get(record.field("region")); //$NON-NLS-1$
        return region == null ? null : defs.string(region.name());
    });

    /** Every aspect above, in column order. */
    public static final List<ITmfEventAspect<?>> ALL = List.of(RANK, LOCATION, REGION);

    private Otf2Aspects() {
    }

    private static final class Aspect implements ITmfEventAspect<String> {
        private final String fName;
        private final String fHelp;
        private final BiFunction<Otf2Definitions, Otf2Event, @Nullable String> fResolve;

        Aspect(String name, String help, BiFunction<Otf2Definitions, Otf2Event, @Nullable String> resolve) {
            fName = name;
            fHelp = help;
            fResolve = resolve;
        }

        @Override
        public String getName() {
            return fName;
        }

        @Override
        public String getHelpText() {
            return fHelp;
        }

        @Override
        public @Nullable String resolve(ITmfEvent event) {
            return event instanceof Otf2TmfEvent otf2 ? fResolve.apply(otf2.getTrace().definitions(), otf2.record()) : null;
        }
    }
}
