// SPDX-License-Identifier: EPL-2.0
/**
 * What an analysis contributes to Sextant's command line: a named {@link org.sextant.headless.core.IHeadlessAnalysis}
 * registered through the {@code org.sextant.headless.core.analyses} extension point, which reads its summary from a
 * data provider through {@link org.sextant.headless.core.SummaryTree}; and how traces are opened without a
 * workspace ({@link org.sextant.headless.core.TraceOpener}, checked by {@link org.sextant.headless.core.CtfChecks}
 * first), which the trace server shares with the command line.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.sextant.headless.core;
