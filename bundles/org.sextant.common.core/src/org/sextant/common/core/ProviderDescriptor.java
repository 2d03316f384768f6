// SPDX-License-Identifier: EPL-2.0
package org.sextant.common.core;

import org.eclipse.tracecompass.tmf.core.dataprovider.IDataProviderDescriptor;

/**
 * A data provider's description, for clients that list what a trace offers (Trace Compass 6.2 keeps its own
 * implementation internal).
 *
 * @param getId
 *            the provider id
 * @param getName
 *            the name shown to users
 * @param getDescription
 *            one sentence on what it provides
 * @param getType
 *            the shape of its data
 */
public record ProviderDescriptor(String getId, String getName, String getDescription, ProviderType getType) implements IDataProviderDescriptor {
}
