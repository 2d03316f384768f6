// SPDX-License-Identifier: EPL-2.0
// The counters backend, a client that opens a Redis connection per command: POST /visits/:id sends GET (the last
// visit), INCR (the visit count) and LPUSH (the visit log), one after the other, each on a connection of its own
// that it quits after the reply, as short-lived scripts and some serverless handlers do. Each connection binds a
// local port from a small pool (--local-ports, comma-separated; an ephemeral port when all are in use), so the
// same client address comes back on connection after connection, while the node reuses its descriptors. The
// connections are Node's own net sockets speaking RESP: a client library would hide which port it binds. Keys
// carry the request's trace id when it has one (visit:<id>:<trace id>:...), or the resource alone. With --log,
// one JSON line per connection, written at exit: resource, trace_id, command (lower case), local_port, connect_ns
// (CLOCK_MONOTONIC when the connection was made), in the order they were made: which command of which request
// went through which port, an oracle that owes nothing to the trace.
//   node counters.js --port P --redis-port R [--local-ports A,B,...] [--log FILE]
'use strict';
const fs = require('fs');
const net = require('net');
const { traceId, readBody, sendJson, serve, argument } = require('./common');

const redisPort = Number(argument('redis-port'));
const freePorts = argument('local-ports', '').split(',').filter((p) => p !== '').map(Number);
const logFile = argument('log', '');
const stats = { connections: 0, ports: new Set() };
const log = [];

function encode(args) {
    return `*${args.length}\r\n` + args.map((a) => `$${Buffer.byteLength(String(a))}\r\n${a}\r\n`).join('');
}

// The reply at the start of the buffer, if it is whole: { value, length } (only the replies GET, INCR, LPUSH and
// QUIT give: simple strings, errors, integers, bulk strings).
function reply(buffer) {
    const line = buffer.indexOf('\r\n');
    if (line < 0) {
        return null;
    }
    const head = buffer.toString('utf8', 1, line);
    switch (String.fromCharCode(buffer[0])) {
    case '+': return { value: head, length: line + 2 };
    case '-': return { value: new Error(head), length: line + 2 };
    case ':': return { value: Number(head), length: line + 2 };
    case '$': {
        const size = Number(head);
        if (size < 0) {
            return { value: null, length: line + 2 };
        }
        return buffer.length < line + 2 + size + 2 ? null : { value: buffer.toString('utf8', line + 2, line + 2 + size), length: line + 2 + size + 2 };
    }
    default: throw new Error(`unexpected reply ${buffer.toString('utf8', 0, Math.min(buffer.length, 16))}`);
    }
}

// One command on a connection of its own: connect, the command, QUIT once its reply came, then the node closes;
// the command's result once the connection is closed.
function once(request, ...args) {
    return new Promise((resolve, reject) => {
        const localPort = freePorts.shift();
        const socket = net.connect({ host: '127.0.0.1', port: redisPort, localAddress: '127.0.0.1', localPort });
        let buffer = Buffer.alloc(0);
        const replies = [];
        socket.on('connect', () => {
            stats.connections++;
            stats.ports.add(socket.localPort);
            log.push({ resource: request.resource, trace_id: request.traceId, command: args[0].toLowerCase(), local_port: socket.localPort,
                connect_ns: String(process.hrtime.bigint()) });
            socket.write(encode(args));
        });
        socket.on('data', (data) => {
            buffer = Buffer.concat([buffer, data]);
            let next;
            while ((next = reply(buffer)) !== null) {
                buffer = buffer.subarray(next.length);
                replies.push(next.value);
                if (replies.length === 1) {
                    socket.write(encode(['QUIT']));
                }
            }
        });
        socket.on('error', reject);
        socket.on('close', () => {
            if (localPort !== undefined) {
                freePorts.push(localPort);
            }
            if (replies.length === 2 && !(replies[0] instanceof Error)) {
                resolve(replies[0]);
            } else {
                reject(replies[0] instanceof Error ? replies[0] : new Error(`${args[0]}: connection closed after ${replies.length} replies`));
            }
        });
    });
}

serve('counters', Number(argument('port')), async (request, response) => {
    const match = /^\/visits\/(\d+)$/.exec(request.url);
    if (request.method !== 'POST' || match === null) {
        sendJson(response, 404, { error: 'no such route' });
        return;
    }
    await readBody(request);
    const id = traceId(request);
    const visit = { resource: Number(match[1]), traceId: id };
    const key = id === null ? `visit:${match[1]}` : `visit:${match[1]}:${id}`;
    const last = await once(visit, 'GET', `${key}:last`);
    const count = await once(visit, 'INCR', `${key}:count`);
    await once(visit, 'LPUSH', `${key}:log`, String(count));
    sendJson(response, 200, { id: visit.resource, last, count });
}, () => {
    console.log(`counters: ${stats.connections} Redis connections from ${stats.ports.size} local ports`);
    if (logFile !== '') {
        fs.writeFileSync(logFile, log.map((line) => JSON.stringify(line)).join('\n') + '\n');
    }
});
