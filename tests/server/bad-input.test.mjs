// SPDX-License-Identifier: EPL-2.0
// Malformed requests, each answered with the right status and a sentence naming what is wrong (never a stack
// trace), the error body fitting API.yaml's ErrorResponse. Raw HTTP: a client library would refuse to send most.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { validate } from './schema.mjs';

const BASE = process.env.TSP_URL;
const FIXTURES = process.env.SEXTANT_FIXTURES;
if (!BASE || !FIXTURES) {
    throw new Error('TSP_URL and SEXTANT_FIXTURES must be set (tests/install/test_server.py sets them)');
}
const SAMPLE = path.join(FIXTURES, 'perf-sched-syscalls');

async function call(method, apiPath, body, headers = { 'Content-Type': 'application/json' }) {
    const response = await fetch(BASE + apiPath, { method, headers, body: typeof body === 'string' || body === undefined ? body : JSON.stringify(body) });
    return { status: response.status, type: response.headers.get('content-type'), text: await response.text() };
}

let experiment;
let output;
const XY = 'org.sextant.count.core.dataprovider';
const TG = 'org.sextant.redis.core.netflow';
const TABLE = 'org.eclipse.tracecompass.internal.provisional.tmf.core.model.events.TmfEventTableDataProvider';
const UNKNOWN = '00000000-0000-0000-0000-000000000000';

test.before(async () => {
    const trace = JSON.parse((await call('POST', '/traces', { parameters: { uri: SAMPLE, name: 'sample' } })).text);
    experiment = JSON.parse((await call('POST', '/experiments', { parameters: { name: 'bad-input', traces: [trace.UUID] } })).text);
    output = `/experiments/${experiment.UUID}/outputs`;
});

test.after(async () => {
    await call('DELETE', `/experiments/${experiment.UUID}`);
});

const range = (start, end, nbTimes) => ({ start, end, ...(nbTimes === undefined ? {} : { nbTimes }) });

/** [what, method, path (a function of the experiment's outputs path), body, status, words the detail must hold] */
const cases = [
    ['body is not JSON', 'POST', () => '/traces', '{"parameters": {"uri": ', 400, 'the body is not JSON'],
    ['unquoted names', 'POST', () => '/traces', '{parameters: {uri: "x"}}', 400, 'the body is not JSON'],
    ['text after the document', 'POST', () => '/traces', '{"parameters": {}} trailing', 400, 'the body is not JSON'],
    ['nested too deeply', 'POST', () => '/traces', '['.repeat(200000) + ']'.repeat(200000), 400, 'nested too deeply'],
    ['body over the limit', 'POST', () => '/traces', JSON.stringify({ parameters: { uri: 'x'.repeat(2 << 20) } }), 413, 'larger than this server\'s limit'],
    ['no parameters object', 'POST', () => '/traces', { uri: SAMPLE }, 400, 'a "parameters" object'],
    ['parameters of the wrong type', 'POST', () => '/traces', { parameters: [] }, 400, 'a "parameters" object'],
    ['uri missing', 'POST', () => '/traces', { parameters: {} }, 400, 'parameters.uri is missing'],
    ['uri of the wrong type', 'POST', () => '/traces', { parameters: { uri: 42 } }, 400, 'parameters.uri must be a string, not 42'],
    ['traversal out of the roots', 'POST', () => '/traces', { parameters: { uri: path.join(FIXTURES, '../../../etc/passwd') } }, 403, 'outside the directories'],
    ['relative traversal', 'POST', () => '/traces', { parameters: { uri: '../../..' } }, 403, 'outside the directories'],
    ['absolute path elsewhere', 'POST', () => '/traces', { parameters: { uri: '/etc' } }, 403, 'outside the directories'],
    ['file URI elsewhere', 'POST', () => '/traces', { parameters: { uri: 'file:///etc/passwd' } }, 403, 'outside the directories'],
    ['nothing there', 'POST', () => '/traces', { parameters: { uri: path.join(FIXTURES, 'no-such-trace') } }, 404, 'no such file or directory'],
    ['a file that is no trace', 'POST', () => '/traces', { parameters: { uri: path.join(FIXTURES, 'CATALOGUE.md') } }, 406, 'not a trace of any type'],
    ['a recording, not a trace', 'POST', () => '/traces', { parameters: { uri: path.join(FIXTURES, 'redis-cluster') } }, 406, 'a directory of traces (a recording)'],
    ['unknown trace', 'GET', () => `/traces/${UNKNOWN}`, undefined, 404, `no trace ${UNKNOWN}`],
    ['trace id that is no UUID', 'GET', () => '/traces/..%2F..%2Fetc', undefined, 404, 'no trace ../../etc'],
    ['unknown experiment', 'GET', () => `/experiments/${UNKNOWN}`, undefined, 404, `no experiment ${UNKNOWN}`],
    ['experiment without traces', 'POST', () => '/experiments', { parameters: { name: 'empty', traces: [] } }, 400, 'at least one trace'],
    ['experiment of an unknown trace', 'POST', () => '/experiments', { parameters: { name: 'ghost', traces: [UNKNOWN] } }, 404, `no trace ${UNKNOWN}`],
    ['experiment traces of the wrong type', 'POST', () => '/experiments', { parameters: { name: 'x', traces: 'all' } }, 400, 'parameters.traces must be an array of strings'],
    ['experiment without a name', 'POST', () => '/experiments', { parameters: { traces: [] } }, 400, 'parameters.name is missing'],
    ['unknown output', 'POST', o => `${o}/XY/no.such.output/tree`, { parameters: {} }, 404, 'no output no.such.output'],
    ['outputs of an unknown experiment', 'GET', () => `/experiments/${UNKNOWN}/outputs`, undefined, 404, `no experiment ${UNKNOWN}`],
    ['an XY endpoint on a table', 'POST', o => `${o}/XY/${TABLE}/tree`, { parameters: {} }, 400, 'is not an XY output'],
    ['a time graph endpoint on an XY', 'POST', o => `${o}/timeGraph/${XY}/states`, { parameters: { requested_timerange: range(0, 10), requested_items: [1] } }, 400, 'is not a time graph'],
    ['XY without a range', 'POST', o => `${o}/XY/${XY}/xy`, { parameters: { requested_items: [1] } }, 400, 'parameters.requested_timerange is missing'],
    ['XY without items', 'POST', o => `${o}/XY/${XY}/xy`, { parameters: { requested_timerange: range(0, 10) } }, 400, 'parameters.requested_items is missing'],
    ['negative start', 'POST', o => `${o}/XY/${XY}/xy`, { parameters: { requested_timerange: range(-5, 10), requested_items: [1] } }, 400, 'requested_timerange.start must lie between 0'],
    ['end before start', 'POST', o => `${o}/XY/${XY}/xy`, { parameters: { requested_timerange: range(10, 5), requested_items: [1] } }, 400, 'is before its start'],
    ['times as strings', 'POST', o => `${o}/XY/${XY}/xy`, { parameters: { requested_timerange: range('0', '10'), requested_items: [1] } }, 400, 'must be a whole number, not "0"'],
    ['a fraction of a nanosecond', 'POST', o => `${o}/XY/${XY}/xy`, { parameters: { requested_timerange: range(0, 10.5), requested_items: [1] } }, 400, 'must be a whole number, not 10.5'],
    ['a time past int64', 'POST', o => `${o}/XY/${XY}/xy`, { parameters: { requested_timerange: range(0, 1e30), requested_items: [1] } }, 400, 'must lie between 0 and 9223372036854775807'],
    ['too many samples', 'POST', o => `${o}/XY/${XY}/xy`, { parameters: { requested_timerange: range(0, 10, 10000000), requested_items: [1] } }, 400, 'nbTimes must lie between 1 and 65536'],
    ['zero samples', 'POST', o => `${o}/XY/${XY}/xy`, { parameters: { requested_timerange: range(0, 10, 0), requested_items: [1] } }, 400, 'nbTimes must lie between 1 and 65536'],
    ['items not an array', 'POST', o => `${o}/XY/${XY}/xy`, { parameters: { requested_timerange: range(0, 10), requested_items: 1 } }, 400, 'requested_items must be an array'],
    ['an item of the wrong type', 'POST', o => `${o}/XY/${XY}/xy`, { parameters: { requested_timerange: range(0, 10), requested_items: [1, 'two'] } }, 400, 'requested_items[1] must be a whole number'],
    ['too many items', 'POST', o => `${o}/XY/${XY}/xy`, { parameters: { requested_timerange: range(0, 10), requested_items: [...Array(100001).keys()] } }, 400, 'this server answers at most 100000'],
    ['table lines without a count', 'POST', o => `${o}/table/${TABLE}/lines`, { parameters: { requested_table_index: 0 } }, 400, 'requested_table_count is missing'],
    ['a huge page of lines', 'POST', o => `${o}/table/${TABLE}/lines`, { parameters: { requested_table_index: 0, requested_table_count: 1e9 } }, 400, 'requested_table_count must lie between 1 and 10000'],
    ['a negative table index', 'POST', o => `${o}/table/${TABLE}/lines`, { parameters: { requested_table_index: -1, requested_table_count: 5 } }, 400, 'requested_table_index must lie between 0'],
    ['a search of a non-column', 'POST', o => `${o}/table/${TABLE}/lines`, { parameters: { requested_table_count: 5, table_search_expressions: { type: 'x' } } }, 400, 'must map column ids to regular expressions'],
    ['tooltip without a time', 'POST', () => `/experiments/${experiment.UUID}/outputs/timeGraph/${TG}/tooltip`, { parameters: { requested_items: [1] } }, 400, 'must each hold one value'],
    ['no such endpoint', 'GET', () => '/nothing/here', undefined, 404, 'no such endpoint'],
    ['outside the API', 'GET', () => '/../../index.html', undefined, 404, 'no such endpoint'],
    ['a method the endpoint does not take', 'PATCH', () => '/traces', undefined, 405, 'PATCH is not allowed here'],
    ['an unknown configuration type', 'GET', () => '/config/types/x', undefined, 404, 'no configuration type x'],
    ['an unknown bookmark', 'GET', () => `/experiments/${experiment.UUID}/bookmarks/${UNKNOWN}`, undefined, 404, 'no bookmark'],
];

for (const [what, method, where, body, status, words] of cases) {
    test(`${what}: ${status}`, async () => {
        const apiPath = where(output);
        const answer = await call(method, apiPath, body);
        assert.equal(answer.status, status, answer.text);
        assert.equal(answer.type, 'application/json');
        const error = JSON.parse(answer.text);
        assert.ok(error.detail.includes(words), `"${error.detail}" does not say "${words}"`);
        assert.ok(!/Exception|\tat |\.java:/.test(answer.text), 'no stack trace: ' + answer.text);
        if (!['/nothing/here', '/../../index.html'].includes(apiPath) && method !== 'PATCH') {
            validate(method, apiPath.replace(/%2F/g, '-'), status, answer.text);
        }
    });
}

test('a link inside the roots that points out of them is refused', async () => {
    const link = path.join(FIXTURES, '.escape-' + process.pid);
    fs.symlinkSync(os.tmpdir(), link);
    try {
        const answer = await call('POST', '/traces', { parameters: { uri: link } });
        assert.equal(answer.status, 403, answer.text);
    } finally {
        fs.unlinkSync(link);
    }
});

test('a trace in an experiment cannot be deleted, nor put in a second experiment', async () => {
    const trace = experiment.traces[0];
    const deleted = await call('DELETE', `/traces/${trace.UUID}`);
    assert.equal(deleted.status, 409, deleted.text);
    assert.equal(validate('DELETE', `/traces/${trace.UUID}`, 409, deleted.text).trace.UUID, trace.UUID);
    const second = await call('POST', '/experiments', { parameters: { name: 'second', traces: [trace.UUID] } });
    assert.equal(second.status, 409, second.text);
    assert.ok(JSON.parse(second.text).detail.includes('is already in experiment "bad-input"'));
    assert.equal(validate('POST', '/experiments', 409, second.text).experiment.UUID, experiment.UUID);
});
