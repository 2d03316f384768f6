// SPDX-License-Identifier: EPL-2.0
package org.sextant.internal.server.core;

import java.util.ArrayList;
import java.util.Map;
import java.util.UUID;

import org.sextant.server.model.BadRequestException;
import org.sextant.server.model.Query;

import com.google.gson.JsonObject;

/**
 * {@code /experiments/{expUUID}/bookmarks}: named time ranges of an experiment, kept in memory while the
 * experiment is open (the server keeps no state across restarts).
 */
final class Bookmarks {

    /** A named range of an experiment. */
    record Bookmark(UUID uuid, String name, long start, long end) {
        JsonObject json() {
            JsonObject json = new JsonObject();
            json.addProperty("uuid", uuid.toString()); //$NON-NLS-1$
            json.addProperty("name", name); //$NON-NLS-1$
            json.addProperty("start", start); //$NON-NLS-1$
            json.addProperty("end", end); //$NON-NLS-1$
            return json;
        }
    }

    private static final String BOOKMARK = "bookmarkUUID"; //$NON-NLS-1$

    private final Workspace fWorkspace;

    Bookmarks(Workspace workspace) {
        fWorkspace = workspace;
    }

    void register(Router router) {
        String list = "/experiments/{expUUID}/bookmarks"; //$NON-NLS-1$
        String one = list + "/{" + BOOKMARK + '}'; //$NON-NLS-1$
        router.route("GET", list, this::list).route("POST", list, this::create) //$NON-NLS-1$ //$NON-NLS-2$
                .route("GET", one, this::get).route("PUT", one, this::update).route("DELETE", one, this::delete); //$NON-NLS-1$ //$NON-NLS-2$ //$NON-NLS-3$
    }

    private Map<UUID, Bookmark> bookmarks(Request request) throws BadRequestException {
        return fWorkspace.bookmarks(fWorkspace.experiment(request.variable("expUUID"))); //$NON-NLS-1$
    }

    private Reply list(Request request) throws BadRequestException {
        Map<UUID, Bookmark> bookmarks = bookmarks(request);
        synchronized (fWorkspace) {
            return Reply.ok(Models.array(new ArrayList<>(bookmarks.values()), Bookmark::json));
        }
    }

    private Reply create(Request request) throws BadRequestException {
        Map<UUID, Bookmark> bookmarks = bookmarks(request);
        Bookmark bookmark = read(UUID.randomUUID(), request.query());
        synchronized (fWorkspace) {
            bookmarks.put(bookmark.uuid(), bookmark);
        }
        return Reply.ok(bookmark.json());
    }

    private Reply get(Request request) throws BadRequestException {
        return Reply.ok(find(bookmarks(request), request).json());
    }

    private Reply update(Request request) throws BadRequestException {
        Map<UUID, Bookmark> bookmarks = bookmarks(request);
        Bookmark bookmark = read(find(bookmarks, request).uuid(), request.query());
        synchronized (fWorkspace) {
            bookmarks.put(bookmark.uuid(), bookmark);
        }
        return Reply.ok(bookmark.json());
    }

    private Reply delete(Request request) throws BadRequestException {
        Map<UUID, Bookmark> bookmarks = bookmarks(request);
        Bookmark bookmark = find(bookmarks, request);
        synchronized (fWorkspace) {
            bookmarks.remove(bookmark.uuid());
        }
        return Reply.ok(bookmark.json());
    }

    private static Bookmark read(UUID uuid, Query query) throws BadRequestException {
        String name = query.string("name"); //$NON-NLS-1$
        if (name == null) {
            throw BadRequestException.badRequest("parameters.name is missing"); //$NON-NLS-1$
        }
        long start = query.required("start", 0, Long.MAX_VALUE); //$NON-NLS-1$
        long end = query.required("end", start, Long.MAX_VALUE); //$NON-NLS-1$
        return new Bookmark(uuid, name, start, end);
    }

    private Bookmark find(Map<UUID, Bookmark> bookmarks, Request request) throws BadRequestException {
        String id = request.variable(BOOKMARK);
        synchronized (fWorkspace) {
            for (Bookmark bookmark : bookmarks.values()) {
                if (bookmark.uuid().toString().equals(id)) {
                    return bookmark;
                }
            }
        }
        throw new BadRequestException(BadRequestException.NOT_FOUND, "no bookmark " + id + " in this experiment"); //$NON-NLS-1$ //$NON-NLS-2$
    }
}
