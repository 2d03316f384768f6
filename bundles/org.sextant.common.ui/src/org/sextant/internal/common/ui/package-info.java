// SPDX-License-Identifier: EPL-2.0
/**
 * What the workbench's start-up does for Sextant's tools and nothing else asks for: the first view's report of
 * {@code tools/bench-first-view.sh}.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.sextant.internal.common.ui;
