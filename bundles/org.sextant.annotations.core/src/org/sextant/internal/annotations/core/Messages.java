// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.annotations.core;

import org.eclipse.osgi.util.NLS;

/**
 * User-visible strings of the annotations analysis.
 */
@SuppressWarnings("javadoc")
public class Messages extends NLS {
    private static final String BUNDLE_NAME = Messages.class.getPackageName() + ".messages"; //$NON-NLS-1$

    public static String Instances_Thread = ""; //$NON-NLS-1$
    public static String Instances_ThreadHelp = ""; //$NON-NLS-1$
    public static String Instances_Depth = ""; //$NON-NLS-1$
    public static String Instances_DepthHelp = ""; //$NON-NLS-1$
    public static String Summary_Title = ""; //$NON-NLS-1$
    public static String Summary_Description = ""; //$NON-NLS-1$
    public static String Summary_Name = ""; //$NON-NLS-1$
    public static String Summary_Count = ""; //$NON-NLS-1$
    public static String Summary_Time = ""; //$NON-NLS-1$
    public static String Summary_OnCpu = ""; //$NON-NLS-1$
    public static String Summary_P50 = ""; //$NON-NLS-1$
    public static String Summary_P90 = ""; //$NON-NLS-1$
    public static String Summary_P99 = ""; //$NON-NLS-1$
    public static String Summary_Max = ""; //$NON-NLS-1$
    public static String Summary_Ratio = ""; //$NON-NLS-1$
    public static String Summary_Thread = ""; //$NON-NLS-1$
    public static String Summary_Threads = ""; //$NON-NLS-1$
    public static String Summary_Annotations = ""; //$NON-NLS-1$
    public static String Summary_Cpus = ""; //$NON-NLS-1$
    public static String Summary_PreemptedBy = ""; //$NON-NLS-1$
    public static String Summary_Unfinished = ""; //$NON-NLS-1$
    public static String Summary_Barriers = ""; //$NON-NLS-1$
    public static String Summary_Regions = ""; //$NON-NLS-1$
    public static String Summary_Counters = ""; //$NON-NLS-1$
    public static String Summary_Instants = ""; //$NON-NLS-1$
    public static String Summary_Problems = ""; //$NON-NLS-1$
    public static String TimeGraph_Name = ""; //$NON-NLS-1$
    public static String Cpus_Title = ""; //$NON-NLS-1$
    public static String Cpus_Description = ""; //$NON-NLS-1$
    public static String Cpus_Cpu = ""; //$NON-NLS-1$
    public static String Cpus_Thread = ""; //$NON-NLS-1$
    public static String Threads_Title = ""; //$NON-NLS-1$
    public static String Threads_Description = ""; //$NON-NLS-1$
    public static String Threads_Cpu = ""; //$NON-NLS-1$
    public static String Threads_Depth = ""; //$NON-NLS-1$
    public static String Threads_Barrier = ""; //$NON-NLS-1$
    public static String Barriers_Title = ""; //$NON-NLS-1$
    public static String Barriers_Description = ""; //$NON-NLS-1$
    public static String Barriers_Name = ""; //$NON-NLS-1$
    public static String Barriers_Axis = ""; //$NON-NLS-1$
    public static String Barriers_Unit = ""; //$NON-NLS-1$
    public static String Tooltip_Cpu = ""; //$NON-NLS-1$
    public static String Tooltip_Thread = ""; //$NON-NLS-1$
    public static String Tooltip_Annotation = ""; //$NON-NLS-1$
    public static String Tooltip_Stack = ""; //$NON-NLS-1$
    public static String Tooltip_Barrier = ""; //$NON-NLS-1$
    public static String Tooltip_PreemptedBy = ""; //$NON-NLS-1$
    public static String Tooltip_Idle = ""; //$NON-NLS-1$
    public static String Tooltip_None = ""; //$NON-NLS-1$
    public static String Tooltip_NotRunning = ""; //$NON-NLS-1$

    static {
        NLS.initializeMessages(BUNDLE_NAME, Messages.class);
    }

    private Messages() {
    }
}
