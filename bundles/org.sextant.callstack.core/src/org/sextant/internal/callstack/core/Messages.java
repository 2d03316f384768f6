// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.callstack.core;

import org.eclipse.osgi.util.NLS;

/**
 * User-visible strings of call profiles.
 */
@SuppressWarnings("javadoc")
public class Messages extends NLS {
    private static final String BUNDLE_NAME = Messages.class.getPackageName() + ".messages"; //$NON-NLS-1$

    public static String Trace_NotAFile = ""; //$NON-NLS-1$
    public static String Trace_NotAProfile = ""; //$NON-NLS-1$
    public static String Trace_NoTime = ""; //$NON-NLS-1$
    public static String Profile_Reading = ""; //$NON-NLS-1$
    public static String Scope_All = ""; //$NON-NLS-1$
    public static String Scope_Process = ""; //$NON-NLS-1$
    public static String Scope_Thread = ""; //$NON-NLS-1$
    public static String Scope_Cpu = ""; //$NON-NLS-1$

    static {
        NLS.initializeMessages(BUNDLE_NAME, Messages.class);
    }

    private Messages() {
    }
}
