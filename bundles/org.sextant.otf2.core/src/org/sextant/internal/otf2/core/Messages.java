// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.otf2.core;

import org.eclipse.osgi.util.NLS;

/**
 * User-visible strings of OTF2 in Trace Compass.
 */
@SuppressWarnings("javadoc")
public class Messages extends NLS {
    private static final String BUNDLE_NAME = Messages.class.getPackageName() + ".messages"; //$NON-NLS-1$

    public static String Trace_NoPath = ""; //$NON-NLS-1$
    public static String Aspect_Location = ""; //$NON-NLS-1$
    public static String Aspect_LocationHelp = ""; //$NON-NLS-1$
    public static String Aspect_Rank = ""; //$NON-NLS-1$
    public static String Aspect_RankHelp = ""; //$NON-NLS-1$
    public static String Aspect_Region = ""; //$NON-NLS-1$
    public static String Aspect_RegionHelp = ""; //$NON-NLS-1$
    public static String Communication_Title = ""; //$NON-NLS-1$
    public static String Communication_Description = ""; //$NON-NLS-1$
    public static String Communication_Location = ""; //$NON-NLS-1$
    public static String Communication_Mpi = ""; //$NON-NLS-1$
    public static String Communication_Code = ""; //$NON-NLS-1$
    public static String Regions_Title = ""; //$NON-NLS-1$
    public static String Regions_Description = ""; //$NON-NLS-1$
    public static String Regions_Region = ""; //$NON-NLS-1$
    public static String Regions_Calls = ""; //$NON-NLS-1$
    public static String Regions_InclusiveTotal = ""; //$NON-NLS-1$
    public static String Regions_InclusiveMin = ""; //$NON-NLS-1$
    public static String Regions_InclusiveMean = ""; //$NON-NLS-1$
    public static String Regions_InclusiveMax = ""; //$NON-NLS-1$
    public static String Regions_ExclusiveTotal = ""; //$NON-NLS-1$
    public static String Regions_ExclusiveMin = ""; //$NON-NLS-1$
    public static String Regions_ExclusiveMean = ""; //$NON-NLS-1$
    public static String Regions_ExclusiveMax = ""; //$NON-NLS-1$

    static {
        NLS.initializeMessages(BUNDLE_NAME, Messages.class);
    }

    private Messages() {
    }
}
