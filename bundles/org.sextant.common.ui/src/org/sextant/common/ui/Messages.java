// SPDX-License-Identifier: EPL-2.0
package org.sextant.common.ui;

import org.eclipse.osgi.util.NLS;

/**
 * User-visible strings of the shared views.
 */
@SuppressWarnings("javadoc")
class Messages extends NLS {
    private static final String BUNDLE_NAME = Messages.class.getPackageName() + ".messages"; //$NON-NLS-1$

    public static String CumulativeXYView_XAxis = ""; //$NON-NLS-1$
    public static String CumulativeXYView_LegendColumn = ""; //$NON-NLS-1$
    public static String AnalysisFailure_Title = ""; //$NON-NLS-1$
    public static String AnalysisFailure_Message = ""; //$NON-NLS-1$
    public static String Recording_Title = ""; //$NON-NLS-1$

    static {
        NLS.initializeMessages(BUNDLE_NAME, Messages.class);
    }

    private Messages() {
    }
}
