// SPDX-License-Identifier: EPL-2.0
// The traced service of test_http_tracer.py: an HTTP server (Node's http module) that answers GET /hello;
// POST (any path) with the length of the body it read; GET /stream with 100 lines written one by one (chunked);
// GET /fetch/<port>, with what a client call to 127.0.0.1:<port> got back.
// No Date header: its replies must be byte-identical from run to run. Prints "listening <port>" when ready.
//   node http_service.js
'use strict';
const http = require('http');

const server = http.createServer((request, response) => {
    response.sendDate = false;
    if (request.method === 'POST') {
        let length = 0;
        request.on('data', (part) => { length += part.length; });
        request.on('end', () => response.end(`received ${length}`));
        return;
    }
    if (request.url === '/stream') {
        for (let i = 0; i < 100; i++) {
            response.write(`line ${i}\n`);
        }
        response.end();
        return;
    }
    const fetch = /^\/fetch\/(\d+)$/.exec(request.url);
    if (fetch === null) {
        response.writeHead(200, { 'content-type': 'text/plain', 'content-length': 5 });
        response.end('hello');
        return;
    }
    const call = http.get({ host: '127.0.0.1', port: Number(fetch[1]), path: '/', agent: false }, (reply) => {
        const parts = [];
        reply.on('data', (part) => parts.push(part));
        reply.on('end', () => {
            const body = `fetched ${reply.statusCode} ${Buffer.concat(parts).toString('utf8')}`;
            response.writeHead(200, { 'content-length': Buffer.byteLength(body) });
            response.end(body);
        });
    });
    call.on('error', (error) => {
        const body = `fetch failed: ${error.code || error.message}`;
        if (!response.headersSent) {
            response.writeHead(502, { 'content-length': Buffer.byteLength(body) });
            response.end(body);
        }
    });
});
server.listen(0, '127.0.0.1', () => console.log(`listening ${server.address().port}`));
process.on('SIGTERM', () => {
    server.close();
    server.closeAllConnections();
    process.exit(0);
});
