// SPDX-License-Identifier: EPL-2.0
/**
 * Drives the Trace Compass workbench from tests running on the UI thread (SWTBot is not available here):
 * spinning the event loop while waiting, opening traces and views, closing unexpected dialogs, screenshots.
 */
@org.eclipse.jdt.annotation.NonNullByDefault
package org.sextant.test.support.ui;
