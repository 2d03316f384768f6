// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.callstack.ui;

import org.eclipse.osgi.util.NLS;

/**
 * User-visible strings of the call-stack views.
 */
@SuppressWarnings("javadoc")
public class Messages extends NLS {
    private static final String BUNDLE_NAME = Messages.class.getPackageName() + ".messages"; //$NON-NLS-1$

    public static String Deltas_TimeRange = ""; //$NON-NLS-1$
    public static String Deltas_InstructionRange = ""; //$NON-NLS-1$
    public static String Deltas_Count = ""; //$NON-NLS-1$
    public static String Deltas_Bar = ""; //$NON-NLS-1$
    public static String Deltas_Line = ""; //$NON-NLS-1$
    public static String Deltas_Thread = ""; //$NON-NLS-1$
    public static String Deltas_Time = ""; //$NON-NLS-1$
    public static String Deltas_Instructions = ""; //$NON-NLS-1$
    public static String Deltas_Empty = ""; //$NON-NLS-1$
    public static String Deltas_Summary = ""; //$NON-NLS-1$
    public static String Deltas_Pattern = ""; //$NON-NLS-1$
    public static String Deltas_PatternTip = ""; //$NON-NLS-1$
    public static String Deltas_Apply = ""; //$NON-NLS-1$
    public static String Deltas_BadPattern = ""; //$NON-NLS-1$
    public static String Deltas_Reading = ""; //$NON-NLS-1$
    public static String Sunburst_Title = ""; //$NON-NLS-1$
    public static String Sunburst_Scope = ""; //$NON-NLS-1$
    public static String Sunburst_Weight = ""; //$NON-NLS-1$
    public static String Sunburst_Colour = ""; //$NON-NLS-1$
    public static String Sunburst_ByFunction = ""; //$NON-NLS-1$
    public static String Sunburst_ByBinary = ""; //$NON-NLS-1$
    public static String Sunburst_Search = ""; //$NON-NLS-1$
    public static String Sunburst_All = ""; //$NON-NLS-1$
    public static String Sunburst_UnitTime = ""; //$NON-NLS-1$
    public static String Sunburst_UnitInstructions = ""; //$NON-NLS-1$
    public static String Sunburst_Open = ""; //$NON-NLS-1$
    public static String Sunburst_OpenTip = ""; //$NON-NLS-1$
    public static String Sunburst_Compare = ""; //$NON-NLS-1$
    public static String Sunburst_CompareTip = ""; //$NON-NLS-1$
    public static String Sunburst_Differential = ""; //$NON-NLS-1$
    public static String Sunburst_DifferentialTip = ""; //$NON-NLS-1$
    public static String Sunburst_ExportPng = ""; //$NON-NLS-1$
    public static String Sunburst_ExportPngTip = ""; //$NON-NLS-1$
    public static String Sunburst_ExportFolded = ""; //$NON-NLS-1$
    public static String Sunburst_ExportFoldedTip = ""; //$NON-NLS-1$
    public static String Sunburst_Reading = ""; //$NON-NLS-1$
    public static String Sunburst_Empty = ""; //$NON-NLS-1$
    public static String Sunburst_Status = ""; //$NON-NLS-1$
    public static String Sunburst_StatusCompared = ""; //$NON-NLS-1$
    public static String Sunburst_Hover = ""; //$NON-NLS-1$
    public static String Sunburst_HoverRoot = ""; //$NON-NLS-1$
    public static String Sunburst_CentreTotal = ""; //$NON-NLS-1$
    public static String Sunburst_Names = ""; //$NON-NLS-1$
    public static String Sunburst_NamesTip = ""; //$NON-NLS-1$
    public static String Sunburst_HoverChange = ""; //$NON-NLS-1$
    public static String Legend_Functions = ""; //$NON-NLS-1$
    public static String Legend_Binaries = ""; //$NON-NLS-1$
    public static String Legend_Difference = ""; //$NON-NLS-1$
    public static String Legend_Unchanged = ""; //$NON-NLS-1$
    public static String Legend_Counts = ""; //$NON-NLS-1$
    public static String Details_Selected = ""; //$NON-NLS-1$
    public static String Details_None = ""; //$NON-NLS-1$
    public static String Details_Callee = ""; //$NON-NLS-1$
    public static String Details_Self = ""; //$NON-NLS-1$
    public static String Details_Inclusive = ""; //$NON-NLS-1$
    public static String Details_OfParent = ""; //$NON-NLS-1$
    public static String Details_OfTotal = ""; //$NON-NLS-1$
    public static String Details_NoCallees = ""; //$NON-NLS-1$

    static {
        NLS.initializeMessages(BUNDLE_NAME, Messages.class);
    }

    private Messages() {
    }
}
