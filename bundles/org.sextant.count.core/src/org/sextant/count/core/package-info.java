// SPDX-License-Identifier: EPL-2.0
/**
 * The event count analysis of kernel traces, as Trace Compass sees it: the analysis module and the ids under
 * which its state system and data provider are registered.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.sextant.count.core;
