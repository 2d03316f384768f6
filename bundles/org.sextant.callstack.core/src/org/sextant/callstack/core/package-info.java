// SPDX-License-Identifier: EPL-2.0
/**
 * Call profiles in Trace Compass: the call-profile trace type and the reading of profiles with progress.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.sextant.callstack.core;
