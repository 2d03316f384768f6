# SPDX-License-Identifier: EPL-2.0
"""Issue 14 at the installation tier: a trace analysed, its files replaced by another trace's at the same path,
analysed again, gives the new trace's results. Trace Compass keys what it derives from a trace by the trace's
path, so both Sextant's parallel histories (the count) and Trace Compass's own state-system modules (the Redis
analysis) would otherwise answer from the first trace."""

import gzip
import json
import shutil

from test_installed import FIXTURES, SAMPLE, catalogue, sextant


def analyze(*args):
    run = sextant("analyze", "--json", *map(str, args))
    assert run.returncode == 0, run.stderr
    [result] = json.loads(run.stdout)["traces"]
    return result


def unpack(fixture, target):
    """A fixture's files into target, its gzipped streams unpacked (the test support does the same)."""
    target.mkdir()
    for file in fixture.iterdir():
        if file.suffix == ".gz":
            with gzip.open(file) as packed, open(target / file.stem, "wb") as out:
                shutil.copyfileobj(packed, out)
        else:
            shutil.copy(file, target / file.name)


def test_replaced_trace_files_rebuild_the_parallel_history_and_say_why(tmp_path):
    trace = tmp_path / "trace"
    shutil.copytree(SAMPLE, trace)
    first = analyze("--threads", "2", trace)
    facts = catalogue()
    assert first["events"] == int(facts["perf-sched-syscalls.events"])
    assert analyze("--threads", "2", trace)["build"] == "reused"

    shutil.rmtree(trace)
    unpack(FIXTURES / "perf-multi-packet", trace)
    again = analyze("--threads", "2", trace)
    assert again["build"] == "parallel, 2 threads, written by its workers; rebuilt: metadata, perf_stream_0, perf_stream_1 changed"
    assert again["events"] == int(facts["perf-multi-packet.events"])
    assert again["per_cpu"] == {key.rsplit("cpu", 1)[1]: int(value) for key, value in facts.items()
                                if key.startswith("perf-multi-packet.events.cpu")}


def test_replaced_recording_is_not_answered_from_trace_compass_supplementary_files(tmp_path):
    recording = tmp_path / "recording"
    shutil.copytree(FIXTURES / "redis-single", recording)
    single = analyze("--analysis", "redis", recording)

    shutil.rmtree(recording)
    shutil.copytree(FIXTURES / "redis-partial", recording)
    replaced = analyze("--analysis", "redis", recording)
    fresh = analyze("--analysis", "redis", FIXTURES / "redis-partial")
    assert replaced["nodes"] != single["nodes"]
    assert replaced["nodes"] == fresh["nodes"]
