// SPDX-License-Identifier: EPL-2.0
/**
 * The view shared by Sextant's analyses of cumulative state (events, CPU time, bytes): a checkbox tree beside
 * an XY chart of rates, both fed by one data provider.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.sextant.common.ui;
