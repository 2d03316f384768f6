// SPDX-License-Identifier: EPL-2.0
/**
 * The HTTP span model, independent of Trace Compass: a tracker fed the decoded {@code http:*} events of
 * {@code docs/http-events.md} builds server and client spans per connection, joins each client span to the server
 * span it called in another process (by links found outside the model, {@link org.sextant.spans.model.SpanLink},
 * or by the connection's 4-tuple and time), gives spans their parents (from W3C
 * {@code traceparent}, or inferred on the event loop), attributes Redis commands to spans, and derives critical
 * paths, per-route statistics and an OpenTelemetry (OTLP JSON) export. Nothing here may be null unless marked so.
 */
package org.sextant.spans.model;
