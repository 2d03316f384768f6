// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.redis.ui;

import java.util.List;

import org.eclipse.tracecompass.tmf.core.signal.TmfSignalHandler;
import org.eclipse.tracecompass.tmf.core.signal.TmfSignalManager;
import org.eclipse.tracecompass.tmf.core.signal.TmfTraceOpenedSignal;
import org.eclipse.ui.IStartup;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PartInitException;
import org.eclipse.ui.PlatformUI;
import org.sextant.internal.redis.core.RedisTraces;

/**
 * Shows the Redis views when a trace or experiment with Redis events opens (a recording opened by
 * {@code ./sextant gui DIR}, or any Redis trace opened by hand): the nodes appear without the user finding the
 * views in a menu. Netflow ends up in front; the editor keeps the focus.
 */
public class RedisViewsOnOpen implements IStartup {

    /** The views shown, the last one in front. */
    private static final List<String> VIEWS = List.of(ThreadsView.ID, NetflowView.ID);

    @Override
    public void earlyStartup() {
        TmfSignalManager.register(this);
    }

    /**
     * @param signal
     *            a trace or experiment opened
     */
    @TmfSignalHandler
    public void traceOpened(TmfTraceOpenedSignal signal) {
        if (!RedisTraces.hasRedisEvents(signal.getTrace())) {
            return;
        }
        PlatformUI.getWorkbench().getDisplay().asyncExec(() -> {
            IWorkbenchWindow window = PlatformUI.getWorkbench().getActiveWorkbenchWindow();
            IWorkbenchPage page = window == null ? null : window.getActivePage();
            if (page == null) {
                return;
            }
            for (String view : VIEWS) {
                try {
                    page.showView(view, null, IWorkbenchPage.VIEW_VISIBLE);
                } catch (PartInitException e) {
                    // the user still has Window > Show View; nothing else is lost
                    System.getLogger(RedisViewsOnOpen.class.getName()).log(System.Logger.Level.WARNING, "cannot show " + view, e); //$NON-NLS-1$
                }
            }
        });
    }
}
