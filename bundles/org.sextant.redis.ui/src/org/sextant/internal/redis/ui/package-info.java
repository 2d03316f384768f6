// SPDX-License-Identifier: EPL-2.0
/**
 * The Redis views: Netflow and Threads time graphs and the Data Volume chart, each a view id and a data
 * provider id. The Events Latency views are Trace Compass's segment-store views, registered in plugin.xml.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.sextant.internal.redis.ui;
