// SPDX-License-Identifier: EPL-2.0
/**
 * Trace Compass glue of the parallel state-system builder: analysis modules whose State History Tree is built
 * by chunk workers and one merge, the comparison of histories, and the benchmark of the three ways to build one.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.sextant.parallel.core;
