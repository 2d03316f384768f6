// SPDX-License-Identifier: EPL-2.0
/**
 * The views shared by Sextant's analyses: for cumulative state (events, CPU time, bytes), a checkbox tree beside
 * an XY chart of rates, both fed by one data provider; for time graphs, the presentation of a data provider that
 * declares its styles; for summaries, the data tree of a summary provider, its time ranges one click away.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.sextant.common.ui;
