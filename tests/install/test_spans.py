# SPDX-License-Identifier: EPL-2.0
"""The span analysis as a user runs it on the HTTP topology recording: ./sextant analyze --analysis spans, its
summary against the load generator's log, and its OTLP export loaded by OpenTelemetry's own protobuf classes
(opentelemetry-proto from PyPI, installed in a private virtual environment)."""

import json
import subprocess
import sys
import venv
from collections import Counter
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
    gateway_port = json.loads((TOPOLOGY / "topology.json").read_text())["gateway"]["port"]
    gateway = summary["services"][f"node :{gateway_port}"]
    assert {route: entry["count"] for route, entry in gateway.items()} == dict(logged)
    assert all(entry["errors"] == 0 for entry in gateway.values())
    assert gateway["GET /orders/:id"]["latency_ms"]["p50"] <= gateway["GET /orders/:id"]["latency_ms"]["max"]
    assert len(summary["slowest"]) == 3
    assert summary["slowest"][0]["critical_path"], summary["slowest"][0]
    assert summary["problems"]["incomplete_spans"] == 0


def test_otlp_export_loads_in_opentelemetry_proto(export, otel_python):
    summary, out = export
    check = """
import sys
from google.protobuf import json_format
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest
request = json_format.Parse(open(sys.argv[1]).read(), ExportTraceServiceRequest())
spans = [s for r in request.resource_spans for ss in r.scope_spans for s in ss.spans]
ids = {s.span_id for s in spans}
print(len(spans), len({s.trace_id for s in spans}), sum(1 for s in spans if s.parent_span_id and s.parent_span_id not in ids),
      sum(1 for s in spans if s.end_time_unix_nano < s.start_time_unix_nano))
"""
    run = subprocess.run([str(otel_python), "-c", check, str(out)], capture_output=True, text=True, timeout=300, check=False)
    assert run.returncode == 0, run.stderr
    spans, traces, dangling, backwards = map(int, run.stdout.split())
    redis = sum(summary["redis_commands"]["sent_by_spans"].values())
    assert spans == summary["otlp"]["http_spans"] + redis
    assert traces == 200, "one trace per request of the generator"
    assert dangling == 0, "every parent is a span of the export: the load generator was traced too"
    assert backwards == 0
