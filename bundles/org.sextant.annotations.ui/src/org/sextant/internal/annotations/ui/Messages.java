// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.annotations.ui;

import org.eclipse.osgi.util.NLS;

/**
 * User-visible strings of the annotation views.
 */
@SuppressWarnings("javadoc")
public class Messages extends NLS {
    private static final String BUNDLE_NAME = Messages.class.getPackageName() + ".messages"; //$NON-NLS-1$

    public static String BarriersView_Title = ""; //$NON-NLS-1$
    public static String BarriersView_YAxis = ""; //$NON-NLS-1$
    public static String BarriersView_NameColumn = ""; //$NON-NLS-1$

    static {
        NLS.initializeMessages(BUNDLE_NAME, Messages.class);
    }

    private Messages() {
    }
}
