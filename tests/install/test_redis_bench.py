# SPDX-License-Identifier: EPL-2.0
"""`sextant bench --analysis redis` on a small Redis recording, as a user runs it: Trace Compass's serial build of
the Redis model against Sextant's parallel builder, and the analysis's time and live heap against the recording's
size."""

import json
import shutil
import subprocess

from test_installed import FIXTURES, ONE_CORE, sextant

RECORDING = FIXTURES / "redis-io-threads"


def babeltrace_events(path):
    run = subprocess.run(["babeltrace2", str(path)], capture_output=True, text=True, timeout=300, check=True)
    return len(run.stdout.splitlines())


def test_redis_bench_is_identical_to_trace_compass_at_every_size(tmp_path):
    recording = tmp_path / "recording"
    shutil.copytree(RECORDING, recording)
    run = sextant("bench", "--analysis", "redis", "--threads", "1,2", "--json", str(recording))
    assert run.returncode == 0, run.stderr
    result = json.loads(run.stdout)
    assert result["matches_tracecompass"] is True, result.get("tracecompass_difference")
    assert result["identical"] is True, result.get("first_difference")
    assert result["sizes_identical"] is True, result.get("sizes_difference")
    assert [(r["mode"], r["threads"]) for r in result["runs"]] == [("tracecompass", 1), ("serial", 1), *ONE_CORE, ("parallel", 1), ("parallel", 2)]
    events = [size["events"] for size in result["sizes"]]
    assert events == sorted(events) and len(set(events)) == len(events)
    assert events[-1] == babeltrace_events(recording)
    assert all(size["parallel_live_mb"] > 0 and size["tracecompass_cpu_s"] > 0 for size in result["sizes"])

