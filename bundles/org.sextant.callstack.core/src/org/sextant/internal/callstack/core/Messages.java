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
    public static String Weight_Instructions = ""; //$NON-NLS-1$
    public static String Weight_Time = ""; //$NON-NLS-1$
    public static String Untraced = ""; //$NON-NLS-1$
    public static String Syscalls_Title = ""; //$NON-NLS-1$
    public static String Syscalls_Description = ""; //$NON-NLS-1$
    public static String Syscalls_Site = ""; //$NON-NLS-1$
    public static String Syscalls_Min = ""; //$NON-NLS-1$
    public static String Syscalls_Median = ""; //$NON-NLS-1$
    public static String Syscalls_P99 = ""; //$NON-NLS-1$
    public static String Syscalls_Max = ""; //$NON-NLS-1$
    public static String Syscalls_Unfinished = ""; //$NON-NLS-1$
    public static String Deltas_Abandoned = ""; //$NON-NLS-1$
    public static String Column_Function = ""; //$NON-NLS-1$
    public static String Column_Binary = ""; //$NON-NLS-1$
    public static String Column_Self = ""; //$NON-NLS-1$
    public static String Column_Total = ""; //$NON-NLS-1$
    public static String Column_SelfBefore = ""; //$NON-NLS-1$
    public static String Column_TotalBefore = ""; //$NON-NLS-1$
    public static String Column_SelfAfter = ""; //$NON-NLS-1$
    public static String Column_TotalAfter = ""; //$NON-NLS-1$
    public static String Column_Change = ""; //$NON-NLS-1$
    public static String Column_Name = ""; //$NON-NLS-1$
    public static String Column_Low = ""; //$NON-NLS-1$
    public static String Column_Width = ""; //$NON-NLS-1$
    public static String Column_Count = ""; //$NON-NLS-1$
    public static String Column_Line = ""; //$NON-NLS-1$
    public static String Column_Thread = ""; //$NON-NLS-1$
    public static String Column_Start = ""; //$NON-NLS-1$
    public static String Column_Time = ""; //$NON-NLS-1$
    public static String Column_Instructions = ""; //$NON-NLS-1$
    public static String Deltas_UnmatchedEnds = ""; //$NON-NLS-1$
    public static String Deltas_TimeHistogram = ""; //$NON-NLS-1$
    public static String Deltas_InstructionHistogram = ""; //$NON-NLS-1$
    public static String Deltas_Longest = ""; //$NON-NLS-1$
    public static String CallTree_Title = ""; //$NON-NLS-1$
    public static String CallTree_Description = ""; //$NON-NLS-1$
    public static String Differential_Title = ""; //$NON-NLS-1$
    public static String Differential_Description = ""; //$NON-NLS-1$
    public static String Deltas_Title = ""; //$NON-NLS-1$
    public static String Deltas_Description = ""; //$NON-NLS-1$
    public static String Parameter_NotACount = ""; //$NON-NLS-1$
    public static String Parameter_NotAChoice = ""; //$NON-NLS-1$
    public static String Parameter_NoSuchWeight = ""; //$NON-NLS-1$
    public static String Parameter_NoSuchGroup = ""; //$NON-NLS-1$
    public static String Parameter_NoGroup = ""; //$NON-NLS-1$
    public static String Parameter_NoComparison = ""; //$NON-NLS-1$
    public static String Provider_None = ""; //$NON-NLS-1$
    public static String Column_SelfPercent = ""; //$NON-NLS-1$
    public static String Column_Inclusive = ""; //$NON-NLS-1$
    public static String Column_InclusivePercent = ""; //$NON-NLS-1$
    public static String Column_Calls = ""; //$NON-NLS-1$
    public static String Column_Note = ""; //$NON-NLS-1$
    public static String Column_SelfDelta = ""; //$NON-NLS-1$
    public static String Column_SelfRatio = ""; //$NON-NLS-1$
    public static String Column_Before = ""; //$NON-NLS-1$
    public static String Column_After = ""; //$NON-NLS-1$
    public static String Column_Delta = ""; //$NON-NLS-1$
    public static String Column_Ratio = ""; //$NON-NLS-1$
    public static String Functions_ByInclusive = ""; //$NON-NLS-1$
    public static String Functions_BySelf = ""; //$NON-NLS-1$
    public static String Functions_Callers = ""; //$NON-NLS-1$
    public static String Functions_Callees = ""; //$NON-NLS-1$
    public static String Functions_Declared = ""; //$NON-NLS-1$
    public static String Functions_DeclaredEqual = ""; //$NON-NLS-1$
    public static String Functions_DeclaredDiffers = ""; //$NON-NLS-1$
    public static String Baseline_Functions = ""; //$NON-NLS-1$
    public static String Baseline_Paths = ""; //$NON-NLS-1$
    public static String Baseline_Appeared = ""; //$NON-NLS-1$
    public static String Baseline_Vanished = ""; //$NON-NLS-1$
    public static String Functions_Title = ""; //$NON-NLS-1$
    public static String Functions_Description = ""; //$NON-NLS-1$
    public static String Baseline_Title = ""; //$NON-NLS-1$
    public static String Baseline_Description = ""; //$NON-NLS-1$
    public static String Parameter_NoBaseline = ""; //$NON-NLS-1$

    static {
        NLS.initializeMessages(BUNDLE_NAME, Messages.class);
    }

    private Messages() {
    }
}
