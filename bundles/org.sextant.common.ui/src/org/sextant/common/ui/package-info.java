// SPDX-License-Identifier: EPL-2.0
/**
 * The views shared by Sextant's analyses: for cumulative state (events, CPU time, bytes), a checkbox tree beside
 * an XY chart of rates, both fed by one data provider; for time graphs, the presentation of a data provider that
 * declares its styles.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.sextant.common.ui;
