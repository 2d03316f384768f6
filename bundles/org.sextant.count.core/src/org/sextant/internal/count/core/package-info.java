// SPDX-License-Identifier: EPL-2.0
/**
 * Trace Compass glue of the event count analysis: state provider, data provider and its factory, headless summary.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.sextant.internal.count.core;
