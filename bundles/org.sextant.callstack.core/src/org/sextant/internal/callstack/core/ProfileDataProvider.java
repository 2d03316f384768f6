// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.callstack.core;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.NullProgressMonitor;
import org.eclipse.core.runtime.OperationCanceledException;
import org.eclipse.jdt.annotation.Nullable;
import org.eclipse.tracecompass.tmf.core.model.CommonStatusMessage;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataModel;
import org.eclipse.tracecompass.tmf.core.model.tree.ITmfTreeDataProvider;
import org.eclipse.tracecompass.tmf.core.model.tree.TmfTreeModel;
import org.eclipse.tracecompass.tmf.core.response.ITmfResponse.Status;
import org.eclipse.tracecompass.tmf.core.response.TmfModelResponse;
import org.sextant.callstack.core.CallProfileAnalysisModule;
import org.sextant.callstack.core.Profiles;
import org.sextant.callstack.model.Profile;
import org.sextant.common.core.SummaryEntryModel;

/**
 * What the call-profile data providers share: each answers from the profile its trace's
 * {@link CallProfileAnalysisModule} holds, once the module completed, and a fetch whose parameters make no
 * sense, or that needs a file that cannot be read, fails with a message that says why (naming the parameter,
 * or the file and line).
 *
 * <p>
 * Parameters come as a trace server sends them, decoded from JSON: texts, and numbers of any boxed type.
 * </p>
 *
 * @param <T>
 *            the entries' type
 */
abstract class ProfileDataProvider<T extends ITmfTreeDataModel> implements ITmfTreeDataProvider<T> {

    private final String fId;
    private final CallProfileAnalysisModule fModule;

    /**
     * @param id
     *            the provider's id
     * @param module
     *            the trace's call-profile module, scheduled
     */
    protected ProfileDataProvider(String id, CallProfileAnalysisModule module) {
        fId = id;
        fModule = module;
    }

    @Override
    public String getId() {
        return fId;
    }

    @Override
    public TmfModelResponse<TmfTreeModel<T>> fetchTree(Map<String, Object> parameters, @Nullable IProgressMonitor monitor) {
        IProgressMonitor progress = monitor != null ? monitor : new NullProgressMonitor();
        Profile profile = fModule.waitForCompletion(progress) ? fModule.getProfile() : null;
        if (progress.isCanceled()) {
            return new TmfModelResponse<>(null, Status.CANCELLED, CommonStatusMessage.TASK_CANCELLED);
        }
        if (profile == null) {
            return new TmfModelResponse<>(null, Status.FAILED, CommonStatusMessage.ANALYSIS_INITIALIZATION_FAILED);
        }
        try {
            return new TmfModelResponse<>(tree(profile, parameters, progress), Status.COMPLETED, CommonStatusMessage.COMPLETED);
        } catch (OperationCanceledException e) {
            return new TmfModelResponse<>(null, Status.CANCELLED, CommonStatusMessage.TASK_CANCELLED);
        } catch (IllegalArgumentException | IOException | Profiles.ProfileException e) {
            return new TmfModelResponse<>(null, Status.FAILED, String.valueOf(e.getMessage()));
        }
    }

    /**
     * @param profile
     *            the trace's profile
     * @param parameters
     *            the fetch's parameters
     * @param monitor
     *            progress and cancellation of what has to be read
     * @return the tree
     * @throws IllegalArgumentException
     *             when a parameter makes no sense: the message names it
     * @throws IOException
     *             when a file the parameters name cannot be read
     * @throws Profiles.ProfileException
     *             when it is no profile
     */
    protected abstract TmfTreeModel<T> tree(Profile profile, Map<String, Object> parameters, IProgressMonitor monitor)
            throws IOException, Profiles.ProfileException;

    /**
     * Adds an entry to a summary data tree, its id its place in the list.
     *
     * @param entries
     *            the tree's entries so far
     * @param parent
     *            the parent's id, -1 for the root
     * @param name
     *            the first column's text
     * @param key
     *            which item of its parent it is
     * @param values
     *            the further columns' values
     * @return its id
     */
    protected static long addSummary(List<SummaryEntryModel> entries, long parent, String name, @Nullable Object key, @Nullable Object... values) {
        long id = entries.size();
        entries.add(new SummaryEntryModel(id, parent, name, key, Arrays.asList(values)));
        return id;
    }

    /**
     * @param parameters
     *            a fetch's parameters
     * @param key
     *            one of them
     * @return its text, or null when it is not given
     */
    protected static @Nullable String text(Map<String, Object> parameters, String key) {
        Object value = parameters.get(key);
        return value != null ? value.toString() : null;
    }

    /**
     * @param parameters
     *            a fetch's parameters
     * @param key
     *            one of them, required
     * @param missing
     *            what to say when it is not given
     * @return its text
     * @throws IllegalArgumentException
     *             when it is not given: the message names it
     */
    protected static String required(Map<String, Object> parameters, String key, String missing) {
        String text = text(parameters, key);
        if (text == null) {
            throw new IllegalArgumentException(key + ": " + missing); //$NON-NLS-1$
        }
        return text;
    }

    /**
     * @param parameters
     *            a fetch's parameters
     * @param key
     *            one of them, a count
     * @param absent
     *            the count when it is not given
     * @return the count
     * @throws IllegalArgumentException
     *             when it is no count
     */
    protected static int count(Map<String, Object> parameters, String key, int absent) {
        Object value = parameters.get(key);
        if (value == null) {
            return absent;
        }
        try {
            long count = value instanceof Number number ? number.longValue() : Long.parseLong(value.toString().strip());
            if (count >= 0) {
                return (int) Math.min(count, Integer.MAX_VALUE);
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new IllegalArgumentException(key + ": " + String.format(Messages.Parameter_NotACount, value));
    }

    /**
     * @param <E>
     *            the choices' type
     * @param parameters
     *            a fetch's parameters
     * @param key
     *            one of them, whose value names a constant in lower case ({@code time})
     * @param type
     *            the choices
     * @return the constant named, or null when the parameter is not given
     * @throws IllegalArgumentException
     *             when it names none
     */
    protected static <E extends Enum<E>> @Nullable E choice(Map<String, Object> parameters, String key, Class<E> type) {
        String text = text(parameters, key);
        if (text == null) {
            return null;
        }
        for (E constant : type.getEnumConstants()) {
            if (constant.name().equalsIgnoreCase(text.strip())) {
                return constant;
            }
        }
        String choices = Arrays.stream(type.getEnumConstants()).map(DataProviders::name).collect(Collectors.joining(", ")); //$NON-NLS-1$
        throw new IllegalArgumentException(key + ": " + String.format(Messages.Parameter_NotAChoice, text, choices)); //$NON-NLS-1$
    }
}
