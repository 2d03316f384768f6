// SPDX-License-Identifier: EPL-2.0
package org.sextant.common.ui;

import java.util.HashSet;
import java.util.Set;

import org.eclipse.jface.dialogs.IDialogConstants;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.swt.widgets.Display;
import org.eclipse.swt.widgets.Shell;
import org.eclipse.ui.IStartup;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;
import org.sextant.common.core.AnalysisFailures;

/**
 * Shows an error dialog when a Sextant analysis fails on bad input, with the sentence that names the damaged
 * file and offset ({@link AnalysisFailures}): the user learns why a view stays empty without reading a log. A
 * failure is shown once per session, and the dialog does not block the workbench.
 */
public class AnalysisFailureDialogs implements IStartup {

    /** The dialogs' title. */
    public static final String TITLE = Messages.AnalysisFailure_Title;

    private final Set<AnalysisFailures.Failure> fShown = new HashSet<>();

    @Override
    public void earlyStartup() {
        AnalysisFailures.addListener(failure -> {
            Display display = PlatformUI.getWorkbench().getDisplay();
            display.asyncExec(() -> show(display, failure));
        });
    }

    private void show(Display display, AnalysisFailures.Failure failure) {
        if (!fShown.add(failure)) {
            return;
        }
        IWorkbenchWindow window = PlatformUI.getWorkbench().getActiveWorkbenchWindow();
        Shell shell = window != null ? window.getShell() : display.getActiveShell();
        MessageDialog dialog = new MessageDialog(shell, TITLE, null, String.format(Messages.AnalysisFailure_Message, failure.analysis(),
                failure.trace(), failure.message()), MessageDialog.ERROR, 0, IDialogConstants.OK_LABEL);
        dialog.setBlockOnOpen(false);
        dialog.open();
    }
}
