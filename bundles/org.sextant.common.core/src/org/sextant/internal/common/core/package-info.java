// SPDX-License-Identifier: EPL-2.0
/**
 * Sextant's policy for Trace Compass's own analyses: those that read a whole trace run when something asks for them.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.sextant.internal.common.core;
