// SPDX-License-Identifier: EPL-2.0
/**
 * Trace Compass glue of OTF2: messages, event aspects, state providers and data providers.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.sextant.internal.otf2.core;
