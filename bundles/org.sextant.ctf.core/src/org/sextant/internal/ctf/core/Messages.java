// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.ctf.core;

import org.eclipse.osgi.util.NLS;

/**
 * User-visible strings of Sextant's CTF trace types.
 */
@SuppressWarnings("javadoc")
public class Messages extends NLS {
    private static final String BUNDLE_NAME = Messages.class.getPackageName() + ".messages"; //$NON-NLS-1$

    public static String Index_ByTraceCompass = ""; //$NON-NLS-1$
    public static String Index_Cancelled = ""; //$NON-NLS-1$
    public static String Index_CheckpointDiffers = ""; //$NON-NLS-1$
    public static String Index_Empty = ""; //$NON-NLS-1$
    public static String Index_FirstDiffers = ""; //$NON-NLS-1$
    public static String Index_Job = ""; //$NON-NLS-1$
    public static String Index_NotCtf = ""; //$NON-NLS-1$
    public static String Index_Restored = ""; //$NON-NLS-1$
    public static String Index_Progress = ""; //$NON-NLS-1$
    public static String Index_UntimedLosses = ""; //$NON-NLS-1$
    public static String Trace_NotADirectory = ""; //$NON-NLS-1$
    public static String Trace_NotCtf2 = ""; //$NON-NLS-1$
    public static String Trace_Unreadable = ""; //$NON-NLS-1$

    static {
        NLS.initializeMessages(BUNDLE_NAME, Messages.class);
    }

    private Messages() {
    }
}
