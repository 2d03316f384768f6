// SPDX-License-Identifier: EPL-2.0
// The orders backend: GET /orders/:id reads an order hash from Redis (HGETALL: one command), POST /orders
// stores one (HSET then EXPIRE: two commands). Keys carry the request's trace id when it has one:
// order:<id>:<trace id>, or order:<id>.
//   node orders.js --port P --redis-port R
'use strict';
const Redis = require('ioredis');
const { traceId, readBody, sendJson, serve, argument } = require('./common');

// disableClientInfo: as in users.js, no CLIENT SETINFO that Redis 7.0 rejects uncounted.
const redis = new Redis({ host: '127.0.0.1', port: Number(argument('redis-port')), disableClientInfo: true });

function key(request, orderId) {
    const id = traceId(request);
    return id === null ? `order:${orderId}` : `order:${orderId}:${id}`;
}

serve('orders', Number(argument('port')), async (request, response) => {
    const match = /^\/orders\/(\d+)$/.exec(request.url);
    if (request.method === 'GET' && match !== null) {
        const order = await redis.hgetall(key(request, match[1]));
        sendJson(response, 200, { id: Number(match[1]), found: Object.keys(order).length > 0, order });
    } else if (request.method === 'POST' && request.url === '/orders') {
        const order = JSON.parse(await readBody(request));
        const orderKey = key(request, order.id);
        await redis.hset(orderKey, 'user', String(order.user), 'item', String(order.item), 'quantity', String(order.quantity));
        await redis.expire(orderKey, 600);
        sendJson(response, 201, { id: order.id, stored: true });
    } else {
        sendJson(response, 404, { error: 'no such route' });
    }
}, () => redis.quit());
