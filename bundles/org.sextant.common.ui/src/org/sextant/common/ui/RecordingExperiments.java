// SPDX-License-Identifier: EPL-2.0
package org.sextant.common.ui;

import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
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
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.jface.dialogs.MessageDialog;
import org.eclipse.swt.widgets.Display;
import org.eclipse.tracecompass.tmf.core.TmfCommonConstants;
import org.eclipse.tracecompass.tmf.core.project.model.TmfTraceImportException;
import org.eclipse.tracecompass.tmf.core.project.model.TmfTraceType;
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
import org.sextant.common.model.recording.RecordingLayout;

/**
 * Opens a recording directory of {@code sextant record} in the workbench as one Trace Compass experiment of its
 * traces ({@link RecordingLayout#members}, what the command line's analyses read), in one step: Trace Compass
 * 6.2's {@code --open} opens traces, never an experiment, so {@code ./sextant gui DIR} names the recordings in
 * the system property {@value #PROPERTY} and this start-up hook opens them once the workbench is up. The traces
 * are linked, not copied, under {@code Traces/<recording>} of the default tracing project, beside an experiment
 * of the same name; opening the same recording again reuses both, and another recording of the same name gets a
 * numbered name.
 */
public class RecordingExperiments implements IStartup {

    /** The system property naming the recordings to open at start-up, separated by the path separator. */
    public static final String PROPERTY = "sextant.recordings"; //$NON-NLS-1$

    @Override
    public void earlyStartup() {
        String recordings = System.getProperty(PROPERTY);
        if (recordings == null || recordings.isBlank()) {
            return;
        }
        Display display = PlatformUI.getWorkbench().getDisplay();
        for (String recording : recordings.split(File.pathSeparator)) {
            display.asyncExec(() -> {
                IStatus status = open(Path.of(recording));
                if (!status.isOK()) {
                    // the launcher's terminal shows this line, the workbench the dialog
                    System.err.println("sextant: error: " + status.getMessage()); //$NON-NLS-1$
                    MessageDialog.openError(display.getActiveShell(), Messages.Recording_Title, status.getMessage());
                }
            });
        }
    }

    /**
     * Creates (or finds) the experiment of a recording's traces and opens it in an editor.
     *
     * @param recording
     *            a recording directory
     * @return OK, or an error whose message names the recording and the problem
     */
    public static IStatus open(Path recording) {
        try {
            TmfExperimentElement experiment = experiment(recording.toAbsolutePath().normalize(), new NullProgressMonitor());
            return TmfOpenTraceHelper.openFromElement(experiment);
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
        Map<String, Path> members = members(recording);
        IProject project = TmfProjectRegistry.createProject(TmfCommonConstants.DEFAULT_TRACE_PROJECT_NAME, null, monitor);
        TmfProjectElement element = TmfProjectRegistry.getProject(project, true);
        if (element == null) {
            throw error(recording + ": no Trace Compass project to open it in"); //$NON-NLS-1$
        }
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
                return existing;
            }
        }
    }

    /** The recording's traces by the name of their links: the last segment of their path, numbered if taken. */
    private static Map<String, Path> members(Path recording) throws CoreException {
        if (!RecordingLayout.isRecording(recording)) {
            throw error(recording + ": not a recording directory"); //$NON-NLS-1$
        }
        List<Path> paths;
        try {
            paths = RecordingLayout.members(recording);
        } catch (IOException e) {
            throw error(recording + ": cannot be listed: " + e.getMessage()); //$NON-NLS-1$
        }
        if (paths.isEmpty()) {
            throw error(recording + ": neither a trace nor a directory of CTF traces or of an ftrace recording"); //$NON-NLS-1$
        }
        Map<String, Path> members = new LinkedHashMap<>();
        for (Path path : paths) {
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
            TmfTraceTypeUIUtils.setTraceType(link, traceType(member.getValue()));
        }
        project.getTracesFolder().refresh();
        experimentFolder.create(false, true, monitor);
        experimentFolder.setPersistentProperty(TmfCommonConstants.TRACETYPE, TmfTraceType.DEFAULT_EXPERIMENT_TYPE);
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

    private static TraceTypeHelper traceType(Path trace) throws CoreException {
        @Nullable List<TraceTypeHelper> candidates;
        try {
            candidates = TmfTraceType.selectTraceType(trace.toString(), null);
        } catch (TmfTraceImportException e) {
            candidates = List.of();
        }
        return candidates.stream().filter(helper -> !helper.isExperimentType()).findFirst()
                .orElseThrow(() -> error(trace + ": not a trace of any type this installation reads")); //$NON-NLS-1$
    }

    private static CoreException error(String message) {
        return new CoreException(new Status(IStatus.ERROR, RecordingExperiments.class.getPackageName(), message));
    }
}
