// SPDX-License-Identifier: EPL-2.0
/**
 * Trace Compass glue of the Redis analysis: event handlers, state provider, latency segments and statistics,
 * data providers and their factories, headless summary.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.sextant.internal.redis.core;
