// SPDX-License-Identifier: EPL-2.0
package org.sextant.redis.core;

import org.eclipse.tracecompass.tmf.core.segment.ISegmentAspect;
import org.sextant.internal.redis.core.RequestAspect;
import org.sextant.internal.redis.core.RequestCollector;

/**
 * The latency of every Redis request whose read and reply were traced (read start to reply write end), with
 * its command, node and connection: the segment store behind the Redis Events Latency views.
 */
public class RedisLatencyModule extends RedisSegmentModule {

    /** The analysis id, as registered in plugin.xml. */
    public static final String ID = "org.sextant.redis.core.latency"; //$NON-NLS-1$

    /** Creates the module, as plugin.xml does. */
    public RedisLatencyModule() {
        super(RequestCollector::requests);
    }

    @Override
    public Iterable<ISegmentAspect> getSegmentAspects() {
        return RequestAspect.ALL;
    }
}
