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
