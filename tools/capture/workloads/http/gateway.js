// SPDX-License-Identifier: EPL-2.0
// The gateway: GET /users/:id calls the users backend; GET /orders/:id calls the orders and the users backends
// at once (the order, and its owner, the user of the same id); POST /orders forwards the body to the orders
// backend; POST /visits/:id forwards the body to the counters backend and calls the users backend at once (the
// visit, and the visitor). Backend calls go over keep-alive connections and carry a child traceparent when the
// request had one. A backend whose port is not given is not called (its routes answer 404).
//   node gateway.js --port P --users-port U [--orders-port O] [--counters-port C]
'use strict';
const http = require('http');
const { childHeaders, readBody, sendJson, serve, call, argument } = require('./common');

const usersPort = Number(argument('users-port'));
const ordersPort = Number(argument('orders-port', '0'));
const countersPort = Number(argument('counters-port', '0'));
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

serve('gateway', Number(argument('port')), async (request, response) => {
    let match;
    if (request.method === 'GET' && (match = /^\/users\/(\d+)$/.exec(request.url)) !== null) {
        const user = await call(agent, usersPort, 'GET', `/users/${match[1]}`, childHeaders(request));
        sendJson(response, user.status, JSON.parse(user.body));
    } else if (ordersPort && request.method === 'GET' && (match = /^\/orders\/(\d+)$/.exec(request.url)) !== null) {
        const [order, user] = await Promise.all([
            call(agent, ordersPort, 'GET', `/orders/${match[1]}`, childHeaders(request)),
            call(agent, usersPort, 'GET', `/users/${match[1]}`, childHeaders(request)),
        ]);
        sendJson(response, order.status, { order: JSON.parse(order.body), user: JSON.parse(user.body) });
    } else if (ordersPort && request.method === 'POST' && request.url === '/orders') {
        const body = await readBody(request);
        const stored = await call(agent, ordersPort, 'POST', '/orders',
            childHeaders(request, { 'content-type': 'application/json' }), body);
        sendJson(response, stored.status, JSON.parse(stored.body));
    } else if (countersPort && request.method === 'POST' && (match = /^\/visits\/(\d+)$/.exec(request.url)) !== null) {
        const body = await readBody(request);
        const [visit, user] = await Promise.all([
            call(agent, countersPort, 'POST', `/visits/${match[1]}`, childHeaders(request, { 'content-type': 'application/json' }), body),
            call(agent, usersPort, 'GET', `/users/${match[1]}`, childHeaders(request)),
        ]);
        sendJson(response, visit.status, { visit: JSON.parse(visit.body), user: JSON.parse(user.body) });
    } else {
        sendJson(response, 404, { error: 'no such route' });
    }
}, () => agent.destroy());
