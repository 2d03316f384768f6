// SPDX-License-Identifier: EPL-2.0
/**
 * What Sextant's OSGi tests share: the catalogue of captured fixture traces and their independently counted
 * facts, and opening them as Trace Compass traces.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.sextant.test.support;
