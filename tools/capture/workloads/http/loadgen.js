// SPDX-License-Identifier: EPL-2.0
// A bounded load generator: N requests to the gateway from C concurrent keep-alive connections, cycling through
// the routes (--routes, comma-separated; by default GET /users/:id, GET /orders/:id and POST /orders; a POST's
// body sent chunked, in two writes), each about resource 1000 + its number, so every path and Redis key is
// unique. Each request carries a known W3C traceparent (trace
// id: the seed's 8 hex digits, then the request number), or none with --no-traceparent. The log has one JSON
// line per request: seq, id (trace id or null), resource, route, path, status, latency_ms, start_ns/end_ns
// (CLOCK_MONOTONIC, LTTng's clock), local_port (of the connection it went on).
//   node loadgen.js --port P --requests N --concurrency C --log FILE [--seed HEX8] [--no-traceparent] [--routes R,R]
'use strict';
const fs = require('fs');
const http = require('http');
const { argument } = require('./common');

const port = Number(argument('port'));
const requests = Number(argument('requests'));
const concurrency = Number(argument('concurrency'));
const logFile = argument('log');
const seed = argument('seed', '5e47a470');
const withTraceparent = !process.argv.includes('--no-traceparent');
if (!/^[0-9a-f]{8}$/.test(seed) || !(requests > 0) || !(concurrency > 0)) {
    console.error('loadgen: --seed needs 8 hex digits, --requests and --concurrency positive numbers');
    process.exit(2);
}

const ROUTES = argument('routes', 'GET /users/:id,GET /orders/:id,POST /orders').split(',');
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });

function one(seq) {
    const resource = 1000 + seq;
    const route = ROUTES[seq % ROUTES.length];
    const [method, template] = route.split(' ');
    const path = template.replace(':id', String(resource));
    const id = withTraceparent ? seed + seq.toString(16).padStart(24, '0') : null;
    const headers = id === null ? {} : { traceparent: `00-${id}-${(seq + 1).toString(16).padStart(16, '0')}-01` };
    return new Promise((resolve) => {
        const start = process.hrtime.bigint();
        let localPort = null;
        const request = http.request({ host: '127.0.0.1', port, method, path, headers, agent }, (response) => {
            response.resume();
            response.on('end', () => {
                const end = process.hrtime.bigint();
                resolve({ seq, id, resource, route, path, status: response.statusCode,
                    latency_ms: Number(end - start) / 1e6, start_ns: String(start), end_ns: String(end), local_port: localPort });
            });
        });
        request.on('socket', (socket) => {
            const note = () => { localPort = socket.localPort; };
            if (socket.localPort !== undefined) note(); else socket.once('connect', note);
        });
        request.on('error', (error) => resolve({ seq, id, resource, route, path, status: 0, error: error.message,
            latency_ms: Number(process.hrtime.bigint() - start) / 1e6, start_ns: String(start), end_ns: null, local_port: localPort }));
        if (method === 'POST') {
            const body = JSON.stringify({ id: resource, user: resource, item: `item-${seq % 7}`, quantity: 1 + seq % 3 });
            request.write(body.slice(0, 10));
            request.end(body.slice(10));
        } else {
            request.end();
        }
    });
}

async function main() {
    const results = [];
    let next = 0;
    async function worker() {
        while (next < requests) {
            results.push(await one(next++));
        }
    }
    await Promise.all(Array.from({ length: concurrency }, worker));
    agent.destroy();
    results.sort((a, b) => a.seq - b.seq);
    fs.writeFileSync(logFile, results.map((r) => JSON.stringify(r)).join('\n') + '\n');
    const counts = {};
    for (const r of results) {
        const k = `${r.route} ${r.status}`;
        counts[k] = (counts[k] || 0) + 1;
    }
    console.error(`loadgen: ${results.length} requests: ${JSON.stringify(counts)}`);
    process.exitCode = results.every((r) => r.status >= 200 && r.status < 300) ? 0 : 1;
}

main();
