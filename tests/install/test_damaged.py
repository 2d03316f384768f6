# SPDX-License-Identifier: EPL-2.0
"""Issue 14's damaged inputs, through ./sextant as a user meets them: each is one line naming the file and the
offset (or line) and what is wrong, with exit code 2, never a result and never a stack trace."""

import json
import shutil
import struct

from test_installed import FIXTURES, SAMPLE, sextant


def write(path, offset, data):
    with open(path, "r+b") as file:
        file.seek(offset)
        file.write(data)


def refused(run, *parts):
    assert run.returncode == 2, run.stdout + run.stderr
    lines = [line for line in run.stderr.splitlines() if line.startswith("sextant: error: ")]
    assert len(lines) == 1, run.stderr
    for part in parts:
        assert part in lines[0], lines[0]
    assert "Exception" not in run.stderr
    assert run.stdout == ""


def test_event_timestamp_past_its_packet_is_refused(tmp_path):
    trace = shutil.copytree(SAMPLE, tmp_path / "trace")
    write(trace / "perf_stream_0", 72, struct.pack("<Q", 2**63 - 1))  # the first event's timestamp
    refused(sextant("analyze", "--json", str(trace)), f"{trace / 'perf_stream_0'} at offset 68: event timestamp 9223372036854775807 is after its packet's end")


def test_corrupt_first_packet_names_the_stream_and_offset(tmp_path):
    trace = shutil.copytree(FIXTURES / "lttng-ust-libc", tmp_path / "trace")
    write(trace / "channel0_0", 0, b"\0\0\0\0")
    refused(sextant("analyze", "--json", str(trace)), f"{trace / 'channel0_0'} at offset 0: bad packet magic")


def test_index_that_disagrees_with_its_stream_is_blamed(tmp_path):
    trace = shutil.copytree(FIXTURES / "lttng-ust-small-packets", tmp_path / "trace")
    index = trace / "index" / "channel0_0.idx"
    entry = struct.unpack(">I", index.read_bytes()[12:16])[0]
    write(index, 16 + entry + 16, struct.pack(">Q", 64))  # entry 1's content size
    refused(sextant("analyze", "--json", str(trace)), f"{index} at offset {16 + entry}: entry 1 says a packet at offset")


def recording(tmp_path):
    copy = shutil.copytree(FIXTURES / "redis-cluster", tmp_path / "recording")
    nodes = sorted(path.parent for path in copy.glob("ust/pid/redis-server-*/metadata"))
    return copy, nodes


def test_recording_with_a_damaged_node_names_it(tmp_path):
    copy, nodes = recording(tmp_path)
    stream = sorted(path for path in nodes[1].iterdir() if path.is_file() and path.name != "metadata")[0]
    write(stream, 256, b"\xff" * 64)  # among the first packet's events: only decoding every event finds it
    run = sextant("analyze", "--analysis", "redis", "--json", str(copy))
    refused(run, str(stream))


def test_recording_with_a_node_missing_its_metadata_names_it(tmp_path):
    copy, nodes = recording(tmp_path)
    (nodes[0] / "metadata").unlink()
    refused(sextant("analyze", "--analysis", "redis", "--json", str(copy)), f"{nodes[0]}: a trace without its metadata file")


def test_skip_damaged_leaves_the_damaged_node_out_and_says_so(tmp_path):
    copy, nodes = recording(tmp_path)
    (nodes[0] / "metadata").unlink()
    run = sextant("analyze", "--analysis", "redis", "--skip-damaged", "--json", str(copy))
    assert run.returncode == 0, run.stderr
    [result] = json.loads(run.stdout)["traces"]
    problem = f"{nodes[0]}: a trace without its metadata file (the recording is damaged)"
    assert result["damaged"] == [problem]
    assert f"[sextant] warning: left out, damaged: {problem}" in run.stderr
    whole = json.loads(sextant("analyze", "--analysis", "redis", "--json", str(FIXTURES / "redis-cluster")).stdout)["traces"][0]
    assert len(result["nodes"]) == len(whole["nodes"]) - 1
