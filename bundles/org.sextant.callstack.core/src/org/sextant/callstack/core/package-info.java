// SPDX-License-Identifier: EPL-2.0
/**
 * Call profiles in Trace Compass: the call-profile trace types (timed inputs on a time axis), the reading of
 * profiles with progress, and the call-stack analysis behind the flame chart.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.sextant.callstack.core;
