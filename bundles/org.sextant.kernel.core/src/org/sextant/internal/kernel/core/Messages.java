// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.kernel.core;

import org.eclipse.osgi.util.NLS;

/**
 * User-visible strings of the kernel analyses.
 */
@SuppressWarnings("javadoc")
public class Messages extends NLS {
    private static final String BUNDLE_NAME = Messages.class.getPackageName() + ".messages"; //$NON-NLS-1$

    public static String CpuUsage_Title = ""; //$NON-NLS-1$
    public static String CpuUsage_Description = ""; //$NON-NLS-1$
    public static String CpuUsage_Task = ""; //$NON-NLS-1$
    public static String CpuUsage_Threads = ""; //$NON-NLS-1$
    public static String CpuUsage_Thread = ""; //$NON-NLS-1$
    public static String CpuUsage_Axis = ""; //$NON-NLS-1$
    public static String CpuUsage_Unit = ""; //$NON-NLS-1$
    public static String Io_Title = ""; //$NON-NLS-1$
    public static String Io_Description = ""; //$NON-NLS-1$
    public static String Io_Task = ""; //$NON-NLS-1$
    public static String Io_Process = ""; //$NON-NLS-1$
    public static String Io_Descriptors = ""; //$NON-NLS-1$
    public static String Io_Descriptor = ""; //$NON-NLS-1$
    public static String Io_Read = ""; //$NON-NLS-1$
    public static String Io_Written = ""; //$NON-NLS-1$
    public static String Io_Axis = ""; //$NON-NLS-1$
    public static String Io_Unit = ""; //$NON-NLS-1$
    public static String Summary_Name = ""; //$NON-NLS-1$
    public static String CpuSummary_Title = ""; //$NON-NLS-1$
    public static String CpuSummary_Description = ""; //$NON-NLS-1$
    public static String CpuSummary_Time = ""; //$NON-NLS-1$
    public static String CpuSummary_Percent = ""; //$NON-NLS-1$
    public static String CpuSummary_Cpus = ""; //$NON-NLS-1$
    public static String CpuSummary_Cpu = ""; //$NON-NLS-1$
    public static String IoSummary_Title = ""; //$NON-NLS-1$
    public static String IoSummary_Description = ""; //$NON-NLS-1$
    public static String IoSummary_Read = ""; //$NON-NLS-1$
    public static String IoSummary_Written = ""; //$NON-NLS-1$

    static {
        NLS.initializeMessages(BUNDLE_NAME, Messages.class);
    }

    private Messages() {
    }
}
