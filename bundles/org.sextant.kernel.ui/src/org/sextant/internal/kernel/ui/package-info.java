// SPDX-License-Identifier: EPL-2.0
/**
 * The views of the kernel analyses built in parallel: CPU usage per thread, bytes per process and descriptor.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.sextant.internal.kernel.ui;
