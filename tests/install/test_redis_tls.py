# SPDX-License-Identifier: EPL-2.0
"""A live Redis Cluster that speaks TLS only, recorded with ./sextant record and analysed with ./sextant analyze:
the tracer sees the clear text where Redis hands it to OpenSSL (tracers/redis/tls.c), so requests per command
equal each node's INFO commandstats (calls and rejected calls), every command of the run counted. The bus's
exact agreement with CLUSTER INFO, which needs a window, is TlsAgreementTest's, on the redis-tls fixture."""

import json
import os
import shutil
import signal
import subprocess
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PORTS = (7161, 7162, 7163)

pytestmark = pytest.mark.skipif(
    any(shutil.which(tool) is None for tool in ("openssl", "redis-server", "redis-cli", "redis-benchmark", "lttng", "babeltrace2", "cc")),
    reason="needs openssl, redis-server, redis-tools, lttng-tools, babeltrace2 and a C compiler")


def run(*args, **kwargs):
    return subprocess.run(list(args), capture_output=True, text=True, timeout=120, check=True, **kwargs)


class TlsCluster:
    """Three TLS-only nodes under ./sextant record, a throw-away CA and certificate made here."""

    def __init__(self, work):
        self.work = work
        run("openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(work / "ca.key"), "-out", str(work / "ca.crt"),
            "-days", "1", "-subj", "/CN=sextant-test-ca")
        run("openssl", "req", "-newkey", "rsa:2048", "-nodes", "-keyout", str(work / "redis.key"), "-out", str(work / "redis.csr"),
            "-subj", "/CN=127.0.0.1")
        run("openssl", "x509", "-req", "-in", str(work / "redis.csr"), "-CA", str(work / "ca.crt"), "-CAkey", str(work / "ca.key"),
            "-CAcreateserial", "-out", str(work / "redis.crt"), "-days", "1")
        self.tls = ["--tls", "--cert", str(work / "redis.crt"), "--key", str(work / "redis.key"), "--cacert", str(work / "ca.crt")]
        nodes = ""
        for port in PORTS:
            (work / str(port)).mkdir()
            nodes += (f"redis-server --port 0 --tls-port {port} --bind 127.0.0.1 --tls-cert-file {work}/redis.crt "
                      f"--tls-key-file {work}/redis.key --tls-ca-cert-file {work}/ca.crt --tls-cluster yes --cluster-enabled yes "
                      f"--cluster-config-file nodes.conf --dir {work}/{port} --save '' --appendonly no --logfile {work}/{port}.log & ")
        self.recording = work / "recording"
        self.recorder = subprocess.Popen([str(ROOT / "sextant"), "record", "--out", str(self.recording), "--", "bash", "-c", nodes + "wait"],
                                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.pids = {}

    def cli(self, port, *args, check=True):
        return subprocess.run(["redis-cli", *self.tls, "-p", str(port), *args], capture_output=True, text=True, timeout=60, check=check).stdout

    def wait_for(self, what, condition, seconds=90):
        deadline = time.time() + seconds
        while time.time() < deadline:
            if condition():
                return
            time.sleep(0.2)
        raise AssertionError(f"timed out waiting for {what}")

    def start(self):
        for port in PORTS:
            self.wait_for(f"node {port}", lambda port=port: self.cli(port, "ping", check=False).strip() == "PONG")
            server = self.cli(port, "info", "server")
            self.pids[port] = int(next(line.split(":")[1] for line in server.splitlines() if line.startswith("process_id:")))
        run("redis-cli", *self.tls, "--cluster", "create", *(f"127.0.0.1:{port}" for port in PORTS), "--cluster-replicas", "0", "--cluster-yes")
        self.wait_for("the cluster to be ok", lambda: all("cluster_state:ok" in self.cli(port, "cluster", "info") for port in PORTS))

    def stop(self):
        """SIGTERM, not SHUTDOWN: the last command each node ran is the INFO commandstats the test reads."""
        for pid in self.pids.values():
            os.kill(pid, signal.SIGTERM)
        out, err = self.recorder.communicate(timeout=120)
        return err


def commandstats(text):
    """Calls plus rejected calls per command, subcommands (cluster|info) under their command, as the tracer names them."""
    counts = {}
    for line in text.splitlines():
        if line.startswith("cmdstat_"):
            name, fields = line[len("cmdstat_"):].split(":", 1)
            values = dict(field.split("=") for field in fields.strip().split(","))
            command = name.split("|")[0]
            counts[command] = counts.get(command, 0) + int(values["calls"]) + int(values["rejected_calls"])
    return counts


def test_requests_per_command_of_a_tls_cluster_equal_each_nodes_commandstats(tmp_path):
    cluster = TlsCluster(tmp_path)
    try:
        cluster.start()
        run("redis-benchmark", *cluster.tls, "-p", str(PORTS[0]), "--cluster", "-n", "200", "-c", "2", "-t", "set,get", "-q")
        for key in "abcdef":  # without -c: keys of other nodes answered MOVED, rejected calls
            cluster.cli(PORTS[0], "get", key)
        stats = {port: commandstats(cluster.cli(port, "info", "commandstats")) for port in PORTS}
    finally:
        errors = cluster.stop()
    assert "kept the traces of 3 Redis node(s)" in errors, errors
    analysis = subprocess.run([str(ROOT / "sextant"), "analyze", "--analysis", "redis", "--json", str(cluster.recording)],
                              capture_output=True, text=True, timeout=600, check=False)
    assert analysis.returncode == 0, analysis.stderr
    [trace] = json.loads(analysis.stdout)["traces"]
    nodes = {int(node["address"].rsplit(":", 1)[1]): node for node in trace["nodes"]}
    assert set(nodes) == set(PORTS)
    for port in PORTS:
        expected = dict(stats[port])
        expected["info"] = expected.get("info", 0) + 1  # the INFO commandstats that read them counts itself only after
        assert nodes[port]["requests"] == expected, f"node {port}"
        assert nodes[port]["bus_messages"]["sent"].get("PING", 0) > 0, f"node {port} gossiped over TLS"
        assert nodes[port]["races"] == []
    assert any(count > 0 for count in stats[PORTS[0]].values())
