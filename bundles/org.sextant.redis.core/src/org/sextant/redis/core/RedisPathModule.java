// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.core;

import java.util.List;

import org.eclipse.tracecompass.tmf.core.segment.ISegmentAspect;
import org.sextant.internal.redis.core.RedisCompanion;
import org.sextant.internal.redis.core.RequestCollector;

/**
 * The hops of requests' paths across connections and nodes (redirections to their retries, PUBLISH fan-out over
 * the bus, replication streams): the arrows of Redis Netflow and the Request Paths listing. Meaningful on the
 * experiment of a recording, where the nodes meet.
 */
public class RedisPathModule extends RedisSegmentModule {

    /** The analysis id, as registered in plugin.xml. */
    public static final String ID = "org.sextant.redis.core.paths"; //$NON-NLS-1$

    /** Creates the module, as plugin.xml does. */
    public RedisPathModule() {
        super(RequestCollector::links, RedisCompanion::links);
    }

    @Override
    public Iterable<ISegmentAspect> getSegmentAspects() {
        return List.of();
    }
}
