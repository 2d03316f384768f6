// SPDX-License-Identifier: EPL-2.0
/**
 * Trace Compass glue of call profiles: messages, the headless summary, the flame chart's state provider and its
 * function names.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.sextant.internal.callstack.core;
