// SPDX-License-Identifier: EPL-2.0
/**
 * Trace Compass glue every family shares: the data-provider factory of analysis modules and its descriptors,
 * the tree-XY data provider of cumulative state, the time graph of a state system's attributes, the summary data tree of a whole trace, and the state writer over
 * a state-system builder.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.sextant.common.core;
