// SPDX-License-Identifier: EPL-2.0
/**
 * Trace Compass glue of call profiles: messages and the headless summary.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.sextant.internal.callstack.core;
