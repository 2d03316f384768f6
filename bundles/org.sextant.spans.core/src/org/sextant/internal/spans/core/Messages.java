// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.spans.core;

import org.eclipse.osgi.util.NLS;

/**
 * User-visible strings of the span analysis.
 */
@SuppressWarnings("javadoc")
public class Messages extends NLS {
    private static final String BUNDLE_NAME = Messages.class.getPackageName() + ".messages"; //$NON-NLS-1$

    public static String Aspect_Service = ""; //$NON-NLS-1$
    public static String Aspect_ServiceHelp = ""; //$NON-NLS-1$
    public static String Aspect_Route = ""; //$NON-NLS-1$
    public static String Aspect_RouteHelp = ""; //$NON-NLS-1$
    public static String Aspect_Target = ""; //$NON-NLS-1$
    public static String Aspect_TargetHelp = ""; //$NON-NLS-1$
    public static String Aspect_Status = ""; //$NON-NLS-1$
    public static String Aspect_StatusHelp = ""; //$NON-NLS-1$
    public static String Aspect_Trace = ""; //$NON-NLS-1$
    public static String Aspect_TraceHelp = ""; //$NON-NLS-1$
    public static String TimeGraph_Name = ""; //$NON-NLS-1$
    public static String Spans_Title = ""; //$NON-NLS-1$
    public static String Spans_Description = ""; //$NON-NLS-1$
    public static String Spans_Served = ""; //$NON-NLS-1$
    public static String Spans_Calls = ""; //$NON-NLS-1$
    public static String Spans_Connection = ""; //$NON-NLS-1$
    public static String Spans_RedisNode = ""; //$NON-NLS-1$
    public static String CriticalPath_Title = ""; //$NON-NLS-1$
    public static String CriticalPath_Description = ""; //$NON-NLS-1$
    public static String CriticalPath_Request = ""; //$NON-NLS-1$
    public static String Step_Work = ""; //$NON-NLS-1$
    public static String Step_Network = ""; //$NON-NLS-1$
    public static String Step_Call = ""; //$NON-NLS-1$
    public static String Step_Redis = ""; //$NON-NLS-1$
    public static String Summary_Title = ""; //$NON-NLS-1$
    public static String Summary_Description = ""; //$NON-NLS-1$
    public static String Summary_Name = ""; //$NON-NLS-1$
    public static String Summary_Count = ""; //$NON-NLS-1$
    public static String Summary_Errors = ""; //$NON-NLS-1$
    public static String Summary_Max = ""; //$NON-NLS-1$
    public static String Summary_Duration = ""; //$NON-NLS-1$
    public static String Summary_Where = ""; //$NON-NLS-1$
    public static String Summary_Kind = ""; //$NON-NLS-1$
    public static String Summary_Trace = ""; //$NON-NLS-1$
    public static String Summary_Routes = ""; //$NON-NLS-1$
    public static String Summary_Slowest = ""; //$NON-NLS-1$
    public static String Summary_Redis = ""; //$NON-NLS-1$
    public static String Summary_Unattributed = ""; //$NON-NLS-1$
    public static String Summary_Problems = ""; //$NON-NLS-1$
    public static String Summary_NotACount = ""; //$NON-NLS-1$
    public static String Problem_Skipped = ""; //$NON-NLS-1$
    public static String Problem_ResponsesWithoutRequest = ""; //$NON-NLS-1$
    public static String Problem_Incomplete = ""; //$NON-NLS-1$
    public static String Problem_Lost = ""; //$NON-NLS-1$
    public static String Problem_Unjoined = ""; //$NON-NLS-1$
    public static String Problem_ClockMismatches = ""; //$NON-NLS-1$
    public static String Warning_NotHttp = ""; //$NON-NLS-1$
    public static String Tooltip_Request = ""; //$NON-NLS-1$
    public static String Tooltip_Status = ""; //$NON-NLS-1$
    public static String Tooltip_NoResponse = ""; //$NON-NLS-1$
    public static String Tooltip_Duration = ""; //$NON-NLS-1$
    public static String Tooltip_Trace = ""; //$NON-NLS-1$
    public static String Tooltip_Connection = ""; //$NON-NLS-1$
    public static String Tooltip_Parent = ""; //$NON-NLS-1$
    public static String Tooltip_Command = ""; //$NON-NLS-1$
    public static String Tooltip_Client = ""; //$NON-NLS-1$
    public static String Tooltip_Step = ""; //$NON-NLS-1$

    static {
        NLS.initializeMessages(BUNDLE_NAME, Messages.class);
    }

    private Messages() {
    }
}
