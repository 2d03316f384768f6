# SPDX-License-Identifier: EPL-2.0
"""./sextant record of a script, as a new user writes one: the shell starts a Redis node besides helpers (mkdir,
sleep), and the recording keeps the node's trace only, saying how many traces of which processes it dropped
(issue 20, item 6). The recording's opening as one experiment is RecordingExperimentTest's, on redis-paths."""

import os
import re
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

pytestmark = pytest.mark.skipif(
    any(shutil.which(tool) is None for tool in ("redis-server", "redis-cli", "lttng", "babeltrace2", "cc")),
    reason="needs redis-server, redis-tools, lttng-tools, babeltrace2 and a C compiler")


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def ping(port):
    return subprocess.run(["redis-cli", "-p", str(port), "ping"], capture_output=True, text=True, timeout=10).stdout.strip() == "PONG"


def test_record_keeps_the_node_and_counts_the_dropped_helpers(tmp_path):
    port = free_port()
    recording = tmp_path / "recording"
    script = (f"mkdir -p {tmp_path}/data; mkdir -p {tmp_path}/logs; "
              f"redis-server --port {port} --bind 127.0.0.1 --dir {tmp_path}/data --save '' --appendonly no "
              f"--logfile {tmp_path}/logs/redis.log & sleep 0.2; wait")
    # a session of its own, so that a recorder that does not end is stopped with the node and the shell it started
    recorder = subprocess.Popen([str(ROOT / "sextant"), "record", "--out", str(recording), "--", "bash", "-c", script],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        deadline = time.time() + 30
        while not ping(port):
            assert time.time() < deadline and recorder.poll() is None, "the recorded node did not answer"
            time.sleep(0.1)
        # the redis-cli outside the recording: the shell's wait then ends, and the recording with it
        subprocess.run(["redis-cli", "-p", str(port), "shutdown", "nosave"], capture_output=True, timeout=10)
        _, err = recorder.communicate(timeout=60)
    finally:
        if recorder.poll() is None:
            # as Ctrl-C would: the recorder ends its LTTng session; killed if even that hangs
            os.killpg(recorder.pid, signal.SIGINT)
            try:
                recorder.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(recorder.pid, signal.SIGKILL)
                recorder.wait()
    assert recorder.returncode == 0, err
    # the shell, its two mkdirs and its sleep traced nothing the analyses use
    summary = re.search(r"kept the traces of (\d+) Redis node\(s\) and HTTP process\(es\); dropped (\d+) of processes that did neither \(([^)]*)\)", err)
    assert summary, err
    assert summary.groups() == ("1", "4", "1 bash, 2 mkdir, 1 sleep"), err
    assert [trace.name.rsplit("-", 3)[0] for trace in (recording / "ust" / "pid").iterdir()] == ["redis-server"]
