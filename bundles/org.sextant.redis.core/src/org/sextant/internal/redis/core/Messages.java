// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.redis.core;

import org.eclipse.osgi.util.NLS;

/**
 * User-visible strings of the Redis analysis.
 */
@SuppressWarnings("javadoc")
public class Messages extends NLS {
    private static final String BUNDLE_NAME = Messages.class.getPackageName() + ".messages"; //$NON-NLS-1$

    public static String Latency_Command = ""; //$NON-NLS-1$
    public static String Parallel_Task = ""; //$NON-NLS-1$
    public static String Latency_CommandHelp = ""; //$NON-NLS-1$
    public static String Latency_Type = ""; //$NON-NLS-1$
    public static String Latency_TypeHelp = ""; //$NON-NLS-1$
    public static String Latency_Structure = ""; //$NON-NLS-1$
    public static String Latency_StructureHelp = ""; //$NON-NLS-1$
    public static String Latency_Node = ""; //$NON-NLS-1$
    public static String Latency_NodeHelp = ""; //$NON-NLS-1$
    public static String Latency_Connection = ""; //$NON-NLS-1$
    public static String Latency_ConnectionHelp = ""; //$NON-NLS-1$
    public static String Node_Pid = ""; //$NON-NLS-1$
    public static String Node_Address = ""; //$NON-NLS-1$
    public static String Netflow_Title = ""; //$NON-NLS-1$
    public static String Netflow_Description = ""; //$NON-NLS-1$
    public static String Netflow_Name = ""; //$NON-NLS-1$
    public static String Netflow_Connection = ""; //$NON-NLS-1$
    public static String Netflow_Races = ""; //$NON-NLS-1$
    public static String Netflow_Race = ""; //$NON-NLS-1$
    public static String Frees_Category = ""; //$NON-NLS-1$
    public static String Frees_Finding = ""; //$NON-NLS-1$
    public static String Frees_Step = ""; //$NON-NLS-1$
    public static String Frees_Pending = ""; //$NON-NLS-1$
    public static String Frees_Marker = ""; //$NON-NLS-1$
    public static String Threads_Title = ""; //$NON-NLS-1$
    public static String Threads_Description = ""; //$NON-NLS-1$
    public static String Threads_EventLoop = ""; //$NON-NLS-1$
    public static String Threads_Thread = ""; //$NON-NLS-1$
    public static String Threads_Stages = ""; //$NON-NLS-1$
    public static String Volume_Title = ""; //$NON-NLS-1$
    public static String Volume_Description = ""; //$NON-NLS-1$
    public static String Volume_Axis = ""; //$NON-NLS-1$
    public static String Volume_Unit = ""; //$NON-NLS-1$
    public static String Summary_Title = ""; //$NON-NLS-1$
    public static String Summary_Description = ""; //$NON-NLS-1$
    public static String Summary_Name = ""; //$NON-NLS-1$
    public static String Summary_Value = ""; //$NON-NLS-1$
    public static String Summary_P50 = ""; //$NON-NLS-1$
    public static String Summary_P90 = ""; //$NON-NLS-1$
    public static String Summary_P99 = ""; //$NON-NLS-1$
    public static String Summary_Max = ""; //$NON-NLS-1$
    public static String Summary_Connections = ""; //$NON-NLS-1$
    public static String Summary_Requests = ""; //$NON-NLS-1$
    public static String Summary_RequestsByType = ""; //$NON-NLS-1$
    public static String Summary_RequestsByStructure = ""; //$NON-NLS-1$
    public static String Summary_Memory = ""; //$NON-NLS-1$
    public static String Summary_QueryBuffer = ""; //$NON-NLS-1$
    public static String Summary_RepliesOwed = ""; //$NON-NLS-1$
    public static String Summary_ReplyBytes = ""; //$NON-NLS-1$
    public static String Summary_Latency = ""; //$NON-NLS-1$
    public static String Summary_Bytes = ""; //$NON-NLS-1$
    public static String Summary_BusSent = ""; //$NON-NLS-1$
    public static String Summary_BusReceived = ""; //$NON-NLS-1$
    public static String Summary_Races = ""; //$NON-NLS-1$
    public static String Summary_Frees = ""; //$NON-NLS-1$
    public static String Paths_Title = ""; //$NON-NLS-1$
    public static String Paths_Description = ""; //$NON-NLS-1$
    public static String Paths_Start = ""; //$NON-NLS-1$
    public static String Paths_Duration = ""; //$NON-NLS-1$
    public static String Paths_Redirections = ""; //$NON-NLS-1$
    public static String Paths_Publications = ""; //$NON-NLS-1$
    public static String Paths_Publication = ""; //$NON-NLS-1$
    public static String Paths_Replication = ""; //$NON-NLS-1$
    public static String Paths_Stream = ""; //$NON-NLS-1$
    public static String Paths_Hop = ""; //$NON-NLS-1$
    public static String Paths_End = ""; //$NON-NLS-1$

    static {
        NLS.initializeMessages(BUNDLE_NAME, Messages.class);
    }

    private Messages() {
    }
}
