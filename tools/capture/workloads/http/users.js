// SPDX-License-Identifier: EPL-2.0
// The users backend: GET /users/:id reads the user from Redis and caches it there when missing (GET, then SET:
// two Redis commands per request). Keys carry the request's trace id when it has one, so an oracle can tell
// which Redis commands served which request: user:<id>:<trace id>, or user:<id>.
//   node users.js --port P --redis-port R
'use strict';
const Redis = require('ioredis');
const { traceId, sendJson, serve, argument } = require('./common');

// disableClientInfo: no CLIENT SETINFO, which Redis 7.0 rejects (7.2 added it) without counting it in INFO
// commandstats, so every command the node runs is one the oracle can count.
const redis = new Redis({ host: '127.0.0.1', port: Number(argument('redis-port')), disableClientInfo: true });

serve('users', Number(argument('port')), async (request, response) => {
    const match = /^\/users\/(\d+)$/.exec(request.url);
    if (request.method !== 'GET' || match === null) {
        sendJson(response, 404, { error: 'no such route' });
        return;
    }
    const id = traceId(request);
    const key = id === null ? `user:${match[1]}` : `user:${match[1]}:${id}`;
    let user = await redis.get(key);
    if (user === null) {
        user = JSON.stringify({ id: Number(match[1]), name: `user ${match[1]}` });
        await redis.set(key, user, 'EX', 600);
    }
    sendJson(response, 200, JSON.parse(user));
}, () => redis.quit());
