// SPDX-License-Identifier: EPL-2.0
// What the topology's services share: a JSON HTTP server on 127.0.0.1 that stops cleanly on SIGTERM (so the
// tracer's buffers are flushed at exit), and W3C trace context as an OpenTelemetry-instrumented service would
// propagate it: the caller's trace id kept, a new span id for each outgoing call.
'use strict';
const crypto = require('crypto');
const http = require('http');
const path = require('path');

// Every Node process is `node` otherwise, and a span analysis names a service by its process name: the script's
// name (gateway, users, orders, loadgen) becomes the title here, when the script requires this file and before it
// opens any socket, so the tracer's first event of the main thread already carries it (LTTng-UST reads a
// thread's name once, at its first event).
process.title = path.basename(require.main.filename, '.js');

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

// The trace id of an incoming request, or null without a valid traceparent.
function traceId(request) {
    const match = TRACEPARENT.exec(request.headers.traceparent || '');
    return match ? match[1] : null;
}

// The headers of a call made while serving `request`: a child traceparent when it had one.
function childHeaders(request, extra) {
    const id = traceId(request);
    const headers = Object.assign({}, extra);
    if (id !== null) {
        headers.traceparent = `00-${id}-${crypto.randomBytes(8).toString('hex')}-01`;
    }
    return headers;
}

function readBody(request) {
    return new Promise((resolve, reject) => {
        const parts = [];
        request.on('data', (part) => parts.push(part));
        request.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
        request.on('error', reject);
    });
}

function sendJson(response, status, value) {
    const body = JSON.stringify(value);
    response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    response.end(body);
}

// Serves `handle(request, response)` on PORT; errors become 500s. `onStop` runs on SIGTERM before the exit.
function serve(name, port, handle, onStop) {
    const server = http.createServer((request, response) => {
        Promise.resolve(handle(request, response)).catch((error) => {
            if (!response.headersSent) {
                sendJson(response, 500, { error: String(error && error.message || error) });
            }
        });
    });
    server.keepAliveTimeout = 30000;
    server.listen(port, '127.0.0.1', () => console.log(`${name} listening on 127.0.0.1:${port}`));
    process.on('SIGTERM', async () => {
        server.close();
        server.closeAllConnections();
        if (onStop) {
            await onStop();
        }
        process.exit(0);
    });
    return server;
}

// A client call returning { status, body }.
function call(agent, port, method, path, headers, body) {
    return new Promise((resolve, reject) => {
        const request = http.request({ host: '127.0.0.1', port, method, path, headers, agent }, (response) => {
            const parts = [];
            response.on('data', (part) => parts.push(part));
            response.on('end', () => resolve({ status: response.statusCode, body: Buffer.concat(parts).toString('utf8') }));
            response.on('error', reject);
        });
        request.on('error', reject);
        request.end(body);
    });
}

function argument(name, fallback) {
    const index = process.argv.indexOf(`--${name}`);
    if (index >= 0 && index + 1 < process.argv.length) {
        return process.argv[index + 1];
    }
    if (fallback === undefined) {
        console.error(`${process.argv[1]}: --${name} is required`);
        process.exit(2);
    }
    return fallback;
}

module.exports = { traceId, childHeaders, readBody, sendJson, serve, call, argument };
