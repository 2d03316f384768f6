// SPDX-License-Identifier: EPL-2.0
package org.sextant.common.core.summary;

import java.nio.file.Path;
import java.util.Map;

import org.eclipse.core.runtime.IProgressMonitor;

/**
 * An analysis that reads its input itself, with a Sextant reader, and needs no Trace Compass trace type (an OTF2
 * archive read by Sextant's own reader): the command line gives it the path as the user wrote it, opens no trace,
 * and prints what it returns.
 */
public interface IHeadlessFileAnalysis extends IHeadlessAnalysis {

    /**
     * Reads the input and summarizes it.
     *
     * @param path
     *            the input, a file or a directory
     * @param options
     *            the command line's options
     * @param monitor
     *            progress and cancellation
     * @return the summary; its {@code trace} entry names the input
     * @throws HeadlessAnalysisException
     *             when the input cannot be read ({@link HeadlessAnalysisException#badInput}, naming the file) or the
     *             analysis fails
     */
    Map<String, Object> run(Path path, AnalysisOptions options, IProgressMonitor monitor) throws HeadlessAnalysisException;
}
