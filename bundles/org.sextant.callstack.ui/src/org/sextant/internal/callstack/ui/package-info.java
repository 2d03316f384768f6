// SPDX-License-Identifier: EPL-2.0
/**
 * Views of call profiles: the call-stack sunburst, with its comparison and differential modes.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.sextant.internal.callstack.ui;
