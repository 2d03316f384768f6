// SPDX-License-Identifier: EPL-2.0
/**
 * What a family contributes to every headless front end (the command line, a cluster job): a named
 * {@link org.sextant.common.core.summary.IHeadlessAnalysis} registered through the
 * {@code org.sextant.common.core.analyses} extension point, which reads its summary from a data provider through
 * {@link org.sextant.common.core.summary.SummaryTree}, and how a summary is printed as text or JSON
 * ({@link org.sextant.common.core.summary.Reports}). No front end is imported here: they all call it.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.sextant.common.core.summary;
