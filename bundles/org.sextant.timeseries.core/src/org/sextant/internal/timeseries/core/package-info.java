// SPDX-License-Identifier: EPL-2.0
/**
 * The command line of the time-series export: {@code sextant export} to InfluxDB, {@code sextant analyze --analysis
 * otf2} (the nine metrics in one pass), {@code sextant bench --analysis otf2} (the nine metrics three ways: InfluxQL,
 * a state history, one pass), and the state history the second way queries.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.sextant.internal.timeseries.core;
