// SPDX-License-Identifier: EPL-2.0
/**
 * Trace Compass glue of the annotations analysis: event handlers, state provider, the state system read back
 * as a model timeline, data providers and their factories, headless summary.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.sextant.internal.annotations.core;
