// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.callstack.core;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.jdt.annotation.Nullable;
import org.sextant.callstack.core.Profiles;
import org.sextant.callstack.model.Profile;

/**
 * A second run a provider compares the trace's with, named by a fetch parameter: read when first asked for, and
 * again only when another file is asked for or the file changed.
 */
final class OtherProfile {

    private @Nullable Path fFile;
    private @Nullable FileTime fTime;
    private @Nullable Profile fProfile;

    /**
     * @param file
     *            a profile file on the provider's machine
     * @param monitor
     *            progress and cancellation of its reading
     * @return its profile
     * @throws IOException
     *             when it cannot be read; the message names it
     * @throws Profiles.ProfileException
     *             when it is no profile; the message names it and the line
     */
    synchronized Profile read(Path file, IProgressMonitor monitor) throws IOException, Profiles.ProfileException {
        FileTime time;
        try {
            time = Files.getLastModifiedTime(file);
        } catch (IOException e) {
            throw new IOException(file + ": " + Messages.Trace_NotAFile, e); //$NON-NLS-1$
        }
        Profile profile = fProfile;
        if (profile == null || !file.equals(fFile) || !time.equals(fTime)) {
            profile = Profiles.read(file, monitor);
            fProfile = profile;
            fFile = file;
            fTime = time;
        }
        return profile;
    }
}
