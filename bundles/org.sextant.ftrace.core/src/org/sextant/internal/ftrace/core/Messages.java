// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.ftrace.core;

import org.eclipse.osgi.util.NLS;

/**
 * User-visible strings of the ftrace trace types.
 */
@SuppressWarnings("javadoc")
public class Messages extends NLS {
    private static final String BUNDLE_NAME = Messages.class.getPackageName() + ".messages"; //$NON-NLS-1$

    public static String Trace_NotAFile = ""; //$NON-NLS-1$
    public static String Trace_NotDat = ""; //$NON-NLS-1$
    public static String Trace_NotText = ""; //$NON-NLS-1$
    public static String Trace_Unreadable = ""; //$NON-NLS-1$
    public static String Lost_Events = ""; //$NON-NLS-1$
    public static String Lost_Count = ""; //$NON-NLS-1$

    static {
        NLS.initializeMessages(BUNDLE_NAME, Messages.class);
    }

    private Messages() {
    }
}
