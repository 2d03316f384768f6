// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.server.core;

import org.osgi.framework.FrameworkUtil;
import org.sextant.server.model.BadRequestException;

import com.google.gson.JsonArray;
import com.google.gson.JsonObject;

/**
 * What concerns the server rather than a trace: {@code /health}, {@code /identifier}, and the global
 * configuration service ({@code /config/types...}), which answers that there is nothing to configure.
 */
final class ServerEndpoints {

    /** The version of API.yaml this server follows. */
    static final String TSP_VERSION = "0.6.0"; //$NON-NLS-1$

    void register(Router router) {
        router.route("GET", "/health", request -> { //$NON-NLS-1$ //$NON-NLS-2$
            JsonObject json = new JsonObject();
            json.addProperty("status", "UP"); //$NON-NLS-1$ //$NON-NLS-2$
            return Reply.ok(json);
        }).route("GET", "/identifier", request -> Reply.ok(identifier())) //$NON-NLS-1$ //$NON-NLS-2$
                .route("GET", "/config/types", request -> Reply.ok(new JsonArray())) //$NON-NLS-1$ //$NON-NLS-2$
                .route("GET", "/config/types/{typeId}", ServerEndpoints::noType) //$NON-NLS-1$ //$NON-NLS-2$
                .route("GET", "/config/types/{typeId}/configs", ServerEndpoints::noType) //$NON-NLS-1$ //$NON-NLS-2$
                .route("POST", "/config/types/{typeId}/configs", ServerEndpoints::noType) //$NON-NLS-1$ //$NON-NLS-2$
                .route("GET", "/config/types/{typeId}/configs/{configId}", ServerEndpoints::noType) //$NON-NLS-1$ //$NON-NLS-2$
                .route("PUT", "/config/types/{typeId}/configs/{configId}", ServerEndpoints::noType) //$NON-NLS-1$ //$NON-NLS-2$
                .route("DELETE", "/config/types/{typeId}/configs/{configId}", ServerEndpoints::noType); //$NON-NLS-1$ //$NON-NLS-2$
    }

    private static Reply noType(Request request) throws BadRequestException {
        throw new BadRequestException(BadRequestException.NOT_FOUND, "no configuration type " + request.variable("typeId") //$NON-NLS-1$ //$NON-NLS-2$
                + ": this server has nothing to configure"); //$NON-NLS-1$
    }

    private static JsonObject identifier() {
        JsonObject json = new JsonObject();
        String version = FrameworkUtil.getBundle(ServerEndpoints.class) == null ? "0.1.0" //$NON-NLS-1$
                : FrameworkUtil.getBundle(ServerEndpoints.class).getVersion().toString();
        json.addProperty("productId", "org.sextant.server"); //$NON-NLS-1$ //$NON-NLS-2$
        json.addProperty("version", version.replaceFirst("^(\\d+\\.\\d+\\.\\d+).*", "$1")); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
        json.addProperty("buildTime", version); //$NON-NLS-1$
        json.addProperty("tspVersion", TSP_VERSION); //$NON-NLS-1$
        json.addProperty("os", System.getProperty("os.name")); //$NON-NLS-1$ //$NON-NLS-2$
        json.addProperty("osArch", System.getProperty("os.arch")); //$NON-NLS-1$ //$NON-NLS-2$
        json.addProperty("osVersion", System.getProperty("os.version")); //$NON-NLS-1$ //$NON-NLS-2$
        json.addProperty("cpuCount", Runtime.getRuntime().availableProcessors()); //$NON-NLS-1$
        json.addProperty("maxMemory", Runtime.getRuntime().maxMemory()); //$NON-NLS-1$
        json.addProperty("launcherName", "sextant serve"); //$NON-NLS-1$ //$NON-NLS-2$
        return json;
    }
}
