// SPDX-License-Identifier: EPL-2.0
/**
 * The span views: Spans and Spans Critical Path time graphs, each a view id and a data provider id. The Spans
 * Latency views are Trace Compass's segment-store views, registered in plugin.xml.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.sextant.internal.spans.ui;
