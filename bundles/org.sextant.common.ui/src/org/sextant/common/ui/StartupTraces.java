// SPDX-License-Identifier: EPL-2.0
package org.sextant.common.ui;

import java.io.File;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import org.eclipse.core.resources.IContainer;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.IStatus;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.core.runtime.Status;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.swt.widgets.Display;
import org.eclipse.tracecompass.tmf.core.TmfCommonConstants;
import org.eclipse.tracecompass.tmf.core.project.model.TraceTypeHelper;
import org.eclipse.tracecompass.tmf.ui.project.model.ITmfProjectModelElement;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfExperimentElement;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfExperimentFolder;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfOpenTraceHelper;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfProjectElement;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfProjectRegistry;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfTraceElement;
import org.eclipse.tracecompass.tmf.ui.project.model.TmfTraceTypeUIUtils;
import org.eclipse.ui.IStartup;
import org.eclipse.ui.PlatformUI;
import org.sextant.common.core.open.TraceOpener;
import org.sextant.common.core.open.TraceOpener.OpenException;
import org.sextant.common.core.open.TraceOpener.Target;
import org.sextant.internal.common.ui.FirstViewReport;

/**
 * Opens what {@code ./sextant gui PATH...} names once the workbench is up (the system property {@value #PROPERTY}),
 * each path as the command line and the trace server open it ({@link TraceOpener#resolve}): a trace (an OTF2
 * archive also by its directory, an ftrace recording by its directory) in an editor of its type, a recording
 * directory of {@code sextant record} as one Trace Compass experiment of its traces (Trace Compass 6.2's
 * {@code --open} opens traces, never an experiment). A recording's traces are linked, not copied, under
 * {@code Traces/<recording>} of the default tracing project, beside an experiment of the same name; opening the
 * same recording again reuses both, and another recording of the same name gets a numbered name.
 */
public class StartupTraces implements IStartup {

    /** The system property naming the traces and recordings to open at start-up, separated by the path separator. */
    public static final String PROPERTY = "sextant.open"; //$NON-NLS-1$

    @Override
    public void earlyStartup() {
        String paths = System.getProperty(PROPERTY);
        if (paths == null || paths.isBlank()) {
            return;
        }
        FirstViewReport.startIfAsked(System.nanoTime());
        Display display = PlatformUI.getWorkbench().getDisplay();
        for (String path : paths.split(File.pathSeparator)) {
            display.asyncExec(() -> {
                IStatus status = open(Path.of(path));
                if (!status.isOK()) {
                    // the launcher's terminal shows this line, the workbench the dialog
                    System.err.println("sextant: error: " + status.getMessage()); //$NON-NLS-1$
                    MessageDialog.openError(display.getActiveShell(), Messages.Recording_Title, status.getMessage());
                }
            });
        }
    }

    /**
     * Opens a trace in an editor, or creates (or finds) the experiment of a recording's traces and opens that.
     *
     * @param path
     *            a trace or a recording directory
     * @return OK, or an error whose message names the path and the problem
     */
    public static IStatus open(Path path) {
        try {
            Path absolute = path.toAbsolutePath().normalize();
            Target target = target(absolute);
            if (target.isRecording()) {
                return TmfOpenTraceHelper.openFromElement(experiment(absolute, target, new NullProgressMonitor()));
            }
            String trace = target.trace().getAbsolutePath();
            return TmfOpenTraceHelper.openTraceFromPath(project(absolute, new NullProgressMonitor()).getTracesFolder(), trace,
                    PlatformUI.getWorkbench().getDisplay().getActiveShell(), traceType(trace).getTraceTypeId());
        } catch (CoreException e) {
            return e.getStatus();
        }
    }

    /**
     * @param recording
     *            a recording directory, absolute
     * @param monitor
     *            progress
     * @return the experiment of its traces in the default tracing project, made if new
     * @throws CoreException
     *             whose message names the recording and the problem
     */
    public static TmfExperimentElement experiment(Path recording, IProgressMonitor monitor) throws CoreException {
        Target target = target(recording);
        if (!target.isRecording()) {
            throw error(recording + ": not a recording directory"); //$NON-NLS-1$
        }
        return experiment(recording, target, monitor);
    }

    private static TmfExperimentElement experiment(Path recording, Target target, IProgressMonitor monitor) throws CoreException {
        Map<String, Path> members = members(target);
        TmfProjectElement element = project(recording, monitor);
        IFolder traces = element.getTracesFolder().getResource();
        TmfExperimentFolder experiments = element.getExperimentsFolder();
        String base = recording.getFileName() == null ? "recording" : recording.getFileName().toString(); //$NON-NLS-1$
        for (int n = 1;; n++) {
            String name = n == 1 ? base : base + '-' + n;
            IFolder linked = traces.getFolder(name);
            IFolder experimentFolder = experiments.getResource().getFolder(name);
            if (!linked.exists() && !experimentFolder.exists()) {
                return create(recording, members, linked, experimentFolder, element, monitor);
            }
            TmfExperimentElement existing = experiments.getExperiment(experimentFolder);
            if (existing != null && linksTo(linked, members)) {
                // an experiment made by an earlier version, of Trace Compass's generic type: indexed by the codec from now on
                if (!TraceOpener.experimentType().equals(experimentFolder.getPersistentProperty(TmfCommonConstants.TRACETYPE))) {
                    experimentFolder.setPersistentProperty(TmfCommonConstants.TRACETYPE, TraceOpener.experimentType());
                    existing.refreshTraceType();
                }
                return existing;
            }
        }
    }

    /** The default tracing project, made if new. */
    private static TmfProjectElement project(Path path, IProgressMonitor monitor) throws CoreException {
        IProject project = TmfProjectRegistry.createProject(TmfCommonConstants.DEFAULT_TRACE_PROJECT_NAME, null, monitor);
        TmfProjectElement element = TmfProjectRegistry.getProject(project, true);
        if (element == null) {
            throw error(path + ": no Trace Compass project to open it in"); //$NON-NLS-1$
        }
        return element;
    }

    private static Target target(Path path) throws CoreException {
        try {
            return TraceOpener.resolve(path.toString());
        } catch (OpenException e) {
            throw error(String.valueOf(e.getMessage()));
        }
    }

    /** The recording's traces by the name of their links: the last segment of their path, numbered if taken. */
    private static Map<String, Path> members(Target recording) {
        Map<String, Path> members = new LinkedHashMap<>();
        for (File member : recording.members()) {
            Path path = member.toPath();
            String name = path.getFileName().toString();
            for (int n = 2; members.containsKey(name); n++) {
                name = path.getFileName().toString() + '-' + n;
            }
            members.put(name, path);
        }
        return members;
    }

    private static boolean linksTo(IFolder linked, Map<String, Path> members) throws CoreException {
        if (!linked.exists() || linked.members().length != members.size()) {
            return false;
        }
        for (Map.Entry<String, Path> member : members.entrySet()) {
            IResource link = link(linked, member.getKey(), member.getValue());
            if (!link.exists() || link.getLocation() == null || !Path.of(link.getLocation().toOSString()).equals(member.getValue())) {
                return false;
            }
        }
        return true;
    }

    private static IResource link(IContainer folder, String name, Path target) {
        return target.toFile().isDirectory() ? folder.getFolder(new org.eclipse.core.runtime.Path(name)) : folder.getFile(new org.eclipse.core.runtime.Path(name));
    }

    private static TmfExperimentElement create(Path recording, Map<String, Path> members, IFolder linked, IFolder experimentFolder,
            TmfProjectElement project, IProgressMonitor monitor) throws CoreException {
        linked.create(false, true, monitor);
        for (Map.Entry<String, Path> member : members.entrySet()) {
            IResource link = link(linked, member.getKey(), member.getValue());
            org.eclipse.core.runtime.Path location = new org.eclipse.core.runtime.Path(member.getValue().toString());
            if (link instanceof IFolder folder) {
                folder.createLink(location, IResource.NONE, monitor);
            } else {
                ((IFile) link).createLink(location, IResource.NONE, monitor);
            }
            TmfTraceTypeUIUtils.setTraceType(link, traceType(member.getValue().toString()));
        }
        project.getTracesFolder().refresh();
        experimentFolder.create(false, true, monitor);
        experimentFolder.setPersistentProperty(TmfCommonConstants.TRACETYPE, TraceOpener.experimentType());
        TmfExperimentElement experiment = project.getExperimentsFolder().addExperiment(experimentFolder);
        for (IResource link : linked.members()) {
            ITmfProjectModelElement trace = TmfProjectRegistry.findElement(link, true);
            if (!(trace instanceof TmfTraceElement traceElement)) {
                throw error(recording + ": " + link.getName() + " did not become a trace of the project"); //$NON-NLS-1$ //$NON-NLS-2$
            }
            experiment.addTrace(traceElement, false);
        }
        experiment.refreshTraceType();
        experiment.refresh();
        return experiment;
    }

    private static TraceTypeHelper traceType(String trace) throws CoreException {
        try {
            return TraceOpener.traceType(trace);
        } catch (OpenException e) {
            throw error(String.valueOf(e.getMessage()));
        }
    }

    private static CoreException error(String message) {
        return new CoreException(new Status(IStatus.ERROR, StartupTraces.class.getPackageName(), message));
    }
}
