// SPDX-License-Identifier: EPL-2.0
/**
 * The history engine: builds an analysis's state history from trace files, serially or in parallel
 * ({@link org.sextant.parallel.model.BuildMode}), into one or several history trees or the analysis's own
 * direct history, with a {@link org.sextant.parallel.engine.Provenance} record that decides when a history is
 * reused. It needs only Trace Compass's state-system library, no workbench, no trace type and no command line:
 * every front end (analysis modules and their views, the trace server, the command line, a cluster task) calls
 * it, and it calls none of them.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.sextant.parallel.engine;
