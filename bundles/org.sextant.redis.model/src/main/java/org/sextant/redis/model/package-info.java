// SPDX-License-Identifier: EPL-2.0
/**
 * The Redis resource model, independent of Trace Compass: a tracker that turns decoded Redis events (of the
 * transparent tracer or of a statically instrumented Redis) into the state of Connections, Requests, Bus,
 * Threads and Event-loop, and request latencies. Nothing here may be null unless marked so.
 */
package org.sextant.redis.model;
