// SPDX-License-Identifier: EPL-2.0
/**
 * The annotation views: the Annotated CPUs and Annotated Threads time graphs, the Barriers chart and the
 * Annotations Summary, each a view id and a data provider id. The annotation instances' latency table, scatter
 * chart and statistics are Trace Compass's segment-store views, registered in plugin.xml.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.sextant.internal.annotations.ui;
