// SPDX-License-Identifier: EPL-2.0
/**
 * The Event Count view: a tree of counters beside a chart of events per second.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.sextant.internal.count.ui;
