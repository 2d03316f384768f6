// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.count.core;

import org.eclipse.osgi.util.NLS;

/**
 * User-visible strings of the event count analysis.
 */
@SuppressWarnings("javadoc")
public class Messages extends NLS {
    private static final String BUNDLE_NAME = Messages.class.getPackageName() + ".messages"; //$NON-NLS-1$

    public static String EventCount_Title = ""; //$NON-NLS-1$
    public static String EventCount_Description = ""; //$NON-NLS-1$
    public static String EventCount_Total = ""; //$NON-NLS-1$
    public static String EventCount_Cpus = ""; //$NON-NLS-1$
    public static String EventCount_Cpu = ""; //$NON-NLS-1$
    public static String EventCount_EventTypes = ""; //$NON-NLS-1$
    public static String EventCount_RateAxis = ""; //$NON-NLS-1$
    public static String EventCount_RateUnit = ""; //$NON-NLS-1$
    public static String EventCount_ParallelTask = ""; //$NON-NLS-1$
    public static String EventCount_SummaryTitle = ""; //$NON-NLS-1$
    public static String EventCount_SummaryDescription = ""; //$NON-NLS-1$
    public static String EventCount_Name = ""; //$NON-NLS-1$
    public static String EventCount_Events = ""; //$NON-NLS-1$
    public static String EventCount_Start = ""; //$NON-NLS-1$
    public static String EventCount_End = ""; //$NON-NLS-1$

    static {
        NLS.initializeMessages(BUNDLE_NAME, Messages.class);
    }

    private Messages() {
    }
}
