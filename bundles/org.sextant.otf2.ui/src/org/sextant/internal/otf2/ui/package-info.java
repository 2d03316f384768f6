// SPDX-License-Identifier: EPL-2.0
/**
 * The OTF2 views: Communication (time graph with MPI message arrows) and Regions (table).
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.sextant.internal.otf2.ui;
