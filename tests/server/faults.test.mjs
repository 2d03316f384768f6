// SPDX-License-Identifier: EPL-2.0
// Faults a real deployment meets: a client that goes away in the middle of an answer, and an experiment deleted
// while its queries are under way. The server must answer the next request as usual and never half-answer one.
import test from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import path from 'node:path';

const BASE = process.env.TSP_URL;
const FIXTURES = process.env.SEXTANT_FIXTURES;
if (!BASE || !FIXTURES) {
    throw new Error('TSP_URL and SEXTANT_FIXTURES must be set (tests/install/test_server.py sets them)');
}
const url = new URL(BASE);

async function call(method, apiPath, body) {
    const response = await fetch(BASE + apiPath, { method, headers: { 'Content-Type': 'application/json' }, body: body && JSON.stringify(body) });
    return { status: response.status, body: JSON.parse(await response.text()) };
}

async function experimentOf(name, uri) {
    const trace = (await call('POST', '/traces', { parameters: { uri } })).body;
    const created = await call('POST', '/experiments', { parameters: { name, traces: [trace.UUID] } });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    return created.body;
}

test('a client that disconnects mid-answer leaves the server answering the next one', async () => {
    const experiment = await experimentOf('disconnect', path.join(FIXTURES, 'perf-sched-syscalls'));
    const lines = JSON.stringify({ parameters: { requested_table_index: 0, requested_table_count: 10000 } });
    const target = `${url.pathname}/experiments/${experiment.UUID}/outputs/table/org.eclipse.tracecompass.internal.provisional.tmf.core.model.events.TmfEventTableDataProvider/lines`;
    for (let i = 0; i < 5; i++) {
        await new Promise((resolve, reject) => {
            const socket = net.connect(Number(url.port), url.hostname, () => {
                socket.write(`POST ${target} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(lines)}\r\n\r\n${lines}`);
            });
            // Gone at the first bytes of the answer (or before it, the second time round).
            socket.once('data', () => socket.destroy());
            if (i % 2 === 1) setTimeout(() => socket.destroy(), 5);
            socket.on('close', resolve);
            socket.on('error', reject);
        });
    }
    assert.equal((await call('GET', '/health')).body.status, 'UP');
    const again = await call('POST', target.slice(url.pathname.length), { parameters: { requested_table_index: 0, requested_table_count: 3 } });
    assert.equal(again.status, 200);
    assert.equal(again.body.model.lines.length, 3);
    await call('DELETE', `/experiments/${experiment.UUID}`);
});

test('an experiment deleted while queried: queries under way end cleanly, later ones are 404', async () => {
    const experiment = await experimentOf('deleted', path.join(FIXTURES, 'perf-sched-syscalls'));
    const xy = `/experiments/${experiment.UUID}/outputs/XY/org.sextant.count.core.dataprovider`;
    const tree = await call('POST', xy + '/tree', { parameters: {} });
    assert.equal(tree.status, 200);
    const queries = [];
    for (let i = 0; i < 20; i++) {
        queries.push(call('POST', xy + '/xy', { parameters: { requested_timerange: { start: 0, end: 2e18, nbTimes: 1000 }, requested_items: [0, 1, 2] } }));
        queries.push(call('POST', '/experiments/' + experiment.UUID + '/outputs/table/org.eclipse.tracecompass.internal.provisional.tmf.core.model.events.TmfEventTableDataProvider/lines',
            { parameters: { requested_table_index: 1000 * i, requested_table_count: 50 } }));
    }
    const deleted = await call('DELETE', `/experiments/${experiment.UUID}`);
    assert.equal(deleted.status, 200);
    for (const answer of await Promise.all(queries)) {
        // Answered before the deletion, or refused after it: never a failure of the server.
        assert.ok(answer.status === 200 || answer.status === 404, JSON.stringify(answer));
        if (answer.status === 200) {
            assert.ok(['COMPLETED', 'RUNNING', 'CANCELLED', 'FAILED'].includes(answer.body.status));
        }
    }
    assert.equal((await call('POST', xy + '/tree', { parameters: {} })).status, 404);
    assert.equal((await call('GET', '/health')).body.status, 'UP');
    // The trace is free again: a new experiment of it opens.
    const again = await experimentOf('deleted-again', path.join(FIXTURES, 'perf-sched-syscalls'));
    await call('DELETE', `/experiments/${again.UUID}`);
});
