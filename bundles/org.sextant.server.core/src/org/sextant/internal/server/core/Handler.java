// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.server.core;

import org.sextant.server.model.BadRequestException;

/** One endpoint: a request in, a reply out; a refusal is a {@link BadRequestException} naming what is wrong. */
@FunctionalInterface
interface Handler {

    /**
     * @param request
     *            the request
     * @return the reply
     * @throws BadRequestException
     *             when the request cannot be answered, with the status and the reason
     */
    Reply handle(Request request) throws BadRequestException;
}
