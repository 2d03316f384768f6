// SPDX-License-Identifier: EPL-2.0
// The trace server as a real client sees it: tsp-typescript-client (npm) opens the bundled sample, a Redis
// recording and a call profile, makes experiments of them, lists their outputs and fetches them; every answer is
// validated against API.yaml, and the values equal what `./sextant analyze --json` prints for the same traces.
import test from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { checked, validateEveryAnswer } from './schema.mjs';

const require = createRequire(import.meta.url);
const { HttpTspClient } = require('tsp-typescript-client/lib/protocol/http-tsp-client');
const { RestClient } = require('tsp-typescript-client/lib/protocol/rest-client');
const { Query } = require('tsp-typescript-client/lib/models/query/query');

const BASE = process.env.TSP_URL;
const FIXTURES = process.env.SEXTANT_FIXTURES;
const EXPECTED = process.env.SEXTANT_EXPECTED;
if (!BASE || !FIXTURES || !EXPECTED) {
    throw new Error('TSP_URL, SEXTANT_FIXTURES and SEXTANT_EXPECTED must be set (tests/install/test_server.py sets them)');
}
const expected = name => JSON.parse(fs.readFileSync(path.join(EXPECTED, name + '.json'), 'utf8')).traces[0];
validateEveryAnswer(RestClient, BASE);
const client = new HttpTspClient(BASE);

const SAMPLE = path.join(FIXTURES, 'perf-sched-syscalls');
const RECORDING = path.join(FIXTURES, 'redis-cluster');
const PROFILE = path.join(FIXTURES, 'callgrind-callpaths', 'base.callgrind');

/** The CTF traces of a recording, in path order: what the command line makes the experiment of. */
function membersOf(directory) {
    const found = [];
    const walk = (dir, depth) => {
        if (fs.existsSync(path.join(dir, 'metadata'))) {
            found.push(dir);
            return;
        }
        if (depth === 0) return;
        for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
            if (entry.isDirectory()) walk(path.join(dir, entry.name), depth - 1);
        }
    };
    walk(directory, 6);
    return found.sort();
}

function ok(response) {
    assert.equal(response.getStatusCode(), 200, response.getText());
    return response.getModel();
}

/** Asks again while the output's analysis builds (RUNNING), as a viewer does; the answer must complete. */
async function completed(fetch) {
    const deadline = Date.now() + 120_000;
    for (;;) {
        const model = ok(await fetch());
        if (model.status === 'COMPLETED') return model.model;
        assert.equal(model.status, 'RUNNING', model.statusMessage);
        assert.ok(Date.now() < deadline, 'still RUNNING after 2 minutes');
        await new Promise(resolve => setTimeout(resolve, 100));
    }
}

async function indexed(experiment) {
    const deadline = Date.now() + 120_000;
    for (;;) {
        const model = ok(await client.fetchExperiment(experiment.UUID));
        if (model.indexingStatus === 'COMPLETED') return model;
        assert.ok(Date.now() < deadline, 'still indexing after 2 minutes');
        await new Promise(resolve => setTimeout(resolve, 100));
    }
}

async function experimentOf(name, paths) {
    const traces = [];
    for (const uri of paths) {
        traces.push(ok(await client.openTrace(new Query({ uri, name: path.basename(uri) }))));
    }
    const experiment = ok(await client.createExperiment(new Query({ name, traces: traces.map(t => t.UUID) })));
    return indexed(experiment);
}

/** A summary data tree as entries by their path of names ("CPUs/0"), each with its values (the other labels). */
function byPath(entries) {
    const byId = new Map(entries.map(e => [e.id, e]));
    const pathOf = e => (byId.has(e.parentId) ? pathOf(byId.get(e.parentId)) + '/' : '') + e.labels[0];
    return new Map(entries.map(e => [pathOf(e), e.labels.slice(1)]));
}

const experiments = {};
const full = model => ({ start: model.start, end: model.end });

test('the server is up and says what it speaks', async () => {
    assert.equal(ok(await client.checkHealth()).status, 'UP');
    const identifier = ok(await client.fetchIdentifier());
    assert.equal(identifier.tspVersion, '0.6.0');
});

test('the bundled sample: its outputs, Trace Compass\'s and Sextant\'s', async () => {
    experiments.sample = await experimentOf('sample', [SAMPLE]);
    const count = expected('count');
    assert.equal(Number(experiments.sample.nbEvents), count.events, 'the experiment indexes every event');
    assert.equal(experiments.sample.start, BigInt(count.start));
    assert.equal(experiments.sample.end, BigInt(count.end));
    const outputs = ok(await client.experimentOutputs(experiments.sample.UUID));
    const types = new Map(outputs.map(o => [o.id, o.type]));
    assert.equal(types.get('org.sextant.count.core.dataprovider'), 'TREE_TIME_XY');
    assert.equal(types.get('org.sextant.kernel.core.cpu.dataprovider'), 'TREE_TIME_XY');
    assert.equal(types.get('org.sextant.count.core.summary'), 'DATA_TREE');
    assert.equal(types.get('org.eclipse.tracecompass.internal.provisional.tmf.core.model.events.TmfEventTableDataProvider'), 'TABLE');
    assert.ok(outputs.some(o => o.id.startsWith('org.eclipse.tracecompass.') && o.type === 'TIME_GRAPH'), 'Trace Compass\'s own time graphs');
});

test('Event Count XY adds up to the command line\'s count', async () => {
    const { UUID } = experiments.sample;
    const id = 'org.sextant.count.core.dataprovider';
    const tree = await completed(() => client.fetchXYTree(UUID, id, new Query({ requested_timerange: full(experiments.sample) })));
    const total = tree.entries.find(e => e.labels[0] === 'Total');
    assert.ok(total, JSON.stringify(tree.entries.map(e => e.labels)));
    // Each point is the rate since the previous requested time: from just before the first event to the last,
    // rate x interval adds up to every event.
    const start = experiments.sample.start - 1n;
    const xy = await completed(() => client.fetchXY(UUID, id, new Query({
        requested_timerange: { start, end: experiments.sample.end, nbTimes: 500 }, requested_items: [total.id] })));
    const [series] = xy.series;
    let events = 0;
    for (let i = 1; i < series.xValues.length; i++) {
        events += series.yValues[i] * Number(series.xValues[i] - series.xValues[i - 1]) / 1e9;
    }
    assert.equal(Math.round(events), expected('count').events);
});

test('the count summary equals the command line\'s, number for number', async () => {
    const tree = await completed(() => client.fetchDataTree(experiments.sample.UUID, 'org.sextant.count.core.summary', new Query({})));
    const rows = byPath(tree.entries);
    const count = expected('count');
    const trace = path.basename(SAMPLE);
    assert.equal(Number(rows.get(trace)[0]), count.events, JSON.stringify([...rows].slice(0, 3)));
    for (const [cpu, n] of Object.entries(count.per_cpu)) {
        assert.equal(Number(rows.get(`${trace}/CPUs/CPU ${cpu}`)?.[0]), n, 'CPU ' + cpu + ' in ' + JSON.stringify([...rows.keys()]));
    }
    for (const [type, n] of Object.entries(count.per_type)) {
        assert.equal(Number(rows.get(`${trace}/Event types/${type}`)?.[0]), n, type);
    }
    assert.equal(rows.size, 1 + 1 + Object.keys(count.per_cpu).length + 1 + Object.keys(count.per_type).length, 'nothing else');
});

test('CPU Usage: the busiest CPU time per thread equals the command line\'s', async () => {
    const { UUID } = experiments.sample;
    const id = 'org.sextant.kernel.core.cpu.dataprovider';
    const tree = await completed(() => client.fetchXYTree(UUID, id, new Query({ requested_timerange: full(experiments.sample) })));
    assert.ok(tree.entries.length > 1);
    const xy = await completed(() => client.fetchXY(UUID, id, new Query({
        requested_timerange: { ...full(experiments.sample), nbTimes: 100 }, requested_items: tree.entries.map(e => e.id) })));
    assert.ok(xy.series.length > 0);
    for (const series of xy.series) {
        assert.ok(series.yValues.every(y => y >= 0 && y <= 100.0001 * 2), series.seriesName);
    }
    const summary = await completed(() => client.fetchDataTree(UUID, 'org.sextant.kernel.core.cpu.summary', new Query({})));
    const rows = byPath(summary.entries);
    const cpu = expected('cpu');
    const trace = path.basename(SAMPLE);
    for (const { cpu: n, busy_ns } of cpu.cpus) {
        assert.equal(Number(rows.get(`${trace}/CPUs/CPU ${n}`)?.[0]), busy_ns, 'CPU ' + n + ' in ' + JSON.stringify([...rows.keys()].slice(0, 8)));
    }
    // Threads are listed by name, and several share one: compare the busiest ones' times as a multiset.
    const threadTimes = summary.entries.filter(e => rows.has(`${trace}/Threads/${e.labels[0]}`) && e.labels.length > 1).map(e => Number(e.labels[1]));
    for (const thread of cpu.busiest_threads) {
        assert.ok(threadTimes.includes(thread.cpu_ns), `${thread.name} (${thread.tid}): ${thread.cpu_ns} ns in ${threadTimes.slice(0, 10)}`);
    }
});

test('the events table: columns, the first lines, every event counted', async () => {
    const { UUID } = experiments.sample;
    const id = 'org.eclipse.tracecompass.internal.provisional.tmf.core.model.events.TmfEventTableDataProvider';
    const columns = await completed(() => client.fetchTableColumns(UUID, id, new Query({})));
    const names = columns.map(c => c.name);
    assert.ok(names.includes('Timestamp') && names.includes('Event type'), names.join(', '));
    const table = await completed(() => client.fetchTableLines(UUID, id, new Query({ requested_table_index: 0, requested_table_count: 20 })));
    assert.equal(Number(table.size), expected('count').events);
    assert.equal(table.lines.length, 20);
    assert.deepEqual(table.lines.map(l => Number(l.index)), [...Array(20).keys()]);
    const type = columns.findIndex(c => c.name === 'Event type');
    assert.ok(table.lines.every(l => Object.keys(expected('count').per_type).includes(l.cells[type].content)));
    const later = await completed(() => client.fetchTableLines(UUID, id, new Query({ requested_times: [experiments.sample.end], requested_table_count: 5 })));
    assert.equal(Number(later.lowIndex) + later.lines.length, expected('count').events, 'the last event is where the end time is');
});

test('a Redis recording as the experiment of its traces: Netflow states, arrows, tooltips and the summary', async () => {
    experiments.redis = await experimentOf('redis-cluster', membersOf(RECORDING));
    const { UUID } = experiments.redis;
    const outputs = ok(await client.experimentOutputs(UUID));
    assert.equal(outputs.find(o => o.id === 'org.sextant.redis.core.netflow')?.type, 'TIME_GRAPH');
    const id = 'org.sextant.redis.core.netflow';
    const tree = await completed(() => client.fetchTimeGraphTree(UUID, id, new Query({ requested_timerange: full(experiments.redis) })));
    const rows = tree.entries.filter(e => e.hasData);
    assert.ok(rows.length > 0);
    const states = await completed(() => client.fetchTimeGraphStates(UUID, id, new Query({
        requested_timerange: { ...full(experiments.redis), nbTimes: 2000 }, requested_items: rows.map(e => e.id) })));
    const withStates = states.rows.filter(r => r.states.length > 0);
    assert.ok(withStates.length > 0);
    const arrows = await completed(() => client.fetchTimeGraphArrows(UUID, id, new Query({ requested_timerange: full(experiments.redis) })));
    assert.ok(Array.isArray(arrows));
    const [row] = withStates;
    const [state] = row.states;
    const tooltip = await completed(() => client.fetchTimeGraphTooltip(UUID, id, new Query({
        requested_times: [state.start], requested_items: [row.entryId],
        requested_element: { elementType: 'STATE', time: state.start, duration: state.end - state.start } })));
    assert.equal(typeof tooltip, 'object');

    const summary = await completed(() => client.fetchDataTree(UUID, 'org.sextant.redis.core.summary', new Query({})));
    const text = JSON.stringify(summary.entries.map(e => e.labels));
    for (const node of expected('redis').nodes) {
        for (const [command, n] of Object.entries(node.requests)) {
            assert.ok(summary.entries.some(e => e.labels[0] === command && e.labels.includes(String(n))), `${node.address} ${command} ${n} in ${text.slice(0, 300)}`);
        }
    }
});

test('marker sets, annotations and styles answer where the output has them, and cleanly where it has none', async () => {
    const { UUID } = experiments.redis;
    const id = 'org.sextant.redis.core.netflow';
    assert.ok(Array.isArray(await completed(() => client.fetchMarkerSets(UUID))));
    const categories = await completed(() => client.fetchAnnotationsCategories(UUID, id));
    assert.ok(Array.isArray(categories.annotationCategories));
    const annotations = await completed(() => client.fetchAnnotations(UUID, id, new Query({ requested_timerange: full(experiments.redis) })));
    assert.equal(typeof annotations.annotations, 'object');
    const styles = await completed(() => client.fetchStyles(UUID, id, new Query({})));
    assert.equal(typeof styles.styles, 'object');
});

test('a call profile: the call tree\'s totals equal the command line\'s', async () => {
    experiments.profile = await experimentOf('callgrind', [PROFILE]);
    const outputs = ok(await client.experimentOutputs(experiments.profile.UUID));
    assert.equal(outputs.find(o => o.id === 'org.sextant.callstack.core.calltree')?.type, 'DATA_TREE');
    const tree = await completed(() => client.fetchDataTree(experiments.profile.UUID, 'org.sextant.callstack.core.calltree',
        new Query({ weight: 'instructions', max_depth: 2 })));
    const callstack = expected('callstack');
    const totals = tree.entries.map(e => e.labels.map(Number));
    assert.ok(totals.some(labels => labels.includes(callstack.instructions.total)), `${callstack.instructions.total} in ${JSON.stringify(tree.entries.map(e => e.labels)).slice(0, 400)}`);
    for (const path of callstack.instructions.costliest_paths.filter(p => p.path.split(';').length <= 2)) {
        assert.ok(tree.entries.some(e => e.labels[0] === path.path.split(';').pop() && e.labels.includes(String(path.total))), path.path);
    }
});

test('every answer of the run fit API.yaml', () => {
    assert.ok(checked.count > 30, `${checked.count} answers validated`);
    console.log(`# ${checked.count} answers validated against API.yaml, ${checked.operations.size} operations: ${[...checked.operations].sort().join('; ')}`);
});

test.after(async () => {
    for (const experiment of Object.values(experiments)) {
        await client.deleteExperiment(experiment.UUID);
    }
});
