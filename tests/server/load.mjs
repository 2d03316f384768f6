// SPDX-License-Identifier: EPL-2.0
// The load test: CLIENTS concurrent clients, each sending REQUESTS requests on loopback, a mix of what a trace
// viewer sends while the user zooms and scrolls (time-graph states, XY, table pages, tooltips, trees). Bounded:
// every request has a timeout and the run stops at its deadline. Prints one JSON object (errors, latency
// percentiles, throughput); exits 1 on any error.
//   TSP_URL=... SEXTANT_FIXTURES=... node load.mjs [CLIENTS] [REQUESTS] [DEADLINE_S]
import path from 'node:path';

const BASE = process.env.TSP_URL;
const FIXTURES = process.env.SEXTANT_FIXTURES;
const CLIENTS = Number(process.argv[2] || 20);
const REQUESTS = Number(process.argv[3] || 200);
const DEADLINE = Date.now() + 1000 * Number(process.argv[4] || 300);
const TIMEOUT_MS = 30_000;

async function call(method, apiPath, body) {
    const response = await fetch(BASE + apiPath, { method, headers: { 'Content-Type': 'application/json' }, body: body && JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS) });
    const text = await response.text();
    return { status: response.status, body: JSON.parse(text) };
}

async function completed(method, apiPath, body) {
    for (;;) {
        const answer = await call(method, apiPath, body);
        if (answer.status !== 200 || answer.body.status !== 'RUNNING') return answer;
        await new Promise(resolve => setTimeout(resolve, 100));
    }
}

async function experimentOf(name, uris) {
    const traces = [];
    for (const uri of uris) traces.push((await call('POST', '/traces', { parameters: { uri } })).body.UUID);
    const experiment = (await call('POST', '/experiments', { parameters: { name, traces } })).body;
    for (;;) {
        const now = (await call('GET', '/experiments/' + experiment.UUID)).body;
        if (now.indexingStatus === 'COMPLETED') return now;
        await new Promise(resolve => setTimeout(resolve, 100));
    }
}

// Every client shares the same two experiments, as the users of one server would; analyses are built first so
// that the run measures serving, not building (the build is measured by `sextant bench`).
const sample = await experimentOf('load-sample', [path.join(FIXTURES, 'perf-sched-syscalls')]);
const redisDir = path.join(FIXTURES, 'redis-single', 'ust', 'pid');
const { readdirSync } = await import('node:fs');
const redis = await experimentOf('load-redis', readdirSync(redisDir).map(d => path.join(redisDir, d)));
const out = e => `/experiments/${e.UUID}/outputs`;
const COUNT = 'org.sextant.count.core.dataprovider';
const CPU = 'org.sextant.kernel.core.cpu.dataprovider';
const NETFLOW = 'org.sextant.redis.core.netflow';
const TABLE = 'org.eclipse.tracecompass.internal.provisional.tmf.core.model.events.TmfEventTableDataProvider';
const countTree = (await completed('POST', `${out(sample)}/XY/${COUNT}/tree`, { parameters: {} })).body.model.entries.map(e => e.id);
const cpuTree = (await completed('POST', `${out(sample)}/XY/${CPU}/tree`, { parameters: {} })).body.model.entries.map(e => e.id);
const netTree = (await completed('POST', `${out(redis)}/timeGraph/${NETFLOW}/tree`, { parameters: {} })).body.model.entries.map(e => e.id);
await completed('POST', `${out(sample)}/table/${TABLE}/columns`, { parameters: {} });

function zoom(experiment, i) {
    // A window of the trace that moves and narrows as the client "zooms".
    const span = experiment.end - experiment.start;
    const width = Math.max(1000, Math.floor(span / (1 + (i % 8))));
    const start = experiment.start + Math.floor(((i * 7919) % 100) / 100 * (span - width));
    return { start, end: start + width, nbTimes: 800 };
}

const kinds = [
    i => ['POST', `${out(redis)}/timeGraph/${NETFLOW}/states`, { parameters: { requested_timerange: zoom(redis, i), requested_items: netTree } }],
    i => ['POST', `${out(sample)}/XY/${COUNT}/xy`, { parameters: { requested_timerange: zoom(sample, i), requested_items: countTree } }],
    i => ['POST', `${out(sample)}/XY/${CPU}/xy`, { parameters: { requested_timerange: zoom(sample, i), requested_items: cpuTree.slice(0, 20) } }],
    i => ['POST', `${out(sample)}/table/${TABLE}/lines`, { parameters: { requested_table_index: (i * 997) % 20000, requested_table_count: 100 } }],
    i => ['POST', `${out(redis)}/timeGraph/${NETFLOW}/tooltip`, { parameters: { requested_times: [zoom(redis, i).start], requested_items: [netTree[i % netTree.length]] } }],
    i => ['POST', `${out(redis)}/timeGraph/${NETFLOW}/tree`, { parameters: { requested_timerange: zoom(redis, i) } }],
    () => ['GET', `/experiments/${sample.UUID}`],
    () => ['GET', `${out(sample)}`],
];

const latencies = [];
const errors = [];
let sent = 0;
const started = performance.now();
await Promise.all([...Array(CLIENTS).keys()].map(async client => {
    for (let r = 0; r < REQUESTS && Date.now() < DEADLINE; r++) {
        const i = client * REQUESTS + r;
        const [method, apiPath, body] = kinds[i % kinds.length](i);
        const t0 = performance.now();
        sent++;
        try {
            const answer = await call(method, apiPath, body);
            if (answer.status !== 200 || (answer.body.status && answer.body.status !== 'COMPLETED')) {
                errors.push(`${method} ${apiPath}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
            }
        } catch (e) {
            errors.push(`${method} ${apiPath}: ${e}`);
        }
        latencies.push(performance.now() - t0);
    }
}));
const seconds = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const at = q => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
await call('DELETE', `/experiments/${sample.UUID}`);
await call('DELETE', `/experiments/${redis.UUID}`);
console.log(JSON.stringify({
    clients: CLIENTS, requests: sent, errors: errors.length, first_errors: errors.slice(0, 5),
    seconds: Number(seconds.toFixed(2)), throughput_per_s: Number((sent / seconds).toFixed(1)),
    p50_ms: Number(at(0.5).toFixed(1)), p99_ms: Number(at(0.99).toFixed(1)), max_ms: Number(latencies[latencies.length - 1].toFixed(1)),
}));
process.exit(errors.length === 0 && sent === CLIENTS * REQUESTS ? 0 : 1);
