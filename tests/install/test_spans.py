# SPDX-License-Identifier: EPL-2.0
"""The span analysis as a user runs it on the HTTP topology recording: ./sextant analyze --analysis spans, its
summary against the load generator's log, and its OTLP export loaded by OpenTelemetry's own protobuf classes
(opentelemetry-proto from PyPI, installed in a private virtual environment); and the same chain live, on the
topology started here under ./sextant record (needs node, npm, lttng, redis-server and a C compiler)."""

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import venv
from collections import Counter, defaultdict
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TOPOLOGY = ROOT / "tests" / "fixtures" / "http-topology"
OTEL_PROTO = "opentelemetry-proto==1.45.2"


def sextant(*args):
    return subprocess.run([str(ROOT / "sextant"), *args], capture_output=True, text=True, timeout=600, check=False)


@pytest.fixture(scope="module")
def export(tmp_path_factory):
    out = tmp_path_factory.mktemp("spans") / "spans.otlp.json"
    run = sextant("analyze", "--analysis", "spans", "--json", "--top", "3", "--otlp", str(out), str(TOPOLOGY))
    assert run.returncode == 0, run.stderr
    assert "Exception" not in run.stderr, run.stderr
    return json.loads(run.stdout)["traces"][0], out


@pytest.fixture(scope="module")
def otel_python(tmp_path_factory):
    """A Python with opentelemetry-proto: OpenTelemetry's generated classes of the OTLP messages."""
    env = tmp_path_factory.mktemp("otel-venv")
    venv.create(env, with_pip=True)
    python = env / "bin" / "python"
    pip = subprocess.run([str(python), "-m", "pip", "install", "-q", OTEL_PROTO], capture_output=True, text=True, timeout=600, check=False)
    if pip.returncode != 0:
        pytest.skip(f"cannot install {OTEL_PROTO} from PyPI: {pip.stderr.strip()[-300:]}")
    return python


def test_requests_per_route_are_the_generators(export):
    summary, _ = export
    logged = Counter(json.loads(line)["route"] for line in (TOPOLOGY / "loadgen.jsonl").read_text().splitlines())
    gateway = summary["services"]["gateway"]  # its process.title
    assert {route: entry["count"] for route, entry in gateway.items()} == dict(logged)
    assert all(entry["errors"] == 0 for entry in gateway.values())
    assert gateway["GET /orders/:id"]["latency_ms"]["p50"] <= gateway["GET /orders/:id"]["latency_ms"]["max"]
    assert len(summary["slowest"]) == 3
    assert summary["slowest"][0]["critical_path"], summary["slowest"][0]
    assert summary["problems"]["incomplete_spans"] == 0


def test_otlp_export_loads_in_opentelemetry_proto(export, otel_python):
    summary, out = export
    # OTLP/JSON writes ids as hex where protobuf's generic JSON mapping reads bytes as base64: an OTLP receiver
    # converts them first (the Collector's pdata does), and so does this check before json_format parses.
    check = """
import base64, json, sys
from google.protobuf import json_format
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest
document = json.load(open(sys.argv[1]))
for resource in document["resourceSpans"]:
    for scope in resource["scopeSpans"]:
        for span in scope["spans"]:
            for key in ("traceId", "spanId", "parentSpanId"):
                if key in span:
                    span[key] = base64.b64encode(bytes.fromhex(span[key])).decode()
request = json_format.ParseDict(document, ExportTraceServiceRequest())
spans = [s for r in request.resource_spans for ss in r.scope_spans for s in ss.spans]
ids = {s.span_id for s in spans}
print(json.dumps({"spans": len(spans), "traces": sorted({s.trace_id.hex() for s in spans}),
                  "dangling": sum(1 for s in spans if s.parent_span_id and s.parent_span_id not in ids),
                  "backwards": sum(1 for s in spans if s.end_time_unix_nano < s.start_time_unix_nano),
                  "bad_ids": sum(1 for s in spans if len(s.trace_id) != 16 or len(s.span_id) != 8)}))
"""
    run = subprocess.run([str(otel_python), "-c", check, str(out)], capture_output=True, text=True, timeout=300, check=False)
    assert run.returncode == 0, run.stderr
    parsed = json.loads(run.stdout)
    redis = sum(summary["redis_commands"]["sent_by_spans"].values())
    assert parsed["spans"] == summary["otlp"]["http_spans"] + redis
    logged = sorted(json.loads(line)["id"] for line in (TOPOLOGY / "loadgen.jsonl").read_text().splitlines())
    assert parsed["traces"] == logged, "one trace per request, with the generator's trace id"
    assert parsed["dangling"] == 0, "every parent is a span of the export: the load generator was traced too"
    assert parsed["backwards"] == 0
    assert parsed["bad_ids"] == 0


LIVE_REQUESTS = 100  # so that the 99% the issue asks leaves room for one request
LIVE_SEED = "11fe0016"


def missing_for_live():
    tools = ("node", "npm", "lttng", "redis-server", "redis-cli", "cc")
    return [tool for tool in tools if shutil.which(tool) is None]


def record_topology(recording, *options, timeout=300):
    """tools/capture/http-topology.sh under ./sextant record: its servers on 127.0.0.1, stopped by the script once
    the load is done; if the whole does not end within the timeout, its process group is killed, servers too."""
    process = subprocess.Popen([str(ROOT / "sextant"), "record", "--out", str(recording), "--",
                                str(ROOT / "tools" / "capture" / "http-topology.sh"), *options],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        out, err = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        pytest.fail(f"the recorded topology did not end within {timeout} s")
    assert process.returncode == 0, out[-2000:] + err[-2000:]


def analyse_live(recording, export):
    """./sextant analyze --analysis spans --json --otlp EXPORT of a recorded topology: its summary, whose gateway
    spans per route must be the generator's log exactly; the log; and the node's INFO commandstats."""
    log = [json.loads(line) for line in (recording / "loadgen.jsonl").read_text().splitlines()]
    run = sextant("analyze", "--analysis", "spans", "--json", "--otlp", str(export), str(recording))
    assert run.returncode == 0, run.stderr
    assert "Exception" not in run.stderr, run.stderr
    summary = json.loads(run.stdout)["traces"][0]
    gateway = summary["services"]["gateway"]
    assert {route: entry["count"] for route, entry in gateway.items()} == dict(Counter(r["route"] for r in log))
    assert all(entry["errors"] == 0 for entry in gateway.values())
    stats = {m.group(1): int(m.group(2)) for m in
             re.finditer(r"cmdstat_(\w+):calls=(\d+)", (recording / "redis-commandstats.txt").read_text())}
    assert stats, "the topology read INFO commandstats"
    return summary, log, stats


def otlp_trees(document):
    """The export's spans by span id (each with its resource's service.name) and each span's children's ids."""
    spans, children = {}, defaultdict(list)
    for resource in document["resourceSpans"]:
        attributes = resource["resource"]["attributes"]
        service = next(a["value"]["stringValue"] for a in attributes if a["key"] == "service.name")
        for scope in resource["scopeSpans"]:
            for span in scope["spans"]:
                spans[span["spanId"]] = dict(span, service=service)
                if "parentSpanId" in span:
                    children[span["parentSpanId"]].append(span["spanId"])
    return spans, children


def shape(spans, children, span_id):
    """A span and its subtree as comparable values: service, kind, name, and its children's shapes, sorted."""
    span = spans[span_id]
    below = tuple(sorted(shape(spans, children, child) for child in children[span_id]))
    return (span["service"], span["kind"], span["name"], below)


SERVER, CLIENT = 2, 3


def expected_shape(route):
    """What one generator request makes the topology do (tools/capture/workloads/http): the gateway's calls to
    the backends, and the Redis commands each backend sends (every key carries the trace id, so users always
    misses and sets)."""
    def call(service, name, commands):
        redis = tuple(sorted(("redis", SERVER, command, ()) for command in commands))
        return ("gateway", CLIENT, name, ((service, SERVER, name, redis),))
    calls = {"GET /users/:id": [call("users", "GET /users/:id", ["GET", "SET"])],
             "GET /orders/:id": [call("orders", "GET /orders/:id", ["HGETALL"]),
                                 call("users", "GET /users/:id", ["GET", "SET"])],
             "POST /orders": [call("orders", "POST /orders", ["HSET", "EXPIRE"])]}[route]
    return ("gateway", SERVER, route, tuple(sorted(calls)))


@pytest.mark.skipif(bool(missing_for_live()), reason=f"the live topology needs {', '.join(missing_for_live())}")
def test_live_topology_recorded_and_analysed_agrees_with_the_generator_and_redis(tmp_path):
    """The whole chain on a topology started here, not on a fixture: tools/capture/http-topology.sh (a Redis node,
    the users and orders backends with ioredis from the pinned package-lock.json, the gateway, and the load
    generator with known traceparent ids) under ./sextant record, then ./sextant analyze --analysis spans. The
    oracles are the generator's log and the node's own INFO commandstats, which the topology script reads with
    an untraced redis-cli after the load and before it stops the node."""
    recording = tmp_path / "recording"
    record_topology(recording, "--requests", str(LIVE_REQUESTS), "--seed", LIVE_SEED)
    export = tmp_path / "spans.otlp.json"
    # The gateway's spans per route are the generator's requests, exactly.
    summary, log, stats = analyse_live(recording, export)
    assert len(log) == LIVE_REQUESTS and all(r["status"] in (200, 201) for r in log)
    assert {r["id"] for r in log} == {f"{LIVE_SEED}{seq:024x}" for seq in range(LIVE_REQUESTS)}

    # Each request's tree, rebuilt from the export's parent links alone, under the generator's trace id: the
    # generator's call, the gateway's span, its calls, the backends' spans and their Redis commands.
    spans, children = otlp_trees(json.loads(export.read_text()))
    matching = 0
    for request in log:
        roots = [i for i, s in spans.items() if s["traceId"] == request["id"] and s["service"] == "gateway"
                 and s["kind"] == SERVER and s["name"] == request["route"]
                 and spans.get(s.get("parentSpanId"), {}).get("service") == "loadgen"]
        if len(roots) == 1 and shape(spans, children, roots[0]) == expected_shape(request["route"]):
            matching += 1
    print(f"[spans live] {LIVE_REQUESTS} requests, {matching} trees as the generator's log says, "
          f"problems {summary['problems']}")
    assert matching >= 0.99 * LIVE_REQUESTS

    # The Redis commands the spans sent are the node's own counts; ioredis's ready checks (info) no span's.
    sent = summary["redis_commands"]["sent_by_spans"]
    assert sent == {command: calls for command, calls in stats.items() if command != "info"}
    assert summary["redis_commands"].get("sent_by_no_span", 0) >= stats.get("info", 0)


LIVE_PERCMD_REQUESTS = 150  # the load: 150 each of GET, INCR and LPUSH on connections of their own
LIVE_PERCMD_SEED = "c0ffee33"


def redis_commands_from_port(spans, port, names):
    """The export's Redis commands the node read from that client port, of those names, in the order it read them."""
    return sorted((s for s in spans.values() if s["service"] == "redis" and s["name"] in names
                   and s["attributes"]["network.peer.address"].rsplit(":", 1)[1] == str(port)),
                  key=lambda s: int(s["startTimeUnixNano"]))


@pytest.mark.skipif(bool(missing_for_live()), reason=f"the live topology needs {', '.join(missing_for_live())}")
def test_live_connection_per_command_joins_every_command_to_its_request(tmp_path):
    """The topology whose counters backend opens a Redis connection per command (tools/capture/http-topology.sh
    --per-command: fresh 4-tuples from four local ports in turn, each quit after its reply, the next command made
    once the connection is closed), started here under ./sextant record with the issue's load, then ./sextant
    analyze --analysis spans. Oracles: the generator's log, the node's INFO commandstats, and the backend's own
    log of which command of which request went through which port (counters.jsonl). Exact counts: n of n."""
    recording = tmp_path / "recording"
    record_topology(recording, "--per-command", "--requests", str(LIVE_PERCMD_REQUESTS), "--seed", LIVE_PERCMD_SEED)
    export = tmp_path / "spans.otlp.json"
    summary, log, stats = analyse_live(recording, export)
    assert len(log) == LIVE_PERCMD_REQUESTS and all(r["status"] == 200 for r in log)
    connections = [json.loads(line) for line in (recording / "counters.jsonl").read_text().splitlines()]
    assert len(connections) == 3 * LIVE_PERCMD_REQUESTS
    assert {stats[c] for c in ("incr", "lpush")} == {LIVE_PERCMD_REQUESTS}
    sent = summary["redis_commands"]["sent_by_spans"]
    assert sent == {command: calls for command, calls in stats.items() if command != "info"}

    # Each command the backend logged, found by its port (the n-th connection logged on a port carried the n-th
    # command the node read from it), must be a child of the counters span of its own request.
    spans, _ = otlp_trees(json.loads(export.read_text()))
    for span in spans.values():
        span["attributes"] = {a["key"]: next(iter(a["value"].values())) for a in span.get("attributes", [])}
    by_port = defaultdict(list)
    for connection in sorted(connections, key=lambda c: int(c["connect_ns"])):
        by_port[connection["local_port"]].append(connection)
    joined, total = Counter(), Counter()
    for port, logged in by_port.items():
        read = redis_commands_from_port(spans, port, {"GET", "INCR", "LPUSH"})
        assert [s["name"].lower() for s in read] == [c["command"] for c in logged], f"port {port}"
        for connection, command in zip(logged, read):
            total[connection["command"]] += 1
            parent = spans.get(command.get("parentSpanId"), {})
            if (parent.get("service") == "counters" and parent["attributes"].get("url.path") == f"/visits/{connection['resource']}"
                    and parent["traceId"] == connection["trace_id"]):
                joined[connection["command"]] += 1
    print(f"[spans live, connection per command] joined to their request's span: "
          f"{ {c: f'{joined[c]} of {total[c]}' for c in sorted(total)} }, {len(by_port)} ports; INFO commandstats {stats}")
    assert total == {"get": LIVE_PERCMD_REQUESTS, "incr": LIVE_PERCMD_REQUESTS, "lpush": LIVE_PERCMD_REQUESTS}
    assert joined == total
