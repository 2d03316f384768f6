# SPDX-License-Identifier: EPL-2.0
"""Issue 17's time-series export through ./sextant: an OTF2 archive exported to a real InfluxDB 1.6 (influxd,
started here on 127.0.0.1 with free ports and a temporary directory) lands every point, exactly; the nine metrics
of `analyze --analysis otf2` equal InfluxQL's on the exported data; a damaged archive and an InfluxDB that is down
are one clear line each, saying what was written. (A missing definitions file and a newer OTF2 take the same path
as the corrupt integer here; the reader's own tests name each.) A recording exports its Redis requests and HTTP
spans one point each, by default; a trace with neither is refused, naming the chart exports."""

import json
import shutil
import socket
import subprocess
import time
import urllib.parse
import urllib.request

import pytest

from test_damaged import refused
from test_installed import FIXTURES, SAMPLE, catalogue, sextant

TIES = FIXTURES / "otf2-ties"
TOPOLOGY = FIXTURES / "http-topology"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def influx(tmp_path_factory):
    directory = tmp_path_factory.mktemp("influxd")
    http, rpc = free_port(), free_port()
    config = directory / "influxdb.conf"
    config.write_text(f"""reporting-disabled = true
bind-address = "127.0.0.1:{rpc}"
[meta]
  dir = "{directory}/meta"
[data]
  dir = "{directory}/data"
  wal-dir = "{directory}/wal"
  query-log-enabled = false
[monitor]
  store-enabled = false
[http]
  bind-address = "127.0.0.1:{http}"
  log-enabled = false
[logging]
  level = "warn"
""")
    process = subprocess.Popen(["influxd", "-config", str(config)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{http}"
    for _ in range(300):
        try:
            urllib.request.urlopen(url + "/ping", timeout=1)
            break
        except OSError:
            time.sleep(0.1)
    yield url
    process.terminate()
    process.wait(timeout=30)


def query(url, db, statement):
    params = urllib.parse.urlencode({"db": db, "q": statement})
    with urllib.request.urlopen(f"{url}/query?{params}", timeout=30) as answer:
        return json.load(answer)["results"][0].get("series", [])


def test_export_lands_every_point_and_the_nine_metrics_equal_influxql(influx):
    run = sextant("export", "--influx", influx, "--db", "ties", "--json", str(TIES))
    assert run.returncode == 0, run.stderr
    export = json.loads(run.stdout)
    assert export["events"] == int(catalogue()["otf2-ties.events"])
    assert export["points"] == export["landed"] == 186
    assert export["ties"] == 26
    stored = sum(series["values"][0][1] for measurement, field in
                 [("enter", "location_id"), ("leave", "location_id"), ("mpi_send", "length"),
                  ("mpi_receive", "length"), ("metrics", "value")]
                 for series in query(influx, "ties", f'SELECT COUNT("{field}") FROM "{measurement}"'))
    assert stored == 186

    run = sextant("analyze", "--analysis", "otf2", "--json", str(TIES / "traces.otf2"))
    assert run.returncode == 0, run.stderr
    [metrics] = json.loads(run.stdout)["traces"]
    assert metrics["events"] == 186
    per_region = {series["tags"]["region"]: series["values"][0][1]
                  for series in query(influx, "ties", 'SELECT COUNT("location_id") FROM "enter" GROUP BY "region"')}
    assert metrics["enters_per_region"] == per_region
    assert metrics["enters_per_second"] == {"1": 10, "2": 14, "3": 18, "4": 22}
    assert metrics["sends_per_tag"] == {"7": 11, "8": 11}


def test_the_event_count_chart_exports_as_rates_that_add_up_to_the_trace(influx):
    run = sextant("export", "--influx", influx, "--db", "count", "--analysis", "count", "--interval", "100", "--json",
                  str(SAMPLE))
    assert run.returncode == 0, run.stderr
    export = json.loads(run.stdout)
    assert export["measurement"] == "kernel_events"
    assert export["points"] == export["landed"] > 0
    [series] = query(influx, "count", 'SELECT SUM("rate") FROM "kernel_events" WHERE "series" = \'Total\'')
    # each point is the rate over the 100 ms that end there: rate x 0.1 s, summed, is every event of the trace
    assert round(series["values"][0][1] * 0.1) == int(catalogue()["perf-sched-syscalls.events"])


def test_analyze_prints_the_nine_metrics_as_text():
    run = sextant("analyze", "--analysis", "otf2", str(TIES))
    assert run.returncode == 0, run.stderr
    for name in ["enters_per_second", "sends_per_second", "receives_per_second", "enters_per_region",
                 "sends_per_tag", "receives_per_tag", "sends_per_rank", "receives_per_rank", "locations_per_region"]:
        assert f"\n    {name}:\n" in run.stdout, run.stdout


def test_a_truncated_event_file_is_refused_and_nothing_is_written(tmp_path, influx):
    archive = shutil.copytree(TIES, tmp_path / "archive")
    events = archive / "traces" / "1.evt"
    events.write_bytes(events.read_bytes()[:600])
    refused(sextant("export", "--influx", influx, "--db", "truncated", str(archive)), str(events), "truncated?",
            "nothing was written")
    assert query(influx, "truncated", "SHOW MEASUREMENTS") == []


def test_a_corrupt_compressed_integer_is_refused(tmp_path):
    archive = shutil.copytree(TIES, tmp_path / "archive")
    events = archive / "traces" / "0.evt"
    data = bytearray(events.read_bytes())
    assert data[27] == 12, "the fixture's layout changed"  # the first ENTER, after its timestamp record
    data[28] = 9  # its region's compressed integer now claims 9 bytes
    events.write_bytes(bytes(data))
    refused(sextant("analyze", "--analysis", "otf2", str(archive)),
            f"{events} at offset 28: compressed integer claims 9 bytes, at most 4 allowed")


def test_an_influxdb_that_is_down_is_named_with_nothing_landed():
    url = f"http://127.0.0.1:{free_port()}"
    run = sextant("export", "--influx", url, "--db", "x", str(TIES))
    # not the input's fault: exit code 1, one line naming the server
    assert run.returncode == 1, run.stderr
    [line] = [line for line in run.stderr.splitlines() if line.startswith("sextant: error: ")]
    assert url in line and "refused the connection (is InfluxDB running there?)" in line and "nothing was written" in line
    assert "Exception" not in run.stderr and run.stdout == ""


def test_a_recording_exports_its_redis_requests_and_spans_by_default(influx):
    run = sextant("export", "--influx", influx, "--db", "topology", "--json", str(TOPOLOGY))
    assert run.returncode == 0, run.stderr
    export = json.loads(run.stdout)
    assert export["analysis"] == "redis,spans"
    measurements = export["measurements"]
    assert measurements["redis_request"]["schema_version"] == measurements["span"]["schema_version"] == 1
    assert measurements["redis_request"]["ties"] > 0  # ioredis pipelines: requests that came in one read
    assert export["points"] == export["landed"] == sum(m["points"] for m in measurements.values())
    [requests] = query(influx, "topology", 'SELECT COUNT("latency_ns") FROM "redis_request"')
    assert requests["values"][0][1] == measurements["redis_request"]["points"]
    [spans] = query(influx, "topology", 'SELECT COUNT("span_id") FROM "span"')
    assert spans["values"][0][1] == measurements["span"]["points"]
    # the INFO that read the counters counts what ran before it
    last_info = query(influx, "topology", 'SELECT LAST("latency_ns") FROM "redis_request" WHERE "command" = \'info\'')
    reading = last_info[0]["values"][0][0]
    before = {series["tags"]["command"]: series["values"][0][1] for series in
              query(influx, "topology", f'SELECT COUNT("latency_ns") FROM "redis_request" WHERE time < \'{reading}\' GROUP BY "command"')}
    prefix = "http-topology.commandstats."
    assert before == {key[len(prefix):]: int(value) for key, value in catalogue().items() if key.startswith(prefix)}
    # every request of the load generator's log is a client span of the generator and a server span of the gateway
    routes = {}
    for line in (TOPOLOGY / "loadgen.jsonl").read_text().splitlines():
        route = json.loads(line)["route"]
        routes[route] = routes.get(route, 0) + 1
    served = {}
    for series in query(influx, "topology", 'SELECT COUNT("span_id") FROM "span" WHERE "kind" = \'server\' GROUP BY "service", "route"'):
        served.setdefault(series["tags"]["service"], {})[series["tags"]["route"]] = series["values"][0][1]
    assert routes in served.values(), served


def test_spans_alone_and_a_trace_without_models_refused(influx):
    run = sextant("export", "--influx", influx, "--db", "spans", "--analysis", "spans", "--json", str(TOPOLOGY))
    assert run.returncode == 0, run.stderr
    export = json.loads(run.stdout)
    assert list(export["measurements"]) == ["span"] and export["points"] == export["landed"] > 0
    refused(sextant("export", "--influx", influx, "--db", "none", str(SAMPLE)), "neither Redis nor HTTP events",
            "--analysis count, cpu or io")
