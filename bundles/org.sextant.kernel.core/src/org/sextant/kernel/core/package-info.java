// SPDX-License-Identifier: EPL-2.0
/**
 * The cpu and io analyses of kernel traces, built in parallel: their analysis modules, whose ids are also
 * their state system ids and history file names.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.sextant.kernel.core;
