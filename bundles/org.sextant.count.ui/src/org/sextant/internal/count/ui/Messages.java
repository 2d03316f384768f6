// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.count.ui;

import org.eclipse.osgi.util.NLS;

/**
 * User-visible strings of the Event Count view.
 */
@SuppressWarnings("javadoc")
public class Messages extends NLS {
    private static final String BUNDLE_NAME = Messages.class.getPackageName() + ".messages"; //$NON-NLS-1$

    public static String EventCountView_Title = ""; //$NON-NLS-1$
    public static String EventCountView_YAxis = ""; //$NON-NLS-1$
    public static String EventCountView_NameColumn = ""; //$NON-NLS-1$
    public static String EventCountView_DefaultSeries = ""; //$NON-NLS-1$

    static {
        NLS.initializeMessages(BUNDLE_NAME, Messages.class);
    }

    private Messages() {
    }
}
