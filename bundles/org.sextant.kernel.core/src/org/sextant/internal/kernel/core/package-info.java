// SPDX-License-Identifier: EPL-2.0
/**
 * Trace Compass glue of the cpu and io analyses: event layouts, data providers and their factories, headless
 * summaries and benchmarks.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.sextant.internal.kernel.core;
