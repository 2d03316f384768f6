// SPDX-License-Identifier: EPL-2.0
package org.sextant.callstack.core;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.OperationCanceledException;
import org.eclipse.core.runtime.SubMonitor;
import org.sextant.callstack.model.CallFlow;
import org.sextant.callstack.model.CallStackFormatException;
import org.sextant.callstack.model.DeltaProfiler;
import org.sextant.callstack.model.Profile;
import org.sextant.internal.callstack.core.Messages;

/**
 * Reads call profiles with progress and cancellation, for the trace type, the views and the command line.
 */
public final class Profiles {

    /** A file that is no call profile, or not what its format says: the message names the file and the line. */
    public static final class ProfileException extends Exception {
        private static final long serialVersionUID = 1L;

        ProfileException(String message, Throwable cause) {
            super(message, cause);
        }

        ProfileException(String message) {
            super(message);
        }
    }

    private static final long KIB = 1024;

    private Profiles() {
    }

    /**
     * Reads a profile, its delta profile with the default instruction pairs (superCLI and superSTI).
     *
     * @param file
     *            the file
     * @param monitor
     *            progress, in the file's bytes, and cancellation
     * @return the profile
     * @throws IOException
     *             when the file cannot be read
     * @throws ProfileException
     *             when it is no profile
     */
    public static Profile read(Path file, IProgressMonitor monitor) throws IOException, ProfileException {
        return read(file, DeltaProfiler.Pattern.INTERRUPTS, monitor);
    }

    /**
     * Reads a profile.
     *
     * @param file
     *            the file
     * @param pattern
     *            the instruction pairs of the delta profile
     * @param monitor
     *            progress, in the file's bytes, and cancellation
     * @return the profile
     * @throws IOException
     *             when the file cannot be read
     * @throws ProfileException
     *             when it is no profile
     */
    public static Profile read(Path file, DeltaProfiler.Pattern pattern, IProgressMonitor monitor) throws IOException, ProfileException {
        return read(file, pattern, false, monitor);
    }

    /**
     * Reads a profile, and its timeline when asked.
     *
     * @param file
     *            the file
     * @param pattern
     *            the instruction pairs of the delta profile
     * @param timeline
     *            whether to record when each thread entered and left each function (inputs with time only)
     * @param monitor
     *            progress, in the file's bytes, and cancellation
     * @return the profile
     * @throws IOException
     *             when the file cannot be read
     * @throws ProfileException
     *             when it is no profile
     */
    public static Profile read(Path file, DeltaProfiler.Pattern pattern, boolean timeline, IProgressMonitor monitor)
            throws IOException, ProfileException {
        SubMonitor progress = SubMonitor.convert(monitor, String.format(Messages.Profile_Reading, file.getFileName()),
                (int) Math.max(1, Files.size(file) / KIB));
        int[] done = { 0 };
        try {
            return Profile.read(file, pattern, timeline, read -> {
                if (progress.isCanceled()) {
                    throw new OperationCanceledException();
                }
                int kib = (int) (read / KIB);
                progress.worked(kib - done[0]);
                done[0] = kib;
            });
        } catch (CallStackFormatException e) {
            throw new ProfileException(e.getMessage(), e);
        } finally {
            progress.done();
        }
    }

    /**
     * @param scope
     *            a scope of a profile's trees
     * @param key
     *            a group of that scope
     * @return how to show the group to the user
     */
    public static String scopeLabel(CallFlow.Scope scope, String key) {
        return switch (scope) {
        case ALL -> Messages.Scope_All;
        case PROCESS -> String.format(Messages.Scope_Process, key);
        case THREAD -> String.format(Messages.Scope_Thread, key);
        case CPU -> String.format(Messages.Scope_Cpu, key);
        };
    }
}
