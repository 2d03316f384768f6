// SPDX-License-Identifier: EPL-2.0
/**
 * The {@code org.sextant.headless.analyze} Equinox application: argument parsing, trace opening, reports.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.sextant.internal.headless.core;
