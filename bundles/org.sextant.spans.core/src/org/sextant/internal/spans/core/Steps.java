// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.spans.core;

import org.sextant.spans.model.CriticalPath;

/** How a step of a critical path is named. */
final class Steps {

    private Steps() {
    }

    /** @return "work GET /users/:id", "network GET /users/:id", "redis get", "call GET /x" */
    static String label(CriticalPath.Step step) {
        return switch (step.kind()) {
        case WORK -> Messages.bind(Messages.Step_Work, step.what());
        case NETWORK -> Messages.bind(Messages.Step_Network, step.what());
        case CALL -> Messages.bind(Messages.Step_Call, step.what());
        case REDIS -> Messages.bind(Messages.Step_Redis, step.what());
        };
    }
}
