// SPDX-License-Identifier: EPL-2.0
/**
 * Trace Compass glue of the span analysis: event handlers, the Redis link, latency segments, data providers and
 * their factories, the headless summary and the OTLP export.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.sextant.internal.spans.core;
