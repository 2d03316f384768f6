# SPDX-License-Identifier: EPL-2.0
"""The trace server from the installation (`./sextant serve`), driven by tsp-typescript-client from npm under Node 20
(tests/server): its answers validated against API.yaml and compared with `./sextant analyze --json` of the same
traces; malformed requests; faults; a short load run; and a server stopped while an analysis builds, then started
again."""

import gzip
import json
import os
import re
import shutil
import signal
import subprocess
import threading
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = ROOT / "tests" / "fixtures"
CLIENT = ROOT / "tests" / "server"


def sextant(*args):
    return subprocess.run([str(ROOT / "sextant"), *args], capture_output=True, text=True, timeout=600, check=False)


class Server:
    """`./sextant serve` in its own process group, on a free port; stopped with SIGTERM as a service manager would."""

    def __init__(self, *roots):
        args = [str(ROOT / "sextant"), "serve", "--port", "0"] + [a for root in roots for a in ("--root", str(root))]
        self.process = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
        self.errors = []
        deadline = time.time() + 300
        while time.time() < deadline:
            line = self.process.stderr.readline()
            if not line:
                raise AssertionError("the server stopped before listening: " + "".join(self.errors))
            self.errors.append(line)
            found = re.search(r"Trace Server Protocol at (http://\S+/tsp/api)", line)
            if found:
                self.url = found.group(1)
                # The request log is drained as it comes: a full pipe would stall the server.
                self.log = []
                self.reader = threading.Thread(target=lambda: self.log.extend(self.process.stdout), daemon=True)
                self.reader.start()
                threading.Thread(target=lambda: self.errors.extend(self.process.stderr), daemon=True).start()
                return
        raise AssertionError("the server did not listen within 5 minutes")

    def get(self, path):
        with urllib.request.urlopen(self.url + path, timeout=30) as response:
            return json.load(response)

    def post(self, path, parameters):
        request = urllib.request.Request(self.url + path, data=json.dumps({"parameters": parameters}).encode(),
                                         headers={"Content-Type": "application/json"}, method="POST")
        with urllib.request.urlopen(request, timeout=60) as response:
            return json.load(response)

    def stop(self):
        """SIGTERM to the whole process group, as Ctrl-C or a service manager sends it; returns the request log."""
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            raise
        self.reader.join(timeout=10)
        return "".join(self.log)


@pytest.fixture(scope="module")
def node_modules():
    """The client's packages, pinned by package-lock.json; from npm's cache when it holds them."""
    if shutil.which("node") is None or shutil.which("npm") is None:
        pytest.fail("Node 20 and npm are needed for the trace server's client test (Debian: nodejs, npm)")
    run = subprocess.run(["npm", "ci", "--prefer-offline", "--no-audit", "--no-fund"], cwd=CLIENT, capture_output=True, text=True,
                         timeout=600, check=False)
    assert run.returncode == 0, run.stdout + run.stderr


@pytest.fixture(scope="module")
def expected(tmp_path_factory):
    """What the command line says of the traces the client opens."""
    directory = tmp_path_factory.mktemp("expected")
    for name, args in {"count": ["--analysis", "count", str(FIXTURES / "perf-sched-syscalls")],
                       "cpu": ["--analysis", "cpu", str(FIXTURES / "perf-sched-syscalls")],
                       "redis": ["--analysis", "redis", str(FIXTURES / "redis-cluster")],
                       "callstack": ["--analysis", "callstack", str(FIXTURES / "callgrind-callpaths" / "base.callgrind")]}.items():
        run = sextant("analyze", "--json", *args)
        assert run.returncode == 0, run.stderr
        (directory / f"{name}.json").write_text(run.stdout)
    return directory


@pytest.fixture(scope="module")
def server(node_modules):
    running = Server(FIXTURES)
    yield running
    log = running.stop()
    assert log.rstrip().endswith("[sextant] serve: stopped"), log[-2000:]
    # One line per request (time, client, method, path, status, bytes, milliseconds), none a fault of the server.
    # How many depends on how often the client asks again while an output is RUNNING (fewer since traces index in
    # seconds: 298 on 2026-12-07, over 300 before); well over a hundred in any case.
    statuses = [line.split()[4] for line in log.splitlines() if line.endswith("ms") or "(not delivered" in line]
    assert len(statuses) > 150 and "500" not in statuses, log[-2000:]


def node(server, expected_dir, *args, timeout=600):
    env = dict(os.environ, TSP_URL=server.url, SEXTANT_FIXTURES=str(FIXTURES), SEXTANT_EXPECTED=str(expected_dir or ""))
    return subprocess.run(["node", *args], cwd=CLIENT, env=env, capture_output=True, text=True, timeout=timeout, check=False)


def test_tsp_client_gets_what_the_command_line_prints_and_every_answer_fits_the_spec(server, expected):
    run = node(server, expected, "--test", "client.test.mjs")
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-3000:]
    assert "answers validated against API.yaml" in run.stdout


def test_malformed_requests_get_their_status_and_a_sentence(server):
    run = node(server, None, "--test", "bad-input.test.mjs")
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-3000:]
    passed = int(re.search(r"^# pass (\d+)", run.stdout, re.M).group(1))
    assert passed >= 30, run.stdout[-2000:]


def test_faults_leave_the_server_answering(server):
    run = node(server, None, "--test", "faults.test.mjs")
    assert run.returncode == 0, run.stdout[-6000:] + run.stderr[-3000:]
    # The request log says which answers did not reach their client.
    assert any("not delivered" in line for line in server.log), "".join(server.log[-20:])


def test_a_short_load_run_has_no_errors(server):
    run = node(server, None, "load.mjs", "4", "25", "120")
    assert run.returncode == 0, run.stdout + run.stderr[-3000:]
    figures = json.loads(run.stdout.strip().splitlines()[-1])
    assert figures["errors"] == 0 and figures["requests"] == 100, figures


def unpacked(fixture, target):
    """A gzipped fixture's trace, unpacked where the test may change it."""
    target.mkdir()
    for source in (FIXTURES / fixture).iterdir():
        if source.suffix == ".gz":
            with gzip.open(source) as packed, open(target / source.stem, "wb") as out:
                shutil.copyfileobj(packed, out)
        elif source.is_file():
            shutil.copy(source, target / source.name)
    return target


def test_a_server_stopped_while_building_rebuilds_the_history_when_started_again(tmp_path, node_modules):
    # Trace Compass's own CPU usage (its kernel analysis writes its history file as it goes, 0.2 M events/s) on
    # the 238,751-event fixture: long enough a build to be stopped half-way. A second copy is built without a stop.
    stopped = unpacked("perf-multi-packet", tmp_path / "stopped")
    whole = unpacked("perf-multi-packet", tmp_path / "whole")
    tree = "/outputs/XY/org.eclipse.tracecompass.analysis.os.linux.core.cpuusage.CpuUsageDataProvider/tree"

    def experiment(server, trace):
        uuid = server.post("/traces", {"uri": str(trace)})["UUID"]
        return server.post("/experiments", {"name": trace.name, "traces": [uuid]})["UUID"]

    def completed(server, uuid):
        # Over the whole trace, once indexed (before, its end is where the indexer is). Asked again while RUNNING,
        # and while FAILED too: Trace Compass 6.2's CPU usage provider can fail a fetch made while its analysis
        # builds (a race in its KernelCpuUsageAnalysis), which the server answers FAILED.
        deadline = time.time() + 300
        while (experiment := server.get(f"/experiments/{uuid}"))["indexingStatus"] != "COMPLETED" and time.time() < deadline:
            time.sleep(0.2)
        span = {"requested_timerange": {"start": experiment["start"], "end": experiment["end"]}}
        answer = server.post(f"/experiments/{uuid}{tree}", span)
        while answer["status"] in ("RUNNING", "FAILED") and time.time() < deadline:
            time.sleep(0.2)
            answer = server.post(f"/experiments/{uuid}{tree}", span)
        assert answer["status"] == "COMPLETED", answer
        # Trace Compass 6.2's CPU usage provider says COMPLETED once its own history is built, but reads thread
        # names and the running threads' time from the kernel analysis, which may still be building (then ids
        # for names, less time): asked until two answers a second apart agree.
        labels = [entry["labels"] for entry in answer["model"]["entries"]]
        while time.time() < deadline:
            time.sleep(1)
            again = [entry["labels"] for entry in server.post(f"/experiments/{uuid}{tree}", span)["model"]["entries"]]
            if again == labels:
                break
            labels = again
        return labels

    first = Server(tmp_path)
    try:
        answer = first.post(f"/experiments/{experiment(first, stopped)}{tree}", {})
        assert answer["status"] == "RUNNING", answer
    finally:
        log = first.stop()
    assert log.rstrip().endswith("[sextant] serve: stopped"), log

    second = Server(tmp_path)
    try:
        again = completed(second, experiment(second, stopped))
        reference = completed(second, experiment(second, whole))
    finally:
        second.stop()
    # Threads and their times over the whole trace, as a build that was never stopped has them: nothing of the
    # stopped build was reused.
    assert len(again) > 10
    assert again[1:] == reference[1:] and again[0][1:] == reference[0][1:], "the root is named after the trace's copy"
