// SPDX-License-Identifier: EPL-2.0
/**
 * The HTTP span analyses of a recording (the experiment of its per-process traces): the linked spans, and their
 * latency per service and route as a segment store.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.sextant.spans.core;
